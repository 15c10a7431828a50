import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  adminPassword,
  appUrl,
  baseUrl,
  captchaFor,
  changeOwedPassword,
  launchBrowser,
  newPage,
  OK,
  rememberAdminPassword,
  screenshots,
  settled,
  signIn,
} from '../support/browser';
import { toast } from '../support/toasts';
import { unique } from '../support/unique';
import { signInAdmin } from './5x-support';
import { api, createOneApproverFlow, userIdOf } from './6x-support';
import { choose, pick } from './45-support';

async function shot(page: Page, name: string): Promise<void> {
  await settled(page);
  await page.screenshot({ path: join(screenshots, name) });
}

/** Password the administrator gets when this spec runs alone (02 normally changes it first). */
const CHANGED_PASSWORD = 'Zq7#pLm2vTk9';

/** Waits until the previous-sign-in notice has been shown (the record of toasts keeps it). */
const prevLoginShown = (page: Page) =>
  page.waitForFunction(() =>
    (window.__toasts ?? []).some((seen) => seen.kind === 'notification' && /IP/.test(seen.text)),
  );

/** The previous-sign-in notices on screen. */
const prevLoginNotices = (page: Page) =>
  page.locator('.ant-notification-notice').filter({ has: page.locator('.prev-login-notice') });

