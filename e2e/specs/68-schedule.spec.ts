import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { appUrl, launchBrowser, newPage, OK, screenshots, settled } from '../support/browser';
import { signInAdmin } from './5x-support';

const DAY = 86_400_000;
const TITLE = '周例会（端到端）';

/** The signed-in user's occurrences with this spec's title, through the page's own token. */
async function occurrences(page: Page): Promise<{ startDay: number }[]> {
  return page.evaluate(
    async ({ title, day }) => {
      const token = localStorage.getItem('console_token') ?? '';
      const from = Date.now() - 7 * day;
      const to = Date.now() + 60 * day;
      const answer = await fetch(`/api/system/Schedule?startTime=${from}&endTime=${to}`, {
        headers: { Authorization: token, 'jnpf-origin': 'pc' },
      });
      const list: { title: string; startDay: number }[] = (await answer.json()).data.list;
      return list.filter((item) => item.title === title).sort((a, b) => a.startDay - b.startDay);
    },
    { title: TITLE, day: DAY },
  );
}

const isoDate = (ms: number) => {
  const d = new Date(ms);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};

describe('schedules', () => {
  let browser: Browser;
  let failureShot: (() => Promise<void>) | null = null;

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterEach(async (context) => {
    if (context.task.result?.state === 'fail') await failureShot?.().catch(() => undefined);
  });
  afterAll(async () => {
    await browser?.close();
  });

  it("creates a weekly schedule and deletes 'this and later' from its second occurrence", async () => {
    const { context, page } = await newPage(browser);
    failureShot = () => page.screenshot({ path: '/tmp/e2e-68-failure.png' }).then(() => undefined);
    await signInAdmin(page);
    await page.goto(appUrl('/extend/schedule'));
    const calendar = page.locator('.schedule-page');
    await calendar.waitFor();
    await page.waitForLoadState('networkidle');

    await calendar.getByRole('button', { name: '新建日程' }).click();
    const dialog = page.locator('.ant-modal').filter({ hasText: '新建日程' });
    await dialog.waitFor();
    await dialog.locator('#schedule_title').fill(TITLE);
    await dialog.locator('#schedule_content').fill('每周一次，汇报进展');
    await dialog.getByLabel('重要').check();
    await dialog.locator('#schedule_repetition').click();
    await page.locator('.ant-select-item-option').filter({ hasText: '每周' }).click();
    const repeatEnd = dialog.locator('#schedule_repeatEnd');
    await repeatEnd.click();
    await repeatEnd.fill(isoDate(Date.now() + 29 * DAY));
    await repeatEnd.press('Enter');
    await settled(page);
    await page.screenshot({ path: join(screenshots, '68-schedule-dialog.png') });
    await dialog.getByRole('button', { name: OK }).click();
    await dialog.waitFor({ state: 'hidden' });

    await expect.poll(async () => (await occurrences(page)).length).toBe(5);
    const [first, second] = await occurrences(page);
    await page.waitForLoadState('networkidle');
    await settled(page);
    await page.screenshot({ path: join(screenshots, '68-schedule-month.png') });

    // The second occurrence, a week later, in the week view.
    await page.getByText('周', { exact: true }).click();
    await calendar.getByRole('button', { name: '下一页' }).click();
    await page.waitForLoadState('networkidle');
    await calendar.locator('.schedule-chip').filter({ hasText: TITLE }).first().click();
    const view = page.locator('.ant-modal').filter({ hasText: '查看日程' });
    await view.waitFor();
    await expect.poll(() => view.textContent()).toContain('每周');
    await settled(page);
    await page.screenshot({ path: join(screenshots, '68-schedule-view.png') });
    await view.getByRole('button', { name: /删\s?除/ }).click();

    const scope = page.locator('.ant-modal').filter({ hasText: '删除重复日程' });
    await scope.waitFor();
    // Confirming without a choice is refused with the spec's message.
    await scope.getByRole('button', { name: OK }).click();
    await page.getByText('请选择日程').waitFor();
    await scope.getByLabel('此日程及后续日程').check();
    await settled(page);
    await page.screenshot({ path: join(screenshots, '68-schedule-delete-scope.png') });
    await scope.getByRole('button', { name: OK }).click();
    await scope.waitFor({ state: 'hidden' });

    await expect
      .poll(async () => (await occurrences(page)).map((o) => o.startDay))
      .toEqual([first?.startDay]);
    expect(second?.startDay).toBe((first?.startDay ?? 0) + 7 * DAY);
    await expect.poll(() => calendar.locator('.schedule-chip').filter({ hasText: TITLE }).count()).toBe(0);
    await calendar.getByRole('button', { name: '上一页' }).click();
    await expect.poll(() => calendar.locator('.schedule-chip').filter({ hasText: TITLE }).count()).toBe(1);
    await context.close();
  });
});
