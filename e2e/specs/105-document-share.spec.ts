import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { appUrl, OK, savedDownload, screenshots, settled } from '../support/browser';
import { toast } from '../support/toasts';
import { pickerDialog } from './4x-support';
import { signInAdmin } from './5x-support';
import { api, setPassword, signInUser, specBrowser } from './6x-support';

const FOLDER = '部门通知';
const FILE = '十二月值班安排.txt';
const CONTENT = '十二月值班安排：周一孙浩，周二朱琳，周三王建国。\n';

const shot = (page: Page, name: string) => page.screenshot({ path: resolve(screenshots, `105-${name}.png`) });

/** The dialog whose title contains `title`. */
const dialogOf = (page: Page, title: string | RegExp): Locator =>
  page
    .locator('.ant-modal')
    .filter({ has: page.locator('.ant-modal-title', { hasText: title }) })
    .last();

const rowOf = (page: Page, name: string) =>
  page.getByTestId('document-page').locator('.ant-table-row', { hasText: name });

async function confirmModal(page: Page, text: RegExp) {
  const confirm = page.locator('.ant-modal-confirm').last();
  await confirm.getByText(text).waitFor();
  await confirm.getByRole('button', { name: OK }).click();
}

async function openDocuments(page: Page) {
  await page.goto(appUrl('/extend/document'));
  await page.getByTestId('document-page').waitFor();
}

