import { PORTAL_COLUMNS, type PortalLayoutItem } from '@console/shared';
import {
  DndContext,
  type DragEndEvent,
  PointerSensor,
  useDraggable,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import { CSS } from '@dnd-kit/utilities';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { placeItem } from './layout';
import { WidgetBody } from './widgets';
import './portal.css';

export const ROW_HEIGHT = 30;
export const GAP = 8;
const RESIZE = 'resize:';

function GridItem({
  item,
  editable,
  selected,
  onSelect,
}: {
  item: PortalLayoutItem;
  editable: boolean;
  selected: boolean;
  onSelect?: (id: string) => void;
}) {
  const { t } = useTranslation('portal');
  const move = useDraggable({ id: item.i, disabled: !editable });
  const resize = useDraggable({ id: `${RESIZE}${item.i}`, disabled: !editable });
  const title = item.title || t(`keys.${item.jnpfKey}`, { defaultValue: item.jnpfKey });
  return (
    <section
      ref={move.setNodeRef}
      className={`portal-widget${selected ? ' portal-widget--selected' : ''}${move.isDragging ? ' portal-widget--dragging' : ''}`}
      data-widget={item.i}
      data-key={item.jnpfKey}
      aria-label={title}
      style={{
        gridColumn: `${item.x + 1} / span ${item.w}`,
        gridRow: `${item.y + 1} / span ${item.h}`,
        transform: CSS.Translate.toString(move.transform),
      }}
      onClick={onSelect ? () => onSelect(item.i) : undefined}
      onKeyDown={onSelect ? (e) => e.key === 'Enter' && onSelect(item.i) : undefined}
    >
      {item.jnpfKey !== 'text' && (
        <header className="portal-widget__header">
          {editable ? (
            <button
              type="button"
              className="portal-widget__handle"
              {...move.listeners}
              {...move.attributes}
              aria-label={t('grid.move', { name: title })}
            >
              {title}
            </button>
          ) : (
            title
          )}
        </header>
      )}
      <div className="portal-widget__body">
        <WidgetBody item={item} />
      </div>
      {editable && (
        <button
          type="button"
          ref={resize.setNodeRef}
          className="portal-widget__resize"
          {...resize.listeners}
          {...resize.attributes}
          aria-label={t('grid.resize', { name: title })}
        />
      )}
    </section>
  );
}

/**
 * A portal's widgets on a 24-column grid (other.md 3 formData.layout). When `editable`, a widget
 * is moved by its header and sized by its corner; the new layout (others pushed aside) goes to
 * `onChange`.
 */
export function PortalGrid({
  layout,
  editable = false,
  selectedId,
  onSelect,
  onChange,
}: {
  layout: PortalLayoutItem[];
  editable?: boolean;
  selectedId?: string | null;
  onSelect?: (id: string) => void;
  onChange?: (layout: PortalLayoutItem[]) => void;
}) {
  const grid = useRef<HTMLDivElement>(null);
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 4 } }));
  const onDragEnd = ({ active, delta }: DragEndEvent) => {
    const width = grid.current?.clientWidth ?? 0;
    if (!width || !onChange) return;
    const column = (width - GAP * (PORTAL_COLUMNS - 1)) / PORTAL_COLUMNS + GAP;
    const dx = Math.round(delta.x / column);
    const dy = Math.round(delta.y / (ROW_HEIGHT + GAP));
    if (dx === 0 && dy === 0) return;
    const id = String(active.id);
    const resizing = id.startsWith(RESIZE);
    const itemId = resizing ? id.slice(RESIZE.length) : id;
    const item = layout.find((l) => l.i === itemId);
    if (!item) return;
    const box = resizing
      ? { x: item.x, y: item.y, w: item.w + dx, h: item.h + dy }
      : { x: item.x + dx, y: item.y + dy, w: item.w, h: item.h };
    onChange(placeItem(layout, itemId, box));
  };
  return (
    <DndContext sensors={sensors} onDragEnd={onDragEnd}>
      <div
        ref={grid}
        className="portal-grid"
        style={{
          gridTemplateColumns: `repeat(${PORTAL_COLUMNS}, minmax(0, 1fr))`,
          gridAutoRows: `${ROW_HEIGHT}px`,
          gap: GAP,
        }}
      >
        {layout.map((item) => (
          <GridItem
            key={item.i}
            item={item}
            editable={editable}
            selected={selectedId === item.i}
            {...(onSelect ? { onSelect } : {})}
          />
        ))}
      </div>
    </DndContext>
  );
}
