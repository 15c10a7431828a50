/** The parts of columnData (forms.md 3) the runtime page reads. */
export interface ColumnEntry {
  prop: string;
  label?: string;
  width?: number | string;
  align?: 'left' | 'center' | 'right';
  fixed?: 'left' | 'right' | 'none';
  sortable?: boolean;
  jnpfKey?: string;
  searchType?: number;
  searchMultiple?: boolean;
  options?: Record<string, unknown>[];
  props?: { props?: { label?: string; value?: string } };
  __config__?: { dataType?: string };
}

export interface ColumnData {
  type?: number;
  columnList?: ColumnEntry[];
  searchList?: ColumnEntry[];
  btnsList?: { value: string; label?: string }[];
  columnBtnsList?: { value: string; label?: string }[];
  hasPage?: boolean;
  pageSize?: number;
  /** The 高级查询 button (forms.md 3; on unless false). */
  hasSuperQuery?: boolean;
  defaultSidx?: string;
  sort?: string;
}

export function readColumnData(text: string): ColumnData {
  if (!text) return {};
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' ? (value as ColumnData) : {};
  } catch {
    return {};
  }
}

/** Button codes of the generated menu (server GENERATED_BUTTONS) by columnData button value. */
export const TOP_BUTTONS: Record<string, string> = {
  add: 'btn_add',
  download: 'btn_export',
  upload: 'btn_import',
  batchRemove: 'btn_batchRemove',
};
export const ROW_BUTTONS: Record<string, string> = {
  edit: 'btn_edit',
  detail: 'btn_detail',
  remove: 'btn_remove',
};

/** Static options of a search field as Select options. */
export function optionsOf(entry: ColumnEntry): { value: string; label: string }[] | null {
  if (!Array.isArray(entry.options) || entry.__config__?.dataType === 'dictionary') return null;
  const valueKey = entry.props?.props?.value ?? 'id';
  const labelKey = entry.props?.props?.label ?? 'fullName';
  return entry.options.map((o) => ({ value: String(o[valueKey]), label: String(o[labelKey] ?? '') }));
}

/** The text of a cell: sub-table columns ("table-field") list the rows' values. */
export function cellText(row: Record<string, unknown>, prop: string): string {
  const dash = prop.indexOf('-');
  if (dash > 0) {
    const rows = row[prop.slice(0, dash)];
    if (!Array.isArray(rows)) return '';
    return rows.map((r) => cellText(r as Record<string, unknown>, prop.slice(dash + 1))).join('；');
  }
  const value = row[prop];
  if (value === null || value === undefined) return '';
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}
