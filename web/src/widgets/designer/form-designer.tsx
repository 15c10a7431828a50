import { ClearOutlined, CodeOutlined, EyeOutlined, RedoOutlined, UndoOutlined } from '@ant-design/icons';
import { parseFormData } from '@console/shared';
import {
  type CollisionDetection,
  DndContext,
  type DragEndEvent,
  type DragMoveEvent,
  DragOverlay,
  type DragStartEvent,
  PointerSensor,
  pointerWithin,
  rectIntersection,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import { Alert, Button, Form, Input, Modal, Popconfirm, Space, Tooltip } from 'antd';
import { type KeyboardEvent, useEffect, useMemo, useReducer, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormRenderer } from '../form/form-renderer';
import type { FormSchema } from '../form/types';
import { Canvas, type CanvasApi, SLOT_ROOT } from './canvas';
import { Palette } from './palette';
import { type DesignColumns, DesignColumnsContext, PropertiesPanel } from './properties';
import {
  type DesignerForm,
  designerReducer,
  findField,
  idOf,
  initialState,
  type Target,
  toDesignerForm,
} from './state';
import './designer.css';

export interface FormDesignerProps {
  /** The design to start from (formData of forms.md 1). */
  value: FormSchema;
  /** Called with the whole design after every change. */
  onChange(form: DesignerForm): void;
  /** Keys the palette offers (default: every designer key). */
  keys?: ReadonlySet<string>;
  /** Columns of the chosen tables: vModels are then picked from them (forms.md 1.2). */
  columns?: DesignColumns | null;
}

/**
 * Of the drop areas under the pointer, the innermost (smallest) one: a field inside a card wins
 * over the card, a cell over its grid.
 */
const innermost: CollisionDetection = (args) => {
  const hits = pointerWithin(args);
  const candidates = hits.length > 0 ? hits : rectIntersection(args);
  const area = (id: string | number) => {
    const rect = args.droppableRects.get(id);
    return rect ? rect.width * rect.height : Number.POSITIVE_INFINITY;
  };
  const activeId = String(args.active.id);
  return candidates
    .filter((hit) => String(hit.id) !== activeId)
    .sort((a, b) => area(a.id) - area(b.id))
    .slice(0, 1);
};

function pointerY(event: DragMoveEvent | DragEndEvent): number | null {
  const start = event.activatorEvent as PointerEvent | undefined;
  return start && typeof start.clientY === 'number' ? start.clientY + event.delta.y : null;
}

/**
 * The form designer (forms.md 1, issue #12): palette of every designer key, a canvas with nested
 * containers (drag with dnd-kit, or click/Enter on a palette item), a property panel per key,
 * undo/redo, preview through the FormRenderer and the design as JSON.
 */
export function FormDesigner({ value, onChange, keys, columns = null }: FormDesignerProps) {
  const { t } = useTranslation('designer');
  const [state, dispatch] = useReducer(designerReducer, value, (initial) =>
    initialState(toDesignerForm(initial)),
  );
  const [indicator, setIndicator] = useState<CanvasApi['indicator']>(null);
  const [dragging, setDragging] = useState<string | null>(null);
  const [tab, setTab] = useState('field');
  const [preview, setPreview] = useState(false);
  const [json, setJson] = useState<string | null>(null);
  const [jsonError, setJsonError] = useState<string | null>(null);
  const [previewForm] = Form.useForm();
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    onChangeRef.current(state.form);
  }, [state.form]);

  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 4 } }));
  const selectedField = state.selected ? (findField(state.form.fields, state.selected)?.field ?? null) : null;
  const idCounter = useRef(0);
  // Ids for panes and cells the property panel adds: past idGlobal, unique within this session.
  const nextId = () => {
    idCounter.current = Math.max(idCounter.current, state.form.idGlobal) + 1;
    return idCounter.current;
  };

  const add = (key: string, target?: Target) => {
    dispatch({ type: 'add', key, label: t(`keys.${key}`), target });
    setTab('field');
  };

  const api: CanvasApi = useMemo(
    () => ({
      selected: state.selected,
      indicator,
      select: (id) => {
        dispatch({ type: 'select', id });
        setTab('field');
      },
      copy: (id) => dispatch({ type: 'copy', id }),
      remove: (id) => dispatch({ type: 'remove', id }),
      shift: (id, by) => {
        const found = findField(state.form.fields, id);
        if (!found) return;
        const parentId = found.parent ? idOf(found.parent) : null;
        // 'move' counts the place before the field leaves it: down one is index + 2.
        const index = by < 0 ? found.index - 1 : found.index + 2;
        if (index < 0 || index > found.siblings.length) return;
        dispatch({ type: 'move', id, target: { parentId, index } });
      },
    }),
    [state.selected, state.form, indicator],
  );

  /** Where a drop over `overId` puts the dragged item. */
  const targetOf = (
    overId: string,
    y: number | null,
    rect: { top: number; height: number } | null,
  ): Target | null => {
    if (overId === SLOT_ROOT) return { parentId: null, index: state.form.fields.length };
    if (overId.startsWith('slot:')) {
      const parentId = overId.slice(5);
      const found = findField(state.form.fields, parentId);
      return found ? { parentId, index: found.field.__config__.children?.length ?? 0 } : null;
    }
    if (overId.startsWith('field:')) {
      const found = findField(state.form.fields, overId.slice(6));
      if (!found) return null;
      const after = y !== null && rect !== null && y > rect.top + rect.height / 2;
      return { parentId: found.parent ? idOf(found.parent) : null, index: found.index + (after ? 1 : 0) };
    }
    return null;
  };

  const onDragStart = (event: DragStartEvent) => setDragging(String(event.active.id));
  const onDragMove = (event: DragMoveEvent) => {
    const over = event.over;
    if (!over) return setIndicator(null);
    const id = String(over.id);
    const y = pointerY(event);
    const after = id.startsWith('field:') && y !== null && y > over.rect.top + over.rect.height / 2;
    setIndicator((old) => (old?.id === id && old.after === after ? old : { id, after }));
  };
  const onDragEnd = (event: DragEndEvent) => {
    setIndicator(null);
    setDragging(null);
    const over = event.over;
    if (!over) return;
    const target = targetOf(String(over.id), pointerY(event), over.rect);
    if (!target) return;
    const active = String(event.active.id);
    if (active.startsWith('palette:')) add(active.slice(8), target);
    else if (active.startsWith('field:')) dispatch({ type: 'move', id: active.slice(6), target });
  };

  const onKeyDown = (event: KeyboardEvent) => {
    const element = event.target as HTMLElement;
    if (element.closest('input, textarea, [contenteditable="true"]')) return;
    const mod = event.ctrlKey || event.metaKey;
    if (mod && event.key.toLowerCase() === 'z' && !event.shiftKey) {
      event.preventDefault();
      dispatch({ type: 'undo' });
    } else if (
      mod &&
      (event.key.toLowerCase() === 'y' || (event.key.toLowerCase() === 'z' && event.shiftKey))
    ) {
      event.preventDefault();
      dispatch({ type: 'redo' });
    }
  };

  const applyJson = () => {
    const parsed = parseFormData(json ?? '');
    if (!parsed.ok) {
      setJsonError(parsed.error);
      return;
    }
    dispatch({ type: 'replace', form: parsed.form as unknown as DesignerForm });
    setJson(null);
    setJsonError(null);
  };

  const draggingLabel = dragging?.startsWith('palette:')
    ? t(`keys.${dragging.slice(8)}`)
    : dragging
      ? String(findField(state.form.fields, dragging.slice(6))?.field.__config__.label ?? '')
      : '';

  return (
    <DesignColumnsContext.Provider value={columns}>
      {/* biome-ignore lint/a11y/noStaticElementInteractions: Ctrl+Z / Ctrl+Y for the whole designer */}
      <div className="form-designer" onKeyDown={onKeyDown} data-testid="form-designer">
        <DndContext
          sensors={sensors}
          collisionDetection={innermost}
          accessibility={{ screenReaderInstructions: { draggable: t('palette.instructions') } }}
          onDragStart={onDragStart}
          onDragMove={onDragMove}
          onDragEnd={onDragEnd}
          onDragCancel={() => {
            setIndicator(null);
            setDragging(null);
          }}
        >
          <aside className="form-designer__palette">
            <Palette onAdd={(key) => add(key)} keys={keys} />
          </aside>
          <section className="form-designer__center">
            <div className="form-designer__toolbar">
              <Space size={4}>
                <Tooltip title={t('toolbar.undo')}>
                  <Button
                    type="text"
                    icon={<UndoOutlined />}
                    aria-label={t('toolbar.undo')}
                    disabled={state.past.length === 0}
                    onClick={() => dispatch({ type: 'undo' })}
                  />
                </Tooltip>
                <Tooltip title={t('toolbar.redo')}>
                  <Button
                    type="text"
                    icon={<RedoOutlined />}
                    aria-label={t('toolbar.redo')}
                    disabled={state.future.length === 0}
                    onClick={() => dispatch({ type: 'redo' })}
                  />
                </Tooltip>
              </Space>
              <Space size={4}>
                <Button
                  type="text"
                  icon={<EyeOutlined />}
                  onClick={() => {
                    previewForm.resetFields();
                    setPreview(true);
                  }}
                >
                  {t('toolbar.preview')}
                </Button>
                <Button
                  type="text"
                  icon={<CodeOutlined />}
                  onClick={() => {
                    setJson(JSON.stringify(state.form, null, 2));
                    setJsonError(null);
                  }}
                >
                  {t('toolbar.json')}
                </Button>
                <Popconfirm
                  title={t('toolbar.clearConfirm')}
                  okText={t('toolbar.ok')}
                  cancelText={t('toolbar.cancel')}
                  onConfirm={() => dispatch({ type: 'clear' })}
                >
                  <Button
                    type="text"
                    danger
                    icon={<ClearOutlined />}
                    disabled={state.form.fields.length === 0}
                  >
                    {t('toolbar.clear')}
                  </Button>
                </Popconfirm>
              </Space>
            </div>
            {/* biome-ignore lint/a11y/noStaticElementInteractions: a click on the empty canvas clears the selection; fields are selected by keyboard on themselves */}
            <div
              className="form-designer__canvas-wrap"
              onClick={() => dispatch({ type: 'select', id: null })}
              role="presentation"
            >
              <Canvas
                fields={state.form.fields}
                api={api}
                gutter={Number(state.form.gutter ?? 15)}
                labelWidth={Number(state.form.labelWidth ?? 100)}
              />
            </div>
          </section>
          <aside className="form-designer__properties">
            <PropertiesPanel
              form={state.form}
              field={selectedField}
              onField={(field) => state.selected && dispatch({ type: 'update', id: state.selected, field })}
              onForm={(patch) => dispatch({ type: 'config', patch })}
              nextId={nextId}
              tab={tab}
              onTab={setTab}
            />
          </aside>
          <DragOverlay dropAnimation={null}>
            {dragging ? <div className="designer-drag-overlay">{draggingLabel}</div> : null}
          </DragOverlay>
        </DndContext>
        <Modal
          open={preview}
          title={t('toolbar.previewTitle')}
          width={state.form.popupType === 'general' ? String(state.form.generalWidth ?? '600px') : 900}
          onCancel={() => setPreview(false)}
          destroyOnHidden
          footer={
            <Space>
              <Button onClick={() => setPreview(false)}>{t('toolbar.close')}</Button>
              <Button type="primary" onClick={() => void previewForm.validateFields().catch(() => undefined)}>
                {t('toolbar.validate')}
              </Button>
            </Space>
          }
        >
          <div data-testid="designer-preview">
            <FormRenderer schema={state.form} form={previewForm} />
          </div>
        </Modal>
        <Modal
          open={json !== null}
          title={t('toolbar.jsonTitle')}
          width={800}
          onCancel={() => setJson(null)}
          onOk={applyJson}
          okText={t('toolbar.applyJson')}
          cancelText={t('toolbar.cancel')}
          destroyOnHidden
        >
          {jsonError && <Alert type="error" showIcon title={jsonError} style={{ marginBottom: 8 }} />}
          <Input.TextArea
            aria-label={t('toolbar.jsonTitle')}
            value={json ?? ''}
            onChange={(event) => setJson(event.target.value)}
            autoSize={{ minRows: 16, maxRows: 28 }}
            className="designer-json"
            spellCheck={false}
          />
        </Modal>
      </div>
    </DesignColumnsContext.Provider>
  );
}

export default FormDesigner;
