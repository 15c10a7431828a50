import { createHash } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startWeChatStandIn } from '../../server/src/modules/wechat/standin';
import { appUrl, baseUrl, launchBrowser, newPage, pickOption } from '../support/browser';
import { toast } from '../support/toasts';
import { unique } from '../support/unique';
import { signInAdmin } from './5x-support';

/**
 * Issue #27 must show 1: the official account configured against a loopback stand-in of the
 * WeChat API (the config's API base points at it), a two-level menu published and read back, a
 * mass message sent to a tag, and the enterprise WeChat's departments synced after the preview;
 * and a follower's message POSTed to the server URL answered with a keyword reply set on the
 * messages page, listed there and replied to.
 */
describe('WeChat administration', () => {
  let browser: Browser;
  let wx: Awaited<ReturnType<typeof startWeChatStandIn>>;
  let failureShot: (() => Promise<unknown>) | null = null;
  let page: Page;
  // Each attempt gets its own names and department ids, so a retry never meets what a failed one left.
  const run = unique();
  const dept = 10_000 + Math.floor(Math.random() * 80_000);
  const tagName = `网格员${run}`;

  beforeAll(async () => {
    browser = await launchBrowser();
    wx = await startWeChatStandIn({
      appId: `wx${run}`,
      secret: 'e2e-mp-secret',
      corpId: `ww${run}`,
      corpSecret: 'e2e-qy-secret',
      tags: [{ id: 201, name: tagName }],
      followers: [
        { openid: `o-${run}-1`, nickname: '王小明', tagid_list: [201] },
        { openid: `o-${run}-2`, nickname: '李华', tagid_list: [] },
      ],
      departments: [
        { id: dept, name: `区政府${run}`, parentid: 0, order: 1 },
        { id: dept + 1, name: `民政局${run}`, parentid: dept, order: 1 },
        { id: dept + 2, name: `办公室${run}`, parentid: dept + 1, order: 1 },
      ],
    });
    ({ page } = await newPage(browser));
    failureShot = () => page.screenshot({ path: '/tmp/e2e-132-failure.png' });
    await signInAdmin(page);
  });
  afterEach(async (context) => {
    if (context.task.result?.state === 'fail') await failureShot?.().catch(() => undefined);
  });
  afterAll(async () => {
    await Promise.all([browser?.close(), wx?.close()]);
  });

  it('configures the official account against the stand-in and tests the connection', async () => {
    await page.goto(appUrl('/weChat/mpConfig'));
    const form = page.getByTestId('wechat-mp-config');
    await form.getByTestId('mp-appId').fill(`wx${run}`);
    await form.getByTestId('mp-appSecret').fill('e2e-mp-secret');
    await form.getByTestId('mp-token').fill(`tk${run}`);
    await form.getByTestId('mp-apiBase').fill(wx.base);
    await form.getByTestId('mp-save').click();
    await toast(page, 'success', '保存成功');
    // The secret and the token are never shown back; their fields say one is kept.
    await expect.poll(() => form.getByText('密钥已保存且不会显示').count()).toBeGreaterThanOrEqual(2);
    expect(await form.getByTestId('mp-appSecret').inputValue()).toBe('');
    expect(await form.getByTestId('mp-token').inputValue()).toBe('');
    await expect
      .poll(() => form.getByTestId('mp-serverUrl').textContent())
      .toMatch(/\/api\/wechat\/mp\/callback$/);
    await form.getByTestId('mp-test').click();
    await toast(page, 'success', '连接成功，已取得access_token');
  });

  it('publishes a two-level menu and reads it back', async () => {
    await page.goto(appUrl('/weChat/mpMenu'));
    const editor = page.getByTestId('wechat-mp-menu');
    await editor.getByTestId('menu-add').waitFor();
    // Start from an empty editor (a draft an earlier run saved is shown first).
    const remove = editor.locator('.wechat-menu-item > .ant-card-head .ant-btn-dangerous');
    while ((await remove.count()) > 0) await remove.first().click();

    await editor.getByTestId('menu-add').click();
    await editor.getByTestId('menu-0-name').fill('办事指南');
    await editor.getByTestId('menu-0-key').fill('GUIDE');
    await editor.getByTestId('menu-add').click();
    await editor.getByTestId('menu-1-name').fill('政务服务');
    await editor.getByTestId('menu-1-addSub').click();
    await editor.getByTestId('menu-1-addSub').click();
    await editor.getByTestId('menu-1-sub-0-name').fill('预约办理');
    await pickOption(page, editor.getByTestId('menu-1-sub-0-type'), '链接');
    await editor.getByTestId('menu-1-sub-0-url').fill('https://gov.example/book');
    await editor.getByTestId('menu-1-sub-1-name').fill('办件查询');
    await editor.getByTestId('menu-1-sub-1-key').fill('QUERY');
    await editor.getByTestId('menu-publish').click();
    await toast(page, 'success', '菜单已发布');

    const expected = {
      button: [
        { type: 'click', name: '办事指南', key: 'GUIDE' },
        {
          name: '政务服务',
          sub_button: [
            { type: 'view', name: '预约办理', url: 'https://gov.example/book' },
            { type: 'click', name: '办件查询', key: 'QUERY' },
          ],
        },
      ],
    };
    expect(wx.state.menu).toEqual(expected);
    await editor.getByTestId('menu-readBack').click();
    const remote = editor.getByTestId('menu-remote');
    await remote.waitFor();
    expect(JSON.parse((await remote.textContent()) ?? '')).toEqual(expected);
  });

  it('syncs the followers and sends a mass message to a tag', async () => {
    await page.goto(appUrl('/weChat/mpUser'));
    const users = page.getByTestId('wechat-mp-user');
    await users.getByTestId('followers-sync').click();
    await toast(page, 'success', '同步完成：2位关注者');
    await users.locator('.ant-table-row').filter({ hasText: '王小明' }).getByText(tagName).waitFor();

    await page.goto(appUrl('/weChat/mpMessage'));
    await page.getByTestId('wechat-mp-message').getByRole('tab', { name: '群发消息' }).click();
    const mass = page.getByTestId('wechat-mass');
    await pickOption(page, mass.getByTestId('mass-tag'), tagName);
    const text = `本周六社区义诊${run}`;
    await mass.getByTestId('mass-content').fill(text);
    await mass.getByTestId('mass-send').click();
    await toast(page, 'success', '群发已提交');
    const row = mass.locator('.ant-table-row').filter({ hasText: text });
    await row.getByText(tagName).waitFor();
    await row.getByText('已提交').waitFor();
    expect(wx.state.mass.at(-1)).toMatchObject({
      filter: { is_to_all: false, tag_id: 201 },
      msgtype: 'text',
      text: { content: text },
    });
    await row.getByRole('button', { name: '查询状态' }).click();
    await row.getByText('发送成功').waitFor();
  });

  it('answers a follower’s message with the keyword reply set on the page, lists it and replies', async () => {
    const keyword = `办事${run}`;
    const answerText = `请到政务中心${run}号窗口`;
    await page.goto(appUrl('/weChat/mpMessage'));
    const messages = page.getByTestId('wechat-mp-message');
    await messages.getByRole('tab', { name: '自动回复' }).click();
    const replies = page.getByTestId('wechat-auto-reply');
    await replies.getByTestId('rule-add').click();
    await page.getByTestId('rule-keyword').fill(keyword);
    await page.getByTestId('rule-content').fill(answerText);
    await page.getByTestId('rule-save').click();
    await toast(page, 'success', '保存成功');
    await replies.getByTestId('rule-list').locator('.ant-table-row').filter({ hasText: keyword }).waitFor();

    // WeChat's POST to the server URL, signed with the token saved in the first test.
    const timestamp = String(Math.floor(Date.now() / 1000));
    const nonce = `n${run}`;
    const signature = createHash('sha1')
      .update([`tk${run}`, timestamp, nonce].sort().join(''))
      .digest('hex');
    const openId = `o-${run}-1`;
    const xml =
      `<xml><ToUserName><![CDATA[gh_e2e]]></ToUserName><FromUserName><![CDATA[${openId}]]></FromUserName>` +
      `<CreateTime>${timestamp}</CreateTime><MsgType><![CDATA[text]]></MsgType>` +
      `<Content><![CDATA[${keyword}]]></Content><MsgId>${Date.now()}</MsgId></xml>`;
    const response = await fetch(
      `${baseUrl()}/api/wechat/mp/callback?signature=${signature}&timestamp=${timestamp}&nonce=${nonce}`,
      { method: 'POST', headers: { 'content-type': 'text/xml' }, body: xml },
    );
    const replyXml = await response.text();
    expect(response.status, replyXml).toBe(200);
    expect(replyXml).toContain(`<Content><![CDATA[${answerText}]]></Content>`);
    expect(replyXml).toContain(`<ToUserName><![CDATA[${openId}]]></ToUserName>`);

    await messages.getByRole('tab', { name: '消息管理' }).click();
    const inbox = page.getByTestId('wechat-inbox');
    const search = inbox.getByPlaceholder('消息内容、昵称、备注或OpenID');
    await search.fill(keyword);
    await search.press('Enter');
    const row = inbox.locator('.ant-table-row').filter({ hasText: keyword });
    await row.getByText(answerText).waitFor();
    await row.getByText('王小明').waitFor();
    await row.getByRole('button', { name: '回复' }).click();
    const reply = `已为您预约${run}`;
    await page.getByTestId('inbox-reply-text').fill(reply);
    await page.getByTestId('inbox-reply-send').click();
    await toast(page, 'success', '回复已发送');
    await row.getByText(reply).waitFor();
    expect(wx.state.custom.at(-1)).toEqual({ touser: openId, msgtype: 'text', text: { content: reply } });
  });

  it('syncs the enterprise WeChat departments after previewing the changes', async () => {
    await page.goto(appUrl('/weChat/qyhConfig'));
    const form = page.getByTestId('wechat-qy-config');
    await form.getByTestId('qy-corpId').fill(`ww${run}`);
    await form.getByTestId('qy-agentId').fill('1000002');
    await form.getByTestId('qy-secret').fill('e2e-qy-secret');
    await form.getByTestId('qy-apiBase').fill(wx.base);
    await form.getByTestId('qy-save').click();
    await toast(page, 'success', '保存成功');

    await page.goto(appUrl('/weChat/qyDepartment'));
    const sync = page.getByTestId('wechat-qy-department');
    await sync.getByTestId('sync-preview').click();
    const changes = sync.getByTestId('sync-changes');
    // Rows by department id (a name also shows in its children's parent column).
    for (const [id, name] of [
      [dept, `区政府${run}`],
      [dept + 1, `民政局${run}`],
      [dept + 2, `办公室${run}`],
    ] as const) {
      const row = changes
        .locator('.ant-table-row')
        .filter({ has: page.getByRole('cell', { name: String(id), exact: true }) });
      await row.getByText('新建').waitFor();
      await row.getByRole('cell', { name, exact: true }).waitFor();
    }
    await sync.getByTestId('sync-summary').getByText('企业微信共3条，将变更3条，0条无变化').waitFor();
    await sync.getByTestId('sync-apply').click();
    await toast(page, 'success', '部门同步完成：新建3个，更新0个');
    await sync.getByTestId('sync-summary').getByText('企业微信共3条，将变更0条，3条无变化').waitFor();
    expect(await sync.getByTestId('sync-apply').isDisabled()).toBe(true);
  });

  it('pushes the console’s organisations to enterprise WeChat after previewing the changes', async () => {
    await page.goto(appUrl('/weChat/qyDepartment'));
    const push = page.getByTestId('wechat-qy-department-push');
    await push.getByTestId('push-preview').click();
    await push.getByTestId('push-summary').waitFor();
    // The three departments synced in above are mapped: nothing to change for them.
    const changes = push.getByTestId('push-changes');
    await changes.locator('.ant-table-row').first().waitFor();
    expect(await changes.getByRole('cell', { name: `办公室${run}`, exact: true }).count()).toBe(0);
    expect(await changes.getByText('新建').count()).toBeGreaterThan(0);
    const before = wx.state.departments.length;
    await push.getByTestId('push-apply').click();
    await toast(page, 'success', /^已推送到企业微信：新建部门\d+个，更新0个$/);
    expect(wx.state.departments.length).toBeGreaterThan(before);
    // What the push created hangs below departments WeChat has (the top one or a pushed parent).
    const ids = new Set(wx.state.departments.map((d) => d.id));
    for (const d of wx.state.departments.slice(before))
      expect(ids.has(d.parentid) || d.parentid === 1).toBe(true);
  });
});
