import { FORM_CONFIG_DEFAULTS } from '@console/shared';
import type { FormField, FormSchema } from '../form/types';
import { allowedInSubTable, createField, DROP_CONTAINERS, needsVModel, renumber } from './templates';

/** The form being designed: forms.md 1 config keys plus `fields`. */
export interface DesignerForm extends FormSchema {
  idGlobal: number;
}

/** Where a field goes: into the container with form id `parentId` (null: the form itself) at `index`. */
export interface Target {
  parentId: string | null;
  index: number;
}

export interface DesignerState {
  form: DesignerForm;
  /** Form id of the field the property panel shows. */
  selected: string | null;
  past: DesignerForm[];
  future: DesignerForm[];
  /** Form id of the field the last step edited: further edits of it join that step (one undo per field edit, not per keystroke). */
  editing?: string | null;
}

export type DesignerAction =
  | { type: 'add'; key: string; label: string; target?: Target }
  | { type: 'move'; id: string; target: Target }
  | { type: 'remove'; id: string }
  | { type: 'copy'; id: string }
  | { type: 'update'; id: string; field: FormField }
  | { type: 'config'; patch: Partial<DesignerForm> }
  | { type: 'select'; id: string | null }
  | { type: 'replace'; form: DesignerForm }
  | { type: 'clear' }
  | { type: 'undo' }
  | { type: 'redo' };

/** Steps kept for undo. */
export const HISTORY_LIMIT = 50;

export const idOf = (field: FormField): string => String(field.__config__.formId ?? '');

/** A new empty form with the defaults of forms.md 1. */
export function emptyForm(): DesignerForm {
  return {
    ...structuredClone(FORM_CONFIG_DEFAULTS),
    className: [],
    classNames: [],
    fields: [],
  } as DesignerForm;
}

/** Reads a stored formData into the designer's shape (defaults for what it lacks). */
export function toDesignerForm(form: FormSchema): DesignerForm {
  const merged = { ...emptyForm(), ...structuredClone(form) } as DesignerForm;
  let highest = typeof merged.idGlobal === 'number' ? merged.idGlobal : 100;
  const visit = (fields: FormField[]) => {
    for (const field of fields) {
      const id = Number(field.__config__.formId);
      if (Number.isFinite(id) && id > highest) highest = id;
      visit(field.__config__.children ?? []);
    }
  };
  visit(merged.fields);
  merged.idGlobal = highest;
  return merged;
}

export function initialState(form: DesignerForm = emptyForm()): DesignerState {
  return { form, selected: null, past: [], future: [] };
}

interface Found {
  field: FormField;
  parent: FormField | null;
  siblings: FormField[];
  index: number;
}

/** The field with form id `id`, its parent container and its place among its siblings. */
export function findField(fields: FormField[], id: string, parent: FormField | null = null): Found | null {
  for (let index = 0; index < fields.length; index++) {
    const field = fields[index] as FormField;
    if (idOf(field) === id) return { field, parent, siblings: fields, index };
    const inner = findField(field.__config__.children ?? [], id, field);
    if (inner) return inner;
  }
  return null;
}

function contains(field: FormField, id: string): boolean {
  return (field.__config__.children ?? []).some((child) => idOf(child) === id || contains(child, id));
}

/** The children list fields are dropped into: the form's fields, or a drop container's children. */
function slotOf(
  form: DesignerForm,
  parentId: string | null,
): { list: FormField[]; owner: FormField | null } | null {
  if (parentId === null) return { list: form.fields, owner: null };
  const found = findField(form.fields, parentId);
  if (!found || !DROP_CONTAINERS.has(found.field.__config__.jnpfKey)) return null;
  found.field.__config__.children ??= [];
  return { list: found.field.__config__.children, owner: found.field };
}

/** May a field of `key` be placed in the container `parentId`? (A sub-table takes value fields only.) */
export function canPlace(form: DesignerForm, key: string, parentId: string | null): boolean {
  if (parentId === null) return true;
  const found = findField(form.fields, parentId);
  if (!found) return false;
  const parentKey = found.field.__config__.jnpfKey;
  if (!DROP_CONTAINERS.has(parentKey)) return false;
  if (parentKey === 'table') return allowedInSubTable(key);
  return true;
}

/** Is `parentId` inside a sub-table? (No sub-table may hold another one.) */
function insideTable(form: DesignerForm, parentId: string | null): boolean {
  let current = parentId;
  while (current !== null) {
    const found = findField(form.fields, current);
    if (!found) return false;
    if (found.field.__config__.jnpfKey === 'table') return true;
    current = found.parent ? idOf(found.parent) : null;
  }
  return false;
}

