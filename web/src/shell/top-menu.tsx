import { EllipsisOutlined } from '@ant-design/icons';
import { Menu, type MenuProps } from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { MenuItem } from '../widgets/menu-items/menu-items';

/** Width given to one top-menu item (console.md 9). */
export const TOP_ITEM_WIDTH = 116;
export const MORE_KEY = '__more';

/** How many items fit: one per 116 px; when not all fit, the last place goes to 'more'. */
export function fitCount(width: number, total: number): number {
  const places = Math.max(1, Math.floor(width / TOP_ITEM_WIDTH));
  return total <= places ? total : Math.max(0, places - 1);
}

/**
 * Horizontal menu showing as many items as fit (one per 116 px of width); the rest go under a
 * 'more' item (console.md 2.4).
 */
export function TopMenu({
  items,
  selectedKeys,
  onClick,
  theme,
}: {
  items: MenuItem[];
  selectedKeys: string[];
  onClick: MenuProps['onClick'];
  theme: 'dark' | 'light';
}) {
  const { t } = useTranslation('shell');
  const box = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(0);

  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const observer = new ResizeObserver(([entry]) => {
      if (entry) setWidth(Math.floor(entry.contentRect.width));
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  const shown = useMemo<MenuItem[]>(() => {
    if (width === 0) return [];
    const count = fitCount(width, items.length);
    if (count >= items.length) return items;
    return [
      ...items.slice(0, count),
      {
        key: MORE_KEY,
        icon: <EllipsisOutlined />,
        label: t('menu.more'),
        children: items.slice(count),
        popupClassName: 'top-menu__more-popup',
      } as MenuItem,
    ];
  }, [items, width, t]);

  return (
    <div className="top-menu" ref={box}>
      <Menu
        mode="horizontal"
        theme={theme}
        items={shown}
        selectedKeys={selectedKeys}
        onClick={onClick}
        disabledOverflow
        className="top-menu__menu"
      />
    </div>
  );
}
