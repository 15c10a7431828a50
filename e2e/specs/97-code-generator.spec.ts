import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { sampleColumnData, sampleForm } from '@console/shared';
import { unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { appUrl, savedDownload, screenshots } from '../support/browser';
import { unique } from '../support/unique';
import { signInAdmin } from './5x-support';
import { api, specBrowser } from './6x-support';

const RUN = unique();
const NAME = `E2E请假代码${RUN}`;

/** Issue #12: the code generator (generator/webForm) previews and downloads a design's module. */
describe('code generator', () => {
  const spec = specBrowser('97');

  it('lists a web form design, previews its generated files and downloads them as a zip', async () => {
    const page = await spec.page();
    await signInAdmin(page);
    const categories = await api<{ list: { id: string }[] }>(
      page,
      'GET',
      '/api/system/DictionaryData/webDesign/Data/Selector',
    );
    const created = await api(page, 'POST', '/api/visualdev/Base', {
      fullName: NAME,
      enCode: `leave_code_${RUN}`,
      category: categories.data.list[0]!.id,
      type: 4,
      webType: 2,
      tables: '[]',
      formData: JSON.stringify(sampleForm()),
      columnData: JSON.stringify(sampleColumnData()),
    });
    expect(created.code, created.msg).toBe(200);

    await page.goto(appUrl('/generator/webForm'));
    const list = page.getByTestId('generator-web-form');
    const row = list.locator('.ant-table-row', { hasText: NAME });
    await row.waitFor();

    await row.getByRole('button', { name: '预览代码' }).click();
    const dialog = page.locator('.ant-modal').filter({ hasText: `预览代码 - ${NAME}` });
    await expect
      .poll(() => dialog.getByLabel('类名', { exact: true }).inputValue())
      .toBe(`LeaveCode${RUN[0]!.toUpperCase()}${RUN.slice(1)}`);
    await dialog.getByLabel('类名', { exact: true }).fill('LeaveRequest');
    await dialog.getByLabel(`子表“${NAME}-子表”的类名`).fill('LeaveItem');
    await dialog.getByRole('button', { name: '预览代码' }).click();
    const tree = dialog.getByRole('navigation', { name: '生成的文件' });
    for (const file of [
      'README.md',
      'LeaveRequest.routes.ts',
      'LeaveRequest.schema.ts',
      'LeaveRequestForm.tsx',
      'LeaveRequestList.tsx',
    ])
      await tree.getByText(file, { exact: true }).waitFor();
    await tree.getByText('LeaveRequest.schema.ts', { exact: true }).click();
    const code = dialog.getByTestId('generated-code');
    await expect.poll(() => code.innerText()).toContain('export const LeaveItemTable = pgTable(');
    await page.screenshot({ path: join(screenshots, 'code-generator-preview.png') });
    await dialog.getByRole('button', { name: '关闭' }).click();
    await dialog.waitFor({ state: 'hidden' });

    await row.getByRole('button', { name: '下载代码' }).click();
    const download = page.locator('.ant-modal').filter({ hasText: `下载代码 - ${NAME}` });
    await download.getByLabel('类名', { exact: true }).fill('LeaveRequest');
    await download.getByLabel(`子表“${NAME}-子表”的类名`).fill('LeaveItem');
    await page.screenshot({ path: join(screenshots, 'code-generator-download.png') });
    const [file] = await Promise.all([
      page.waitForEvent('download'),
      download.getByRole('button', { name: '下载代码' }).click(),
    ]);
    expect(file.suggestedFilename()).toBe('LeaveRequest.zip');
    const zip = unzipSync(new Uint8Array(await readFile(await savedDownload(file))));
    expect(Object.keys(zip).sort()).toEqual([
      'LeaveRequest/README.md',
      'LeaveRequest/server/LeaveRequest.routes.ts',
      'LeaveRequest/server/LeaveRequest.schema.ts',
      'LeaveRequest/web/LeaveRequestForm.tsx',
      'LeaveRequest/web/LeaveRequestList.tsx',
    ]);
  }, 180_000);
});
