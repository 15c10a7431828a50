// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { MAX_WORD_LENGTH, parseWords } from './words';

describe('word lists typed in the page', () => {
  it('takes one word a line, commas and spaces too, once each, in order', () => {
    expect(parseWords('一网通办\n  最多跑一次 \n\n一网通办，政务服务、不动产登记 公积金\r\n')).toEqual({
      words: ['一网通办', '最多跑一次', '政务服务', '不动产登记', '公积金'],
      tooLong: [],
    });
  });

  it('answers words the server would refuse apart instead of sending them', () => {
    const long = '长'.repeat(MAX_WORD_LENGTH + 1);
    expect(parseWords(`短词\n${long}`)).toEqual({ words: ['短词'], tooLong: [long] });
  });

  it('is empty for blank text', () => {
    expect(parseWords(' \n \n')).toEqual({ words: [], tooLong: [] });
  });
});
