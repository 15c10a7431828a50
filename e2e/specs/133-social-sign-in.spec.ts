/**
 * Issue #27, must show 3: signing in through DingTalk, against a stand-in of DingTalk's sign-in
 * page, token and user-info endpoints started here on loopback (the e2e server's OUTBOUND_ALLOW
 * names 127.0.0.1). An unbound DingTalk user is asked to bind with the console password; once
 * bound, the same DingTalk user signs in directly. (The replayed callback is refused in the
 * server's HTTP test, oauth/socials/socials.test.ts.)
 */
import { createServer, type Server } from 'node:http';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminPassword, appUrl, baseUrl, launchBrowser, newPage, sharedAdminToken } from '../support/browser';
import { toast } from '../support/toasts';
import { unique } from '../support/unique';
import { signInAdmin } from './5x-support';

interface Entry {
  enname: string;
  entity: { id: string; socialName: string } | null;
}

async function api<T>(
  method: string,
  path: string,
  json?: unknown,
): Promise<{ code: number; msg: string; data: T }> {
  const response = await fetch(`${baseUrl()}${path}`, {
    method,
    headers: {
      authorization: await sharedAdminToken(),
      'jnpf-origin': 'pc',
      ...(json === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: json === undefined ? undefined : JSON.stringify(json),
  });
  return (await response.json()) as { code: number; msg: string; data: T };
}

/** Removes the administrator's DingTalk binding, so that each attempt starts unbound. */
async function unbindAdmin() {
  const list = await api<Entry[]>('GET', '/api/permission/socials');
  const bound = list.data?.find((entry) => entry.enname === 'dingtalk')?.entity;
  if (bound) await api('DELETE', `/api/permission/socials/${bound.id}`);
}

describe('social sign-in through DingTalk', () => {
  let browser: Browser;
  let standIn: Server;
  let standInUrl = '';
  /** The person who "scans" at the stand-in's sign-in page. */
  let dingUser = { unionId: '', nick: '' };

  beforeAll(async () => {
    browser = await launchBrowser();
    // The administrator binds with its password: make sure its initial one has been replaced.
    const admin = await newPage(browser);
    await signInAdmin(admin.page);
    await admin.context.close();
    standIn = createServer(async (req, res) => {
      const url = new URL(req.url ?? '/', 'http://x');
      const chunks: Buffer[] = [];
      for await (const chunk of req) chunks.push(chunk as Buffer);
      const json = (value: unknown) =>
        res.setHeader('content-type', 'application/json').end(JSON.stringify(value));
      if (url.pathname === '/oauth2/auth') {
        // The phone confirmed at once: back to the console with a code naming the person.
        const code = Buffer.from(JSON.stringify(dingUser)).toString('base64url');
        const back = new URL(url.searchParams.get('redirect_uri') ?? '');
        back.searchParams.set('authCode', code);
        back.searchParams.set('state', url.searchParams.get('state') ?? '');
        res.writeHead(302, { location: back.toString() }).end();
        return;
      }
      if (url.pathname === '/v1.0/oauth2/userAccessToken') {
        const body = JSON.parse(Buffer.concat(chunks).toString()) as { code: string };
        return json({ accessToken: body.code, expireIn: 7200 });
      }
      if (url.pathname === '/v1.0/contact/users/me') {
        const token = String(req.headers['x-acs-dingtalk-access-token']);
        return json(JSON.parse(Buffer.from(token, 'base64url').toString()));
      }
      res.statusCode = 404;
      json({ code: 'notFound', message: url.pathname });
    });
    await new Promise<void>((resolve) => standIn.listen(0, '127.0.0.1', resolve));
    const address = standIn.address();
    standInUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    await unbindAdmin();
  });

  afterAll(async () => {
    await unbindAdmin().catch(() => undefined);
    await api('PUT', '/api/system/Socials/dingtalk', { enabledMark: 0 }).catch(() => undefined);
    await browser?.close();
    await new Promise((resolve) => standIn?.close(resolve));
  });

  it('configures DingTalk on the system configuration’s 第三方登录 tab; the secret is kept when left empty', async () => {
    const { page, context } = await newPage(browser);
    try {
      await signInAdmin(page);
      const open = async () => {
        await page.goto(appUrl('/system/sysConfig'));
        await page.getByRole('tab', { name: '第三方登录' }).click();
        const card = page.getByTestId('social-dingtalk');
        await card.waitFor();
        return card;
      };
      let card = await open();
      // Disabled first (another attempt may have left it on), then switched on with its settings.
      const enabled = card.getByTestId('social-dingtalk-enabled');
      if ((await enabled.getAttribute('aria-checked')) !== 'true') await enabled.click();
      await card.getByTestId('social-dingtalk-clientId').fill('e2e-ding-app');
      await card.getByTestId('social-dingtalk-secret').fill('e2e-ding-secret');
      await card.getByPlaceholder('https://login.dingtalk.com').fill(standInUrl);
      await card.getByPlaceholder('https://api.dingtalk.com').fill(standInUrl);
      await card.getByTestId('social-dingtalk-save').click();
      await toast(page, 'success', '保存成功');

      // Shown again: the secret only as saved, never its value; saving with it empty keeps it.
      card = await open();
      const secret = card.getByTestId('social-dingtalk-secret');
      expect(await secret.inputValue()).toBe('');
      expect(await secret.getAttribute('placeholder')).toBe('已保存（不显示）');
      await card.getByText('已启用').waitFor();
      await card.getByTestId('social-dingtalk-save').click();
      await toast(page, 'success', '保存成功');
      const list = await api<{ enname: string; hasSecret: boolean; clientId: string; apiBase: string }[]>(
        'GET',
        '/api/system/Socials',
      );
      expect(list.data.find((p) => p.enname === 'dingtalk')).toMatchObject({
        hasSecret: true,
        clientId: 'e2e-ding-app',
        apiBase: standInUrl,
      });
      expect(JSON.stringify(list.data)).not.toContain('e2e-ding-secret');
    } finally {
      await context.close();
    }
  });

  it('asks an unbound DingTalk user to bind, and the console password binds and signs in', async () => {
    dingUser = { unionId: `union-${unique()}`, nick: `钉钉用户${unique()}` };
    const { context, page } = await newPage(browser);
    try {
      await page.goto(appUrl('/login'));
      const provider = page.locator('[data-testid="social-login"] [data-provider="dingtalk"]');
      await provider.waitFor();
      await provider.click();
      const bind = page.getByTestId('social-bind');
      await bind.waitFor();
      await expect(bind.textContent()).resolves.toContain(dingUser.nick);
      await bind.getByLabel('账号').fill('admin');
      await bind.getByLabel('密码').fill(adminPassword());
      await bind.getByRole('button', { name: '绑定并登录' }).click();
      await page.waitForURL(/#\/home/);
      const list = await api<Entry[]>('GET', '/api/permission/socials');
      expect(list.data.find((entry) => entry.enname === 'dingtalk')?.entity?.socialName).toBe(dingUser.nick);
    } finally {
      await context.close();
    }
  });

  it('signs the bound user in through DingTalk without a password', async () => {
    const { context, page } = await newPage(browser);
    try {
      await page.goto(appUrl('/login'));
      const provider = page.locator('[data-testid="social-login"] [data-provider="dingtalk"]');
      await provider.waitFor();
      await provider.click();
      await page.waitForURL(/#\/home/);
      const token = await page.evaluate(() => localStorage.getItem('console_token'));
      const me = (await (
        await fetch(`${baseUrl()}/api/oauth/CurrentUser`, {
          headers: { authorization: token ?? '', 'jnpf-origin': 'pc' },
        })
      ).json()) as { data: { userInfo: { userAccount: string } } };
      expect(me.data.userInfo.userAccount).toBe('admin');
    } finally {
      await context.close();
    }
  });
});
