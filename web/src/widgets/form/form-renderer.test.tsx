import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Form, type FormInstance } from 'antd';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadTranslations } from '../../test/translations';
import { dictionaryKeys } from '../dictionary-select/api';
import { FormRenderer, type FormRendererProps } from './form-renderer';
import type { FormField, FormSchema } from './types';

beforeAll(() => loadTranslations(['form']));

afterEach(() => cleanup());

const input = (
  formId: number,
  vModel: string,
  label: string,
  config: Partial<FormField['__config__']> = {},
) => ({
  __config__: { jnpfKey: 'comInput', label, formId, span: 24, ...config },
  __vModel__: vModel,
});

function renderForm(schema: FormSchema, props: Partial<FormRendererProps> = {}, client = new QueryClient()) {
  let form!: FormInstance;
  function Host() {
    [form] = Form.useForm();
    return <FormRenderer schema={schema} form={form} {...props} />;
  }
  render(
    <QueryClientProvider client={client}>
      <Host />
    </QueryClientProvider>,
  );
  return () => form;
}

const errors = () =>
  Array.from(document.querySelectorAll('.ant-form-item-explain-error'), (node) => node.textContent);

describe('FormRenderer', { timeout: 30_000 }, () => {
  it('refuses an empty required field with "{label}不能为空" and a value failing regList with its message', async () => {
    const form = renderForm({
      fields: [
        input(101, 'name', '姓名', { required: true }),
        input(102, 'code', '编码', { regList: [{ pattern: '/^\\d+$/', message: '只能输入数字' }] }),
        input(103, 'note', '备注', { regList: [{ pattern: '/^\\d+$/', message: '备注只能是数字' }] }),
      ],
    });
    fireEvent.change(document.getElementById('code') as HTMLInputElement, { target: { value: 'ab' } });
    await act(async () => {
      await form()
        .validateFields()
        .catch(() => undefined);
    });
    // The pattern is checked only when there is a value: the empty note passes.
    await waitFor(() => expect(errors()).toEqual(['姓名不能为空', '只能输入数字']));
    fireEvent.change(document.getElementById('name') as HTMLInputElement, { target: { value: '张三' } });
    fireEvent.change(document.getElementById('code') as HTMLInputElement, { target: { value: '42' } });
    let values: unknown;
    await act(async () => {
      values = await form().validateFields();
    });
    expect(values).toEqual({ name: '张三', code: '42' });
  });

  it('treats an empty array as empty for a required checkbox', async () => {
    const form = renderForm({
      fields: [
        {
          __config__: { jnpfKey: 'checkbox', label: '爱好', formId: 1, required: true, defaultValue: [] },
          __vModel__: 'hobby',
          options: [{ id: 'a', fullName: '读书' }],
        },
      ],
    });
    await act(async () => {
      await form()
        .validateFields()
        .catch(() => undefined);
    });
    await waitFor(() => expect(errors()).toEqual(['爱好不能为空']));
  });

  it('shows only granted fields when form permissions are given; display-only keys stay', async () => {
    renderForm(
      {
        fields: [
          input(1, 'name', '姓名'),
          input(2, 'salary', '薪资'),
          {
            __config__: {
              jnpfKey: 'card',
              formId: 3,
              layout: 'rowFormItem',
              children: [input(4, 'phone', '电话')],
            },
            header: '联系方式',
          },
          { __config__: { jnpfKey: 'JNPFText', formId: 5, defaultValue: '说明文字' } },
        ],
      },
      { permissions: ['name', 'phone'] },
    );
    await screen.findByText('姓名');
    expect(screen.getByText('电话')).toBeTruthy();
    expect(screen.getByText('联系方式')).toBeTruthy();
    expect(screen.getByText('说明文字')).toBeTruthy();
    expect(screen.queryByText('薪资')).toBeNull();
    expect(document.getElementById('salary')).toBeNull();
  });

  it('shows every field when no permission list is given', async () => {
    renderForm({ fields: [input(1, 'name', '姓名'), input(2, 'salary', '薪资')] });
    await screen.findByText('姓名');
    expect(screen.getByText('薪资')).toBeTruthy();
  });

  it('shows a number with thousands separators and the amount in Chinese capitals in the detail view', async () => {
    renderForm(
      {
        fields: [
          {
            __config__: { jnpfKey: 'numInput', label: '金额', formId: 1 },
            __vModel__: 'amount',
            precision: 2,
            thousands: true,
            isAmountChinese: true,
          },
        ],
      },
      { readOnly: true, values: { amount: 1234567.5 } },
    );
    expect(await screen.findByText('1,234,567.50')).toBeTruthy();
    expect(screen.getByText('壹佰贰拾叁万肆仟伍佰陆拾柒元伍角')).toBeTruthy();
    expect(document.querySelector('input')).toBeNull();
  });

  it('shows the grouped number while editing and submits the plain number', async () => {
    const form = renderForm({
      fields: [
        {
          __config__: { jnpfKey: 'numInput', label: '金额', formId: 1 },
          __vModel__: 'amount',
          thousands: true,
        },
      ],
    });
    const field = (await screen.findByRole('spinbutton')) as HTMLInputElement;
    fireEvent.change(field, { target: { value: '1234567' } });
    fireEvent.blur(field);
    await waitFor(() => expect(field.value).toBe('1,234,567'));
    expect(form().getFieldValue('amount')).toBe(1234567);
  });

  it('keeps a noShow field hidden but submits its default', async () => {
    const form = renderForm({ fields: [input(1, 'secret', '隐藏', { noShow: true, defaultValue: 'x' })] });
    await waitFor(() => expect(document.getElementById('secret')).toBeTruthy());
    const column = document.getElementById('secret')?.closest('.form-item')?.parentElement as HTMLElement;
    expect(column.style.display).toBe('none');
    let values: unknown;
    await act(async () => {
      values = await form().validateFields();
    });
    expect(values).toEqual({ secret: 'x' });
  });

  it('recalculates a calculate field 100 ms after the last change, rounded to its precision', async () => {
    const form = renderForm({
      fields: [
        { __config__: { jnpfKey: 'numInput', label: '单价', formId: 1 }, __vModel__: 'price' },
        { __config__: { jnpfKey: 'numInput', label: '数量', formId: 2 }, __vModel__: 'qty' },
        {
          __config__: { jnpfKey: 'calculate', label: '合计', formId: 3, isStorage: 2 },
          __vModel__: 'total',
          expression: [{ __vModel__: 'price' }, '×', { __vModel__: 'qty' }, '÷', '3'],
          precision: 2,
          thousands: true,
        },
      ],
    });
    const total = (await waitFor(() => document.getElementById('total'))) as HTMLInputElement;
    // Empty inputs count as 0.
    await waitFor(() => expect(total.value).toBe('0.00'));
    vi.useFakeTimers();
    try {
      await act(async () => form().setFieldsValue({ price: 1000, qty: 10 }));
      act(() => vi.advanceTimersByTime(99));
      expect(total.value).toBe('0.00');
      // Another change within the 100 ms starts the wait again.
      await act(async () => form().setFieldsValue({ qty: 20 }));
      act(() => vi.advanceTimersByTime(99));
      expect(total.value).toBe('0.00');
      act(() => vi.advanceTimersByTime(1));
      expect(total.value).toBe('6,666.67');
      expect(form().getFieldValue('total')).toBe(6666.67);
    } finally {
      vi.useRealTimers();
    }
  });

  it('keeps stored choices and shows dictionary and static option labels in the detail view', async () => {
    const client = new QueryClient();
    // DictionaryData/All as if already loaded: no server in a unit test.
    client.setQueryData(dictionaryKeys.allData(), [
      {
        id: 'type-1',
        enCode: 'level',
        isTree: 0,
        dictionaryList: [
          { id: 'd1', fullName: '一级' },
          { id: 'd2', fullName: '二级' },
        ],
      },
    ]);
    const form = renderForm(
      {
        fields: [
          {
            __config__: {
              jnpfKey: 'select',
              label: '级别',
              formId: 1,
              dataType: 'dictionary',
              dictionaryType: 'level',
            },
            __vModel__: 'level',
          },
          {
            __config__: {
              jnpfKey: 'checkbox',
              label: '渠道',
              formId: 2,
              dataType: 'static',
              defaultValue: [],
            },
            __vModel__: 'channels',
            options: [
              { id: 'a', fullName: '电话' },
              { id: 'b', fullName: '邮件' },
            ],
          },
        ],
      },
      { readOnly: true, values: { level: 'd2', channels: ['a', 'b'] } },
      client,
    );
    expect(await screen.findByText('二级')).toBeTruthy();
    expect(screen.getByText('电话, 邮件')).toBeTruthy();
    expect(form().getFieldsValue()).toEqual({ level: 'd2', channels: ['a', 'b'] });
  });
});
