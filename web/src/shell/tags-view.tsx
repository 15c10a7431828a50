import { CloseOutlined, LeftOutlined, RightOutlined } from '@ant-design/icons';
import { type MouseEvent, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { findMenu } from '../base/session/menu';
import { useSession } from '../base/session/session-store';
import { menuIcon } from '../widgets/menu-items/menu-items';
import { HOME_VIEW, useTabs, type VisitedView } from './tabs-store';

/** Width of the tab context menu (console.md 9). */
const CONTEXT_MENU_WIDTH = 105;
/** Padding kept beside a tab scrolled into view (console.md 9). */
const TAG_PADDING = 4;

interface ContextMenuState {
  x: number;
  y: number;
  view: VisitedView;
}

/** Visited-page tabs (console.md 2.4). */
export function TagsView({ showIcon }: { showIcon: boolean }) {
  const { t } = useTranslation('shell');
  const navigate = useNavigate();
  const location = useLocation();
  const views = useTabs((state) => state.views);
  const menuList = useSession((state) => state.menuList);
  const activeKey = `${location.pathname}${location.search}`;
  const scroller = useRef<HTMLDivElement>(null);
  const [menu, setMenu] = useState<ContextMenuState | null>(null);

  // A menu page's tab shows the menu's current name, so a language switch renames open tabs too.
  const titleOf = (view: VisitedView) =>
    view.titleKey
      ? t(view.titleKey)
      : ((view.menuId ? findMenu(menuList, view.menuId)?.fullName : undefined) ?? view.title ?? view.key);

  // Keep the active tab in view (also when tabs are added or removed).
  // biome-ignore lint/correctness/useExhaustiveDependencies: views.length re-runs it on purpose
  useEffect(() => {
    const box = scroller.current;
    const tab = box?.querySelector<HTMLElement>(`[data-key="${CSS.escape(activeKey)}"]`);
    if (!box || !tab) return;
    const left = tab.offsetLeft - TAG_PADDING;
    const right = tab.offsetLeft + tab.offsetWidth + TAG_PADDING;
    if (left < box.scrollLeft) box.scrollTo({ left });
    else if (right > box.scrollLeft + box.clientWidth) box.scrollTo({ left: right - box.clientWidth });
  }, [activeKey, views.length]);

  // The context menu closes on any outside click, scroll or Escape.
  useEffect(() => {
    if (!menu) return;
    const close = () => setMenu(null);
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') close();
    };
    window.addEventListener('click', close);
    window.addEventListener('resize', close);
    window.addEventListener('keydown', onKey);
    return () => {
      window.removeEventListener('click', close);
      window.removeEventListener('resize', close);
      window.removeEventListener('keydown', onKey);
    };
  }, [menu]);

  const goToLast = useCallback(
    (left: VisitedView[]) => {
      const last = left[left.length - 1];
      navigate(last ? last.key : HOME_VIEW.key);
    },
    [navigate],
  );

  const close = (view: VisitedView) => {
    if (view.affix) return;
    const left = useTabs.getState().remove(view.key);
    if (view.key === activeKey) goToLast(left);
  };
  const closeOthers = (view: VisitedView) => {
    useTabs.getState().removeOthers(view.key);
    if (view.key !== activeKey) navigate(view.key);
  };
  const closeAll = () => {
    const left = useTabs.getState().removeAll();
    if (!left.some((item) => item.key === activeKey)) goToLast(left);
  };
  const refresh = (view: VisitedView) => {
    navigate(`/redirect${view.key}`, { replace: view.key === activeKey });
  };

  const onMouseUp = (event: MouseEvent, view: VisitedView) => {
    // Middle button closes (console.md 2.4).
    if (event.button === 1) {
      event.preventDefault();
      close(view);
    }
  };

  const onContextMenu = (event: MouseEvent, view: VisitedView) => {
    event.preventDefault();
    const x = Math.min(event.clientX, window.innerWidth - CONTEXT_MENU_WIDTH - 8);
    setMenu({ x, y: event.clientY, view });
  };

  const scrollTo = (where: 'first' | 'last') => {
    const box = scroller.current;
    if (box) box.scrollTo({ left: where === 'first' ? 0 : box.scrollWidth, behavior: 'smooth' });
  };

  const closable = (view: VisitedView) => !view.affix;
  const others = menu ? views.filter((view) => view.key !== menu.view.key && !view.affix) : [];

  return (
    <nav className="tags-view" aria-label={t('tags.label')}>
      <button
        type="button"
        className="tags-view__arrow"
        aria-label={t('tags.first')}
        onClick={() => scrollTo('first')}
      >
        <LeftOutlined aria-hidden />
      </button>
      <div className="tags-view__scroller" ref={scroller}>
        <div className="tags-view__list" role="tablist">
          {views.map((view) => {
            const active = view.key === activeKey;
            const node = view.menuId ? findMenu(menuList, view.menuId) : null;
            return (
              <div
                key={view.key}
                data-key={view.key}
                role="tab"
                tabIndex={0}
                aria-selected={active}
                className={`tags-view__item${active ? ' tags-view__item--active' : ''}`}
                onClick={() => {
                  if (!active) navigate(view.key);
                }}
                onKeyDown={(event) => {
                  if (event.key === 'Enter' || event.key === ' ') {
                    event.preventDefault();
                    navigate(view.key);
                  } else if ((event.key === 'Delete' || event.key === 'Backspace') && closable(view)) {
                    close(view);
                  }
                }}
                onMouseUp={(event) => onMouseUp(event, view)}
                onMouseDown={(event) => {
                  if (event.button === 1) event.preventDefault();
                }}
                onContextMenu={(event) => onContextMenu(event, view)}
              >
                {active && <span className="tags-view__dot" aria-hidden />}
                {showIcon && (
                  <span className="tags-view__icon" aria-hidden>
                    {node ? menuIcon(node) : menuIcon({ enCode: 'home', type: 2 } as never)}
                  </span>
                )}
                <span className="tags-view__title">{titleOf(view)}</span>
                {closable(view) && (
                  <button
                    type="button"
                    className="tags-view__close"
                    aria-label={t('tags.closeOne', { title: titleOf(view) })}
                    tabIndex={-1}
                    onClick={(event) => {
                      event.stopPropagation();
                      close(view);
                    }}
                  >
                    <CloseOutlined aria-hidden />
                  </button>
                )}
              </div>
            );
          })}
        </div>
      </div>
      <button
        type="button"
        className="tags-view__arrow"
        aria-label={t('tags.last')}
        onClick={() => scrollTo('last')}
      >
        <RightOutlined aria-hidden />
      </button>
      {menu && (
        <div
          className="tags-view__menu"
          role="menu"
          aria-label={t('tags.menu')}
          style={{ left: menu.x, top: menu.y, width: CONTEXT_MENU_WIDTH }}
        >
          <button type="button" role="menuitem" onClick={() => refresh(menu.view)}>
            {t('tags.refresh')}
          </button>
          {closable(menu.view) && (
            <button type="button" role="menuitem" onClick={() => close(menu.view)}>
              {t('tags.close')}
            </button>
          )}
          {others.length > 0 && (
            <button type="button" role="menuitem" onClick={() => closeOthers(menu.view)}>
              {t('tags.closeOthers')}
            </button>
          )}
          <button type="button" role="menuitem" onClick={closeAll}>
            {t('tags.closeAll')}
          </button>
        </div>
      )}
    </nav>
  );
}
