import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import { baseUrl, launchBrowser, newPage, screenshots, settled, sharedAdminToken } from '../support/browser';
import { unique } from '../support/unique';
import { signInAdmin } from './5x-support';
import { api, createOneApproverFlow, userIdOf } from './6x-support';
import { leaf } from './8x-support';

/** The administrator on a 390×844 phone (Chromium's mobile emulation), signed in with the run's token. */
async function adminPhone(browser: Browser): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    locale: 'zh-CN',
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    userAgent:
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1',
  });
  const page = await context.newPage();
  const token = await sharedAdminToken();
  await page.goto(`${baseUrl()}/api/oauth/getConfig/admin`);
  await page.evaluate((value) => localStorage.setItem('console_token', value), token);
  await page.goto(`${baseUrl()}/m/`);
  await page.getByTestId('m-home').waitFor();
  return { context, page };
}

async function shot(page: Page, name: string): Promise<void> {
  await settled(page);
  await page.screenshot({ path: join(screenshots, name) });
}

interface Dictionary {
  id: string;
  enCode: string;
  isTree: number;
  dictionaryList: { id: string; fullName: string }[];
}

/** A form of the field types the phone fills: input, textarea, number, date, dictionary select, radio. */
function launchFormJson(dictionary: Dictionary): string {
  // The designer's leaf field (8x-support) with this form's additions to its __config__.
  const field = (
    jnpfKey: string,
    label: string,
    vModel: string,
    config: Record<string, unknown> = {},
    props: Record<string, unknown> = {},
  ) => {
    const made = leaf(jnpfKey, label, vModel, props);
    Object.assign(made.__config__, config);
    return made;
  };
  return JSON.stringify({
    size: 'small',
    labelWidth: 100,
    gutter: 15,
    fields: [
      field('comInput', '事由', 'reason', { required: true }),
      field('textarea', '说明', 'detail'),
      field('numInput', '天数', 'days'),
      field('date', '开始日期', 'startDate', {}, { type: 'date', format: 'yyyy-MM-dd' }),
      field(
        'select',
        '类别',
        'kind',
        { dataType: 'dictionary', dictionaryType: dictionary.id },
        { props: { props: { label: 'fullName', value: 'id' } } },
      ),
      field(
        'radio',
        '是否出差',
        'away',
        { dataType: 'static' },
        {
          __slot__: {
            options: [
              { fullName: '出差', id: 'yes' },
              { fullName: '不出差', id: 'no' },
            ],
          },
          props: { props: { label: 'fullName', value: 'id' } },
        },
      ),
    ],
  });
}

