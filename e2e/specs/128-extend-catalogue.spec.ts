import { resolve } from 'node:path';
import { FORM_DEMOS, GRAPH_DEMOS, TABLE_DEMOS } from '@console/shared';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { appUrl, screenshots, settled } from '../support/browser';
import { toast } from '../support/toasts';
import { signInAdmin } from './5x-support';
import { api, specBrowser } from './6x-support';

const shot = (page: Page, name: string) => page.screenshot({ path: resolve(screenshots, `128-${name}.png`) });

/** Console errors and uncaught exceptions of the page, as they come. */
function errorsOf(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

/** How many pixels of the page's chart canvas are painted (not transparent). */
const paintedPixels = (page: Page) =>
  page
    .locator('.graph-demo canvas')
    .first()
    .evaluate((canvas: HTMLCanvasElement) => {
      const context = canvas.getContext('2d');
      if (!context || canvas.width === 0) return 0;
      const { data } = context.getImageData(0, 0, canvas.width, canvas.height);
      let painted = 0;
      for (let i = 3; i < data.length; i += 4) if (data[i] !== 0) painted++;
      return painted;
    });

describe('extend demo catalogue (issue 27)', () => {
  const browser = specBrowser('128');

  it('opens every chart demo with a drawn chart and no console error', { timeout: 300_000 }, async () => {
    const page = await browser.page();
    await signInAdmin(page);
    // Listened to from here: the sign-in's token hand-over page (a JSON answer) has no favicon.
    const errors = errorsOf(page);
    for (const name of GRAPH_DEMOS) {
      await page.goto(appUrl(`/extend/graphDemo/${name}`));
      await page.locator('.graph-demo canvas').first().waitFor();
      // A word cloud is text only: fewer painted pixels than the filled charts.
      const least = name === 'highchartsWordcloud' ? 300 : 2000;
      await expect.poll(() => paintedPixels(page), { message: name, timeout: 20_000 }).toBeGreaterThan(least);
      expect(errors, name).toEqual([]);
    }
    await settled(page);
    await shot(page, 'word-cloud');
  });

  it('opens every table demo with rows and every form demo with its fields, no console error', {
    timeout: 300_000,
  }, async () => {
    const page = await browser.page();
    await signInAdmin(page);
    // Listened to from here: the sign-in's token hand-over page (a JSON answer) has no favicon.
    const errors = errorsOf(page);
    for (const name of TABLE_DEMOS) {
      await page.goto(appUrl(`/extend/tableDemo/${name}`));
      const card = page.locator(`.table-demo[data-demo="${name}"]`);
      await card.waitFor();
      if (name === 'treeTable')
        await card.locator('.ant-tree-node-content-wrapper', { hasText: '建筑业' }).click();
      if (name === 'commonForm') await card.locator('input#projectName').waitFor();
      else
        await expect
          .poll(() => card.locator('.ant-table-row').count(), { message: name, timeout: 20_000 })
          .toBeGreaterThan(0);
      expect(errors, name).toEqual([]);
    }
    for (const name of FORM_DEMOS) {
      await page.goto(appUrl(`/extend/formDemo/${name}`));
      const card = page.locator('.form-demo');
      await card.waitFor();
      await expect.poll(() => card.locator('.ant-form-item').count(), { message: name }).toBeGreaterThan(1);
      expect(errors, name).toEqual([]);
    }
    await settled(page);
    await shot(page, 'verify-form');
  });

  it('the editable table saves a row through TableExample; notes are added and removed', {
    timeout: 180_000,
  }, async () => {
    const page = await browser.page();
    await signInAdmin(page);
    const phase = `复核阶段${Math.random().toString(36).slice(2, 7)}`;
    await page.goto(appUrl('/extend/tableDemo/redactTable'));
    const card = page.locator('.table-demo[data-demo="redactTable"]');
    await card.locator('.ant-input-search input').fill('政务外网安全加固');
    await card.locator('.ant-input-search input').press('Enter');
    const row = card.locator('.ant-table-row', { hasText: '政务外网安全加固' });
    await row.getByRole('button', { name: /编\s?辑/ }).click();
    // While edited, the row's name is an input's value, not text: find it by its inputs.
    const edited = card.locator('.ant-table-row', { has: page.locator('input[aria-label="项目阶段"]') });
    await edited.locator('input[aria-label="项目阶段"]').fill(phase);
    await edited.getByRole('button', { name: /保\s?存/ }).click();
    await toast(page, 'success', '修改成功');
    await row.getByText(phase).waitFor();
    const saved = await api<{ list: { projectName: string; projectPhase: string }[] }>(
      page,
      'GET',
      `/api/extend/TableExample?keyword=${encodeURIComponent('政务外网安全加固')}`,
    );
    expect(saved.data.list.map((r) => r.projectPhase)).toEqual([phase]);
    await settled(page);
    await shot(page, 'redact-saved');

    const note = `请补充招标文件${Math.random().toString(36).slice(2, 7)}`;
    await page.goto(appUrl('/extend/tableDemo/postilTable'));
    const postils = page.locator('.table-demo[data-demo="postilTable"]');
    await postils.locator('.ant-input-search input').fill('政务外网安全加固');
    await postils.locator('.ant-input-search input').press('Enter');
    const target = postils.locator('.ant-table-row', { hasText: '政务外网安全加固' });
    await target.getByRole('button', { name: '批注' }).click();
    const dialog = page.locator('.ant-modal').filter({ hasText: '添加批注' }).last();
    await dialog.getByRole('textbox').fill(note);
    await dialog.getByRole('button', { name: /发\s?送/ }).click();
    await toast(page, 'success', '批注成功');
    const item = dialog.locator('.ant-list-item', { hasText: note });
    await item.waitFor();
    await settled(page);
    await shot(page, 'postil');
    await item.getByRole('button', { name: /删\s?除/ }).click();
    await toast(page, 'success', '批注已删除');
    await item.waitFor({ state: 'detached' });
  });
});
