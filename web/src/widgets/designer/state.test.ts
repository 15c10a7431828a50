import { DESIGNER_KEYS, parseFormData } from '@console/shared';
import { describe, expect, it } from 'vitest';
import {
  type DesignerAction,
  type DesignerState,
  designerReducer,
  designProblems,
  findField,
  initialState,
  valueFields,
} from './state';
import { PALETTE_GROUPS } from './templates';

const run = (actions: DesignerAction[], state: DesignerState = initialState()) =>
  actions.reduce(designerReducer, state);

/** The design as it is saved, read back by the shared schema the server uses. */
function saved(state: DesignerState) {
  const parsed = parseFormData(JSON.stringify(state.form));
  if (!parsed.ok) throw new Error(parsed.error);
  return parsed.form;
}

const keysOf = (state: DesignerState) => state.form.fields.map((field) => field.__config__.jnpfKey);

describe('designer state', () => {
  it('offers every designer key in the palette, and each added one is a valid form', () => {
    const offered = PALETTE_GROUPS.flatMap((group) => group.keys);
    for (const key of DESIGNER_KEYS) expect(offered).toContain(key);
    // With nothing selected each add goes last on the form.
    const state = run(
      offered.flatMap((key): DesignerAction[] => [
        { type: 'add', key, label: key },
        { type: 'select', id: null },
      ]),
    );
    expect(state.form.fields).toHaveLength(offered.length);
    const form = saved(state);
    expect(form.fields.map((field) => field.__config__.jnpfKey)).toEqual(offered);
    expect(designProblems(state.form).filter((problem) => problem.kind !== 'emptyTable')).toEqual([]);
    // Ids are unique and idGlobal is the last one handed out.
    const ids = new Set<string>();
    const visit = (fields: typeof state.form.fields) => {
      for (const field of fields) {
        ids.add(String(field.__config__.formId));
        visit(field.__config__.children ?? []);
      }
    };
    visit(state.form.fields);
    expect(Math.max(...[...ids].map(Number))).toBe(state.form.idGlobal);
  });

  it('names value fields {jnpfKey}Field{formId} and leaves layout keys without a vModel', () => {
    const state = run([
      { type: 'add', key: 'comInput', label: '姓名' },
      { type: 'add', key: 'divider', label: '分割线' },
    ]);
    const [input, divider] = state.form.fields;
    expect(input?.__vModel__).toBe(`comInputField${input?.__config__.formId}`);
    expect(input?.__config__.label).toBe('姓名');
    expect(divider?.__vModel__).toBeUndefined();
  });

  it('nests fields in a sub-table as its columns and refuses keys a sub-table cannot hold', () => {
    let state = run([{ type: 'add', key: 'table', label: '明细' }]);
    const table = state.form.fields[0];
    const tableId = String(table?.__config__.formId);
    state = run(
      [
        { type: 'add', key: 'comInput', label: '品名', target: { parentId: tableId, index: 0 } },
        { type: 'add', key: 'numInput', label: '数量', target: { parentId: tableId, index: 1 } },
      ],
      state,
    );
    const before = state;
    state = run([{ type: 'add', key: 'row', label: '栅格', target: { parentId: tableId, index: 0 } }], state);
    expect(state).toBe(before);
    const columns = state.form.fields[0]?.__config__.children ?? [];
    expect(columns.map((column) => column.__config__.label)).toEqual(['品名', '数量']);
    for (const column of columns) {
      expect(column.__config__.isSubTable).toBe(true);
      expect(column.__config__.parentVModel).toBe(table?.__vModel__);
    }
    expect(valueFields(state.form.fields).map((field) => field.prop)).toEqual(
      columns.map((column) => `${table?.__vModel__}-${column.__vModel__}`),
    );
    expect(saved(state).fields[0]?.__config__.jnpfKey).toBe('table');
    expect(designProblems(state.form)).toEqual([]);
  });

  it('adds into the selected container, and a refused key after the sub-table (keyboard adding)', () => {
    let state = run([{ type: 'add', key: 'card', label: '卡片' }]);
    const cardId = state.selected as string;
    state = run([{ type: 'add', key: 'comInput', label: '内' }], state);
    expect(findField(state.form.fields, state.selected as string)?.parent?.__config__.formId).toBe(
      Number(cardId),
    );
    state = run([{ type: 'add', key: 'table', label: '明细' }], state);
    state = run([{ type: 'add', key: 'divider', label: '线' }], state);
    const card = state.form.fields[0];
    expect(card?.__config__.children?.map((field) => field.__config__.jnpfKey)).toEqual([
      'comInput',
      'table',
      'divider',
    ]);
  });

  it('moves fields between containers, reorders, and never into themselves', () => {
    let state = run([
      { type: 'add', key: 'comInput', label: 'a' },
      { type: 'add', key: 'numInput', label: 'b' },
      { type: 'select', id: null },
      { type: 'add', key: 'row', label: 'row' },
    ]);
    const [a, b, row] = state.form.fields.map((field) => String(field.__config__.formId)) as [
      string,
      string,
      string,
    ];
    state = run([{ type: 'move', id: b, target: { parentId: null, index: 0 } }], state);
    expect(state.form.fields.map((field) => field.__config__.label)).toEqual(['b', 'a', 'row']);
    state = run([{ type: 'move', id: a, target: { parentId: row, index: 0 } }], state);
    expect(keysOf(state)).toEqual(['numInput', 'row']);
    expect(state.form.fields[1]?.__config__.children?.[0]?.__config__.label).toBe('a');
    const before = state;
    expect(run([{ type: 'move', id: row, target: { parentId: row, index: 0 } }], state)).toBe(before);
    // Moving a column out of a sub-table clears its sub-table marks.
    state = run([{ type: 'add', key: 'table', label: 't', target: { parentId: null, index: 2 } }], state);
    const table = state.selected as string;
    state = run([{ type: 'move', id: b, target: { parentId: table, index: 0 } }], state);
    expect(findField(state.form.fields, b)?.field.__config__.isSubTable).toBe(true);
    state = run([{ type: 'move', id: b, target: { parentId: null, index: 0 } }], state);
    expect(findField(state.form.fields, b)?.field.__config__.isSubTable).toBeUndefined();
    saved(state);
  });

  it('nests inside tab panes, collapse panels and table-grid cells', () => {
    let state = run([
      { type: 'add', key: 'tab', label: 'tabs' },
      { type: 'select', id: null },
      { type: 'add', key: 'tableGrid', label: 'grid' },
    ]);
    const pane = state.form.fields[0]?.__config__.children?.[1];
    const cell = state.form.fields[1]?.__config__.children?.[0]?.__config__.children?.[1];
    state = run(
      [
        {
          type: 'add',
          key: 'date',
          label: 'in pane',
          target: { parentId: String(pane?.__config__.formId), index: 0 },
        },
        {
          type: 'add',
          key: 'select',
          label: 'in cell',
          target: { parentId: String(cell?.__config__.formId), index: 0 },
        },
      ],
      state,
    );
    const form = saved(state);
    expect(form.fields[0]?.__config__.jnpfKey).toBe('tab');
    expect(valueFields(state.form.fields).map((field) => field.label)).toEqual(['in pane', 'in cell']);
    // A pane is not a place for the tab itself.
    const tabId = String(state.form.fields[0]?.__config__.formId);
    expect(
      run(
        [{ type: 'move', id: tabId, target: { parentId: String(pane?.__config__.formId), index: 0 } }],
        state,
      ),
    ).toBe(state);
  });

  it('copies a field with fresh ids and vModels, deletes, undoes and redoes', () => {
    let state = run([
      { type: 'add', key: 'table', label: '明细' },
      { type: 'add', key: 'comInput', label: '品名' },
    ]);
    const tableId = String(state.form.fields[0]?.__config__.formId);
    state = run([{ type: 'copy', id: tableId }], state);
    const [first, second] = state.form.fields;
    expect(second?.__vModel__).not.toBe(first?.__vModel__);
    const copiedColumn = second?.__config__.children?.[0];
    expect(copiedColumn?.__config__.parentVModel).toBe(second?.__vModel__);
    expect(copiedColumn?.__vModel__).not.toBe(first?.__config__.children?.[0]?.__vModel__);
    expect(designProblems(state.form)).toEqual([]);

    const withTwo = state;
    state = run([{ type: 'remove', id: tableId }], state);
    expect(state.form.fields).toHaveLength(1);
    state = run([{ type: 'undo' }], state);
    expect(state.form).toEqual(withTwo.form);
    state = run([{ type: 'redo' }], state);
    expect(state.form.fields).toHaveLength(1);
    state = run([{ type: 'undo' }, { type: 'undo' }, { type: 'undo' }, { type: 'undo' }], state);
    expect(state.form.fields).toHaveLength(0);
    expect(run([{ type: 'undo' }], state)).toBe(state);
    saved(state);
  });

  it('reports a value field without a vModel and duplicate vModels before save', () => {
    let state = run([
      { type: 'add', key: 'comInput', label: 'a' },
      { type: 'add', key: 'comInput', label: 'b' },
    ]);
    const [a, b] = state.form.fields;
    if (!a || !b) throw new Error('fields missing');
    state = run(
      [{ type: 'update', id: String(b.__config__.formId), field: { ...b, __vModel__: a.__vModel__ } }],
      state,
    );
    expect(designProblems(state.form)).toEqual([{ kind: 'duplicateVModel', vModel: a.__vModel__ }]);
    state = run(
      [{ type: 'update', id: String(a.__config__.formId), field: { ...a, __vModel__: '' } }],
      state,
    );
    expect(designProblems(state.form)).toContainEqual({ kind: 'noVModel', label: 'a' });
  });

  it('joins consecutive edits of one field into one undo step', () => {
    let state = run([{ type: 'add', key: 'comInput', label: 'a' }]);
    const field = state.form.fields[0];
    if (!field) throw new Error('field missing');
    const id = String(field.__config__.formId);
    for (const label of ['客', '客户', '客户名称'])
      state = run(
        [{ type: 'update', id, field: { ...field, __config__: { ...field.__config__, label } } }],
        state,
      );
    expect(state.past).toHaveLength(2);
    state = run([{ type: 'undo' }], state);
    expect(state.form.fields[0]?.__config__.label).toBe('a');
    // After another step, editing the field again is a step of its own.
    state = run([{ type: 'redo' }, { type: 'select', id }], state);
    state = run(
      [{ type: 'update', id, field: { ...field, __config__: { ...field.__config__, label: 'b' } } }],
      state,
    );
    expect(state.past).toHaveLength(3);
  });
});
