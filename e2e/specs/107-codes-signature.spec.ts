import { resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { appUrl, pickOption, screenshots, settled } from '../support/browser';
import { toast } from '../support/toasts';
import { signInAdmin } from './5x-support';
import { specBrowser } from './6x-support';

const shot = (page: Page, name: string) => page.screenshot({ path: resolve(screenshots, `107-${name}.png`) });

describe('barcode and signature demos', () => {
  const browser = specBrowser('107');

  it('draws barcodes and QR codes from what is typed, and says when a format refuses it', {
    timeout: 90_000,
  }, async () => {
    const page = await browser.page();
    await signInAdmin(page);
    await page.goto(appUrl('/extend/barCode'));
    await page.getByTestId('bar-code-page').waitFor();
    const bars = page.getByTestId('barcode-svg');
    await expect.poll(() => bars.locator('rect').count()).toBeGreaterThan(10);
    await page.getByTestId('qrcode-image').waitFor();

    await pickOption(
      page,
      page.locator('.ant-form-item', { hasText: '编码格式' }).locator('.ant-select'),
      'EAN13',
    );
    await expect.poll(() => page.locator('#barcode_text').inputValue()).toBe('6901234567892');
    await expect.poll(() => bars.textContent()).toContain('901234');
    await page.locator('#barcode_text').fill('ABC');
    await page.getByText('内容不符合 EAN13 格式的要求').waitFor();
    await page.locator('#barcode_text').fill('6901234567892');
    await expect.poll(() => bars.locator('rect').count()).toBeGreaterThan(10);

    const qr = page.getByTestId('qrcode-image');
    const before = await qr.getAttribute('src');
    await page.locator('#qrcode_text').fill('https://www.gov.cn/zhengce/');
    await expect.poll(() => qr.getAttribute('src')).not.toBe(before);
    await settled(page);
    await shot(page, 'barcode');
  });

  it('saves a drawn signature among my signatures', { timeout: 90_000 }, async () => {
    const page = await browser.page();
    await signInAdmin(page);
    await page.goto(appUrl('/extend/signature'));
    await page.getByTestId('signature-page').waitFor();
    const save = page.getByRole('button', { name: '保存到我的签名' });
    await expect(save.isDisabled()).resolves.toBe(true);
    const pad = page.getByTestId('form-sign');
    const box = await pad.boundingBox();
    if (!box) throw new Error('no signature pad');
    await page.mouse.move(box.x + 40, box.y + 100);
    await page.mouse.down();
    for (const [x, y] of [
      [90, 40],
      [140, 120],
      [200, 50],
      [260, 110],
      [330, 60],
    ] as const)
      await page.mouse.move(box.x + x, box.y + y, { steps: 5 });
    await page.mouse.up();
    await expect.poll(() => save.isDisabled()).toBe(false);
    const saved = page.getByTestId('signature-saved').locator('img');
    const count = await saved.count();
    await save.click();
    await toast(page, 'success');
    await expect.poll(() => page.getByTestId('signature-saved').locator('img').count()).toBe(count + 1);
    await settled(page);
    await shot(page, 'signature');
  });
});
