import { type FormDefinition, type FormField, largeForm, subTableForm } from '@console/shared';
import { chromium, type Page } from 'playwright-core';
import type { Scenario, ScenarioOutput } from './types.js';

const FIELDS = 200;
const ROWS = 500;

/**
 * The sub-table form with its rows as the table's default value, so the preview shows them; without
 * `calculate`, the per-row calculate column is left out (to tell its cost from the table's).
 */
function subTableWithRows(rows: number, calculate: boolean): FormDefinition {
  const { form, data } = subTableForm(rows);
  const [table] = form.fields;
  if (!table?.__vModel__ || !Array.isArray(table.__config__.children))
    throw new Error('subTableForm has no table');
  table.__config__.defaultValue = data[table.__vModel__];
  if (!calculate)
    table.__config__.children = table.__config__.children.filter(
      (column: FormField) => column.__config__.jnpfKey !== 'calculate',
    );
  return form;
}

/**
 * Clicks "render" in /previewModel and returns the ms until the new form (the old one is marked
 * first) holds `count` elements matching `selector` and two frames have passed. Runs in the page,
 * timed with its own clock; passed as source text because tsx's helpers do not exist in the page.
 */
function timeRender(page: Page, selector: string, count: number): Promise<number> {
  const target = JSON.stringify(`.preview-model form:not([data-bench-old]) ${selector}`);
  return page.evaluate(`new Promise((resolve, reject) => {
    const render = [...document.querySelectorAll('.preview-model button')].find(
      (button) => button.textContent.replace(/\\s/g, '') === '渲染');
    if (!render) return reject(new Error('no render button'));
    for (const form of document.querySelectorAll('.preview-model form')) form.setAttribute('data-bench-old', '');
    const started = performance.now();
    render.click();
    const check = () => {
      if (document.querySelectorAll(${target}).length >= ${count})
        requestAnimationFrame(() => requestAnimationFrame(() => resolve(performance.now() - started)));
      else if (performance.now() - started > 180000) reject(new Error('render not done in 180 s'));
      else requestAnimationFrame(check);
    };
    requestAnimationFrame(check);
  })`) as Promise<number>;
}

/** Scrolls the virtual sub-table to its end; ms until its last row is in the DOM and two frames passed. */
function timeScrollToEnd(page: Page): Promise<number> {
  return page.evaluate(`new Promise((resolve, reject) => {
    const holder = document.querySelector('.preview-model form:not([data-bench-old]) .ant-table-tbody-virtual-holder');
    if (!holder) return reject(new Error('the sub-table is not virtual'));
    const started = performance.now();
    // The virtual list scrolls by wheel events (its holder does not scroll natively).
    holder.dispatchEvent(new WheelEvent('wheel', { deltaY: holder.scrollHeight * 100, bubbles: true, cancelable: true }));
    const check = () => {
      const cells = [...holder.querySelectorAll('.ant-table-row .ant-table-cell:first-child')];
      if (cells.some((cell) => cell.textContent.trim() === '${ROWS}'))
        requestAnimationFrame(() => requestAnimationFrame(() => resolve(Math.round(performance.now() - started))));
      else if (performance.now() - started > 60000) reject(new Error('row ${ROWS} not shown after the scroll'));
      else requestAnimationFrame(check);
    };
    requestAnimationFrame(check);
  })`) as Promise<number>;
}

async function measure(page: Page, form: FormDefinition, selector: string, count: number, runs: number) {
  // A fresh page each time: what an earlier form left running must not weigh on this one.
  await page.reload();
  await page.locator('.preview-model textarea').first().fill(JSON.stringify(form));
  // The first render also loads the renderer's lazy chunks: measured, reported apart.
  const first = await timeRender(page, selector, count);
  const times: number[] = [];
  for (let run = 0; run < runs; run++) times.push(await timeRender(page, selector, count));
  times.sort((a, b) => a - b);
  const median = times[Math.floor(times.length / 2)] ?? 0;
  return { first: Math.round(first), median: Math.round(median), max: Math.round(times.at(-1) ?? 0), runs };
}

/**
 * Render time of large forms in Chromium through /previewModel (the designer's preview): a flat
 * 200-field form (8 kinds cycling: input, number, select, date, textarea, switch, radio, checkbox)
 * and one sub-table of 500 rows × 4 columns (input, two numbers, a per-row calculate), then the same
 * sub-table without the calculate column. Timed in the page from
 * the click on "render" until every form item / table row is in the DOM and two frames have passed.
 */
export const formRender: Scenario = {
  name: 'formRender',
  title: `Form render (${FIELDS} fields; ${ROWS}-row sub-table) in Chromium`,
  section: 'formRender',
  async run(ctx): Promise<ScenarioOutput> {
    const runs = ctx.quick ? 2 : 5;
    const browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
      ],
    });
    try {
      const context = await browser.newContext({ locale: 'zh-CN', viewport: { width: 1440, height: 900 } });
      const page = await context.newPage();
      await page.goto(`${ctx.server.baseUrl}/#/login`);
      await page.locator('#login_account').fill('admin');
      await page.locator('#login_password').fill(ctx.adminPassword);
      await page.locator('#login_password').press('Enter');
      await page.waitForURL(/#\/home$/, { timeout: 120_000 });
      await page.goto(`${ctx.server.baseUrl}/#/previewModel`);

      const fields = await measure(page, largeForm(FIELDS), '.ant-form-item', FIELDS, runs);
      // The sub-table is virtual from 30 rows: done when it holds all 500 and shows the rows in view.
      const rowsInView = `[data-rows="${ROWS}"] .ant-table-row`;
      const plainRows = await measure(page, subTableWithRows(ROWS, false), rowsInView, 1, runs);
      const rows = await measure(page, subTableWithRows(ROWS, true), rowsInView, 1, runs);
      const scroll = await timeScrollToEnd(page);
      const lines = [
        `${FIELDS}-field form: median ${fields.median} ms, max ${fields.max} ms over ${runs} renders; first render (lazy chunks loaded) ${fields.first} ms`,
        `${ROWS}-row sub-table (4 columns incl. a per-row calculate): median ${rows.median} ms, max ${rows.max} ms over ${runs} renders; first render ${rows.first} ms`,
        `${ROWS}-row sub-table without the calculate column (3 columns): median ${plainRows.median} ms, max ${plainRows.max} ms over ${runs} renders`,
        `${ROWS}-row sub-table: a jump to its last row shows row ${ROWS} after ${scroll} ms`,
      ];
      for (const line of lines) console.log(`  ${line}`);
      return {
        connections: 1,
        durationS: Math.round(((fields.median + rows.median) * runs) / 100) / 10,
        requests: 3 * (runs + 1),
        requestsPerSec: 0,
        // "Latency" here: p50 = median ms of the 200-field form, p95/p99 = median ms of the 500-row sub-table.
        latencyMs: {
          p50: fields.median,
          p95: rows.median,
          p99: rows.median,
          mean: (fields.median + rows.median) / 2,
          max: Math.max(fields.max, rows.max, plainRows.max),
        },
        non200: {},
        non200Total: 0,
        errors: 0,
        wireBytesPerAnswer: 0,
        notes: [
          ...lines,
          'table columns for this row: p50 = median ms to render the 200-field form, p95/p99 = median ms to render the 500-row sub-table, max = slowest of either; req/s is not meaningful',
        ],
      };
    } finally {
      await browser.close();
    }
  },
};
