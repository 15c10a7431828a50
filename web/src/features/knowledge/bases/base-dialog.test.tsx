import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadTranslations } from '../../../test/translations';
import { BaseDialog } from './base-dialog';

beforeAll(() => loadTranslations(['knowledgeBase', 'orgPicker']));

afterEach(() => cleanup());

const input = (id: string) => document.getElementById(`knowledgeBase_${id}`) as HTMLInputElement;
const activeTab = () => document.querySelector('.ant-tabs-tab-active')?.textContent;

async function submit() {
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: /确\s?定/ }));
  });
}

describe('knowledge base dialog', { timeout: 60_000 }, () => {
  it('starts from the agreed defaults and shows the tab of the first refused field', async () => {
    render(
      <QueryClientProvider client={new QueryClient()}>
        <BaseDialog target={{}} onClose={() => undefined} />
      </QueryClientProvider>,
    );
    await screen.findByText('新建知识库');
    expect(input('maxChars').value).toBe('500');
    expect(input('topK').value).toBe('5');
    expect(input('minScore').value).toBe('0.20');
    expect(input('qaThreshold').value).toBe('0.90');
    expect(input('noAnswerText').value).toBe('抱歉，知识库中没有找到相关内容。');

    // A missing name: the basic tab says so.
    await submit();
    expect(await screen.findByText('请输入知识库名称')).toBeTruthy();
    expect(activeTab()).toBe('基本信息');

    // A name, but no retrieval count: the dialog turns to the settings tab, which says why.
    fireEvent.change(input('fullName'), { target: { value: '政务服务' } });
    fireEvent.change(input('topK'), { target: { value: '' } });
    await submit();
    expect(await screen.findByText('检索条数范围为1-20')).toBeTruthy();
    expect(activeTab()).toBe('分段与问答设置');
  });
});
