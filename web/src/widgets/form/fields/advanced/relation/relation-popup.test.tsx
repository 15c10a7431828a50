import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { App } from 'antd';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadTranslations } from '../../../../../test/translations';
import { RelationPopup } from './relation-popup';

beforeAll(() => loadTranslations(['formAdvanced']));
afterEach(() => cleanup());

const rows = [
  { id: 'r1', fullName: '甲公司' },
  { id: 'r2', fullName: '乙公司' },
];

function show(popupType: string, onConfirm = vi.fn(), onCancel = vi.fn()) {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <App>
        <RelationPopup
          title="选择客户"
          popupType={popupType}
          anchor={<input aria-label="客户" readOnly />}
          columns={[{ value: 'fullName', label: '名称' }]}
          sourceKey={['test', popupType]}
          load={async () => ({ list: rows, total: rows.length })}
          rowKey="id"
          onConfirm={onConfirm}
          onCancel={onCancel}
        />
      </App>
    </QueryClientProvider>,
  );
  return { onConfirm, onCancel };
}

describe('relation popup', { timeout: 60_000 }, () => {
  it('popover: opens under its field, 700 px wide with a 300 px table, and confirms the row clicked', async () => {
    const { onConfirm } = show('popover');
    const popover = await screen.findByTestId('relation-popover');
    expect(document.querySelector('.ant-modal')).toBeNull();
    expect(popover.closest('.ant-popover')).not.toBeNull();
    expect(popover.className).toContain('form-advanced__popover');
    expect(
      screen.getByRole('textbox', { name: '客户' }).closest('.form-advanced__popover-anchor'),
    ).not.toBeNull();
    expect((popover.querySelector('.ant-table-body') as HTMLElement | null)?.style.maxHeight).toBe('300px');
    fireEvent.click(await screen.findByText('乙公司'));
    fireEvent.click(screen.getByRole('button', { name: /^确\s?定$/ }));
    expect(onConfirm).toHaveBeenCalledWith([rows[1]]);
  });

  it('dialog: a centred dialog with a 420 px table', async () => {
    show('dialog');
    await screen.findByText('甲公司');
    expect(document.querySelector('.ant-modal')).not.toBeNull();
    expect(screen.queryByTestId('relation-popover')).toBeNull();
    expect((document.querySelector('.ant-table-body') as HTMLElement | null)?.style.maxHeight).toBe('420px');
  });
});
