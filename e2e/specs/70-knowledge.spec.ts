import { resolve } from 'node:path';
import { Document, HeadingLevel, Packer, Paragraph } from 'docx';
import ExcelJS from 'exceljs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { appUrl, OK, screenshots, settled } from '../support/browser';
import { toast } from '../support/toasts';
import { unique } from '../support/unique';
import { signInAdmin } from './5x-support';
import { setPassword, signInUser, specBrowser } from './6x-support';

const DOCX = '居住证办理指南.docx';
const XLSX = '办事地点一览.xlsx';

/** A Word document with headings, built at run time. */
async function docxFixture(): Promise<Buffer> {
  const doc = new Document({
    sections: [
      {
        children: [
          new Paragraph({ text: '居住证办理指南', heading: HeadingLevel.TITLE }),
          new Paragraph({ text: '一、申请材料', heading: HeadingLevel.HEADING_1 }),
          new Paragraph(
            '申请居住证需要提交居民身份证原件、近期一寸白底照片和合法稳定住所证明材料。租房居住的，还需提交经登记备案的房屋租赁合同。',
          ),
          new Paragraph({ text: '二、办理时限', heading: HeadingLevel.HEADING_1 }),
          new Paragraph('材料齐全的，公安派出所自受理之日起十五个工作日内发放居住证。'),
          new Paragraph({ text: '三、办理费用', heading: HeadingLevel.HEADING_1 }),
          new Paragraph('首次申领居住证不收取费用；损坏或遗失补领的，按规定收取工本费。'),
        ],
      },
    ],
  });
  return Packer.toBuffer(doc);
}

/** A workbook whose rows are indexed with their header repeated. */
async function xlsxFixture(): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('办事地点');
  sheet.addRow(['事项名称', '办理地点', '咨询电话', '办公时间']);
  sheet.addRow(['不动产登记', '区政务服务中心二楼C区', '0571-88001234', '工作日 9:00-17:00']);
  sheet.addRow(['公积金提取', '区政务服务中心三楼A区', '0571-88005678', '工作日 9:00-17:00']);
  sheet.addRow(['社保卡补办', '各街道便民服务中心', '0571-88009012', '工作日 8:30-17:00']);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** Confirms the last antd confirmation dialog, checking its text. */
async function confirmModal(page: Page, text: RegExp) {
  const confirm = page.locator('.ant-modal-confirm').last();
  await confirm.getByText(text).waitFor();
  await confirm.getByRole('button', { name: OK }).click();
}

const shot = (page: Page, name: string) => page.screenshot({ path: resolve(screenshots, `70-${name}.png`) });