describe('document centre: a file shared between two users', () => {
  const browser = specBrowser('105');

  it('user A uploads into a folder and shares a file; user B sees, previews and downloads it; the recycle bin ends it', {
    timeout: 180_000,
  }, async () => {
    const admin = await browser.page();
    await signInAdmin(admin);
    await setPassword(admin, 'sunhao', 'Start#2026a');
    await setPassword(admin, 'zhulin', 'Start#2026b');

    // User A (孙浩): a folder, a file uploaded into it in chunks, a preview.
    const a = await browser.page();
    await signInUser(a, 'sunhao', 'Start#2026a', 'Docs#2026a');
    // A retry starts where the first attempt did: A's folder and recycle bin without its leftovers.
    const left = await api<{ list: { id: string; fullName: string }[] }>(a, 'GET', '/api/extend/Document');
    for (const row of left.data.list.filter((row) => row.fullName === FOLDER))
      await api(a, 'DELETE', `/api/extend/Document/${row.id}`);
    const trash = await api<{ list: { id: string }[] }>(a, 'GET', '/api/extend/Document/Trash');
    for (const row of trash.data.list) await api(a, 'DELETE', `/api/extend/Document/Trash/${row.id}`);
    await openDocuments(a);
    await a.getByRole('menuitem', { name: '全部文档' }).waitFor();
    await a.getByRole('button', { name: '新建文件夹' }).click();
    const naming = dialogOf(a, '新建文件夹');
    await naming.getByRole('button', { name: OK }).click();
    await naming.getByText('请输入名称').waitFor();
    await naming.getByLabel('名称').fill(FOLDER);
    await naming.getByRole('button', { name: OK }).click();
    await toast(a, 'success', '新建成功');
    await naming.waitFor({ state: 'hidden' });
    await rowOf(a, FOLDER).getByRole('button', { name: FOLDER }).click();
    await a.locator('.document-page__path').getByText(FOLDER).waitFor();
    await a.getByText('此文件夹为空').waitFor();

    await a.getByTestId('document-upload-input').setInputFiles({
      name: FILE,
      mimeType: 'text/plain',
      buffer: Buffer.from(CONTENT),
    });
    await toast(a, 'success', `${FILE} 上传成功`);
    const fileRow = rowOf(a, FILE);
    await fileRow.waitFor();
    await expect(fileRow.textContent()).resolves.toMatch(/\d+ B/);

    await fileRow.getByRole('button', { name: '预览' }).click();
    const preview = dialogOf(a, `预览：${FILE}`);
    await preview.getByText('周二朱琳').waitFor();
    await settled(a);
    await shot(a, 'preview');
    await preview.getByRole('button', { name: /close|关闭/i }).click();
    await preview.waitFor({ state: 'hidden' });

    // Share with 朱琳, chosen in the organisation tree of the user picker.
    await fileRow.getByRole('button', { name: '共享', exact: true }).click();
    const sharing = dialogOf(a, `共享“${FILE}”`);
    await expect(sharing.getByRole('button', { name: OK }).isDisabled()).resolves.toBe(true);
    await sharing.getByTestId('user-select').click();
    const picker = pickerDialog(a);
    const tree = picker.locator('.org-picker__source .ant-tree:visible');
    await tree.getByText('人力资源和社会保障局', { exact: true }).first().waitFor();
    const unit = tree.locator('.ant-tree-treenode', { hasText: '人力资源和社会保障局' }).first();
    await unit.locator('.ant-tree-switcher').click();
    await tree.getByText(/朱琳/).first().click();
    await picker.getByTestId('org-picker-selected').getByText(/朱琳/).first().waitFor();
    await picker.getByRole('button', { name: OK }).click();
    await picker.waitFor({ state: 'hidden' });
    await sharing.getByTestId('user-select').getByText(/朱琳/).waitFor();
    await settled(a);
    await shot(a, 'share-dialog');
    await sharing.getByRole('button', { name: OK }).click();
    await toast(a, 'success', '共享成功');
    await sharing.waitFor({ state: 'hidden' });

    await a.getByRole('menuitem', { name: '我的共享' }).click();
    await rowOf(a, FILE).waitFor();
    await settled(a);
    await shot(a, 'my-shares');

    // User B (朱琳), in a browser context of its own: shared with me, preview, download.
    const b = await browser.page();
    await signInUser(b, 'zhulin', 'Start#2026b', 'Docs#2026b');
    await openDocuments(b);
    await b.getByText('此文件夹为空').waitFor();
    await b.getByRole('menuitem', { name: '共享给我' }).click();
    const shared = rowOf(b, FILE);
    await shared.waitFor();
    await shared.getByText('孙浩/sunhao').waitFor();
    // B reads the file but cannot rename, move, share or delete it.
    for (const action of ['重命名', '移动到', '删除', '共享'])
      await expect(shared.getByRole('button', { name: action, exact: true }).count()).resolves.toBe(0);
    await settled(b);
    await shot(b, 'shared-with-me');
    const [download] = await Promise.all([
      b.waitForEvent('download'),
      shared.getByRole('button', { name: '下载' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(FILE);
    await expect(readFile(await savedDownload(download), 'utf8')).resolves.toBe(CONTENT);

    // A puts the file in the recycle bin: the share ends for B; A restores it.
    await a.getByRole('menuitem', { name: '全部文档' }).click();
    await rowOf(a, FOLDER).getByRole('button', { name: FOLDER }).click();
    await rowOf(a, FILE).getByRole('button', { name: '删除' }).click();
    await confirmModal(a, /放入回收站/);
    await toast(a, 'success', '已放入回收站');
    await rowOf(a, FILE).waitFor({ state: 'detached' });
    await b.getByRole('button', { name: '刷新' }).click();
    await rowOf(b, FILE).waitFor({ state: 'detached' });
    await b.getByText('还没有共享给我的文件').waitFor();

    await a.getByRole('menuitem', { name: '回收站' }).click();
    const trashed = rowOf(a, FILE);
    await trashed.waitFor();
    await settled(a);
    await shot(a, 'recycle-bin');
    await trashed.getByRole('button', { name: '还原' }).click();
    await confirmModal(a, /还原/);
    await toast(a, 'success', '还原成功');
    await a.getByText('回收站为空').waitFor();
    await a.getByRole('menuitem', { name: '全部文档' }).click();
    await rowOf(a, FOLDER).getByRole('button', { name: FOLDER }).click();
    await rowOf(a, FILE).waitFor();
  });
});
