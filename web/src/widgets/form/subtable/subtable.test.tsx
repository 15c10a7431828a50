import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App, Form, type FormInstance } from 'antd';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadTranslations } from '../../../test/translations';
import { FormRenderer, submitValues } from '../form-renderer';
import type { FormSchema } from '../types';

beforeAll(() => loadTranslations(['form', 'formAdvanced']));

afterEach(() => cleanup());

const schema: FormSchema = {
  fields: [
    {
      __config__: {
        jnpfKey: 'table',
        label: '明细',
        layout: 'rowFormItem',
        children: [
          { __config__: { jnpfKey: 'comInput', label: '名称', required: true }, __vModel__: 'name' },
          {
            __config__: {
              jnpfKey: 'comInput',
              label: '数量',
              regList: [{ pattern: '/^\\d+(\\.\\d+)?$/', message: '请输入数字' }],
            },
            __vModel__: 'qty',
          },
        ],
      },
      __vModel__: 'items',
      'show-summary': true,
      summaryField: ['qty'],
    },
  ],
};

function renderTable(values: Record<string, unknown>, permissions?: string[]) {
  let form: FormInstance | undefined;
  function Host() {
    const [instance] = Form.useForm();
    form = instance;
    return <FormRenderer schema={schema} form={instance} values={values} permissions={permissions} />;
  }
  render(
    <QueryClientProvider client={new QueryClient()}>
      <App>
        <Host />
      </App>
    </QueryClientProvider>,
  );
  return () => form as FormInstance;
}

/** Rows of the table: `tr`s, or `div`s once virtual. */
const bodyRows = () => document.querySelectorAll('.form-subtable .ant-table-row');
const errors = () =>
  Array.from(document.querySelectorAll('.ant-form-item-explain-error'), (node) => node.textContent);

describe('sub-table', { timeout: 60_000 }, () => {
  it('sums the summary field, refuses an invalid row on submit and names the problem in its cell', async () => {
    const form = renderTable({
      items: [
        { name: '', qty: '2' },
        { name: 'b', qty: '3.5' },
        { name: 'c', qty: 'x' },
      ],
    });
    await screen.findByText('合计');
    expect(document.querySelector('.form-subtable__summary')?.textContent).toContain('5.50');
    await act(async () => {
      await form()
        .validateFields()
        .then(
          () => expect.unreachable('an invalid row must fail the submit'),
          () => undefined,
        );
    });
    await waitFor(() => expect(errors()).toEqual(['不能为空', '请输入数字']));
  });

  it('mounts only the rows in view of a long table and still refuses a bad row out of view on submit', async () => {
    const rows = Array.from({ length: 200 }, (_, i) => ({ name: `n${i + 1}`, qty: String(i + 1) }));
    rows[149] = { name: '', qty: '150' };
    rows[179] = { name: 'n180', qty: 'x' };
    const form = renderTable({ items: rows });
    await screen.findByText('合计');
    // jsdom lays nothing out, so no row is in view here; Chromium shows those that fit (bench, e2e 80).
    expect(bodyRows().length).toBeLessThan(100);
    // The summary row still sums every row: 1 + ... + 200 except the non-numeric 180.
    expect(document.querySelector('.form-subtable__summary')?.textContent).toContain(
      (20100 - 180).toFixed(2),
    );
    let failed = false;
    await act(async () => {
      await form()
        .validateFields()
        .catch(() => {
          failed = true;
        });
    });
    expect(failed).toBe(true);
    await waitFor(() => expect(errors()).toContain('第150行「名称」不能为空；第180行「数量」请输入数字'));
    // Fixed, the same table submits, with every row's values (also the rows never mounted).
    act(() => {
      form().setFieldValue(['items', 149, 'name'], 'n150');
      form().setFieldValue(['items', 179, 'qty'], '180');
    });
    let values: Record<string, unknown> = {};
    await act(async () => {
      values = await submitValues(form());
    });
    expect((values.items as unknown[]).length).toBe(200);
    expect((values.items as { name: string }[])[149]?.name).toBe('n150');
  });

  it('adds a blank row and removes one after confirmation', async () => {
    const form = renderTable({ items: [{ name: 'a', qty: '1' }] });
    await screen.findByText('合计');
    fireEvent.click(screen.getByRole('button', { name: /添\s?加/ }));
    await waitFor(() => expect(bodyRows()).toHaveLength(2));
    expect(form().getFieldValue('items')).toEqual([
      { name: 'a', qty: '1' },
      { name: null, qty: null },
    ]);
    fireEvent.click(screen.getAllByRole('button', { name: '删除' })[0] as HTMLElement);
    await screen.findByText('此操作将永久删除该数据, 是否继续?');
    fireEvent.click(screen.getByRole('button', { name: /确\s?定/ }));
    await waitFor(() => expect(bodyRows()).toHaveLength(1));
    expect(form().getFieldValue('items')).toEqual([{ name: null, qty: null }]);
  });

  it('shows only the columns whose "table-field" code is granted', async () => {
    renderTable({ items: [{ name: 'a', qty: '1' }] }, ['items-qty']);
    await screen.findByText('合计');
    const headers = Array.from(
      document.querySelectorAll('.form-subtable thead th'),
      (node) => node.textContent,
    );
    expect(headers).toContain('数量');
    expect(headers).not.toContain('名称');
  });
});
