import type { FormField } from '../form/types';
import { valueFields } from './state';

/** A list column of forms.md 3: the field object plus its column settings. */
export interface ColumnEntry extends Record<string, unknown> {
  label: string;
  prop: string;
  jnpfKey: string;
  fixed: 'none' | 'left' | 'right';
  align: 'left' | 'center' | 'right';
  sortable: boolean;
  width: number | null;
}

/** A search field of forms.md 3. */
export interface SearchEntry extends Record<string, unknown> {
  label: string;
  prop: string;
  jnpfKey: string;
  value: unknown;
  searchType: 1 | 2 | 3;
  searchMultiple: boolean;
}

export interface ButtonEntry {
  value: string;
  icon: string;
  label: string;
}

/** `columnData` (forms.md 3), PC list design. */
export interface ColumnData extends Record<string, unknown> {
  type: 1 | 2 | 3 | 4 | 5;
  columnList: ColumnEntry[];
  columnOptions: Record<string, unknown>[];
  defaultColumnList: Record<string, unknown>[];
  searchList: SearchEntry[];
  hasSuperQuery: boolean;
  childTableStyle: 1 | 2;
  showSummary: boolean;
  summaryField: string[];
  thousands: boolean;
  thousandsField: string[];
  defaultSidx: string;
  sort: 'asc' | 'desc';
  hasPage: boolean;
  pageSize: number;
  hasTreeQuery: boolean;
  treeTitle: string;
  treeDataSource: 'dictionary' | 'api' | 'organize' | 'department';
  treeDictionary: string;
  treePropsUrl: string;
  treePropsValue: string;
  treePropsLabel: string;
  treePropsChildren: string;
  treeRelation: string;
  treeSynType: 0 | 1;
  treeInterfaceId: string;
  treeInterfaceName: string;
  treeTemplateJson: unknown[];
  groupField: string;
  parentField: string;
  treeLazyType: 0 | 1;
  ruleList: unknown[];
  btnsList: ButtonEntry[];
  columnBtnsList: ButtonEntry[];
  customBtnsList: unknown[];
  printIds: string[];
  useColumnPermission: boolean;
  useFormPermission: boolean;
  useBtnPermission: boolean;
  useDataPermission: boolean;
  funcs: Record<string, unknown>;
  uploaderTemplateJson: Record<string, unknown>;
}

/** Top buttons (forms.md 3 btnsList) with the icons and labels JNPF stores. */
export const TOP_BUTTONS: ButtonEntry[] = [
  { value: 'add', icon: 'icon-ym icon-ym-btn-add', label: '新增' },
  { value: 'download', icon: 'icon-ym icon-ym-btn-download', label: '导出' },
  { value: 'upload', icon: 'icon-ym icon-ym-btn-upload', label: '导入' },
  { value: 'batchRemove', icon: 'icon-ym icon-ym-btn-clearn', label: '批量删除' },
  { value: 'batchPrint', icon: 'icon-ym icon-ym-report-icon-preview-printPreview', label: '批量打印' },
];
/** Row buttons (forms.md 3 columnBtnsList). */
export const ROW_BUTTONS: ButtonEntry[] = [
  { value: 'edit', icon: 'icon-ym icon-ym-btn-edit', label: '编辑' },
  { value: 'remove', icon: 'icon-ym icon-ym-btn-clearn', label: '删除' },
  { value: 'detail', icon: 'icon-ym icon-ym-generator-menu', label: '详情' },
];

/** Defaults of ColumnDesign/main.vue (forms.md 3). */
export function defaultColumnData(): ColumnData {
  return {
    type: 1,
    columnList: [],
    columnOptions: [],
    defaultColumnList: [],
    searchList: [],
    hasSuperQuery: true,
    childTableStyle: 1,
    showSummary: false,
    summaryField: [],
    thousands: false,
    thousandsField: [],
    defaultSidx: '',
    sort: 'desc',
    hasPage: true,
    pageSize: 20,
    hasTreeQuery: false,
    treeTitle: '左侧标题',
    treeDataSource: 'dictionary',
    treeDictionary: '',
    treePropsUrl: '',
    treePropsValue: 'id',
    treePropsLabel: 'fullName',
    treePropsChildren: 'children',
    treeRelation: '',
    treeSynType: 0,
    treeInterfaceId: '',
    treeInterfaceName: '',
    treeTemplateJson: [],
    groupField: '',
    parentField: '',
    treeLazyType: 0,
    ruleList: [],
    btnsList: [TOP_BUTTONS[0] as ButtonEntry],
    columnBtnsList: [ROW_BUTTONS[0] as ButtonEntry, ROW_BUTTONS[1] as ButtonEntry],
    customBtnsList: [],
    printIds: [],
    useColumnPermission: false,
    useFormPermission: false,
    useBtnPermission: false,
    useDataPermission: false,
    funcs: {},
    uploaderTemplateJson: {},
  };
}

/** Keys that are never list columns (forms.md 3). */
const NOT_COLUMNS = new Set([
  'PsdInput',
  'colorPicker',
  'rate',
  'slider',
  'divider',
  'uploadImg',
  'uploadFz',
  'editor',
  'JNPFText',
  'relationFormAttr',
  'popupAttr',
  'groupTitle',
]);
/** Keys that are columns but not search fields (forms.md 3). */
const NOT_SEARCHABLE = new Set([
  'switch',
  'timeRange',
  'dateRange',
  'relationForm',
  'popupSelect',
  'popupTableSelect',
]);
const FUZZY = new Set(['comInput', 'textarea', 'billRule']);
const RANGE = new Set(['date', 'time', 'numInput', 'calculate', 'createTime', 'modifyTime']);
const MULTIPLE = new Set([
  'select',
  'comSelect',
  'depSelect',
  'posSelect',
  'userSelect',
  'roleSelect',
  'groupSelect',
  'usersSelect',
]);

