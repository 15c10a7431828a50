import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadTranslations } from '../../test/translations';
import * as api from './api';
import { PortalManageDialog } from './portal-manage-drawer';

vi.mock('./api', async (original) => ({
  ...(await original<typeof import('./api')>()),
  fetchPortalManage: vi.fn(),
  fetchPortalChoices: vi.fn(),
  savePortalManage: vi.fn(),
}));

beforeAll(() => loadTranslations(['portalManage']));
afterEach(() => cleanup());
beforeEach(() => {
  vi.clearAllMocks();
  vi.mocked(api.fetchPortalManage).mockResolvedValue({
    id: 'r1',
    portalId: 'p9',
    systemId: 's1',
    platform: 'App',
    fullName: '旧门户',
    categoryId: 'c1',
    categoryName: '领导门户',
    sortCode: 5,
    enabledMark: 0,
    description: '说明',
    version: 3,
  });
  vi.mocked(api.fetchPortalChoices).mockResolvedValue({
    list: [],
    pagination: { currentPage: 1, pageSize: 50, total: 0 },
  });
});

const show = (target: { id?: string }, onClose = vi.fn()) => {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <PortalManageDialog target={target} systemId="s1" platform="Web" onClose={onClose} />
    </QueryClientProvider>,
  );
  return onClose;
};

const ok = () =>
  act(async () => {
    fireEvent.click(screen.getByRole('button', { name: /确\s?定/ }));
  });

describe('portal management dialog', { timeout: 60_000 }, () => {
  it('an edit keeps the record’s platform and portal (no longer offered) and sends the version it read', async () => {
    vi.mocked(api.savePortalManage).mockResolvedValue('修改成功');
    const onClose = show({ id: 'r1' });
    await screen.findByText('旧门户（领导门户）');
    expect((screen.getByLabelText('门户分类') as HTMLInputElement).value).toBe('领导门户');
    expect(api.fetchPortalChoices).toHaveBeenLastCalledWith('s1', 'App', '');
    await ok();
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(api.savePortalManage).toHaveBeenCalledWith({
      id: 'r1',
      version: 3,
      portalId: 'p9',
      systemId: 's1',
      platform: 'App',
      sortCode: 5,
      enabledMark: 0,
      description: '说明',
    });
  });

  it('an add without a portal is refused and nothing is saved', async () => {
    const onClose = show({});
    await screen.findByText('添加');
    await ok();
    expect(await screen.findByText('请选择门户')).toBeTruthy();
    expect(api.savePortalManage).not.toHaveBeenCalled();
    expect(api.fetchPortalManage).not.toHaveBeenCalled();
    expect(onClose).not.toHaveBeenCalled();
  });
});
