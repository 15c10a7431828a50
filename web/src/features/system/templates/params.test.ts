import { describe, expect, it } from 'vitest';
import { deriveParams } from './params';

describe('deriveParams', () => {
  it('lists each placeholder once in order of first use, title first', () => {
    expect(
      deriveParams([], { title: '{flowName}待审批', content: `{userName}提交的{flowName}，验证码\${code}` }),
    ).toEqual([
      { field: 'flowName', fieldName: 'flowName' },
      { field: 'userName', fieldName: 'userName' },
      { field: 'code', fieldName: 'code' },
    ]);
  });

  it('keeps labels already typed and drops rows whose placeholder is gone', () => {
    const current = [
      { field: 'userName', fieldName: '申请人' },
      { field: 'old', fieldName: '旧参数' },
    ];
    expect(deriveParams(current, { content: '{userName}您好，{days}天' })).toEqual([
      { field: 'userName', fieldName: '申请人' },
      { field: 'days', fieldName: 'days' },
    ]);
  });

  it('takes positional {1} only in SMS texts, and ignores braces that are not placeholders', () => {
    expect(deriveParams([], { content: '{1} { name } {a-b} {}' })).toEqual([]);
    expect(
      deriveParams([{ field: '1', fieldName: '验证码' }], { content: '验证码{1}，{2}分钟内有效' }, true),
    ).toEqual([
      { field: '1', fieldName: '验证码' },
      { field: '2', fieldName: '2' },
    ]);
    expect(deriveParams([], { content: '{0} {100} { x }' }, true)).toEqual([]);
  });
});