export interface ColumnCandidate {
  prop: string;
  label: string;
  jnpfKey: string;
  field: FormField;
  /** Inside a sub-table: a column, never a search field, sort or group field. */
  subTable: boolean;
}

/** Fields of the form that may be list columns (stored relation attributes and calculations included). */
export function columnCandidates(fields: FormField[]): ColumnCandidate[] {
  return valueFields(fields)
    .filter(({ field }) => {
      const key = field.__config__.jnpfKey;
      if (key === 'relationFormAttr' || key === 'popupAttr') return field.__config__.isStorage === 2;
      return !NOT_COLUMNS.has(key);
    })
    .map(({ prop, label, field }) => ({
      prop,
      label,
      jnpfKey: field.__config__.jnpfKey,
      field,
      subTable: prop.includes('-'),
    }));
}

export function searchable(candidate: ColumnCandidate): boolean {
  return !candidate.subTable && !NOT_SEARCHABLE.has(candidate.jnpfKey);
}

export function newColumn(candidate: ColumnCandidate): ColumnEntry {
  return {
    ...structuredClone(candidate.field),
    label: candidate.label,
    prop: candidate.prop,
    jnpfKey: candidate.jnpfKey,
    fixed: 'none',
    align: 'left',
    sortable: false,
    width: null,
  };
}

export function newSearch(candidate: ColumnCandidate): SearchEntry {
  return {
    ...structuredClone(candidate.field),
    label: candidate.label,
    prop: candidate.prop,
    jnpfKey: candidate.jnpfKey,
    value: undefined,
    searchType: FUZZY.has(candidate.jnpfKey) ? 2 : RANGE.has(candidate.jnpfKey) ? 3 : 1,
    searchMultiple: MULTIPLE.has(candidate.jnpfKey),
  };
}

/**
 * The list design brought in line with the form: columns and search fields whose field is gone are
 * dropped, the rest carry the field as it is now; columnOptions/defaultColumnList are rebuilt;
 * settings naming a missing field are cleared.
 */
export function syncColumnData(data: ColumnData, fields: FormField[]): ColumnData {
  const candidates = columnCandidates(fields);
  const byProp = new Map(candidates.map((candidate) => [candidate.prop, candidate]));
  const columnList = data.columnList
    .filter((column) => byProp.has(column.prop) && !(data.type === 3 && column.prop === data.groupField))
    .map((column) => {
      const candidate = byProp.get(column.prop) as ColumnCandidate;
      const { fixed, align, sortable, width } = column;
      return { ...newColumn(candidate), fixed, align, sortable, width };
    });
  const searchList = data.searchList
    .filter((search) => {
      const candidate = byProp.get(search.prop);
      return candidate !== undefined && searchable(candidate);
    })
    .map((search) => {
      const candidate = byProp.get(search.prop) as ColumnCandidate;
      return {
        ...newSearch(candidate),
        searchType: search.searchType,
        searchMultiple: search.searchMultiple,
      };
    });
  const mainProps = new Set(
    candidates.filter((candidate) => !candidate.subTable).map((candidate) => candidate.prop),
  );
  const keep = (prop: string) => (mainProps.has(prop) ? prop : '');
  const shown = new Set(columnList.map((column) => column.prop));
  const columnOptions = candidates.map((candidate) => newColumn(candidate));
  return {
    ...data,
    columnList,
    searchList,
    // A tree table (type 5) offers the add button only.
    btnsList: data.type === 5 ? data.btnsList.filter((button) => button.value === 'add') : data.btnsList,
    columnOptions,
    defaultColumnList: columnOptions.map((option) => ({
      ...option,
      checked: shown.has(String(option.prop)),
    })),
    defaultSidx: keep(data.defaultSidx),
    treeRelation: keep(data.treeRelation),
    groupField: keep(data.groupField),
    parentField: keep(data.parentField),
    summaryField: data.summaryField.filter((prop) => shown.has(prop)),
    thousandsField: data.thousandsField.filter((prop) => shown.has(prop)),
  };
}

/** Reads a stored columnData string (defaults for what it lacks). */
export function readColumnData(json: string | null | undefined): ColumnData {
  if (!json) return defaultColumnData();
  try {
    const value = JSON.parse(json) as Partial<ColumnData>;
    return { ...defaultColumnData(), ...value };
  } catch {
    return defaultColumnData();
  }
}

/** A problem that stops a list design from being saved (forms.md 3). */
export type ColumnProblem = 'noColumns' | 'treeRelation' | 'treeSource' | 'groupField' | 'parentField';

export function columnProblems(data: ColumnData): ColumnProblem[] {
  const problems: ColumnProblem[] = [];
  if (data.columnList.length === 0) problems.push('noColumns');
  if (data.type === 2) {
    if (!data.treeRelation) problems.push('treeRelation');
    if (data.treeDataSource === 'dictionary' && !data.treeDictionary) problems.push('treeSource');
    if (data.treeDataSource === 'api' && !data.treePropsUrl) problems.push('treeSource');
  }
  if (data.type === 3 && !data.groupField) problems.push('groupField');
  if (data.type === 5 && !data.parentField) problems.push('parentField');
  return problems;
}
