import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App } from 'antd';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadTranslations } from '../../../test/translations';
import { FormRenderer } from '../form-renderer';
import type { FormSchema } from '../types';
import { FormViewer } from './form-viewer';

beforeAll(() => loadTranslations(['form', 'formAdvanced']));

afterEach(() => cleanup());

const fields: FormSchema['fields'] = [
  { __config__: { jnpfKey: 'comInput', label: '标题', span: 24 }, __vModel__: 'title' },
];

function show(schema: FormSchema, preview = false) {
  const onClose = vi.fn();
  render(
    <QueryClientProvider client={new QueryClient()}>
      <App>
        <FormViewer
          schema={schema}
          values={{ title: '采购单 1' }}
          preview={preview}
          onClose={onClose}
          Renderer={FormRenderer}
        />
      </App>
    </QueryClientProvider>,
  );
  return onClose;
}

describe('form detail viewer (widgets.md 2)', { timeout: 60_000 }, () => {
  it('a general form opens as a dialog titled details with the values read-only, print text from the form', async () => {
    const onClose = show({ fields, popupType: 'general', hasPrintBtn: true, printButtonText: '打印单据' });
    await screen.findByText('采购单 1');
    expect(document.querySelector('.ant-modal .form-renderer-detail')).not.toBeNull();
    expect(document.querySelector('.ant-modal input')).toBeNull();
    expect(screen.getByText('详情')).toBeTruthy();
    expect(screen.getByTestId('viewer-print').textContent).toContain('打印单据');
    fireEvent.click(screen.getByRole('button', { name: /取\s?消/ }));
    expect(onClose).toHaveBeenCalled();
  });

  it('a drawer form opens as a drawer without a print button unless asked', async () => {
    show({ fields, popupType: 'drawer' });
    await screen.findByText('采购单 1');
    expect(document.querySelector('.ant-drawer .form-viewer__body')).not.toBeNull();
    expect(screen.queryByTestId('viewer-print')).toBeNull();
  });

  it('in function preview, print is refused instead of printing', async () => {
    const print = vi.spyOn(window, 'print').mockImplementation(() => undefined);
    show({ fields, popupType: 'fullScreen', hasPrintBtn: true }, true);
    await screen.findByText('采购单 1');
    expect(document.querySelector('.form-viewer--full')).not.toBeNull();
    fireEvent.click(screen.getByTestId('viewer-print'));
    await waitFor(() => expect(print).not.toHaveBeenCalled());
  });
});
