import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../../base/session/session-store';
import type { MenuNode } from '../../base/session/session-types';
import { DesignRowActions, useDesignActions, useDesignMenu } from './design-list';
import { PermissionScope } from './permission';

afterEach(() => cleanup());

const LABELS: Record<string, string> = {
  'actions.more': '更多',
  'actions.copy': '复制',
  'actions.export': '导出',
  'actions.delete': '删除',
  'actions.design': '设计',
  'actions.ok': '确定',
  'actions.cancel': '取消',
  'confirm.title': '提示',
  'confirm.copy': '确定复制？',
};
const t = (key: string) => LABELS[key] ?? key;

function grant(buttons: string[]) {
  const menu = { id: 'm1', type: 2, enCode: 'demo.list', urlAddress: 'demo/list', fullName: '示例' };
  useSession.setState({
    menuList: [menu as unknown as MenuNode],
    permissionList: [{ modelId: 'm1', button: buttons.map((enCode) => ({ enCode })) }] as never,
  });
}

function Row({ copy }: { copy: () => Promise<string | undefined> }) {
  const actions = useDesignActions(t, 'done', async () => undefined);
  const menu = useDesignMenu()({
    t,
    actions,
    copy,
    exportFile: async () => undefined,
    exportCode: 'btn_export',
    remove: async () => undefined,
    removeConfirm: '确定删除？',
    first: [{ key: 'versions', label: '版本' }],
  });
  return (
    <>
      <DesignRowActions
        t={t}
        name="甲"
        actions={[{ code: 'btn_edit', label: '设计', onClick: () => {} }]}
        menu={menu}
      />
      {actions.modalHolder}
    </>
  );
}

const show = (copy = vi.fn(async () => '复制成功')) =>
  render(
    <MemoryRouter>
      <PermissionScope address="demo/list">
        <Row copy={copy} />
      </PermissionScope>
    </MemoryRouter>,
  );

describe('design row actions', { timeout: 60_000 }, () => {
  it('shows only the granted buttons and menu items, and copies after the confirmation', async () => {
    grant(['btn_copy', 'btn_edit']);
    const copy = vi.fn(async () => '复制成功');
    show(copy);
    expect(screen.getByRole('button', { name: '设计' })).toBeTruthy();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: '更多 甲' }));
    });
    const items = (await screen.findAllByRole('menuitem')).map((item) => item.textContent);
    expect(items).toEqual(['版本', '复制']);
    await act(async () => {
      fireEvent.click(screen.getByRole('menuitem', { name: '复制' }));
    });
    expect(await screen.findByText('确定复制？')).toBeTruthy();
    expect(copy).not.toHaveBeenCalled();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: '确 定' }));
    });
    expect(copy).toHaveBeenCalledTimes(1);
  });

  it('offers export and delete with their buttons, and no design link without btn_edit', async () => {
    grant(['btn_export', 'btn_remove']);
    show();
    expect(screen.queryByRole('button', { name: '设计' })).toBeNull();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: '更多 甲' }));
    });
    const items = (await screen.findAllByRole('menuitem')).map((item) => item.textContent);
    expect(items).toEqual(['版本', '导出', '删除']);
  });
});
