import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadTranslations } from '../../../test/translations';
import IconsPage from './icons-page';

beforeAll(() => loadTranslations(['systemIcons']));
afterEach(() => cleanup());

describe('system icons page', { timeout: 180_000 }, () => {
  it('filters by name as one types and copies the name of the clicked icon', async () => {
    const writeText = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    render(<IconsPage />);
    const grid = screen.getByRole('list', { name: '线框风格' });
    expect(within(grid).getAllByRole('button').length).toBeGreaterThan(300);

    const search = screen.getByRole('textbox', { name: '请输入图标名称' });
    const find = (value: string) => {
      fireEvent.change(search, { target: { value } });
    };
    find('no-such-icon');
    expect(screen.getByText('没有找到图标')).toBeTruthy();

    find('printer');
    const found = within(screen.getByRole('list', { name: '线框风格' })).getAllByRole('button');
    expect(found.map((b) => b.textContent)).toEqual(['PrinterOutlined']);
    await act(async () => {
      fireEvent.click(found[0]!);
    });
    expect(writeText).toHaveBeenCalledWith('PrinterOutlined');
  });
});
