import { describe, expect, it } from 'vitest';
import {
  columnCandidates,
  columnProblems,
  defaultColumnData,
  newColumn,
  newSearch,
  readColumnData,
  syncColumnData,
} from './column-data';
import { type DesignerAction, designerReducer, initialState } from './state';

function design() {
  const actions: DesignerAction[] = [
    { type: 'add', key: 'comInput', label: '客户' },
    { type: 'add', key: 'date', label: '日期' },
    { type: 'add', key: 'uploadFz', label: '附件' },
    { type: 'add', key: 'switch', label: '启用' },
    { type: 'add', key: 'table', label: '明细' },
    { type: 'add', key: 'numInput', label: '数量' },
  ];
  return actions.reduce(designerReducer, initialState()).form;
}

describe('list design (columnData)', () => {
  it('offers the fields forms.md 3 allows as columns and search fields, sub-table columns as table-child', () => {
    const form = design();
    const candidates = columnCandidates(form.fields);
    expect(candidates.map((candidate) => candidate.label)).toEqual(['客户', '日期', '启用', '明细-数量']);
    const table = form.fields[4];
    expect(candidates[3]?.prop).toBe(`${table?.__vModel__}-${table?.__config__.children?.[0]?.__vModel__}`);
    const [customer, date, enabled] = candidates;
    if (!customer || !date || !enabled) throw new Error('candidates missing');
    expect(newSearch(customer)).toMatchObject({ searchType: 2, searchMultiple: false, prop: customer.prop });
    expect(newSearch(date).searchType).toBe(3);
    expect(newColumn(customer)).toMatchObject({ fixed: 'none', align: 'left', sortable: false, width: null });
  });

  it('drops columns, searches and settings whose field left the form, and keeps column settings', () => {
    const form = design();
    const [customer, date] = columnCandidates(form.fields);
    if (!customer || !date) throw new Error('candidates missing');
    const data = {
      ...defaultColumnData(),
      type: 3 as const,
      columnList: [{ ...newColumn(customer), width: 200 }, newColumn(date)],
      searchList: [newSearch(customer)],
      groupField: date.prop,
      defaultSidx: customer.prop,
    };
    let synced = syncColumnData(data, form.fields);
    // A grouped table does not show its group field as a column.
    expect(synced.columnList.map((column) => column.prop)).toEqual([customer.prop]);
    expect(synced.columnList[0]?.width).toBe(200);
    expect(synced.defaultColumnList.find((option) => option.prop === customer.prop)?.checked).toBe(true);
    const withoutCustomer = form.fields.filter((field) => field.__vModel__ !== customer.prop);
    synced = syncColumnData(synced, withoutCustomer);
    expect(synced.columnList).toEqual([]);
    expect(synced.searchList).toEqual([]);
    expect(synced.defaultSidx).toBe('');
    expect(columnProblems(synced)).toEqual(['noColumns']);
  });

  it('names what a list type lacks before save', () => {
    const form = design();
    const [customer] = columnCandidates(form.fields);
    if (!customer) throw new Error('candidates missing');
    const base = { ...defaultColumnData(), columnList: [newColumn(customer)] };
    expect(columnProblems(base)).toEqual([]);
    expect(columnProblems({ ...base, type: 2 })).toEqual(['treeRelation', 'treeSource']);
    expect(columnProblems({ ...base, type: 2, treeRelation: customer.prop, treeDictionary: 'x' })).toEqual(
      [],
    );
    expect(columnProblems({ ...base, type: 5 })).toEqual(['parentField']);
    // A tree table keeps only the add button.
    const tree = syncColumnData(
      {
        ...base,
        type: 5,
        btnsList: defaultColumnData().btnsList.concat({ value: 'download', icon: '', label: '导出' }),
      },
      form.fields,
    );
    expect(tree.btnsList.map((button) => button.value)).toEqual(['add']);
  });

  it('reads stored columnData with defaults for what it lacks, and a broken string as the defaults', () => {
    expect(readColumnData('{"type":2,"pageSize":50}')).toMatchObject({
      type: 2,
      pageSize: 50,
      hasPage: true,
      sort: 'desc',
    });
    expect(readColumnData('not json')).toEqual(defaultColumnData());
  });
});
