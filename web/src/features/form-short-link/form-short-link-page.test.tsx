import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadTranslations } from '../../test/translations';
import * as api from './api';
import FormShortLinkPage from './form-short-link-page';

vi.mock('./api', () => ({
  fetchLinkInfo: vi.fn(),
  checkPassword: vi.fn(),
  fetchLinkConfig: vi.fn(),
  submitRecord: vi.fn(),
  fetchLinkList: vi.fn(),
  fetchLinkRecord: vi.fn(),
}));

const mocked = vi.mocked(api);

beforeAll(() => loadTranslations(['shortLink', 'form', 'widgets']));
beforeEach(() => vi.clearAllMocks());
afterEach(() => cleanup());

const info = (overrides: Partial<api.ShortLinkInfo> = {}): api.ShortLinkInfo => ({
  id: 'm1',
  fullName: '报名表',
  formUse: 1,
  formPassUse: 0,
  columnUse: 0,
  columnPassUse: 0,
  columnCondition: '[]',
  columnText: '[]',
  formLink: '',
  columnLink: '',
  ...overrides,
});

const form = {
  fields: [
    {
      __config__: { jnpfKey: 'comInput', label: '标题', layout: 'colFormItem', span: 24, showLabel: true },
      __vModel__: 'title',
    },
  ],
};

const config = {
  formData: JSON.stringify(form),
  columnData: '',
  appColumnData: '',
  webType: 2,
  enableFlow: 0,
  flowId: null,
  flowEnCode: null,
  flowTemplateJson: '',
  fullName: '报名表',
};

function open(search: string) {
  render(
    <MemoryRouter initialEntries={[`/formShortLink${search}`]}>
      <FormShortLinkPage />
    </MemoryRouter>,
  );
}

// The page's query client lives as long as the module: each test names its own design.
describe('/formShortLink', { timeout: 30_000 }, () => {
  it('says the link is invalid without a token, and asks nothing of the server', async () => {
    open('?modelId=m1&type=form');
    expect(await screen.findByText('链接无效或已失效')).toBeTruthy();
    expect(mocked.fetchLinkInfo).not.toHaveBeenCalled();
  });

  it('says so when the form link is switched off', async () => {
    mocked.fetchLinkInfo.mockResolvedValue(info({ formUse: 0 }));
    open('?modelId=m1&type=form&encryption=tok');
    expect(await screen.findByText('该表单外链未开启')).toBeTruthy();
    expect(mocked.fetchLinkConfig).not.toHaveBeenCalled();
  });

  it('asks for the password first and then loads the form with the pass the server answered', async () => {
    mocked.fetchLinkInfo.mockResolvedValue(info({ id: 'm2', formPassUse: 1 }));
    mocked.checkPassword.mockResolvedValue({ pass: '123.sig' });
    mocked.fetchLinkConfig.mockResolvedValue(config);
    open('?modelId=m2&type=form&encryption=tok');
    const input = await screen.findByPlaceholderText('请输入访问密码');
    expect(mocked.fetchLinkConfig).not.toHaveBeenCalled();
    fireEvent.change(input, { target: { value: 'secret' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: /确\s?定/ }));
    });
    await waitFor(() => expect(mocked.checkPassword).toHaveBeenCalledWith('m2', 'tok', 'form', 'secret'));
    await waitFor(() =>
      expect(mocked.fetchLinkConfig).toHaveBeenCalledWith(
        { modelId: 'm2', encryption: 'tok', pass: '123.sig' },
        'form',
      ),
    );
    expect(await screen.findByText('标题')).toBeTruthy();
  });

  it('submits the filled form and shows the success page', async () => {
    mocked.fetchLinkInfo.mockResolvedValue(info());
    mocked.fetchLinkConfig.mockResolvedValue(config);
    mocked.submitRecord.mockResolvedValue({ code: 200, msg: '提交成功', data: { id: 'r1' } });
    open('?modelId=m3&type=form&encryption=tok');
    await screen.findByText('标题');
    const title = document.querySelector('[data-testid="short-link-form"] input') as HTMLInputElement;
    fireEvent.change(title, { target: { value: '我的报名' } });
    await act(async () => {
      fireEvent.click(screen.getByTestId('short-link-submit'));
    });
    await screen.findByText('感谢您的填写，数据已提交。');
    expect(mocked.submitRecord).toHaveBeenCalledWith(
      { modelId: 'm3', encryption: 'tok', pass: '' },
      expect.objectContaining({ title: '我的报名' }),
    );
  });
});
