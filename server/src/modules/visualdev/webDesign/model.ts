import {
  type FieldOf,
  type FormDefinition,
  type FormField,
  holdsList,
  type JnpfKey,
  parseFormData,
  storesValue,
  type VisualTable,
  vModelProblems,
  walkFields,
} from '@console/shared';
import { badRequest } from '../../../core/errors.js';
import { newId } from '../../../core/ids.js';

/**
 * What a design stores and where (forms.md 1.2, 2 "Storage", 4.1): the main table with a column
 * per stored main-form field, and one child table per sub-table widget. Built from formData and
 * `tables`; the only input that becomes an SQL identifier is checked here.
 */

/** Column types of generated tables. */
export type ColumnKind = 'text' | 'json' | 'number' | 'int' | 'time';

export interface ModelField {
  vModel: string;
  column: string;
  kind: ColumnKind;
  key: JnpfKey;
  label: string;
  field: FormField;
}

export interface ModelSubTable {
  vModel: string;
  label: string;
  table: string;
  fields: ModelField[];
}

export interface DataModel {
  mainTable: string;
  fields: ModelField[];
  subTables: ModelSubTable[];
}

/** A table or column name: lower case, starting with a letter, at most 63 bytes (PostgreSQL). */
export const IDENTIFIER = /^[a-z][a-z0-9_]{0,62}$/;

export const ModelMessages = {
  badTable: (name: string) => `表名“${name}”无效：只能由小写字母、数字和下划线组成，以字母开头，最长63个字符`,
  badColumn: (path: string, vModel: string) =>
    `${path}：字段名“${vModel}”无效：只能由字母、数字和下划线组成，以字母开头，最长63个字符，且不能以 f_ 开头`,
  duplicateColumn: (path: string, vModel: string) =>
    `${path}：字段名“${vModel}”与另一字段只差大小写，数据库中会重名`,
  noMainTable: 'tables 中没有主表（typeId 为 "1"）',
  twoMainTables: 'tables 中只能有一个主表（typeId 为 "1"）',
  noForm: '请先设计表单（formData）',
  reserved: (path: string, vModel: string) => `${path}：字段名“${vModel}”是系统保留字段名，请换一个`,
} as const;

const NUMBER_KEYS = new Set<string>(['numInput', 'calculate', 'rate']);
const TIME_KEYS = new Set<string>(['date', 'createTime', 'modifyTime']);

function kindOf(field: FormField): ColumnKind {
  const key = field.__config__.jnpfKey;
  if (holdsList(field)) return 'json';
  if (NUMBER_KEYS.has(key)) return 'number';
  if (key === 'slider') return 'number';
  if (key === 'switch') return 'int';
  if (TIME_KEYS.has(key)) return 'time';
  return 'text';
}

/** The column of a vModel: lower-cased for PostgreSQL (forms.md 1.2). */
/** Keys the runtime uses for the system columns of every row (ddl.ts tablesOf) and tree/group rows. */
const RESERVED = new Set([
  'id',
  'version',
  'flowid',
  'flowtaskid',
  'creatoruserid',
  'creatortime',
  'lastmodifyuserid',
  'lastmodifytime',
  'organizeid',
  'foreignid',
  'sortcode',
  'children',
  'top',
  'haschildren',
]);

function columnOf(path: string, vModel: string): string {
  const column = vModel.toLowerCase();
  if (!IDENTIFIER.test(column) || column.startsWith('f_'))
    throw badRequest(ModelMessages.badColumn(path, vModel));
  if (RESERVED.has(column)) throw badRequest(ModelMessages.reserved(path, vModel));
  return column;
}

const tableId = () => newId().replaceAll('-', '');

export function checkTableName(name: string): string {
  if (!IDENTIFIER.test(name)) throw badRequest(ModelMessages.badTable(name));
  return name;
}

/** Parses a stored or sent formData (already validated on the way in). */
export function readForm(formData: string): FormDefinition {
  if (!formData) throw badRequest(ModelMessages.noForm);
  const parsed = parseFormData(formData);
  if (!parsed.ok) throw badRequest(`formData ${parsed.error}`);
  return parsed.form;
}

