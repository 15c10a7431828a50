import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadTranslations } from '../../../test/translations';
import { dictionaryKeys } from '../dictionary/api';
import { BUSINESS_TYPE } from './api';
import { BillRuleDialog } from './bill-rule-dialog';

beforeAll(() => loadTranslations(['billRule', 'widgets']));

afterEach(() => cleanup());

function renderDialog() {
  const client = new QueryClient();
  // The category field's dictionary, as if already loaded: no server in a unit test.
  client.setQueryData(dictionaryKeys.dataSelector(BUSINESS_TYPE), []);
  render(
    <QueryClientProvider client={client}>
      <BillRuleDialog target={{}} onClose={() => undefined} />
    </QueryClientProvider>,
  );
}

const field = (id: string) => document.getElementById(`billRule_${id}`) as HTMLInputElement;

describe('bill rule dialog', { timeout: 30_000 }, () => {
  it('shows the messages of console.md 5 on an empty submit', async () => {
    renderDialog();
    await screen.findByText('新建单据');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: /确\s?定/ }));
    });
    // The category's placeholder reads like its message, so the messages are read from the form.
    const messages = () =>
      Array.from(document.querySelectorAll('.ant-form-item-explain-error'), (node) => node.textContent);
    await waitFor(() =>
      expect(messages()).toEqual(
        expect.arrayContaining([
          '请输入业务名称',
          '请输入业务编码',
          '请选择业务分类',
          '请输入流水前缀',
          '请输入流水位数',
          '请输入流水起始',
        ]),
      ),
    );
  });

  it('limits name and code to 50 characters with the exact messages', async () => {
    renderDialog();
    await screen.findByText('新建单据');
    fireEvent.change(field('fullName'), { target: { value: '名'.repeat(51) } });
    fireEvent.change(field('enCode'), { target: { value: 'a'.repeat(51) } });
    expect(await screen.findByText('业务名称最多为50个字符！')).toBeTruthy();
    expect(await screen.findByText('业务编码最多为50个字符！')).toBeTruthy();
  });

  it('recomputes the example on every change of prefix, date format, digit and start number', async () => {
    renderDialog();
    await screen.findByText('新建单据');
    const example = () => (screen.getByTestId('bill-rule-example') as HTMLInputElement).value;
    const now = new Date();
    const ymd = `${now.getFullYear()}${String(now.getMonth() + 1).padStart(2, '0')}${String(now.getDate()).padStart(2, '0')}`;
    fireEvent.change(field('prefix'), { target: { value: 'QJ' } });
    fireEvent.change(field('digit'), { target: { value: '4' } });
    fireEvent.change(field('startNumber'), { target: { value: '1' } });
    await waitFor(() => expect(example()).toBe(`QJ${ymd}0001`));
    fireEvent.change(field('prefix'), { target: { value: 'HT' } });
    await waitFor(() => expect(example()).toBe(`HT${ymd}0001`));
    fireEvent.change(field('digit'), { target: { value: '6' } });
    await waitFor(() => expect(example()).toBe(`HT${ymd}000001`));
    fireEvent.change(field('startNumber'), { target: { value: '25' } });
    await waitFor(() => expect(example()).toBe(`HT${ymd}000025`));
    // start number left-padded to the digit count when the field is left
    fireEvent.blur(field('startNumber'));
    await waitFor(() => expect(field('startNumber').value).toBe('000025'));
  });
});