describe('knowledge base and intelligent Q&A', () => {
  const browser = specBrowser('70');
  // Named per attempt, so that a retry never meets the base its failed attempt made; the second test
  // uses the base the first one made.
  let baseName = '';

  // One story from an empty base to a cited answer: two minutes leave room for a loaded machine.
  it('creates a base, indexes a docx and an xlsx, tests retrieval and answers a question with a citation', {
    timeout: 120_000,
  }, async () => {
    baseName = `E2E 政务服务知识库 ${unique()}`;
    const page = await browser.page();
    await signInAdmin(page);
    await page.goto(appUrl('/questionAnswering/zskManagement'));
    await page.getByTestId('kb-page').waitFor();

    // Create a base: the dialog asks for the name first.
    await page.getByRole('button', { name: '新建知识库' }).click();
    const dialog = page.locator('.ant-modal').filter({ hasText: '新建知识库' });
    await dialog.getByRole('button', { name: OK }).click();
    await dialog.getByText('请输入知识库名称').waitFor();
    await page.locator('#knowledgeBase_fullName').fill(baseName);
    await page.locator('#knowledgeBase_description').fill('居住证、不动产登记等办事指南');
    await dialog.getByRole('tab', { name: '分段与问答设置' }).click();
    await expect(page.locator('#knowledgeBase_maxChars').inputValue()).resolves.toBe('500');
    await expect(page.locator('#knowledgeBase_topK').inputValue()).resolves.toBe('5');
    await settled(page);
    await shot(page, 'base-dialog-settings');
    // Use granted to a department, picked in the user picker's organisation tree.
    await dialog.getByRole('tab', { name: '授权', exact: true }).click();
    await dialog.getByTestId('user-select').nth(1).click();
    const picker = page.locator('.org-picker-dialog').last();
    await picker
      .locator('.ant-tabs-content-active .ant-tree')
      .getByText('区政府办公室', { exact: true })
      .first()
      .click();
    await picker.getByTestId('org-picker-selected').getByText('区政府办公室', { exact: true }).waitFor();
    await picker.getByRole('button', { name: OK }).click();
    await picker.waitFor({ state: 'hidden' });
    await dialog.getByTestId('user-select').nth(1).getByText('区政府办公室', { exact: true }).waitFor();
    await settled(page);
    await shot(page, 'base-dialog-grants');
    await dialog.getByRole('button', { name: OK }).click();
    await toast(page, 'success');
    await dialog.waitFor({ state: 'hidden' });
    const row = page.locator('.ant-table-row').filter({ hasText: baseName });
    await row.waitFor();
    await settled(page);
    await shot(page, 'base-list');

    // Its detail: upload a Word document and a workbook together and watch them get indexed.
    await row.getByRole('button', { name: baseName }).click();
    const drawer = page.locator('.kb-detail');
    await drawer.getByTestId('kb-documents').waitFor();
    await drawer.getByText('还没有文档').waitFor();
    // Every status the documents show on the way, as the page shows them.
    await page.evaluate(() => {
      const seen = new Set<string>();
      (window as unknown as { __kbStatuses: Set<string> }).__kbStatuses = seen;
      new MutationObserver(() => {
        for (const cell of Array.from(document.querySelectorAll('[data-testid="kb-doc-status"] .ant-tag')))
          seen.add(cell.textContent ?? '');
      }).observe(document.body, { childList: true, subtree: true, characterData: true });
    });
    await drawer.locator('input[type=file]').setInputFiles([
      {
        name: DOCX,
        mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
        buffer: await docxFixture(),
      },
      {
        name: XLSX,
        mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        buffer: await xlsxFixture(),
      },
    ]);
    const docRow = (name: string) => drawer.locator('.ant-table-row').filter({ hasText: name });
    await docRow(DOCX).waitFor();
    await docRow(XLSX).waitFor();
    for (const name of [DOCX, XLSX])
      await docRow(name).locator('.ant-tag').filter({ hasText: '已就绪' }).waitFor({ timeout: 60_000 });
    const statuses = await page.evaluate(() => [
      ...(window as unknown as { __kbStatuses: Set<string> }).__kbStatuses,
    ]);
    expect(statuses).toContain('已就绪');
    expect(statuses.every((status) => ['排队中', '索引中', '已就绪'].includes(status))).toBe(true);
    const chunkCount = Number(await docRow(DOCX).locator('td').nth(3).textContent());
    expect(chunkCount).toBeGreaterThan(0);
    await settled(page);
    await shot(page, 'documents');

    // Chunks of the Word document: searchable, and one is edited.
    await drawer.getByRole('tab', { name: '分段', exact: true }).click();
    const chunks = drawer.getByTestId('kb-chunks');
    await chunks.getByRole('combobox', { name: '选择文档' }).click();
    await page
      .locator('.ant-select-dropdown:visible .ant-select-item-option')
      .filter({ hasText: DOCX })
      .click();
    await chunks.getByRole('textbox', { name: '请输入分段内容关键词' }).fill('身份证');
    await chunks.getByRole('textbox', { name: '请输入分段内容关键词' }).press('Enter');
    const chunkRow = chunks.locator('.ant-table-row').filter({ hasText: '居民身份证原件' });
    await chunkRow.waitFor();
    await expect.poll(() => chunks.locator('.ant-table-row').count()).toBe(1);
    await chunkRow.getByRole('button', { name: '编辑' }).click();
    const chunkDialog = page.locator('.ant-modal').filter({ hasText: '编辑分段' });
    const content = page.locator('#knowledgeChunk_content');
    await content.fill(`${await content.inputValue()}可通过“浙里办”在线申请。`);
    await settled(page);
    await shot(page, 'chunk-dialog');
    await chunkDialog.getByRole('button', { name: OK }).click();
    await toast(page, 'success');
    // Long chunks are cut to three lines until expanded.
    await chunkRow.locator('.ant-typography-expand').click();
    await chunks.locator('.ant-table-row').filter({ hasText: '浙里办' }).waitFor();
    await settled(page);
    await shot(page, 'chunks');

    // Hit test: the workbook row with its header answers where to register real estate.
    await drawer.getByRole('tab', { name: '命中测试' }).click();
    const hitTest = drawer.getByTestId('kb-hit-test');
    await hitTest.getByRole('textbox', { name: '测试问题' }).fill('不动产登记在哪里办理？');
    await hitTest.getByRole('button', { name: /测\s?试/ }).click();
    const firstHit = hitTest.locator('.kb-hit').first();
    await firstHit.waitFor();
    await expect(firstHit.textContent()).resolves.toContain(XLSX);
    await expect(firstHit.textContent()).resolves.toContain('区政务服务中心二楼C区');
    await page.mouse.move(0, 0);
    await settled(page);
    await shot(page, 'hit-test');

    // A curated Q&A pair.
    await drawer.getByRole('tab', { name: '问答对' }).click();
    const qa = drawer.getByTestId('kb-qa');
    await qa.getByRole('button', { name: '新建问答对' }).click();
    const qaDialog = page.locator('.ant-modal').filter({ hasText: '新建问答对' });
    await qaDialog.getByRole('button', { name: OK }).click();
    await qaDialog.getByText('请输入问题').waitFor();
    await page.locator('#knowledgeQa_question').fill('居住证多久能办好？');
    await page.locator('#knowledgeQa_answer').fill('材料齐全的，十五个工作日内发放。');
    await qaDialog.getByRole('button', { name: OK }).click();
    await toast(page, 'success');
    await qa.locator('.ant-table-row').filter({ hasText: '居住证多久能办好？' }).waitFor();
    await settled(page);
    await shot(page, 'qa');

    await drawer.getByRole('tab', { name: '授权', exact: true }).click();
    const grant = drawer
      .getByTestId('kb-grants')
      .locator('.ant-table-row')
      .filter({ hasText: '区政府办公室' });
    await grant.getByText('组织').waitFor();
    await grant.getByText('使用').waitFor();
    await drawer.getByRole('tab', { name: '分段与问答设置' }).click();
    await drawer.getByTestId('kb-settings').getByText('分段最大长度').waitFor();
    await settled(page);
    await shot(page, 'settings');
    await drawer.locator('.ant-drawer-close').click();
    await drawer.waitFor({ state: 'hidden' });

    // Retrieval settings (administrator): the word lists and the model endpoints.
    await page.getByRole('button', { name: '检索设置' }).click();
    const admin = page.locator('.kb-admin');
    const words = admin.getByTestId('kb-words-Dictionary');
    await words.waitFor();
    await words.fill('居住证\n不动产登记\n居住证');
    await admin.getByText('共 2 个词').waitFor();
    await admin.getByRole('button', { name: /保\s?存/ }).click();
    await toast(page, 'success');
    await admin.getByRole('tab', { name: '模型接口' }).click();
    await admin.getByText('对话模型', { exact: true }).waitFor();
    // Keys are never shown back; an address must be http(s) (checked before anything is sent).
    await expect(page.locator('#kbModels_chatApiKey').inputValue()).resolves.toBe('');
    await page.locator('#kbModels_chatBaseUrl').fill('ftp://llm.example');
    await admin.getByRole('button', { name: /保\s?存/ }).click();
    await admin.getByText('地址必须以 http:// 或 https:// 开头').waitFor();
    await settled(page);
    await shot(page, 'retrieval-settings');
    await admin.locator('.ant-modal-close').click();

    // The chat page: a question, the streamed answer with a citation, and the cited chunk.
    await page.goto(appUrl('/questionAnswering/chat'));
    await page.getByTestId('kb-chat-page').waitFor();
    await page.getByText('智能问答', { exact: true }).first().waitFor();
    await settled(page);
    await shot(page, 'chat-empty');
    const input = page.getByTestId('kb-chat-input');
    await input.fill('申请居住证需要提交哪些材料？');
    await input.press('Enter');
    await expect.poll(() => input.inputValue()).toBe('');
    const answer = page.getByTestId('kb-answer').last();
    // Finished: the source and feedback row appears once the stream says done.
    await answer.locator('.kb-msg__foot').waitFor({ timeout: 30_000 });
    await expect(answer.textContent()).resolves.toContain('身份证');
    const marker = answer.locator('button.kb-cite').first();
    await marker.waitFor();
    await expect(page.getByRole('log').getAttribute('aria-live')).resolves.toBe('polite');
    await settled(page);
    await shot(page, 'chat-answer');
    await marker.click();
    const chunkDrawer = page.locator('.kb-chunk-drawer');
    await chunkDrawer.getByText(baseName).waitFor();
    await chunkDrawer.getByText(DOCX).waitFor();
    await expect(chunkDrawer.getByTestId('kb-chunk-content').textContent()).resolves.toContain(
      '居民身份证原件',
    );
    await settled(page);
    await shot(page, 'chat-citation');
    await chunkDrawer.locator('.ant-drawer-close').click();

    // Feedback, and the conversation in the history.
    await answer.getByRole('button', { name: '有用' }).click();
    await toast(page, 'success');
    await expect
      .poll(() => answer.getByRole('button', { name: '有用' }).getAttribute('aria-pressed'))
      .toBe('true');
    await page.getByTestId('kb-conversations').locator('li').first().waitFor();

    // A manager turns the answer into a curated pair with corrected text.
    await answer.getByRole('button', { name: /纠\s?正/ }).click();
    const correction = page.locator('.ant-modal').filter({ hasText: '纠正答案' });
    await correction.getByText(baseName).waitFor();
    await page.locator('#kbCorrection_answer').fill('需提交居民身份证原件、近期一寸白底照片和住所证明材料。');
    await settled(page);
    await shot(page, 'chat-correction');
    await correction.getByRole('button', { name: '保存为问答对' }).click();
    await toast(page, 'success');
    await correction.waitFor({ state: 'hidden' });
    await expect
      .poll(() => answer.getByRole('button', { name: '没用' }).getAttribute('aria-pressed'))
      .toBe('true');
    await page.mouse.move(0, 0);

    // The curated pair answers its question directly.
    await input.fill('居住证多久能办好？');
    await input.press('Enter');
    const second = page.getByTestId('kb-answer').nth(1);
    await second.locator('.kb-msg__foot').waitFor({ timeout: 30_000 });
    await second.getByText('来自问答对').waitFor();
    await expect(second.textContent()).resolves.toContain('十五个工作日内发放');
    // The corrected pair now answers the first question.
    await input.fill('申请居住证需要提交哪些材料？');
    await input.press('Enter');
    const third = page.getByTestId('kb-answer').nth(2);
    await third.locator('.kb-msg__foot').waitFor({ timeout: 30_000 });
    await third.getByText('来自问答对').waitFor();
    await expect(third.textContent()).resolves.toContain('住所证明材料');
    await settled(page);
    await shot(page, 'chat-history');

    // A new conversation starts empty; the history brings the old one back with its citations.
    await page.getByRole('button', { name: '新对话' }).click();
    await page.locator('.kb-chat__welcome').waitFor();
    await page
      .getByTestId('kb-conversations')
      .getByRole('button', { name: /^申请居住证需要提交哪些材料/ })
      .click();
    await expect.poll(() => page.getByTestId('kb-answer').count()).toBe(3);
    await page.getByTestId('kb-answer').first().locator('button.kb-cite').first().waitFor();
    // Corrected, the first answer counts as not useful.
    const reloaded = page.getByTestId('kb-answer').first();
    await expect(reloaded.getByRole('button', { name: '没用' }).getAttribute('aria-pressed')).resolves.toBe(
      'true',
    );
    await expect(reloaded.getByRole('button', { name: '有用' }).getAttribute('aria-pressed')).resolves.toBe(
      'false',
    );

    // Deleting a conversation asks first, then the page starts a new one. Other specs may have left
    // conversations of the administrator's, so the list loses this one rather than becoming empty.
    const conversation = page.getByTestId('kb-conversations').locator('li.is-active');
    await expect(
      conversation.getByRole('button', { name: /^申请居住证需要提交哪些材料/ }).count(),
    ).resolves.toBe(1);
    await conversation.getByRole('button', { name: /删除对话/ }).click();
    await confirmModal(page, /删除对话“/);
    await toast(page, 'success');
    await conversation.waitFor({ state: 'detached' });
    await page.locator('.kb-chat__welcome').waitFor();
  });

  it('shows the base to the department it was granted to, for use only, and to nobody else', async () => {
    const admin = await browser.page();
    await signInAdmin(admin);
    await setPassword(admin, 'lixiuying', 'Kb70start1');
    await setPassword(admin, 'wuqiang', 'Kb70start2');

    // 李秀英 works in 区政府办公室, which may use the base: she finds it, may test it, not manage it.
    const user = await browser.page();
    await signInUser(user, 'lixiuying', 'Kb70start1', 'Kb70change1');
    await user.goto(appUrl('/questionAnswering/zskManagement'));
    const row = user.locator('.ant-table-row').filter({ hasText: baseName });
    await row.waitFor();
    await row.getByText('使用', { exact: true }).waitFor();
    await expect(row.getByRole('button', { name: /编\s?辑|删\s?除/ }).count()).resolves.toBe(0);
    await expect(user.getByRole('button', { name: '新建知识库' }).count()).resolves.toBe(0);
    await row.getByRole('button', { name: /打\s?开/ }).click();
    const drawer = user.locator('.kb-detail');
    const hitTest = drawer.getByTestId('kb-hit-test');
    await hitTest.waitFor();
    await expect(drawer.getByRole('tab').allTextContents()).resolves.toEqual(['命中测试']);
    await hitTest.getByRole('textbox', { name: '测试问题' }).fill('公积金提取去哪里办？');
    await hitTest.getByRole('button', { name: /测\s?试/ }).click();
    await hitTest.locator('.kb-hit').first().waitFor();
    await expect(hitTest.locator('.kb-hit').first().textContent()).resolves.toContain(XLSX);
    // A 'use' grant with btn_download: the original of a hit can be downloaded.
    const download = user.waitForEvent('download');
    await hitTest
      .locator('.kb-hit')
      .first()
      .getByRole('button', { name: /下\s?载/ })
      .click();
    expect((await download).suggestedFilename()).toBe(XLSX);
    await user.mouse.move(0, 0);
    await settled(user);
    await shot(user, 'user-hit-test');

    // 吴强 (教育局) was granted nothing: he lists only the demo's guide, which the whole district may use.
    const other = await browser.page();
    await signInUser(other, 'wuqiang', 'Kb70start2', 'Kb70change2');
    const listed = other.waitForResponse((response) => response.url().includes('/api/knowledge/Base?'));
    await other.goto(appUrl('/questionAnswering/zskManagement'));
    const answer = (await (await listed).json()) as { data: { list: { fullName: string }[] } };
    expect(answer.data.list.map((b) => b.fullName)).toEqual(['区政务服务指南']);
    await other.locator('.ant-table-row').filter({ hasText: '区政务服务指南' }).waitFor();
    await expect(other.locator('.ant-table-row').filter({ hasText: baseName }).count()).resolves.toBe(0);
  });
});
