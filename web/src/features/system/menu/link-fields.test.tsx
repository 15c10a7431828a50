import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadTranslations } from '../../../test/translations';
import { type LinkField, linkKeys } from './api';
import { ItemDialog } from './item-dialog';
import { dataFieldTypeOf, fieldMatches } from './link-fields';

beforeAll(() => loadTranslations(['menu']));
afterEach(() => cleanup());

const MENU = 'menu-1';
const FIELDS: LinkField[] = [
  { field: 'creatorUserId', fieldName: '创建人', columnName: 'f_creatoruserid', dataType: 'text' },
  { field: 'title', fieldName: '标题', columnName: 'title', dataType: 'text' },
  { field: 'amount', fieldName: '金额', columnName: 'amount', dataType: 'numeric' },
];

describe('link field helpers', () => {
  it('maps catalog types to data-rule field types', () => {
    expect(dataFieldTypeOf('text')).toBe('text');
    expect(dataFieldTypeOf('character varying')).toBe('varchar');
    expect(dataFieldTypeOf('varchar')).toBe('varchar');
    expect(dataFieldTypeOf('integer')).toBe('int');
    expect(dataFieldTypeOf('bigint')).toBe('bigint');
    expect(dataFieldTypeOf('numeric')).toBe('decimal');
    expect(dataFieldTypeOf('timestamp without time zone')).toBe('datetime');
    expect(dataFieldTypeOf('datetime')).toBe('datetime');
    expect(dataFieldTypeOf('geometry')).toBeUndefined();
  });

  it('matches a typed text against the name and the label in any case', () => {
    const field = { field: 'applyDate', fieldName: '申请日期' };
    expect(fieldMatches(field, '')).toBe(true);
    expect(fieldMatches(field, 'APPLY')).toBe(true);
    expect(fieldMatches(field, '申请')).toBe(true);
    expect(fieldMatches(field, 'amount')).toBe(false);
  });
});

function renderDialog(tables: string[]) {
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Number.POSITIVE_INFINITY } } });
  // The page's linked tables and their fields, as if already loaded: no server in a unit test.
  client.setQueryData(linkKeys.tables(MENU, 3), { linkId: '0', linkTables: tables });
  for (const table of tables) client.setQueryData(linkKeys.fields(MENU, 3, '0', table), FIELDS);
  render(
    <QueryClientProvider client={client}>
      <ItemDialog kind="ModuleDataAuthorize" moduleId={MENU} target={{}} onClose={() => undefined} />
    </QueryClientProvider>,
  );
}

const input = (id: string) => document.getElementById(`item-ModuleDataAuthorize_${id}`) as HTMLInputElement;

describe('data-rule field dialog with a linked table', { timeout: 30_000 }, () => {
  it('offers the linked fields by name or label and fills the table, label and type on a pick', async () => {
    renderDialog(['mt_leave']);
    await screen.findByText('新建数据字段');
    const code = input('enCode');
    await act(async () => {
      fireEvent.mouseDown(code);
      fireEvent.change(code, { target: { value: '标题' } });
    });
    const option = await waitFor(() => {
      const found = Array.from(document.querySelectorAll('.ant-select-item-option')).find((node) =>
        node.textContent?.includes('title'),
      );
      expect(found).toBeTruthy();
      return found as HTMLElement;
    });
    // Only matching fields are offered, under their table.
    expect(document.querySelectorAll('.ant-select-item-option')).toHaveLength(1);
    expect(screen.getByTestId('link-table-mt_leave')).toBeTruthy();
    await act(async () => {
      fireEvent.click(option);
    });
    await waitFor(() => expect(input('enCode').value).toBe('title'));
    expect(input('bindTable').value).toBe('mt_leave');
    expect(input('fullName').value).toBe('标题');
    // The column's catalog type became the field type.
    expect(input('type').closest('.ant-form-item')?.textContent).toContain('文本');
  });

  it('still takes a typed field name, and says so when nothing is linked', async () => {
    renderDialog([]);
    await screen.findByText('新建数据字段');
    expect(screen.getByText('没有连接的数据表，请直接输入字段名称')).toBeTruthy();
    await act(async () => {
      fireEvent.change(input('enCode'), { target: { value: 'f_custom' } });
    });
    expect(input('enCode').value).toBe('f_custom');
  });
});