function hasTable(field: FormField): boolean {
  return field.__config__.jnpfKey === 'table' || (field.__config__.children ?? []).some(hasTable);
}

/** Marks a field as a column of `table` (forms.md 1.1 isSubTable/parentVModel/relationTable) or clears it. */
function adopt(field: FormField, table: FormField | null): void {
  const config = field.__config__;
  if (table) {
    config.isSubTable = true;
    config.parentVModel = table.__vModel__ ?? '';
    if (table.__config__.tableName) config.relationTable = table.__config__.tableName;
  } else {
    delete config.isSubTable;
    delete config.parentVModel;
    delete config.relationTable;
  }
}

function place(form: DesignerForm, field: FormField, target: Target): boolean {
  const key = field.__config__.jnpfKey;
  if (!canPlace(form, key, target.parentId)) return false;
  if (hasTable(field) && insideTable(form, target.parentId)) return false;
  const slot = slotOf(form, target.parentId);
  if (!slot) return false;
  adopt(field, slot.owner?.__config__.jnpfKey === 'table' ? slot.owner : null);
  const index = Math.max(0, Math.min(target.index, slot.list.length));
  slot.list.splice(index, 0, field);
  return true;
}

/** Where a field added without a target goes: into a selected drop container, after a selected field, or last. */
function defaultTarget(form: DesignerForm, selected: string | null): Target {
  const found = selected ? findField(form.fields, selected) : null;
  if (!found) return { parentId: null, index: form.fields.length };
  const key = found.field.__config__.jnpfKey;
  if (DROP_CONTAINERS.has(key))
    return { parentId: idOf(found.field), index: found.field.__config__.children?.length ?? 0 };
  return { parentId: found.parent ? idOf(found.parent) : null, index: found.index + 1 };
}

function nextIdOf(form: DesignerForm): () => number {
  return () => {
    form.idGlobal = (form.idGlobal ?? 100) + 1;
    return form.idGlobal;
  };
}

/** Applies a change to a copy of the form; null when the change is refused (nothing happens). */
function change(
  state: DesignerState,
  edit: (form: DesignerForm) => string | null | false,
  editing: string | null = null,
): DesignerState {
  const form = structuredClone(state.form);
  const selected = edit(form);
  if (selected === false) return state;
  const joins = editing !== null && state.editing === editing;
  return {
    form,
    selected,
    past: joins ? state.past : [...state.past, state.form].slice(-HISTORY_LIMIT),
    future: [],
    editing,
  };
}

