import { describe, expect, it } from 'vitest';
import { type Dovecot, startDovecot } from '../../server/src/modules/extend/email/testing';
import { startSmtpReceiver } from '../../server/src/modules/msgCenter/testing';
import { toast } from '../support/toasts';
import { unique } from '../support/unique';
import { adminBrowser, shot } from './4x-support';
import { api } from './6x-support';

const ACCOUNT = 'clerk@district.example';
const PASS = 'e2e-Imap-Pass';

const rawMail = (subject: string) =>
  [
    'From: =?UTF-8?B?5p2O5Zub?= <bob@district.example>',
    `To: ${ACCOUNT}`,
    `Subject: ${subject}`,
    'Date: Tue, 24 Nov 2026 08:00:00 +0000',
    'MIME-Version: 1.0',
    'Content-Type: text/html; charset=utf-8',
    '',
    '<p onclick="steal()">请在周五前<b>审核预算表</b></p><script>document.title="x"</script>',
    '',
  ].join('\r\n');

interface LanguageRow {
  namespace: string;
  key: string;
  values: Record<string, string>;
  original: Record<string, string>;
  versions: Record<string, number>;
}

describe('email and translation management', () => {
  const { adminPage } = adminBrowser();

  it('configures a mail account, receives and reads a mail, sends one', async () => {
    const dovecot: Dovecot | null = await startDovecot([{ user: ACCOUNT, pass: PASS }]);
    if (!dovecot) throw new Error('dovecot is not installed: run node scripts/ensure-dovecot.mjs');
    const smtp = await startSmtpReceiver(ACCOUNT, PASS);
    try {
      const { context, page } = await adminPage('/extend/email', '121');
      const mailbox = page.getByTestId('extend-email-page');
      await mailbox.locator('.ant-table').waitFor();

      await mailbox.getByRole('button', { name: '邮箱配置' }).click();
      const config = page.locator('.ant-modal').filter({ hasText: '邮箱配置' });
      await page.locator('#emailConfig_account').fill(ACCOUNT);
      await page.locator('#emailConfig_password').fill(PASS);
      await page.locator('#emailConfig_senderName').fill('办事员');
      await page.locator('#emailConfig_pop3Host').fill('127.0.0.1');
      await page.locator('#emailConfig_pop3Port').fill(String(dovecot.port));
      await page.locator('#emailConfig_smtpHost').fill('127.0.0.1');
      await page.locator('#emailConfig_smtpPort').fill(String(smtp.port));
      await page.locator('#emailConfig_emailSsl').click();
      await shot(page, '121-email-config.png');
      await config.getByRole('button', { name: '测试连接' }).click();
      await toast(page, 'success');
      // The toast shows before the dialog's buttons leave their busy state; a click before then is ignored.
      await config.locator('.ant-btn-loading').first().waitFor({ state: 'detached' });
      await config.getByRole('button', { name: /保\s?存/ }).click();
      await toast(page, 'success');
      await config.waitFor({ state: 'hidden' });

      const subject = `预算审核${unique()}`;
      await dovecot.deliver(ACCOUNT, PASS, rawMail(subject));
      await mailbox.getByRole('button', { name: '收信' }).click();
      await toast(page, 'success');
      const row = mailbox.locator('.ant-table-row').filter({ hasText: subject });
      await row.waitFor();
      await row.getByText(subject).click();
      const reading = page.getByTestId('email-reading');
      await reading.getByText('审核预算表').waitFor();
      await reading.getByText('李四 <bob@district.example>', { exact: false }).waitFor();
      expect(await reading.locator('script, [onclick]').count()).toBe(0);
      await shot(page, '121-email-read.png');

      await mailbox.getByRole('button', { name: '写邮件' }).click();
      const compose = page.locator('.ant-modal').filter({ hasText: '写邮件' });
      await page.locator('#emailCompose_recipient').fill('chief@district.example');
      await page.locator('#emailCompose_subject').fill(`回复：${subject}`);
      const editor = compose.locator('.ql-editor');
      await editor.click();
      await editor.pressSequentially('已审核，同意。');
      await shot(page, '121-email-compose.png');
      await compose.getByRole('button', { name: /发\s?送/ }).click();
      await toast(page, 'success');
      await compose.waitFor({ state: 'hidden' });
      await expect.poll(() => smtp.mails.length).toBe(1);
      expect(smtp.mails[0]).toMatchObject({
        subject: `回复：${subject}`,
        to: ['chief@district.example'],
        user: ACCOUNT,
        text: '已审核，同意。',
      });
      await mailbox.getByRole('menuitem', { name: '已发送' }).click();
      await mailbox
        .locator('.ant-table-row')
        .filter({ hasText: `回复：${subject}` })
        .waitFor();
      await context.close();
    } finally {
      await Promise.all([dovecot.close(), smtp.close()]);
    }
  });

  it('edits a label of the shell on 翻译管理 and shows it at once', async () => {
    const { context, page } = await adminPage('/system/language', '121-language');
    const list = page.getByTestId('system-language-page');
    const keyword = list.getByRole('textbox').first();
    await keyword.fill('settings.title');
    await keyword.press('Enter');
    const row = list
      .locator('.ant-table-row')
      .filter({ hasText: 'settings.title' })
      .filter({ hasText: 'shell' });
    await row.getByRole('button', { name: /编\s?辑/ }).click();
    const dialog = page.locator('.ant-modal').filter({ hasText: '编辑翻译' });
    await page.locator('#systemLanguage_zh-CN').fill('界面偏好');
    await shot(page, '121-language-edit.png');
    await dialog.getByRole('button', { name: /保\s?存/ }).click();
    await dialog.waitFor({ state: 'hidden' });

    // The header's settings button is named by that label: changed without a reload.
    await page.getByRole('button', { name: '界面偏好', exact: true }).waitFor();
    await row.getByText('已修改').waitFor();
    await shot(page, '121-language-edited.png');
    // And after a reload: the edited text is laid over the bundled one once it arrives.
    await page.reload();
    await page.getByRole('button', { name: '界面偏好', exact: true }).waitFor();

    // Put the original back (a text equal to the original drops the override).
    const answer = await api<{ list: LanguageRow[] }>(
      page,
      'GET',
      '/api/system/BaseLang?keyword=settings.title&namespace=shell&currentPage=1&pageSize=20',
    );
    const edited = answer.data.list.find((r) => r.key === 'settings.title')!;
    const restored = await api(page, 'PUT', '/api/system/BaseLang', {
      namespace: 'shell',
      key: 'settings.title',
      values: edited.original,
      versions: edited.versions,
    });
    expect(restored.code).toBe(200);
    await context.close();
  });
});
