import { SearchOutlined } from '@ant-design/icons';
import { Input, type InputRef } from 'antd';
import Fuse from 'fuse.js';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type MenuLeaf, menuLeaves, visibleMenus } from '../base/session/menu';
import type { MenuNode } from '../base/session/session-types';

/** Fuzzy threshold of the menu search (console.md 9). */
export const SEARCH_THRESHOLD = 0.4;
const MAX_RESULTS = 8;

export function searchMenus(menus: readonly MenuNode[], query: string): MenuLeaf[] {
  const leaves = menuLeaves(visibleMenus(menus));
  const fuse = new Fuse(leaves, { keys: ['title', 'path'], threshold: SEARCH_THRESHOLD });
  return fuse.search(query.trim(), { limit: MAX_RESULTS }).map((result) => result.item);
}

/**
 * Menu search of the top bar: titles and paths of the navigation menus (fuse.js, threshold 0.4).
 * Enter opens the first (or the highlighted) hit; arrows move; Escape or any outside click closes.
 */
export default function MenuSearch({
  menus,
  onOpen,
  onClose,
}: {
  menus: readonly MenuNode[];
  onOpen(leaf: MenuLeaf): void;
  onClose(): void;
}) {
  const { t } = useTranslation('shell');
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const box = useRef<HTMLDivElement>(null);
  const input = useRef<InputRef>(null);
  const listId = useId();
  const leaves = useMemo(() => menuLeaves(visibleMenus(menus)), [menus]);
  const fuse = useMemo(
    () => new Fuse(leaves, { keys: ['title', 'path'], threshold: SEARCH_THRESHOLD }),
    [leaves],
  );
  const results = useMemo(
    () => (query.trim() ? fuse.search(query.trim(), { limit: MAX_RESULTS }).map((r) => r.item) : []),
    [fuse, query],
  );

  useEffect(() => {
    input.current?.focus();
  }, []);

  // Closes on any click outside.
  useEffect(() => {
    const onPointer = (event: PointerEvent) => {
      if (box.current && !box.current.contains(event.target as Node)) onClose();
    };
    document.addEventListener('pointerdown', onPointer);
    return () => document.removeEventListener('pointerdown', onPointer);
  }, [onClose]);

  const open = (leaf: MenuLeaf | undefined) => {
    if (!leaf) return;
    onOpen(leaf);
    onClose();
  };

  return (
    <div className="menu-search" ref={box}>
      <Input
        ref={input}
        value={query}
        allowClear
        prefix={<SearchOutlined aria-hidden />}
        placeholder={t('search.placeholder')}
        aria-label={t('search.label')}
        role="combobox"
        aria-expanded={results.length > 0}
        aria-controls={listId}
        aria-activedescendant={results.length > 0 ? `${listId}-${active}` : undefined}
        onChange={(event) => {
          setQuery(event.target.value);
          setActive(0);
        }}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown') {
            event.preventDefault();
            setActive((index) => (results.length ? (index + 1) % results.length : 0));
          } else if (event.key === 'ArrowUp') {
            event.preventDefault();
            setActive((index) => (results.length ? (index - 1 + results.length) % results.length : 0));
          } else if (event.key === 'Enter') {
            event.preventDefault();
            open(results[active] ?? results[0]);
          } else if (event.key === 'Escape') {
            onClose();
          }
        }}
      />
      {query.trim() && (
        <div className="menu-search__popup">
          {results.length === 0 ? (
            <div className="menu-search__empty">{t('search.empty')}</div>
          ) : (
            <div id={listId} role="listbox" aria-label={t('search.results')} className="menu-search__list">
              {results.map((leaf, index) => (
                <div
                  key={leaf.node.id}
                  tabIndex={-1}
                  id={`${listId}-${index}`}
                  role="option"
                  aria-selected={index === active}
                  className={`menu-search__item${index === active ? ' menu-search__item--active' : ''}`}
                  // Moving the pointer highlights; results appearing under a resting pointer do not.
                  onMouseMove={() => {
                    if (index !== active) setActive(index);
                  }}
                  onMouseDown={(event) => event.preventDefault()}
                  onClick={() => open(leaf)}
                  onKeyDown={() => undefined}
                >
                  <span className="menu-search__title">{leaf.title}</span>
                  <span className="menu-search__trail">{leaf.trail}</span>
                </div>
              ))}
            </div>
          )}
        </div>
      )}
    </div>
  );
}
