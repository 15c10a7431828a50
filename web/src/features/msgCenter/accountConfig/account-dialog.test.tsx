import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadTranslations } from '../../../test/translations';
import { AccountDialog } from './account-dialog';
import { fromWire, toWire } from './settings-fields';

beforeAll(() => loadTranslations(['msgCenter']));

afterEach(() => cleanup());

const input = (id: string) => document.getElementById(`msgAccount_${id}`) as HTMLInputElement;
const messages = () =>
  Array.from(document.querySelectorAll('.ant-form-item-explain-error'), (node) => node.textContent);

function renderDialog(category: 'mail' | 'webhook') {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <AccountDialog category={category} target={{}} onClose={() => undefined} />
    </QueryClientProvider>,
  );
}

async function submit() {
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: /确\s?定/ }));
  });
}

describe('account dialog', { timeout: 30_000 }, () => {
  it('asks for the fields of a mail account, with port 465 and SSL on by default', async () => {
    renderDialog('mail');
    await screen.findByText('新建邮箱配置');
    await submit();
    for (const text of ['请输入名称', '请输入编码', '请填写SMTP服务器', '请填写发件人邮箱'])
      expect(await screen.findByText(text)).toBeTruthy();
    expect(input('settings_smtpPort').value).toBe('465');
    expect(input('settings_sslEnabled').getAttribute('aria-checked')).toBe('true');
  });

  it('refuses a webhook address that is not http(s), and takes authentication 0 (none) as chosen', async () => {
    renderDialog('webhook');
    await screen.findByText('新建Webhook配置');
    fireEvent.change(input('fullName'), { target: { value: '值班群' } });
    fireEvent.change(input('enCode'), { target: { value: 'duty' } });
    fireEvent.change(input('settings_url'), { target: { value: 'ftp://x' } });
    await submit();
    // Only the address is wrong: the select holding 0 is not reported as missing.
    await waitFor(() => expect(messages()).toEqual(['地址必须以 http:// 或 https:// 开头']));
  });
});

describe('account settings on the wire', () => {
  it('sends switches as 0/1, blanks as empty strings and numbers (port, authentication 0) as they are', () => {
    expect(
      toWire('mail', { smtpHost: 'smtp.example.com', smtpPort: 2525, sslEnabled: true, smtpUser: 'a@b.c' }),
    ).toMatchObject({ smtpHost: 'smtp.example.com', smtpPort: 2525, sslEnabled: 1, smtpUser: 'a@b.c' });
    expect(toWire('mail', { smtpHost: 'h', sslEnabled: false })).toMatchObject({
      sslEnabled: 0,
      smtpPassword: '',
    });
    expect(toWire('webhook', { url: 'https://hooks.example.com/a', kind: 'custom', authType: 0 })).toEqual({
      url: 'https://hooks.example.com/a',
      kind: 'custom',
      authType: 0,
      authUser: '',
      authSecret: '',
    });
  });

  it('reads 0/1 switches back as booleans for the form', () => {
    expect(fromWire('mail', { sslEnabled: 1, smtpPort: 465 })).toEqual({ sslEnabled: true, smtpPort: 465 });
    expect(fromWire('mail', { sslEnabled: 0 })).toEqual({ sslEnabled: false });
  });
});
