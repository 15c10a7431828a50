import type { DataInterfaceItem } from '@console/shared';
import { describe, expect, it } from 'vitest';
import { toBody, toValues, type Values } from './data-interface-dialog';

const base: Values = {
  categoryId: 'c1',
  fullName: ' 员工 ',
  enCode: 'staff',
  dataType: 1,
  requestMethod: '6',
  dbLinkId: '0',
  sql: 'SELECT * FROM staff WHERE age > {minAge}',
  staticData: '[1]',
  path: 'https://example.com',
  paging: true,
  countSql: 'SELECT count(*) FROM staff',
  headers: [{ field: 'X-Token', defaultValue: 't' }],
  params: [
    { field: 'minAge', fieldName: '最小年龄', dataType: 'int', required: true, defaultValue: '18' },
    { field: '' },
  ],
  mapping: [
    { source: 'name', target: 'fullName' },
    { source: '', target: 'x' },
  ],
  sortCode: 3,
  enabled: true,
  description: '',
};

describe('data interface form ⇄ wire record', () => {
  it('sends only what the chosen type uses, lists as JSON text, empty rows dropped', () => {
    const sql = toBody(base, 4);
    expect(sql).toMatchObject({
      fullName: '员工',
      requestMethod: '3',
      dbLinkId: '0',
      query: base.sql,
      path: null,
      checkType: 1,
      version: 4,
    });
    expect(JSON.parse(sql.requestParameters)).toEqual([
      { field: 'minAge', fieldName: '最小年龄', dataType: 'int', required: 1, defaultValue: '18' },
    ]);
    expect(JSON.parse(sql.propertyJson)).toEqual({ countSql: 'SELECT count(*) FROM staff' });
    expect(JSON.parse(sql.fieldMapping)).toEqual([{ source: 'name', target: 'fullName' }]);

    const http = toBody({ ...base, dataType: 3, requestMethod: '7' }, undefined);
    expect(http).toMatchObject({
      requestMethod: '7',
      dbLinkId: null,
      query: null,
      path: 'https://example.com',
    });
    expect(http).not.toHaveProperty('version');
    expect(JSON.parse(http.propertyJson)).toEqual({});

    const staticData = toBody({ ...base, dataType: 2 }, undefined);
    expect(staticData).toMatchObject({ requestMethod: '', query: '[1]', path: null });
  });

  it('reads a stored record back into the form and round-trips it', () => {
    const stored = { ...toBody(base, 1), id: 'i1', dataProcessing: '' } as unknown as DataInterfaceItem;
    const values = toValues(stored);
    expect(values).toMatchObject({
      dataType: 1,
      sql: base.sql,
      paging: true,
      countSql: base.countSql,
      enabled: true,
    });
    expect(values.params?.[0]).toMatchObject({ field: 'minAge', required: true, defaultValue: '18' });
    expect(toBody({ ...base, ...values } as Values, 1)).toEqual(toBody(base, 1));
  });
});
