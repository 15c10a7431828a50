import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, waitFor } from '@testing-library/react';
import { App, Form, type FormInstance } from 'antd';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadTranslations } from '../../../test/translations';
import { FormRenderer } from '../form-renderer';
import type { FormSchema } from '../types';

beforeAll(() => loadTranslations(['form', 'formAdvanced']));

afterEach(() => cleanup());

/** A sub-table whose calculate column is price × quantity of its own row. */
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

function renderTable() {
  let form!: FormInstance;
  function Host() {
    [form] = Form.useForm();
    return (
      <FormRenderer
        schema={schema}
        form={form}
        values={{
          items: [
            { price: 2, qty: 3 },
            { price: 5, qty: 1 },
          ],
        }}
      />
    );
  }
  render(
    <QueryClientProvider client={new QueryClient()}>
      <App>
        <Host />
      </App>
    </QueryClientProvider>,
  );
  return () => form;
}

const subtotals = () =>
  Array.from(document.querySelectorAll<HTMLInputElement>('.form-calculate'), (input) => input.value);

describe('calculate column of a sub-table', { timeout: 60_000 }, () => {
  it("computes each row from that row's cells and recomputes only the row that changed", async () => {
    const form = renderTable();
    await waitFor(() => expect(subtotals()).toEqual(['6.00', '5.00']));
    expect(form().getFieldValue('items')).toMatchObject([{ subtotal: 6 }, { subtotal: 5 }]);

    vi.useFakeTimers();
    try {
      await act(async () => form().setFieldValue(['items', 1, 'qty'], 4));
      act(() => vi.advanceTimersByTime(99));
      expect(subtotals()).toEqual(['6.00', '5.00']);
      act(() => vi.advanceTimersByTime(1));
      expect(subtotals()).toEqual(['6.00', '20.00']);
      // Settled: nothing changes any more once the rows are computed.
      act(() => vi.advanceTimersByTime(1000));
      expect(subtotals()).toEqual(['6.00', '20.00']);
      expect(form().getFieldValue('items')).toMatchObject([{ subtotal: 6 }, { subtotal: 20 }]);
    } finally {
      vi.useRealTimers();
    }
  });
});