/**
 * Checks a form for saving and settles its tables: with no tables the server names them
 * (`mt…` main, `ct…` per sub-table widget, forms.md 4.1); a sub-table widget added later gets a
 * new child table. The chosen names are written into `tables` and the fields' `tableName` /
 * `relationTable`, and both are answered for storing.
 */
export function settleTables(
  form: FormDefinition,
  tables: VisualTable[],
  fullName: string,
): { form: FormDefinition; tables: VisualTable[]; model: DataModel } {
  const problems = vModelProblems(form);
  if (problems.length) throw badRequest(problems[0]!);
  const mains = tables.filter((t) => t.typeId === '1');
  if (tables.length && mains.length === 0) throw badRequest(ModelMessages.noMainTable);
  if (mains.length > 1) throw badRequest(ModelMessages.twoMainTables);
  for (const t of tables) checkTableName(t.table);
  const out: VisualTable[] = tables.map((t) => ({ ...t }));
  let main = out.find((t) => t.typeId === '1');
  if (!main) {
    main = {
      table: `mt${tableId()}`,
      tableName: `${fullName}-主表`,
      typeId: '1',
      relationTable: '',
      relationField: '',
      tableField: '',
    };
    out.unshift(main);
  }
  const mainTable = main.table;
  const copy = structuredClone(form);
  const fields: ModelField[] = [];
  const subTables: ModelSubTable[] = [];
  const subByVModel = new Map<string, ModelSubTable>();
  const seen = new Map<string, Set<string>>();
  const unique = (table: string, column: string, path: string, vModel: string) => {
    const set = seen.get(table) ?? new Set<string>();
    if (set.has(column)) throw badRequest(ModelMessages.duplicateColumn(path, vModel));
    set.add(column);
    seen.set(table, set);
  };
  walkFields(copy.fields, (field, { path, table }) => {
    const key = field.__config__.jnpfKey;
    if (key === 'table') {
      const widget = field as FieldOf<'table'>;
      const vModel = widget.__vModel__?.trim() ?? '';
      let name = String(widget.__config__.tableName ?? '');
      if (!name || !out.some((t) => t.table === name && t.typeId === '0')) {
        name = name && IDENTIFIER.test(name) ? name : `ct${tableId()}`;
        out.push({
          table: name,
          tableName: `${fullName}-子表`,
          typeId: '0',
          relationTable: mainTable,
          relationField: 'f_id',
          tableField: 'f_foreignid',
        });
      }
      checkTableName(name);
      widget.__config__.tableName = name;
      const sub: ModelSubTable = {
        vModel,
        label: widget.__config__.label ?? vModel,
        table: name,
        fields: [],
      };
      subTables.push(sub);
      subByVModel.set(vModel, sub);
      return;
    }
    if (!storesValue(field)) return;
    const vModel = field.__vModel__!.trim();
    const column = columnOf(path, vModel);
    const entry: ModelField = {
      vModel,
      column,
      kind: kindOf(field),
      key,
      label: field.__config__.label ?? vModel,
      field,
    };
    if (table) {
      const sub = subByVModel.get(table.__vModel__?.trim() ?? '')!;
      unique(sub.table, column, path, vModel);
      field.__config__.relationTable = sub.table;
      field.__config__.tableName = sub.table;
      sub.fields.push(entry);
    } else {
      unique(mainTable, column, path, vModel);
      field.__config__.tableName = mainTable;
      fields.push(entry);
    }
  });
  // Child tables no widget uses any more stay listed only while a widget names them.
  const used = new Set([mainTable, ...subTables.map((s) => s.table)]);
  const kept = out.filter((t) => used.has(t.table));
  return { form: copy, tables: kept, model: { mainTable, fields, subTables } };
}

/** The model of a stored (already settled) design. */
export function modelOf(formData: string, tablesJson: string): DataModel {
  const tables = (tablesJson ? JSON.parse(tablesJson) : []) as VisualTable[];
  return settleTables(readForm(formData), tables, '').model;
}
