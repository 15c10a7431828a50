import { useDraggable } from '@dnd-kit/core';
import { Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PALETTE_GROUPS } from './templates';

export const paletteDndId = (key: string) => `palette:${key}`;

function PaletteItem({ jnpfKey, onAdd }: { jnpfKey: string; onAdd(key: string): void }) {
  const { t } = useTranslation('designer');
  const { setNodeRef, listeners, attributes, isDragging } = useDraggable({ id: paletteDndId(jnpfKey) });
  const label = t(`keys.${jnpfKey}`);
  return (
    <button
      ref={setNodeRef}
      type="button"
      className={`designer-palette__item${isDragging ? ' designer-palette__item--dragging' : ''}`}
      data-testid={`palette-${jnpfKey}`}
      title={t('palette.addHint', { name: label })}
      {...listeners}
      {...attributes}
      aria-label={t('palette.addHint', { name: label })}
      onClick={() => onAdd(jnpfKey)}
      onKeyDown={(event) => {
        if (event.key === 'Enter' || event.key === ' ') {
          event.preventDefault();
          onAdd(jnpfKey);
        }
      }}
    >
      {label}
    </button>
  );
}

/**
 * The widget palette grouped as forms.md 2 groups the keys. Drag an item onto the canvas, or click it
 * (or press Enter on it) to add the field after the selected one.
 */
export function Palette({ onAdd, keys }: { onAdd(key: string): void; keys?: ReadonlySet<string> }) {
  const { t } = useTranslation('designer');
  const [filter, setFilter] = useState('');
  const match = filter.trim().toLowerCase();
  return (
    <nav className="designer-palette" aria-label={t('palette.title')}>
      <Input
        allowClear
        size="small"
        value={filter}
        placeholder={t('palette.filter')}
        aria-label={t('palette.filter')}
        onChange={(event) => setFilter(event.target.value)}
      />
      {PALETTE_GROUPS.map(({ group, keys: groupKeys }) => {
        const shown = groupKeys.filter(
          (key) =>
            (!keys || keys.has(key)) &&
            (!match || t(`keys.${key}`).toLowerCase().includes(match) || key.toLowerCase().includes(match)),
        );
        if (shown.length === 0) return null;
        return (
          <section key={group} className="designer-palette__group">
            <h4>{t(`groups.${group}`)}</h4>
            <div className="designer-palette__items">
              {shown.map((key) => (
                <PaletteItem key={key} jnpfKey={key} onAdd={onAdd} />
              ))}
            </div>
          </section>
        );
      })}
    </nav>
  );
}
