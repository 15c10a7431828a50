import type { KbCitation } from '@console/shared';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { i18n, initI18n } from '../../../base/i18n';
import { AnswerText } from './answer-text';
import { splitAnswer } from './citations';

const cite = (index: number, documentName = `文档${index}`): KbCitation => ({
  index,
  chunkId: `chunk-${index}`,
  documentName,
  content: `内容${index}`,
});

describe('citation markers in answers', () => {
  it('turns [n] of known citations into citation parts and keeps the text around them', () => {
    const parts = splitAnswer('办理需要身份证[1]和户口簿【2】。', [cite(1), cite(2)]);
    expect(parts).toEqual([
      { kind: 'text', text: '办理需要身份证' },
      { kind: 'cite', index: 1, citation: cite(1) },
      { kind: 'text', text: '和户口簿' },
      { kind: 'cite', index: 2, citation: cite(2) },
      { kind: 'text', text: '。' },
    ]);
  });

  it('leaves unknown numbers, adjacent markers and text without markers as they are', () => {
    expect(splitAnswer('见第[3]条[1][1]', [cite(1)])).toEqual([
      { kind: 'text', text: '见第[3]条' },
      { kind: 'cite', index: 1, citation: cite(1) },
      { kind: 'cite', index: 1, citation: cite(1) },
    ]);
    expect(splitAnswer('没有引用', [])).toEqual([{ kind: 'text', text: '没有引用' }]);
    expect(splitAnswer('', [cite(1)])).toEqual([]);
  });
});

describe('answer text', () => {
  beforeAll(async () => {
    await initI18n();
    await i18n.changeLanguage('zh-CN');
    await i18n.loadNamespaces(['knowledgeChat']);
  });
  afterEach(() => cleanup());

  it('shows markup from an answer as text and opens the cited chunk from its marker', () => {
    const opened: KbCitation[] = [];
    const hostile = '<img src=x onerror="window.__pwned=1"><b>粗体</b>';
    const { container } = render(
      <AnswerText
        text={`${hostile}详见[1]。`}
        citations={[cite(1, '办事指南.docx')]}
        onOpen={(c) => opened.push(c)}
      />,
    );
    expect(container.querySelector('img')).toBeNull();
    expect(container.querySelector('b')).toBeNull();
    expect(container.textContent).toContain(hostile);
    fireEvent.click(screen.getByRole('button', { name: /办事指南\.docx/ }));
    expect(opened).toEqual([cite(1, '办事指南.docx')]);
  });
});
