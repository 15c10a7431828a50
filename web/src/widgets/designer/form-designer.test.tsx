import { parseFormData } from '@console/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadTranslations } from '../../test/translations';
import { dictionaryKeys } from '../dictionary-select/api';
import { FormDesigner } from './form-designer';
import type { DesignerForm } from './state';
import { emptyForm } from './state';

beforeAll(() => loadTranslations(['designer', 'form']));
afterEach(() => cleanup());

function renderDesigner() {
  const changes: DesignerForm[] = [];
  const client = new QueryClient();
  client.setQueryData(dictionaryKeys.types(), []);
  render(
    <QueryClientProvider client={client}>
      <FormDesigner value={emptyForm()} onChange={(form) => changes.push(form)} />
    </QueryClientProvider>,
  );
  return () => changes.at(-1) as DesignerForm;
}

// Rendering the whole designer in jsdom is slow on a loaded machine: generous time, no timing asserted.
describe('FormDesigner', { timeout: 180_000 }, () => {
  it('adds fields from the palette by click and by Enter, edits them in the property panel, undoes', () => {
    const latest = renderDesigner();
    fireEvent.click(screen.getByTestId('palette-comInput'));
    const props = screen.getByTestId('designer-field-props');
    fireEvent.change(within(props).getByRole('textbox', { name: '标题' }), { target: { value: '客户名称' } });
    fireEvent.keyDown(screen.getByTestId('palette-table'), { key: 'Enter' });
    fireEvent.click(screen.getByTestId('palette-numInput'));

    const form = latest();
    expect(form.fields.map((field) => field.__config__.jnpfKey)).toEqual(['comInput', 'table']);
    expect(form.fields[0]?.__config__.label).toBe('客户名称');
    expect(form.fields[1]?.__config__.children?.map((field) => field.__config__.jnpfKey)).toEqual([
      'numInput',
    ]);
    expect(parseFormData(JSON.stringify(form)).ok).toBe(true);
    expect(screen.getByRole('button', { name: '客户名称' })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: '撤销 (Ctrl+Z)' }));
    expect(latest().fields[1]?.__config__.children).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: '重做 (Ctrl+Y)' }));
    expect(latest().fields[1]?.__config__.children).toHaveLength(1);
  });

  it('copies the selected field, moves it with Alt+ArrowUp, deletes it with its toolbar and a focused one with Delete', () => {
    const latest = renderDesigner();
    fireEvent.click(screen.getByTestId('palette-select'));
    fireEvent.click(screen.getByRole('button', { name: '复制' }));
    const [first, copy] = latest().fields;
    expect(copy?.__vModel__).not.toBe(first?.__vModel__);
    // Alt+ArrowUp moves the copy above the original (the keyboard way to reorder).
    fireEvent.keyDown(screen.getByTestId(`designer-field-${copy?.__config__.formId}`), {
      key: 'ArrowUp',
      altKey: true,
    });
    expect(latest().fields.map((field) => field.__config__.formId)).toEqual([
      copy?.__config__.formId,
      first?.__config__.formId,
    ]);
    fireEvent.click(screen.getByRole('button', { name: '删除' }));
    expect(latest().fields).toHaveLength(1);
    fireEvent.keyDown(screen.getByTestId(`designer-field-${first?.__config__.formId}`), { key: 'Delete' });
    expect(latest().fields).toHaveLength(0);
  });
});
