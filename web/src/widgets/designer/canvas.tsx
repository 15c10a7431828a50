import { CopyOutlined, DeleteOutlined, HolderOutlined } from '@ant-design/icons';
import { useDraggable, useDroppable } from '@dnd-kit/core';
import { Button, Col, Row, Tooltip } from 'antd';
import type { KeyboardEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { FormField } from '../form/types';
import { FieldPreview } from './field-preview';
import { idOf } from './state';

/** What the canvas needs from the designer. */
export interface CanvasApi {
  selected: string | null;
  /** Drop position shown while dragging: a slot id, or a field id with before/after. */
  indicator: { id: string; after: boolean } | null;
  select(id: string): void;
  copy(id: string): void;
  remove(id: string): void;
  /** Keyboard reordering: one place up (-1) or down (1) among its siblings. */
  shift(id: string, by: -1 | 1): void;
}

export const SLOT_ROOT = 'slot:root';
export const slotId = (parentId: string) => `slot:${parentId}`;
export const fieldDndId = (id: string) => `field:${id}`;

/** A drop area: the end of a container's children (or of the form). */
function Slot({
  parentId,
  api,
  children,
  empty,
  className = '',
}: {
  parentId: string | null;
  api: CanvasApi;
  children: ReactNode;
  empty: boolean;
  className?: string;
}) {
  const { t } = useTranslation('designer');
  const id = parentId === null ? SLOT_ROOT : slotId(parentId);
  const { setNodeRef } = useDroppable({ id });
  const active = api.indicator?.id === id;
  return (
    <div
      ref={setNodeRef}
      className={`designer-slot ${className}${active ? ' designer-slot--over' : ''}${empty ? ' designer-slot--empty' : ''}`}
      data-testid={parentId === null ? 'designer-canvas-root' : `designer-slot-${parentId}`}
    >
      {children}
      {empty && (
        <div className="designer-slot__hint">
          {parentId === null ? t('canvas.emptyForm') : t('canvas.emptyContainer')}
        </div>
      )}
    </div>
  );
}

function FieldList({
  fields,
  parentId,
  api,
  gutter,
}: {
  fields: FormField[];
  parentId: string | null;
  api: CanvasApi;
  gutter: number;
}) {
  return (
    <Slot parentId={parentId} api={api} empty={fields.length === 0}>
      <Row gutter={gutter}>
        {fields.map((field) => (
          <FieldBlock key={idOf(field)} field={field} api={api} gutter={gutter} />
        ))}
      </Row>
    </Slot>
  );
}

/** The inside of a container: its children in drop areas, the way the renderer lays it out. */
function ContainerBody({ field, api, gutter }: { field: FormField; api: CanvasApi; gutter: number }) {
  const { t } = useTranslation('designer');
  const key = field.__config__.jnpfKey;
  const children = field.__config__.children ?? [];
  const id = idOf(field);
  switch (key) {
    case 'tab':
    case 'collapse':
      return (
        <div className={`designer-panes designer-panes--${key}`}>
          {children.map((pane) => (
            <div key={idOf(pane)} className="designer-pane">
              <div className="designer-pane__title">{String(pane.title ?? '')}</div>
              <FieldList
                fields={pane.__config__.children ?? []}
                parentId={idOf(pane)}
                api={api}
                gutter={gutter}
              />
            </div>
          ))}
        </div>
      );
    case 'tableGrid':
      return (
        <table className="designer-grid">
          <tbody>
            {children.map((row) => (
              <tr key={idOf(row)}>
                {(row.__config__.children ?? []).map((cell) => (
                  <td
                    key={idOf(cell)}
                    colSpan={Number(cell.__config__.colspan ?? 1)}
                    rowSpan={Number(cell.__config__.rowspan ?? 1)}
                    style={{
                      borderStyle: String(field.__config__.borderType ?? 'solid'),
                      borderColor: String(field.__config__.borderColor ?? '#E2E0E0'),
                      borderWidth: Number(field.__config__.borderWidth ?? 1),
                    }}
                  >
                    <FieldList
                      fields={cell.__config__.children ?? []}
                      parentId={idOf(cell)}
                      api={api}
                      gutter={gutter}
                    />
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      );
    case 'table':
      return (
        <Slot parentId={id} api={api} empty={children.length === 0} className="designer-subtable">
          <div className="designer-subtable__columns">
            {children.map((child) => (
              <FieldBlock key={idOf(child)} field={child} api={api} gutter={gutter} column />
            ))}
          </div>
          {children.length > 0 && (
            <div className="designer-subtable__add">+ {String(field.actionText || t('canvas.addRow'))}</div>
          )}
        </Slot>
      );
    default:
      return <FieldList fields={children} parentId={id} api={api} gutter={gutter} />;
  }
}

const CONTAINERS = new Set(['row', 'card', 'table', 'tab', 'collapse', 'tableGrid']);

/** One field on the canvas: draggable by its handle or body, selected by click or Enter. */
function FieldBlock({
  field,
  api,
  gutter,
  column = false,
}: {
  field: FormField;
  api: CanvasApi;
  gutter: number;
  column?: boolean;
}) {
  const { t } = useTranslation('designer');
  const id = idOf(field);
  const dndId = fieldDndId(id);
  const drag = useDraggable({ id: dndId });
  const drop = useDroppable({ id: dndId });
  const config = field.__config__;
  const key = config.jnpfKey;
  const selected = api.selected === id;
  const isContainer = CONTAINERS.has(key);
  const label = config.label ? String(config.label) : t(`keys.${key}`);
  const indicator =
    api.indicator?.id === dndId
      ? api.indicator.after
        ? ' designer-field--after'
        : ' designer-field--before'
      : '';
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.target !== event.currentTarget) return;
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      api.select(id);
    } else if (event.altKey && (event.key === 'ArrowUp' || event.key === 'ArrowDown')) {
      event.preventDefault();
      api.shift(id, event.key === 'ArrowUp' ? -1 : 1);
    } else if (event.key === 'Delete') {
      event.preventDefault();
      api.remove(id);
    }
  };
  const body = (
    // biome-ignore lint/a11y/useSemanticElements: the block holds nested fields and its own buttons, which a <button> cannot
    <div
      ref={(node) => {
        drag.setNodeRef(node);
        drop.setNodeRef(node);
      }}
      role="button"
      tabIndex={0}
      aria-pressed={selected}
      aria-label={label}
      data-testid={`designer-field-${id}`}
      data-key={key}
      className={`designer-field${isContainer ? ' designer-field--container' : ''}${selected ? ' designer-field--selected' : ''}${drag.isDragging ? ' designer-field--dragging' : ''}${indicator}`}
      onClick={(event) => {
        event.stopPropagation();
        api.select(id);
      }}
      onKeyDown={onKeyDown}
    >
      <span
        className="designer-field__handle"
        {...drag.listeners}
        {...drag.attributes}
        role="presentation"
        tabIndex={-1}
      >
        <HolderOutlined />
      </span>
      {isContainer ? (
        <div className="designer-field__container">
          <div className="designer-field__title">
            {key === 'card' ? String(field.header || label) : label}
            {config.required === true && <span className="designer-field__required">*</span>}
          </div>
          <ContainerBody field={field} api={api} gutter={gutter} />
        </div>
      ) : (
        <div className={`designer-field__item${column ? ' designer-field__item--column' : ''}`}>
          {config.showLabel !== false && key !== 'divider' && key !== 'groupTitle' && (
            <span className="designer-field__label">
              {config.required === true && <span className="designer-field__required">*</span>}
              {label}
            </span>
          )}
          <div className="designer-field__control">
            <FieldPreview field={field} />
          </div>
        </div>
      )}
      {selected && (
        <span className="designer-field__tools">
          <Tooltip title={t('canvas.copy')}>
            <Button
              size="small"
              type="text"
              icon={<CopyOutlined />}
              aria-label={t('canvas.copy')}
              onClick={(event) => {
                event.stopPropagation();
                api.copy(id);
              }}
            />
          </Tooltip>
          <Tooltip title={t('canvas.remove')}>
            <Button
              size="small"
              type="text"
              danger
              icon={<DeleteOutlined />}
              aria-label={t('canvas.remove')}
              onClick={(event) => {
                event.stopPropagation();
                api.remove(id);
              }}
            />
          </Tooltip>
        </span>
      )}
    </div>
  );
  if (column) return body;
  const span = typeof config.span === 'number' ? config.span : 24;
  return <Col span={span}>{body}</Col>;
}

/** The design surface: the form's fields, nested containers, drop areas. */
export function Canvas({
  fields,
  api,
  gutter,
  labelWidth,
}: {
  fields: FormField[];
  api: CanvasApi;
  gutter: number;
  labelWidth: number;
}) {
  return (
    <div className="designer-canvas" style={{ ['--designer-label-width' as string]: `${labelWidth}px` }}>
      <FieldList fields={fields} parentId={null} api={api} gutter={gutter} />
    </div>
  );
}