export function designerReducer(state: DesignerState, action: DesignerAction): DesignerState {
  switch (action.type) {
    case 'add':
      return change(state, (form) => {
        const field = createField(action.key, action.label, nextIdOf(form));
        const target = action.target ?? defaultTarget(form, state.selected);
        if (!place(form, field, target)) {
          // A sub-table refuses the key: add it after the sub-table instead.
          if (action.target) return false;
          const table = target.parentId ? findField(form.fields, target.parentId) : null;
          if (!table) return false;
          const after = { parentId: table.parent ? idOf(table.parent) : null, index: table.index + 1 };
          if (!place(form, field, after)) return false;
        }
        return idOf(field);
      });
    case 'move':
      return change(state, (form) => {
        const found = findField(form.fields, action.id);
        if (!found) return false;
        if (action.target.parentId === action.id) return false;
        if (action.target.parentId && contains(found.field, action.target.parentId)) return false;
        const parentId = found.parent ? idOf(found.parent) : null;
        let index = action.target.index;
        if (parentId === action.target.parentId) {
          if (index === found.index || index === found.index + 1) return false;
          if (index > found.index) index -= 1;
        }
        if (!canPlace(form, found.field.__config__.jnpfKey, action.target.parentId)) return false;
        found.siblings.splice(found.index, 1);
        if (!place(form, found.field, { parentId: action.target.parentId, index })) return false;
        return action.id;
      });
    case 'remove':
      return change(state, (form) => {
        const found = findField(form.fields, action.id);
        if (!found) return false;
        found.siblings.splice(found.index, 1);
        return state.selected === action.id || contains(found.field, state.selected ?? '')
          ? null
          : state.selected;
      });
    case 'copy':
      return change(state, (form) => {
        const found = findField(form.fields, action.id);
        if (!found) return false;
        const parentVModel =
          found.parent?.__config__.jnpfKey === 'table' ? found.parent.__vModel__ : undefined;
        const copy = renumber(found.field, nextIdOf(form), parentVModel ?? undefined);
        found.siblings.splice(found.index + 1, 0, copy);
        return idOf(copy);
      });
    case 'update':
      return change(
        state,
        (form) => {
          const found = findField(form.fields, action.id);
          if (!found) return false;
          const next = structuredClone(action.field);
          if (next.__config__.jnpfKey === 'table')
            for (const child of next.__config__.children ?? []) adopt(child, next);
          found.siblings[found.index] = next;
          // Panes, grid rows and cells the property panel added carry ids past idGlobal.
          const highest = (field: FormField): number =>
            Math.max(Number(field.__config__.formId) || 0, ...(field.__config__.children ?? []).map(highest));
          form.idGlobal = Math.max(form.idGlobal, highest(next));
          return state.selected;
        },
        `field:${action.id}`,
      );
    case 'config':
      return change(
        state,
        (form) => {
          Object.assign(form, structuredClone(action.patch));
          return state.selected;
        },
        `form:${Object.keys(action.patch).sort().join(',')}`,
      );
    case 'select':
      return { ...state, selected: action.id, editing: null };
    case 'replace':
      return change(state, (form) => {
        for (const key of Object.keys(form)) delete (form as Record<string, unknown>)[key];
        Object.assign(form, toDesignerForm(action.form));
        return null;
      });
    case 'clear':
      return change(state, (form) => {
        if (form.fields.length === 0) return false;
        form.fields = [];
        return null;
      });
    case 'undo': {
      const previous = state.past.at(-1);
      if (!previous) return state;
      return {
        form: previous,
        selected: findField(previous.fields, state.selected ?? '') ? state.selected : null,
        past: state.past.slice(0, -1),
        future: [state.form, ...state.future],
        editing: null,
      };
    }
    case 'redo': {
      const next = state.future[0];
      if (!next) return state;
      return {
        form: next,
        selected: findField(next.fields, state.selected ?? '') ? state.selected : null,
        past: [...state.past, state.form],
        future: state.future.slice(1),
        editing: null,
      };
    }
  }
}

/** A problem that stops a design from being saved. */
export type DesignProblem =
  | { kind: 'noFields' }
  | { kind: 'noVModel'; label: string }
  | { kind: 'duplicateVModel'; vModel: string }
  | { kind: 'emptyTable'; label: string };

/**
 * What forms.md 1.2 refuses at save: a value field without `__vModel__`, two fields (in one
 * table) with the same one, a sub-table without columns.
 */
export function designProblems(form: DesignerForm): DesignProblem[] {
  const problems: DesignProblem[] = [];
  if (form.fields.length === 0) problems.push({ kind: 'noFields' });
  const visit = (fields: FormField[], seen: Set<string>) => {
    for (const field of fields) {
      const config = field.__config__;
      const label = String(config.label ?? config.jnpfKey);
      if (needsVModel(field)) {
        const vModel = field.__vModel__?.trim();
        if (!vModel) problems.push({ kind: 'noVModel', label });
        else if (seen.has(vModel)) problems.push({ kind: 'duplicateVModel', vModel });
        else seen.add(vModel);
      }
      if (config.jnpfKey === 'table') {
        if ((config.children ?? []).length === 0) problems.push({ kind: 'emptyTable', label });
        visit(config.children ?? [], new Set());
      } else visit(config.children ?? [], seen);
    }
  };
  visit(form.fields, new Set());
  return problems;
}

/** Every field with a value, sub-table columns as `{table}-{child}` (forms.md 1.2), for list design. */
export function valueFields(fields: FormField[]): { prop: string; label: string; field: FormField }[] {
  const out: { prop: string; label: string; field: FormField }[] = [];
  const visit = (list: FormField[], table?: FormField) => {
    for (const field of list) {
      const config = field.__config__;
      if (config.jnpfKey === 'table') {
        visit(config.children ?? [], field);
        continue;
      }
      if (field.__vModel__ && needsVModel(field)) {
        const label = String(config.label ?? field.__vModel__);
        out.push(
          table
            ? {
                prop: `${table.__vModel__}-${field.__vModel__}`,
                label: `${table.__config__.label ?? ''}-${label}`,
                field,
              }
            : { prop: field.__vModel__, label, field },
        );
      }
      visit(config.children ?? [], table);
    }
  };
  visit(fields);
  return out;
}