describe('the first hour (issue 23)', () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
  });

  const opened: Page[] = [];
  const fresh = async () => {
    const side = await newPage(browser);
    opened.push(side.page);
    return side;
  };

  afterEach(async (context) => {
    if (context.task.result?.state === 'fail') {
      // A retry that passes hides the first attempt's error from the report: say it here.
      console.log(`${context.task.name}: ${context.task.result.errors?.[0]?.message ?? ''}`);
      for (const [n, page] of opened.entries())
        await page.screenshot({ path: `/tmp/e2e-130-${n}-failure.png` }).catch(() => undefined);
    }
    for (const page of opened.splice(0))
      await page
        .context()
        .close()
        .catch(() => undefined);
  });

  afterAll(async () => {
    await browser?.close();
  });

  it('item 5: a sign-in shows the previous sign-in once', async () => {
    // Sign in once (changing the initial password when it is still owed), so that the next
    // sign-in has a previous one to tell about.
    const first = await fresh();
    await signIn(first.page, 'admin', adminPassword());
    await first.page.waitForURL(/#\/home/);
    const now = await changeOwedPassword(first.page, adminPassword(), CHANGED_PASSWORD);
    if (now !== adminPassword()) rememberAdminPassword(now);
    await first.context.close();

    const { context, page } = await fresh();
    await signIn(page, 'admin', adminPassword());
    await page.waitForURL(/#\/home/);
    await prevLoginShown(page);
    await page.getByTestId('home-greeting').waitFor();
    await page.waitForLoadState('networkidle');
    await settled(page);
    const recorded = await page.evaluate(
      () =>
        (window.__toasts ?? []).filter((seen) => seen.kind === 'notification' && /IP/.test(seen.text)).length,
    );
    // The record keeps every notice shown; on screen it may already have closed (about 6 s) on a
    // loaded machine, so only never two at once.
    expect(recorded).toBe(1);
    expect(await prevLoginNotices(page).count()).toBeLessThanOrEqual(1);

    // Signed out and in again in the same window: once again.
    await page.locator('.shell__user').click();
    await page.getByRole('menuitem', { name: /退出登录/ }).click();
    await page
      .locator('.ant-modal-confirm')
      .getByRole('button', { name: /确\s?定/ })
      .click();
    await page.waitForURL(/#\/login$/);
    await page.evaluate(() => window.__toasts?.splice(0));
    await signIn(page, 'admin', adminPassword());
    await page.waitForURL(/#\/home/);
    await prevLoginShown(page);
    await page.getByTestId('home-greeting').waitFor();
    await page.waitForLoadState('networkidle');
    await settled(page);
    const again = await page.evaluate(
      () =>
        (window.__toasts ?? []).filter((seen) => seen.kind === 'notification' && /IP/.test(seen.text)).length,
    );
    expect(again).toBe(1);
    expect(await prevLoginNotices(page).count()).toBeLessThanOrEqual(1);
    await context.close();
  }, 300_000);

  it('item 1: a new user gets a one-time initial password, signs in, changes it and is told that no page is granted yet', async () => {
    const admin = (await fresh()).page;
    await signInAdmin(admin);
    const units = await api<{ list: { fullName: string }[] }>(
      admin,
      'GET',
      '/api/permission/Organize/SelectorByAuth/0',
    );
    const unit = units.data.list[0]?.fullName ?? '';
    const account = `fh${unique()}`;

    await admin.goto(appUrl('/permission/user'));
    const userPage = admin.getByTestId('user-page');
    await userPage.locator('.ant-table-row').first().waitFor();
    await userPage
      .locator('.list-page__toolbar')
      .getByRole('button', { name: /新\s?建/ })
      .click();
    const dialog = admin.locator('.ant-modal').filter({ hasText: '新建用户' });
    await dialog.waitFor();
    // The dialog says how the first password is set.
    await dialog.getByTestId('user-initial-password-note').getByText('一次性初始密码').waitFor();
    await admin.locator('#user_account').fill(account);
    await admin.locator('#user_realName').fill('首小时');
    await choose(admin, dialog, '性别', '女');
    await pick(admin, dialog, 'organize-select', unit);
    await dialog.getByRole('button', { name: OK }).click();
    await dialog.waitFor({ state: 'hidden' });
    await toast(admin, 'success');

    // Shown once, with the account, in a dialog of its own.
    const shown = admin.getByTestId('initial-password');
    await shown.waitFor();
    await expect(admin.getByTestId('initial-password-account').textContent()).resolves.toBe(account);
    const password = (await admin.getByTestId('initial-password-value').textContent()) ?? '';
    expect(password).toMatch(/^[A-Za-z0-9]{12}$/);
    await shot(admin, '130-initial-password.png');
    await admin
      .locator('.initial-password-dialog .ant-modal-footer')
      .getByRole('button', { name: /关\s?闭/ })
      .click();
    await shown.waitFor({ state: 'detached' });

    // The user signs in with it: the forced change comes first, then the sign-in page says why
    // nothing opens (no role, no page) instead of a toast and a bounce.
    const user = (await fresh()).page;
    await signIn(user, account, password);
    const change = user.locator('.change-password-dialog');
    await change.waitFor();
    const next = `Fh#${unique()}a1`;
    await user.locator('#changePassword_oldPassword').fill(password);
    await user.locator('#changePassword_newPassword').fill(next);
    await user.locator('#changePassword_repeatPassword').fill(next);
    const src = (await change.locator('.image-code-button img').getAttribute('src')) ?? '';
    await user.locator('#changePassword_code').fill(await captchaFor(src));
    await change.getByRole('button', { name: /确\s?定/ }).click();
    await user.waitForURL(/#\/login\?reason=noPages/);
    const notice = user.getByTestId('login-no-pages');
    await notice.getByText('您的账号尚未分配可访问的页面').waitFor();
    await notice.getByText('请联系管理员').waitFor();
    await expect(user.evaluate(() => localStorage.getItem('console_token'))).resolves.toBeNull();
    await shot(user, '130-no-pages.png');
    // Signing in again (with the new password) says the same, without the password dialog.
    await signIn(user, account, next);
    await user.waitForURL(/#\/login\?reason=noPages/);
    await notice.waitFor();
    await expect(user.locator('.change-password-dialog').count()).resolves.toBe(0);
  }, 240_000);

  it('item 10: the 外部链接 page shows an outside page (web addresses only) and 锁屏 locks the screen', async () => {
    const page = (await fresh()).page;
    await signInAdmin(page);
    // Opened as a menu page without an address: it asks for one, web addresses only.
    await page.goto(appUrl('/basic/externalLink'));
    const form = page.getByTestId('external-link-form');
    await form.waitFor();
    await expect(page.getByText('此页面暂未开放').count()).resolves.toBe(0);
    const address = form.getByRole('textbox', { name: '网页地址' });
    await address.fill('javascript:alert(1)');
    await form.getByRole('button', { name: /打\s?开/ }).click();
    await form.getByText('只能打开以 http:// 或 https:// 开头的网页地址').waitFor();
    const target = `${baseUrl()}/api/oauth/getConfig/admin`;
    await address.fill(target);
    await form.getByRole('button', { name: /打\s?开/ }).click();
    await page.waitForURL((url) => url.hash.includes('href='));
    const frame = page.locator('iframe.external-link__frame');
    await frame.waitFor();
    await expect(frame.getAttribute('src')).resolves.toBe(target);
    const newTab = page.getByRole('link', { name: /在新窗口打开/ });
    await expect(newTab.getAttribute('href')).resolves.toBe(target);
    await expect(newTab.getAttribute('target')).resolves.toBe('_blank');
    await shot(page, '130-external-link.png');
    // ?href= of another kind is refused and named.
    await page.goto(appUrl(`/basic/externalLink?href=${encodeURIComponent('javascript:alert(1)')}`));
    await page.getByText('链接地址无效').waitFor();
    await expect(page.locator('iframe').count()).resolves.toBe(0);

    // 锁屏 locks like the header's lock button; the password unlocks.
    await page.goto(appUrl('/basic/lockScreen'));
    await page.waitForURL(/#\/lockScreen$/);
    await expect(page.evaluate(() => localStorage.getItem('console_lock'))).resolves.toBe('1');
    await page.locator('#lock-password').fill(adminPassword());
    await page.getByRole('button', { name: /解\s?锁/ }).click();
    await page.waitForURL((url) => !url.hash.includes('lockScreen'));
    await expect(page.evaluate(() => localStorage.getItem('console_lock'))).resolves.toBeNull();
  }, 180_000);

  it('item 4 and "design a form and use its page": a number field shows no capital amount until the designer asks for it; released, its page adds a record', async () => {
    const page = (await fresh()).page;
    await signInAdmin(page);
    const run = unique();
    const name = `首小时登记${run}`;
    const enCode = `fhForm${run}`;
    await page.goto(appUrl('/onlineDev/webDesign'));
    const list = page.getByTestId('web-design-page');
    await list.locator('.ant-table').waitFor();
    await list
      .locator('.list-page__toolbar')
      .getByRole('button', { name: /新\s?建/ })
      .click();
    const editor = page.getByTestId('design-editor');
    await editor.waitFor();
    const basics = page.getByTestId('design-basic-form');
    await basics.getByLabel('名称').fill(name);
    await basics.getByLabel('编码').fill(enCode);
    await basics.locator('.ant-form-item').filter({ hasText: '分类' }).locator('.ant-select').first().click();
    await page.locator('.ant-select-tree').getByTitle('业务办理').click();
    await editor.getByText('表单设计', { exact: true }).click();
    const designer = page.getByTestId('form-designer');
    await designer.waitFor();
    await page.getByTestId('palette-numInput').click();
    const props = page.getByTestId('designer-field-props');
    await props.getByRole('textbox', { name: '标题', exact: true }).fill('数量');
    const capital = props.getByRole('switch', { name: '大写金额' });
    await expect(capital.getAttribute('aria-checked')).resolves.toBe('false');

    const preview = async (typed: string) => {
      await designer.getByRole('button', { name: /预\s?览/ }).click();
      const shown = page.getByTestId('designer-preview');
      const input = shown.locator('.ant-input-number input').first();
      await input.fill(typed);
      await input.blur();
      return shown;
    };
    const closePreview = async () => {
      await page
        .locator('.ant-modal-footer')
        .getByRole('button', { name: /关\s?闭/ })
        .click();
      await page.getByTestId('designer-preview').waitFor({ state: 'hidden' });
    };
    let shown = await preview('3');
    await shown.getByText('数量').first().waitFor();
    await expect(shown.locator('.form-capital-amount').count()).resolves.toBe(0);
    await expect(shown.getByText('叁元整').count()).resolves.toBe(0);
    await shot(page, '130-number-no-capital.png');
    await closePreview();

    // Turned on, the option shows it.
    await capital.click();
    await expect(capital.getAttribute('aria-checked')).resolves.toBe('true');
    shown = await preview('3');
    await shown.getByText('叁元整').waitFor();
    await closePreview();
    // Off again for the page the design becomes.
    await capital.click();
    await expect(capital.getAttribute('aria-checked')).resolves.toBe('false');

    // The list shows the field; saved, the design is released under 在线表单示例.
    await editor.getByText('列表设计', { exact: true }).click();
    await page
      .getByTestId('list-designer')
      .locator('.ant-card')
      .filter({ hasText: '列表字段' })
      .getByLabel('数量')
      .check();
    await editor.getByRole('button', { name: '保 存' }).click();
    await toast(page, 'success');
    await editor.getByRole('button', { name: '返回' }).click();
    const row = list.locator('.ant-table-row').filter({ hasText: name });
    await row.getByRole('button', { name: /发\s?布/ }).click();
    const release = page.getByTestId('release-form');
    await release.waitFor();
    const parentSelect = release
      .locator('.ant-form-item')
      .filter({ hasText: 'Web 上级菜单' })
      .locator('.ant-select');
    await parentSelect.click();
    // Typed first: the tree then holds the one match, so the click cannot land on a scrolling list.
    await page.keyboard.type('在线表单示例');
    await page.locator('.ant-select-tree').getByTitle('在线表单示例').click();
    await parentSelect.getByText('在线表单示例').waitFor();
    await page
      .getByRole('dialog')
      .getByRole('button', { name: /发\s?布/ })
      .click();
    await toast(page, 'success');
    await row.getByText('已发布').waitFor();

    // Its page opens in the same window, without signing in again, and adds a record.
    await page.goto(appUrl(`/model/${enCode}`));
    const used = page.getByTestId('online-dev-page');
    await used.locator('.ant-table').waitFor();
    await page.getByTestId('page-name').filter({ hasText: name }).waitFor();
    await used
      .locator('.list-page__toolbar')
      .getByRole('button', { name: /新\s?增/ })
      .click();
    const dialog = page.locator('.ant-modal').filter({ hasText: `新增${name}` });
    await dialog.waitFor();
    const quantity = dialog.locator('.ant-input-number input').first();
    await quantity.fill('3');
    await quantity.blur();
    await expect(dialog.getByText('叁元整').count()).resolves.toBe(0);
    await dialog.getByRole('button', { name: OK }).click();
    await toast(page, 'success', '新建成功');
    await dialog.waitFor({ state: 'hidden' });
    const rows = used.locator('.ant-table-tbody tr.ant-table-row');
    await expect.poll(() => rows.count()).toBe(1);
    await rows.first().getByText('3', { exact: true }).waitFor();
    await shot(page, '130-form-page.png');
  }, 180_000);

  it('"add a dictionary item": a new 业务分类 entry shows in the list', async () => {
    const page = (await fresh()).page;
    await signInAdmin(page);
    const run = unique();
    await page.goto(appUrl('/systemData/dictionary'));
    await page.getByTestId('dictionary-page').waitFor();
    await page.locator('.dictionary-page__tree').getByText('业务分类', { exact: true }).click();
    await page.getByTestId('dictionary-table').getByText('政务服务').waitFor();
    await page
      .locator('.dictionary-page__toolbar')
      .getByRole('button', { name: /新\s?建/ })
      .click();
    const dialog = page.locator('.dictionary-item-dialog');
    await dialog.getByText('新建字典').waitFor();
    await page.locator('#dictionaryItem_fullName').fill(`首小时${run}`);
    await page.locator('#dictionaryItem_enCode').fill(`fh.${run}`);
    await dialog.getByRole('button', { name: OK }).click();
    await toast(page, 'success', '新建成功');
    await dialog.waitFor({ state: 'hidden' });
    await page.getByTestId('dictionary-table').getByText(`首小时${run}`).waitFor();
  });

  it('"ask the knowledge base": the demo base answers with a citation', async () => {
    const page = (await fresh()).page;
    await signInAdmin(page);
    await page.goto(appUrl('/questionAnswering/chat'));
    await page.getByTestId('kb-chat-page').waitFor();
    const input = page.getByTestId('kb-chat-input');
    await input.fill('社保业务周六可以办理吗？');
    await input.press('Enter');
    await expect.poll(() => input.inputValue()).toBe('');
    const answer = page.getByTestId('kb-answer').last();
    await answer.locator('.kb-msg__foot').waitFor({ timeout: 30_000 });
    await expect(answer.textContent()).resolves.toContain('周六');
    await answer.locator('button.kb-cite').first().waitFor();
    await shot(page, '130-knowledge.png');
  }, 120_000);

  it('"schedule a task": an HTTP task to this server runs now and is stopped', async () => {
    const page = (await fresh()).page;
    await signInAdmin(page);
    const run = unique();
    await page.goto(appUrl('/system/task'));
    const list = page.getByTestId('system-task-page');
    await list.locator('.ant-table').waitFor();
    await list.getByRole('button', { name: /新\s?建/ }).click();
    const dialog = page.locator('.ant-modal').filter({ hasText: '新建任务' });
    await dialog.waitFor();
    await page.locator('#systemTask_fullName').fill(`首小时任务${run}`);
    await page.locator('#systemTask_enCode').fill(`fh.task.${run}`);
    await page.locator('#systemTask_url').fill(`${baseUrl()}/api/oauth/getConfig/admin`);
    await page.locator('#systemTask_cron').fill('0 0 3 * * ?');
    await dialog.locator('.ant-modal-footer .ant-btn-primary').click();
    await toast(page, 'success', '新建成功');
    await dialog.waitFor({ state: 'hidden' });
    const row = list.locator('.ant-table-row').filter({ hasText: `fh.task.${run}` });
    await row.getByText('运行中').waitFor();
    await row.getByText('立即执行').click();
    await page.locator('.ant-modal-confirm').getByRole('button', { name: OK }).click();
    await toast(page, 'success', '执行成功');
    await row.getByText('停止').click();
    await page.locator('.ant-modal-confirm').getByRole('button', { name: OK }).click();
    await toast(page, 'success', '停止成功');
    await row.getByText('已停止').waitFor();
  }, 120_000);

  it('"design and run a flow": its own name in the lists (item 2), a number without capital amount in the detail (item 4)', async () => {
    const admin = (await fresh()).page;
    await signInAdmin(admin);
    const run = unique();
    const flowName = `外出审批${run}`;
    const created = await api<{ id: string }>(admin, 'POST', '/api/flowForm/Form', {
      fullName: `外出登记${run}`,
      enCode: `fhOut${run}`,
      formType: 2,
      flowType: 0,
      draftJson: JSON.stringify({
        size: 'small',
        labelWidth: 100,
        gutter: 15,
        fields: [
          {
            __config__: {
              jnpfKey: 'comInput',
              label: '事由',
              layout: 'colFormItem',
              span: 24,
              showLabel: true,
            },
            __vModel__: 'reason',
          },
          {
            __config__: {
              jnpfKey: 'numInput',
              label: '天数',
              layout: 'colFormItem',
              span: 24,
              showLabel: true,
            },
            __vModel__: 'days',
            precision: 2,
          },
        ],
      }),
    });
    expect(created.code, created.msg).toBe(200);
    const released = await api(admin, 'POST', `/api/flowForm/Form/Release/${created.data.id}?isRelease=1`);
    expect(released.code, released.msg).toBe(200);
    const adminId = await userIdOf(admin, 'admin');
    const flowId = await createOneApproverFlow(admin, {
      fullName: flowName,
      enCode: `fhOutFlow${run}`,
      formId: created.data.id,
      approver: { title: '主管审批', id: adminId },
      run,
    });
    const launched = await api(admin, 'POST', '/api/workflow/Engine/FlowTask', {
      flowId,
      formData: { reason: `拜访客户${run}`, days: 2 },
      status: 0,
      flowUrgent: 1,
    });
    expect(launched.code, launched.msg).toBe(200);

    // Filtering the todo list by the flow's name finds it, under the flow's own name.
    await admin.goto(appUrl('/workFlow/flowTodo'));
    const todo = admin.getByTestId('workflow-todo-page');
    await todo.locator('.ant-table').waitFor();
    const keyword = todo.locator('.list-search-bar input[type="text"]').last();
    await keyword.fill(flowName);
    await keyword.press('Enter');
    const row = todo.locator('tr.ant-table-row').filter({ hasText: flowName });
    await row.waitFor();
    expect(await row.innerText()).not.toContain('主流程');
    await row.getByRole('button', { name: '审批', exact: true }).click();
    const detail = admin.getByTestId('workflow-detail-page');
    await detail.waitFor();
    await detail.getByText(`拜访客户${run}`).waitFor();
    await detail.getByText('2.00').first().waitFor();
    await expect(detail.getByText('贰元整').count()).resolves.toBe(0);
    await shot(admin, '130-flow-detail.png');
    await detail.getByRole('button', { name: /通\s?过/ }).click();
    const dialog = admin.locator('.ant-modal').filter({ hasText: '审批意见' });
    await dialog.getByRole('textbox', { name: '审批意见' }).fill('同意');
    await dialog.getByRole('button', { name: OK }).click();
    await toast(admin, 'success');
    await detail.getByTestId('workflow-detail-status').getByText('审核通过').waitFor();
  }, 180_000);
  it('"preview a print template": a template reading a dictionary type by its code shows it', async () => {
    const page = (await fresh()).page;
    await signInAdmin(page);
    const run = unique();
    const name = `首小时打印${run}`;
    await page.goto(appUrl('/system/printDev'));
    const list = page.getByTestId('print-dev-page');
    await list.locator('.ant-table').waitFor();
    await list
      .locator('.list-page__toolbar')
      .getByRole('button', { name: /新\s?建/ })
      .click();
    const designer = page.locator('.print-designer-modal');
    await designer.getByText('新建打印模板').waitFor();
    await page.locator('#printDev_fullName').fill(name);
    await page.locator('#printDev_enCode').fill(`fh.print.${run}`);
    await designer
      .locator('.ant-form-item')
      .filter({ hasText: '模板分类' })
      .locator('.ant-select')
      .first()
      .click();
    await page.locator('.ant-select-tree').getByTitle('功能表单').click();
    await designer.getByRole('tab', { name: '数据SQL' }).click();
    await designer
      .getByRole('textbox', { name: '主表（headTable）' })
      .fill('select full_name as "typeName" from public.base_dictionary_type where en_code = @formId');
    await designer.getByRole('button', { name: '读取字段' }).click();
    await toast(page, 'success', '已读取字段');
    await designer.getByRole('tab', { name: '模板设计' }).click();
    await designer.locator('.ql-editor').click();
    await page.keyboard.type('字典：');
    await designer
      .locator('.print-designer__palette')
      .getByRole('button', { name: 'typeName', exact: true })
      .click();
    await designer.getByRole('button', { name: OK }).click();
    await toast(page, 'success');
    await designer.waitFor({ state: 'hidden' });

    const row = list.locator('.ant-table-row').filter({ hasText: name });
    await row.getByRole('button', { name: '预览' }).click();
    const preview = page.locator('.print-preview-modal');
    await preview.getByText(`打印预览 - ${name}`).waitFor();
    await preview.getByRole('textbox', { name: /业务主键/ }).fill('printDev');
    await page.keyboard.press('Enter');
    await preview
      .getByTestId('print-preview')
      .locator('.print-page')
      .first()
      .getByText('字典：打印模板分类', { exact: false })
      .waitFor();
    await shot(page, '130-print-preview.png');
  }, 120_000);
});