describe('issue 26: launching a flow and 智能问答 in the mobile app on a 390×844 phone', () => {
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    for (const context of contexts) await context.close().catch(() => undefined);
    await browser?.close();
  });

  it('lists the launchable flows, fills the start form on the phone, submits it and shows its labels in 我发起的', {
    timeout: 180_000,
  }, async () => {
    const run = unique();
    const flowName = `E2E移动发起${run}`;
    const desk = await newPage(browser);
    contexts.push(desk.context);
    const admin = desk.page;
    await signInAdmin(admin);

    // A flat dictionary with two entries or more gives the select its options.
    const all = await api<{ list: Dictionary[] }>(admin, 'GET', '/api/system/DictionaryData/All');
    const dictionary = all.data.list.find((item) => item.isTree === 0 && item.dictionaryList.length >= 2);
    if (!dictionary) throw new Error('no flat dictionary with two entries');
    const entry = dictionary.dictionaryList[1];
    if (!entry) throw new Error('unreachable');

    const created = await api<{ id: string }>(admin, 'POST', '/api/flowForm/Form', {
      fullName: `E2E移动发起表单${run}`,
      enCode: `e2eMobile141${run}`,
      formType: 2,
      flowType: 0,
      draftJson: launchFormJson(dictionary),
    });
    expect(created.code, created.msg).toBe(200);
    const released = await api(admin, 'POST', `/api/flowForm/Form/Release/${created.data.id}?isRelease=1`);
    expect(released.code, released.msg).toBe(200);
    await createOneApproverFlow(admin, {
      fullName: flowName,
      enCode: `e2eMobileFlow141${run}`,
      formId: created.data.id,
      approver: { title: '移动审批', id: await userIdOf(admin, 'admin') },
      run,
    });

    const { context, page } = await adminPhone(browser);
    contexts.push(context);
    page.on('pageerror', (error) => console.error('141 page error:', error.message));
    onTestFailed(() => page.screenshot({ path: '/tmp/e2e-141-failure.png' }).then(() => undefined));

    // Home → 发起流程: the flow is among those the user may launch.
    await page.getByTestId('m-home').getByRole('button', { name: '发起流程' }).click();
    await page.waitForURL(/\/m\/launch$/);
    const search = page.locator('.m-flows__search input');
    await search.fill(flowName);
    await search.press('Enter');
    const item = page.getByTestId('m-launch-list').locator('.adm-list-item').filter({ hasText: flowName });
    await item.waitFor();
    await shot(page, '141-launch-list.png');
    await item.click();

    // The start form from the form JSON, in mobile widgets; the required field is checked first.
    const form = page.getByTestId('m-launch-form');
    await form.getByText('开始日期').waitFor();
    await page
      .locator('.m-actionbar')
      .getByRole('button', { name: /提\s?交/ })
      .click();
    await form.getByText('请填写事由').waitFor();
    await page.locator('#m_field_reason').fill(`外出调研${run}`);
    await page.locator('#m_field_detail').fill('走访三个街道的便民服务中心');
    await page.locator('#m_field_days').fill('3');
    await page.locator('#m_field_startDate').click();
    await page.locator('.adm-picker').getByText('确定').click();
    await page.locator('.adm-picker').waitFor({ state: 'hidden' });
    const today = new Date();
    const pad = (n: number) => String(n).padStart(2, '0');
    const todayText = `${today.getFullYear()}-${pad(today.getMonth() + 1)}-${pad(today.getDate())}`;
    await expect(page.locator('#m_field_startDate').textContent()).resolves.toBe(todayText);
    await form.locator('.adm-selector-item').filter({ hasText: entry.fullName }).first().click();
    await form.locator('.adm-selector-item').filter({ hasText: '不出差' }).click();
    await shot(page, '141-launch-form.png');
    await page
      .locator('.m-actionbar')
      .getByRole('button', { name: /提\s?交/ })
      .click();

    // It shows in 我发起的.
    await page.waitForURL(/\/m\/flows\/launch/);
    await page.locator('.m-flows__search input').fill(flowName);
    await page.locator('.m-flows__search input').press('Enter');
    const row = page.getByTestId('m-list-launch').locator('.adm-list-item').filter({ hasText: flowName });
    await row.waitFor();
    await shot(page, '141-launched.png');

    // The server holds the values the phone sent.
    const tasks = await api<{ list: { id: string; fullName: string }[] }>(
      admin,
      'GET',
      `/api/workflow/Engine/FlowLaunch?keyword=${encodeURIComponent(flowName)}&currentPage=1&pageSize=5`,
    );
    expect(tasks.code, tasks.msg).toBe(200);
    expect(tasks.data.list).toHaveLength(1);

    // The detail shows labels: the dictionary entry's name, the option's name, the date formatted.
    await row.click();
    const detail = page.getByTestId('m-flow-detail');
    await detail.getByText(`外出调研${run}`).waitFor();
    const value = (label: string) =>
      detail.locator('.adm-list-item').filter({ hasText: label }).locator('.m-detail__value');
    await expect.poll(() => value('类别').textContent()).toBe(entry.fullName);
    await expect(value('是否出差').textContent()).resolves.toBe('不出差');
    await expect(value('开始日期').textContent()).resolves.toBe(todayText);
    await expect(value('天数').textContent()).resolves.toBe('3');
    await shot(page, '141-launched-detail.png');
  });

  it('asks 智能问答 on the phone and opens a citation of the answer', { timeout: 180_000 }, async () => {
    const run = unique();
    const desk = await newPage(browser);
    contexts.push(desk.context);
    const admin = desk.page;
    await signInAdmin(admin);

    // A base with one text document, indexed.
    const base = await api<{ id: string }>(admin, 'POST', '/api/knowledge/Base', {
      fullName: `E2E移动问答${run}`,
      description: '移动端智能问答',
    });
    expect(base.code, base.msg).toBe(200);
    const token = await admin.evaluate(() => localStorage.getItem('console_token') ?? '');
    const upload = new FormData();
    const text = `青松${run}街道办事指南\n\n青松${run}街道的老年优待证在街道便民服务中心一楼窗口办理，需携带身份证和一寸照片，当场发证。`;
    upload.append('file', new Blob([Buffer.from(text)]), `青松${run}办事指南.txt`);
    const uploaded = (await (
      await fetch(`${baseUrl()}/api/knowledge/Base/${base.data.id}/Document`, {
        method: 'POST',
        headers: { Authorization: token, 'jnpf-origin': 'pc' },
        body: upload,
      })
    ).json()) as { code: number; msg: string };
    expect(uploaded.code, uploaded.msg).toBe(200);
    await expect
      .poll(
        async () =>
          (
            await api<{ list: { status: number }[] }>(
              admin,
              'GET',
              `/api/knowledge/Base/${base.data.id}/Document?currentPage=1&pageSize=10`,
            )
          ).data.list[0]?.status,
        { timeout: 60_000, interval: 500 },
      )
      .toBe(2);

    const { context, page } = await adminPhone(browser);
    contexts.push(context);
    page.on('pageerror', (error) => console.error('141 page error:', error.message));
    onTestFailed(() => page.screenshot({ path: '/tmp/e2e-141-failure.png' }).then(() => undefined));

    await page.getByTestId('m-home').getByRole('button', { name: '智能问答' }).click();
    await page.waitForURL(/\/m\/chat$/);
    await page.getByTestId('m-chat').waitFor();
    await page.locator('#m_question').fill(`青松${run}街道的老年优待证在哪里办理？`);
    await page.getByRole('button', { name: /发\s?送/ }).click();
    const answer = page.getByTestId('m-answer').last();
    await answer.locator('.m-chat__source').waitFor({ timeout: 60_000 });
    await expect(answer.textContent()).resolves.toContain('便民服务中心');
    const citation = answer.locator('.m-chat__citations button').filter({ hasText: `青松${run}办事指南` });
    await citation.first().waitFor();
    await shot(page, '141-chat-answer.png');

    // The citation opens the cited text.
    await citation.first().click();
    const popup = page.getByTestId('m-citation');
    await popup.getByText(`青松${run}办事指南.txt`, { exact: false }).waitFor();
    await expect(popup.textContent()).resolves.toContain('一楼窗口');
    await shot(page, '141-chat-citation.png');
  });
});
