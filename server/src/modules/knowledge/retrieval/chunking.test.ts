import { describe, expect, it } from 'vitest';
import { splitIntoChunks, type TextChunk } from './chunking.js';

function expectWellFormed(text: string, chunks: TextChunk[], maxChars: number) {
  for (const chunk of chunks) {
    expect(chunk.content).toBe(text.slice(chunk.start, chunk.end));
    expect(chunk.content.length).toBeLessThanOrEqual(maxChars);
    expect(chunk.content).toBe(chunk.content.trim());
    expect(chunk.content.length).toBeGreaterThan(0);
  }
  for (let i = 1; i < chunks.length; i++) expect(chunks[i]!.start).toBeGreaterThanOrEqual(chunks[i - 1]!.end);
}

describe('splitIntoChunks', () => {
  it('packs whole sentences up to maxChars, closing quotes staying with their sentence', () => {
    const text = '他说：“今天开会。”大家都到了。会议讨论了预算！结果如何？下次再议；散会';
    const chunks = splitIntoChunks(text, { maxChars: 16, splitOnHeadings: true });
    expectWellFormed(text, chunks, 16);
    expect(chunks.map((c) => c.content)).toEqual([
      '他说：“今天开会。”大家都到了。',
      '会议讨论了预算！结果如何？',
      '下次再议；散会',
    ]);
  });

  it('starts a chunk at each heading only when asked', () => {
    const text = '# 总则\n本办法适用于全区。\n\n# 附则\n本办法自发布之日起施行。\n第三条 其他事项另行规定。';
    const split = splitIntoChunks(text, { maxChars: 500, splitOnHeadings: true });
    expectWellFormed(text, split, 500);
    expect(split.map((c) => c.content)).toEqual([
      '# 总则\n本办法适用于全区。',
      '# 附则\n本办法自发布之日起施行。',
      '第三条 其他事项另行规定。',
    ]);
    expect(splitIntoChunks(text, { maxChars: 500, splitOnHeadings: false })).toEqual([
      { content: text, start: 0, end: text.length },
    ]);
  });

  it('cuts an overlong sentence on a clause end, then hard, never between surrogate halves', () => {
    const clauses = `${'甲'.repeat(12)}，${'乙'.repeat(12)}。`;
    expect(splitIntoChunks(clauses, { maxChars: 20, splitOnHeadings: true }).map((c) => c.content)).toEqual([
      `${'甲'.repeat(12)}，`,
      `${'乙'.repeat(12)}。`,
    ]);
    const plain = 'a'.repeat(450);
    expect(
      splitIntoChunks(plain, { maxChars: 200, splitOnHeadings: true }).map((c) => c.content.length),
    ).toEqual([200, 200, 50]);
    const astral = '𠀀'.repeat(150);
    const chunks = splitIntoChunks(astral, { maxChars: 201, splitOnHeadings: true });
    expectWellFormed(astral, chunks, 201);
    expect(chunks.map((c) => c.content.length)).toEqual([200, 100]);
  });

  it('keeps offsets into the original text across blank lines and leaves out blank chunks', () => {
    const text = '  \n\n第一段第一句。第一段第二句。\n\n   \n第二段。  \n';
    const chunks = splitIntoChunks(text, { maxChars: 9, splitOnHeadings: true });
    expectWellFormed(text, chunks, 9);
    expect(chunks.map((c) => c.content)).toEqual(['第一段第一句。', '第一段第二句。', '第二段。']);
    expect(splitIntoChunks(' \n\t ', { maxChars: 10, splitOnHeadings: true })).toEqual([]);
  });

  it('meets the CMRC protocol on a real passage: at most 200 characters, ending on sentence ends', () => {
    const sentence = '玩家以水枪、小枪、锤子或是水炸弹泡封敌人，即为一泡封，将水泡击破为一踢爆。';
    const text = sentence.repeat(12);
    const chunks = splitIntoChunks(text, { maxChars: 200, splitOnHeadings: true });
    expectWellFormed(text, chunks, 200);
    for (const chunk of chunks) expect(chunk.content.endsWith('。')).toBe(true);
    expect(chunks.map((c) => c.content).join('')).toBe(text);
  });
});
