import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { appUrl, OK, screenshots, settled } from '../support/browser';
import { toast } from '../support/toasts';
import { unique } from '../support/unique';
import { signInAdmin } from './5x-support';
import { specBrowser } from './6x-support';
import { createReleasedSampleDesign } from './8x-support';

const RUN = unique();

describe('web design external links (外链设置, issue #12)', () => {
  const spec = specBrowser('88');

  it('publishes a password-protected form link; a visitor without a session adds a record the administrator sees', async () => {
    const admin = await spec.page();
    await signInAdmin(admin);
    const enCode = `e2eLink${RUN}`;
    const fullName = `E2E外链报名${RUN}`;
    const design = await createReleasedSampleDesign(admin, { fullName, enCode });

    // 外链设置 from the design's row: switch the form link on with a password.
    await admin.goto(appUrl('/onlineDev/webDesign'));
    const list = admin.getByTestId('web-design-page');
    await list.locator('.ant-table').waitFor();
    const keyword = list.getByPlaceholder('请输入名称或编码');
    await keyword.fill(enCode);
    await keyword.press('Enter');
    const row = list.locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: fullName });
    await row.waitFor();
    await row.getByRole('button', { name: '外链设置' }).click();
    const dialog = admin.getByTestId('short-link-dialog');
    await dialog.waitFor();
    await expect(admin.getByTestId('short-link-form-url').inputValue()).resolves.toBe('保存设置后生成链接');
    await admin.getByTestId('short-link-form-use').click();
    await admin.getByTestId('short-link-form-pass-use').click();
    // The password is required once the switch is on.
    await admin.getByTestId('short-link-save').click();
    await dialog.getByText('请输入访问密码', { exact: true }).waitFor();
    await admin.getByTestId('short-link-form-password').fill('Link#2026');
    await admin.getByTestId('short-link-save').click();
    await toast(admin, 'success', '外链设置已保存');
    const urlBox = admin.getByTestId('short-link-form-url');
    await expect
      .poll(() => urlBox.inputValue())
      .toMatch(/#\/formShortLink\?modelId=.+&type=form&encryption=[A-Za-z0-9_-]{32}$/);
    const url = await urlBox.inputValue();
    expect(url).toContain(`modelId=${design.id}`);
    await admin.getByTestId('short-link-form-password').waitFor();
    await expect(admin.getByTestId('short-link-form-password').getAttribute('placeholder')).resolves.toBe(
      '已设置密码，留空则不修改',
    );
    await settled(admin);
    await admin
      .locator('.ant-modal')
      .filter({ has: dialog })
      .screenshot({ path: join(screenshots, '88-short-link-dialog.png') });
    await admin.getByRole('button', { name: /^关\s闭$/ }).click();

    // A visitor: a fresh browser context, no session.
    const visitor = await spec.page();
    await visitor.goto(url);
    const pageRoot = visitor.getByTestId('form-short-link-page');
    await pageRoot.waitFor();
    await expect(visitor.evaluate(() => localStorage.getItem('console_token'))).resolves.toBeNull();
    const step = visitor.getByTestId('short-link-password-step');
    await step.waitFor();
    await step.getByPlaceholder('请输入访问密码').fill('wrong-password');
    await step.getByRole('button', { name: OK }).click();
    await toast(visitor, 'error', '密码错误');
    await step.getByPlaceholder('请输入访问密码').fill('Link#2026');
    await step.getByRole('button', { name: OK }).click();
    const form = visitor.getByTestId('short-link-form');
    await form.waitFor();
    // Fields that need a session or that the server fills are not offered.
    await expect(form.getByText('创建人').count()).resolves.toBe(0);
    await form
      .locator('.ant-form-item')
      .filter({ hasText: '标题' })
      .first()
      .locator('input')
      .fill('访客的报名');
    await form.locator('.ant-form-item').filter({ hasText: '金额' }).first().locator('input').fill('88');
    await settled(visitor);
    await visitor.screenshot({ path: join(screenshots, '88-short-link-form.png') });
    await visitor.getByTestId('short-link-submit').click();
    await visitor.getByTestId('short-link-sent').waitFor();
    await visitor.getByText('提交成功').waitFor();
    await visitor.screenshot({ path: join(screenshots, '88-short-link-sent.png') });

    // The administrator finds the record in the generated list.
    // Reloaded: the menus were read at sign-in, before the release added this one.
    await admin.goto(appUrl(`/model/${enCode}`));
    await admin.reload();
    const generated = admin.getByTestId('online-dev-page');
    await generated.locator('.ant-table').waitFor();
    await generated.locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: '访客的报名' }).waitFor();
    await admin.screenshot({ path: join(screenshots, '88-generated-list.png') });

    // The list link: chosen columns and search field only, open without a password.
    await admin.goto(appUrl('/onlineDev/webDesign'));
    await list.locator('.ant-table').waitFor();
    await keyword.fill(enCode);
    await keyword.press('Enter');
    await row.waitFor();
    await row.getByRole('button', { name: '外链设置' }).click();
    await dialog.waitFor();
    await admin.getByTestId('short-link-list-use').click();
    const pick = async (label: string, option: string) => {
      await dialog
        .locator('.ant-form-item')
        .filter({ hasText: label })
        .locator('.ant-select')
        .first()
        .click();
      await admin
        .locator('.ant-select-dropdown:visible .ant-select-item-option')
        .filter({ hasText: option })
        .click();
      await admin.keyboard.press('Escape');
      // The closing dropdown stays in the page while it fades: wait, or the next pick finds it.
      await expect.poll(() => admin.locator('.ant-select-dropdown:visible').count()).toBe(0);
    };
    await pick('列表字段', '标题');
    await pick('列表字段', '金额');
    await pick('查询条件', '标题');
    await admin.getByTestId('short-link-save').click();
    await toast(admin, 'success', '外链设置已保存');
    const listUrl = await admin.getByTestId('short-link-list-url').inputValue();
    expect(listUrl).toMatch(/type=list/);
    await admin.getByRole('button', { name: /^关\s闭$/ }).click();

    const reader = await spec.page();
    await reader.goto(listUrl);
    const table = reader.getByTestId('short-link-list');
    await table.locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: '访客的报名' }).waitFor();
    const headers = (await table.locator('.ant-table-thead th').allInnerTexts()).map((h) => h.trim());
    expect(headers).toEqual(['标题', '金额', '操作']);
    await table.locator('.ant-form-item').filter({ hasText: '标题' }).locator('input').fill('没有这条');
    await table.getByRole('button', { name: /^查\s?询$/ }).click();
    await table.locator('.ant-empty').waitFor();
    await table.locator('.ant-form-item').filter({ hasText: '标题' }).locator('input').fill('访客');
    await table.getByRole('button', { name: /^查\s?询$/ }).click();
    const found = table.locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: '访客的报名' });
    await found.waitFor();
    await settled(reader);
    await reader.screenshot({ path: join(screenshots, '88-short-link-list.png') });
    await found.getByRole('button', { name: '详情' }).click();
    const details = reader.locator('.ant-modal .ant-descriptions');
    await details.getByText('访客的报名').waitFor();
    await expect(details.locator('.ant-descriptions-item-label').allInnerTexts()).resolves.toEqual([
      '标题',
      '金额',
    ]);
  });
});
