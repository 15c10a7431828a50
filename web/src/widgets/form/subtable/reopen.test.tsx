import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, waitFor } from '@testing-library/react';
import { App, Form, type FormInstance } from 'antd';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadTranslations } from '../../../test/translations';
import { FormRenderer } from '../form-renderer';
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
          { __config__: { jnpfKey: 'numInput', label: '单价' }, __vModel__: 'price' },
          { __config__: { jnpfKey: 'numInput', label: '数量' }, __vModel__: 'qty' },
          {
            __config__: { jnpfKey: 'calculate', label: '小计', isStorage: 2 },
            __vModel__: 'subtotal',
            expression: [{ __vModel__: 'items.price' }, '×', { __vModel__: 'items.qty' }],
            precision: 2,
          },
        ],
      },
      __vModel__: 'items',
    },
  ],
};

const stored = {
  items: [
    { price: 2, qty: 3, subtotal: 6 },
    { price: 5, qty: 1, subtotal: 5 },
  ],
};

/**
 * A list page keeps one form store for its dialog: a new record's form (no rows), then an edit
 * of a stored record. The edit must show the stored rows, not the previous form's empty list.
 */
describe('one form store reused by a new and then an edit dialog', { timeout: 60_000 }, () => {
  it('shows the stored sub-table rows of the record opened second', async () => {
    let form!: FormInstance;
    function Host({ values, mode }: { values?: Record<string, unknown>; mode: string }) {
      [form] = Form.useForm();
      return <FormRenderer key={mode} schema={schema} form={form} values={values} />;
    }
    const wrap = (node: React.ReactNode) => (
      <QueryClientProvider client={new QueryClient()}>
        <App>{node}</App>
      </QueryClientProvider>
    );
    const view = render(wrap(<Host mode="new" />));
    await waitFor(() => expect(form.getFieldValue('items')).toEqual([]));
    form.resetFields();
    view.rerender(wrap(<Host mode="edit" values={stored} />));
    await waitFor(() => expect(document.querySelectorAll('.form-calculate')).toHaveLength(2));
    expect(form.getFieldValue('items')).toMatchObject(stored.items);
  });
});
