import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { deflateSync } from 'node:zlib';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  adminPassword,
  appUrl,
  closePrevLoginNotice,
  launchBrowser,
  newPage,
  screenshots,
  signIn,
} from '../support/browser';
import { toast } from '../support/toasts';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** 李秀英 of the demo data (server/src/db/seed/demo.ts): no password, signs in by SMS code. */
const LI = { name: '李秀英', mobile: '13905710102' };

/** The newest SMS code the server logged for a number after `after` bytes of its log. */
async function smsCodeFor(mobile: string, after: number): Promise<string> {
  const pattern = new RegExp(`SMS code for ${mobile.slice(0, 3)}\\*{4}${mobile.slice(-4)}: (\\d+)`, 'g');
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    const log = readFileSync(inject('serverLog'), 'utf8').slice(after);
    const last = [...log.matchAll(pattern)].at(-1)?.[1];
    if (last) return last;
    await sleep(100);
  }
  throw new Error(`the server logged no SMS code for ${mobile}`);
}

async function signInBySms(page: Page, mobile: string): Promise<void> {
  await page.goto(appUrl('/login'));
  await page.getByRole('tab', { name: '手机登录' }).click();
  await page.locator('#smsLogin_mobile').fill(mobile);
  const before = readFileSync(inject('serverLog'), 'utf8').length;
  await page.getByRole('button', { name: '获取验证码' }).click();
  await page.locator('#smsLogin_code').fill(await smsCodeFor(mobile, before));
  await page.locator('#smsLogin_code').press('Enter');
  await page.waitForURL(/#\/home$/);
}

/** A small valid PNG (solid colour) built in memory. */
function png(size: number, rgb: [number, number, number]): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (buf: Buffer) => {
    let c = 0xffffffff;
    for (const byte of buf) c = (crcTable[(c ^ byte) & 0xff] ?? 0) ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(body));
    return Buffer.concat([length, body, sum]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8;
  header[9] = 2;
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(size * 3).map((_, i) => rgb[i % 3] ?? 0)]);
  const pixels = Buffer.concat(Array.from({ length: size }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(pixels)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

describe('personal profile', () => {
  let browser: Browser;
  /** 李秀英 signed in once (SMS codes can be asked for once a minute per number). */
  let li: Page;

  beforeAll(async () => {
    browser = await launchBrowser();
    li = (await newPage(browser)).page;
    await signInBySms(li, LI.mobile);
  });

  afterAll(async () => {
    await browser?.close();
  });

  it('changes the name in base info and the top bar shows it after a reload', async () => {
    const page = li;
    const context = page.context();
    await page.goto(appUrl('/profile'));
    const realName = page.locator('#baseInfo_realName');
    await realName.waitFor();
    await expect(realName.inputValue()).resolves.toBe(LI.name);

    // Invalid phone → the message of console.md 5; nothing is saved.
    await page.locator('#baseInfo_mobilePhone').fill('123');
    await page.getByRole('button', { name: /保\s?存/ }).click();
    await page.getByText('请输入正确的手机号码').waitFor();
    await page.locator('#baseInfo_mobilePhone').fill(LI.mobile);

    const renamed = `${LI.name}测试`;
    await realName.fill(renamed);
    await page.locator('#baseInfo_nickName').fill('小李');
    await page.getByRole('button', { name: /保\s?存/ }).click();
    await toast(page, 'success');
    await page.locator('.shell__user-name').getByText(renamed).waitFor();

    await page.reload();
    await page.locator('.shell__user-name').getByText(renamed).waitFor();
    await expect(page.locator('#baseInfo_nickName').inputValue()).resolves.toBe('小李');

    // A second, stale copy of the form is refused with the conflict message.
    const other = await context.newPage();
    await other.goto(appUrl('/profile'));
    await other.locator('#baseInfo_realName').waitFor();
    await page.locator('#baseInfo_nickName').fill('小李2');
    await page.getByRole('button', { name: /保\s?存/ }).click();
    await toast(page, 'success');
    await other.locator('#baseInfo_nickName').fill('冲突');
    await other.getByRole('button', { name: /保\s?存/ }).click();
    await other.getByText('资料已被他人修改，请重新加载后再保存。').waitFor();
    await other.close();

    // Put the name back for later specs.
    await page.reload();
    await page.locator('#baseInfo_realName').fill(LI.name);
    await page.getByRole('button', { name: /保\s?存/ }).click();
    await page.locator('.shell__user-name').getByText(LI.name, { exact: true }).waitFor();
    await page.reload();
    await page.locator('#baseInfo_realName').waitFor();
    await page.waitForLoadState('networkidle');
    await closePrevLoginNotice(page);
    await page.screenshot({ path: join(screenshots, 'profile.png') });
  });

  it('uploads an avatar with a preview and shows it in the top bar', async () => {
    const page = li;
    await page.goto(appUrl('/profile?tab=avatar'));
    await page.reload();
    await page.getByRole('button', { name: '选择图片' }).waitFor();
    // Not an image → refused before any upload.
    await page.locator('input[type=file]').setInputFiles({
      name: 'notes.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('hello'),
    });
    await page.getByText('只能上传图片文件').waitFor();

    await page.locator('input[type=file]').setInputFiles({
      name: 'me.png',
      mimeType: 'image/png',
      buffer: png(64, [24, 144, 255]),
    });
    await page.getByTestId('avatar-preview').locator('img').waitFor();
    await page.getByRole('button', { name: '保存头像' }).click();
    await toast(page, 'success');
    const topBarAvatar = page.locator('.shell__user img[src*="/api/file/Image/userAvatar/"]');
    await topBarAvatar.waitFor();
    // The image is served.
    const src = (await topBarAvatar.getAttribute('src')) ?? '';
    const status = await page.evaluate(async (url) => (await fetch(url)).status, src);
    expect(status).toBe(200);
  });

  it('walks the other tabs as the administrator', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, 'admin', adminPassword());
    await page.waitForURL(/#\/home$/);
    await page.goto(appUrl('/profile'));
    await page.locator('#baseInfo_realName').waitFor();
    await page.getByRole('tab', { name: '我的权限' }).click();
    await page.locator('.ant-tree-treenode:not([aria-hidden])').first().waitFor();

    await page.getByRole('tab', { name: '登录日志' }).click();
    await page.locator('.ant-table-row').first().waitFor();

    await page.getByRole('tab', { name: '修改密码' }).click();
    await page.locator('#profilePassword_oldPassword').waitFor();
    await page.getByRole('button', { name: /确\s?定/ }).click();
    await page.getByText('旧密码不能为空').waitFor();

    await page.getByRole('tab', { name: '布局主题' }).click();
    await page.getByText('经典布局').waitFor();
    await context.close();
  });
});
