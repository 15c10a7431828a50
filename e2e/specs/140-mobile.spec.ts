import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import { baseUrl, captchaFor, launchBrowser, newPage, screenshots, settled } from '../support/browser';
import { unique } from '../support/unique';
import { signInAdmin } from './5x-support';
import { api, createOneApproverFlow, createReleasedTextFieldForm, setPassword, userIdOf } from './6x-support';

/** The approver: a demo user no other flow spec signs in as. */
const USER = { account: 'hujun', next: 'Hu140change#2' };

/** A 390×844 phone (iPhone 12/13/14 class) in Chromium's mobile emulation. */
async function phone(browser: Browser): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    locale: 'zh-CN',
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    userAgent:
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1',
  });
  return { context, page: await context.newPage() };
}

async function shot(page: Page, name: string): Promise<void> {
  await settled(page);
  await page.screenshot({ path: join(screenshots, name) });
}

/** The success toast of antd-mobile, by its text. */
async function mobileToast(page: Page, text: RegExp | string): Promise<void> {
  await page.locator('.adm-toast-main').filter({ hasText: text }).first().waitFor();
}

describe('issue 26 must show 1 (first part): the mobile web app at /m/ on a 390×844 phone', () => {
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    for (const context of contexts) await context.close().catch(() => undefined);
    await browser?.close();
  });

  it('signs in at /m/, changes the owed password, approves a todo launched on the server and finds it in 已办', {
    timeout: 180_000,
  }, async () => {
    const run = unique();
    const flowName = `E2E移动审批${run}`;
    const start = `Hu140start${run}#`;

    // Set-up through the API: a one-field form, a flow whose one step is the user's, a launched task.
    const desk = await newPage(browser);
    contexts.push(desk.context);
    const admin = desk.page;
    await signInAdmin(admin);
    const formId = await createReleasedTextFieldForm(admin, {
      fullName: `E2E移动表单${run}`,
      enCode: `e2eMobile140${run}`,
      label: '事由',
      vModel: 'reason',
    });
    const flowId = await createOneApproverFlow(admin, {
      fullName: flowName,
      enCode: `e2eMobileFlow140${run}`,
      formId,
      approver: { title: '移动审批', id: await userIdOf(admin, USER.account) },
      run,
    });
    await setPassword(admin, USER.account, start);
    const launched = await api(admin, 'POST', '/api/workflow/Engine/FlowTask', {
      flowId,
      formData: { reason: `出差报销${run}` },
      status: 0,
      flowUrgent: 1,
    });
    expect(launched.code, launched.msg).toBe(200);

    const { context, page } = await phone(browser);
    contexts.push(context);
    page.on('pageerror', (error) => console.error('140 page error:', error.message));
    onTestFailed(() => page.screenshot({ path: '/tmp/e2e-140-failure.png' }).then(() => undefined));

    // The desktop sign-in page on a phone offers the mobile app, which asks for a sign-in.
    await page.goto(`${baseUrl()}/#/login`);
    await page.getByTestId('mobile-offer').waitFor();
    await shot(page, '140-desktop-offer.png');
    await page.getByTestId('mobile-offer').click();
    await page.waitForURL(/\/m\/login/);
    await page.goto(`${baseUrl()}/m/`);
    await page.waitForURL(/\/m\/login/);
    await page.locator('#m_account').fill(USER.account);
    await page.locator('#m_account').blur();
    await page.locator('#m_password').fill(start);
    await page.waitForLoadState('networkidle');
    const code = page.locator('.m-code-image img');
    if (await code.isVisible()) {
      await page.locator('#m_code').fill(await captchaFor((await code.getAttribute('src')) ?? ''));
    }
    await shot(page, '140-login.png');
    await page.getByRole('button', { name: /登\s?录/ }).click();

    // A reset password is owed a change: the app asks for it before anything else.
    // (The address passes /m on its way to /m/password: wait for what the page shows instead.)
    await page.locator('[data-testid="m-home"], #m_old_password').first().waitFor();
    if (await page.locator('#m_old_password').isVisible()) {
      await page.locator('#m_old_password').fill(start);
      await page.locator('#m_new_password').fill(USER.next);
      await page.locator('#m_repeat_password').fill(USER.next);
      const image = page.locator('.m-code-image img');
      await page.locator('#m_password_code').fill(await captchaFor((await image.getAttribute('src')) ?? ''));
      await shot(page, '140-password.png');
      await page.getByRole('button', { name: /确\s?定/ }).click();
      await page.waitForURL(/\/m\/?$/);
    }

    // Home: the todo count includes the launched task.
    const home = page.getByTestId('m-home');
    await home.waitFor();
    await expect
      .poll(async () => Number(await page.getByTestId('m-todo-count').textContent()))
      .toBeGreaterThan(0);
    await shot(page, '140-home.png');

    // 待办: the task is listed; its detail shows the form's value; approve with a comment.
    await page.locator('.adm-tab-bar-item').filter({ hasText: '待办' }).click();
    await page.waitForURL(/\/m\/flows\/todo/);
    const search = page.locator('.m-flows__search input');
    await search.fill(flowName);
    await search.press('Enter');
    const row = page.getByTestId('m-list-todo').locator('.adm-list-item').filter({ hasText: flowName });
    await row.waitFor();
    await shot(page, '140-todo.png');
    await row.click();
    const detail = page.getByTestId('m-flow-detail');
    await detail.getByText(`出差报销${run}`).waitFor();
    await shot(page, '140-detail.png');
    await page.locator('.m-actionbar').getByRole('button', { name: '同意' }).click();
    const dialog = page.locator('.adm-dialog');
    await dialog.locator('#m_opinion').fill(`同意，移动端${run}`);
    await shot(page, '140-approve.png');
    await dialog.getByRole('button', { name: '确定' }).click();
    await mobileToast(page, /成功|审批/);
    await page.waitForURL(/\/m\/flows\/todo/);

    // It leaves 待办 and shows in 已办.
    await page.locator('.m-flows__search input').fill(flowName);
    await page.locator('.m-flows__search input').press('Enter');
    await page.locator('.adm-infinite-scroll').getByText('暂无数据').waitFor();
    await page.locator('.adm-tabs-tab').filter({ hasText: '已办' }).click();
    await page.waitForURL(/\/m\/flows\/done/);
    const done = page.getByTestId('m-list-done').locator('.adm-list-item').filter({ hasText: flowName });
    await done.waitFor();
    await expect(done.textContent()).resolves.toContain('通过');
    await shot(page, '140-done.png');

    // The record of the approval carries the comment.
    await done.click();
    await page.getByTestId('m-flow-detail').getByText(`同意，移动端${run}`).waitFor();
    await page.goBack();

    // 消息 and 我的 render; the language switches to English and back.
    await page.locator('.adm-tab-bar-item').filter({ hasText: '消息' }).click();
    await page.waitForURL(/\/m\/messages/);
    await page.getByTestId('m-messages').locator('.adm-infinite-scroll').waitFor();
    await shot(page, '140-messages.png');
    await page.locator('.adm-tab-bar-item').filter({ hasText: '我的' }).click();
    const me = page.getByTestId('m-me');
    await me.getByText(USER.account).waitFor();
    await shot(page, '140-me.png');
    await me.locator('.adm-list-item').filter({ hasText: '语言' }).click();
    await page.locator('.adm-action-sheet-button-item').filter({ hasText: 'English' }).click();
    await me.getByText('Sign out').waitFor();
    await page.locator('.adm-action-sheet-popup').waitFor({ state: 'hidden' });
    await shot(page, '140-me-en.png');
    await me.locator('.adm-list-item').filter({ hasText: 'Language' }).click();
    await page.locator('.adm-action-sheet-button-item').filter({ hasText: '简体中文' }).click();

    // Installable: the service worker kept the shell and no API answer.
    const kept = await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
      const paths: string[] = [];
      for (const name of await caches.keys())
        for (const request of await (await caches.open(name)).keys())
          paths.push(new URL(request.url).pathname);
      return paths;
    });
    expect(kept).toContain('/m/');
    expect(kept.filter((path) => path.startsWith('/api/'))).toEqual([]);

    // Sign-out ends the session: /m/ asks to sign in again.
    await me.getByText('退出登录').click();
    await page.locator('.adm-dialog').getByRole('button', { name: '确定' }).click();
    await page.waitForURL(/\/m\/login/);
    await page.goto(`${baseUrl()}/m/flows/todo`);
    await page.waitForURL(/\/m\/login\?redirect=/);
  });
});
