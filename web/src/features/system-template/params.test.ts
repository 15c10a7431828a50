import { describe, expect, it } from 'vitest';
import { deriveParams } from './params';

describe('deriveParams', () => {
  it('lists each placeholder once in order of first use, title first', () => {
    expect(deriveParams([], '{flowName}待审批', `{userName}提交的{flowName}，验证码\${code}`)).toEqual([
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
    expect(deriveParams(current, '{userName}您好，{days}天')).toEqual([
      { field: 'userName', fieldName: '申请人' },
      { field: 'days', fieldName: 'days' },
    ]);
  });

  it('ignores braces that are not placeholders', () => {
    expect(deriveParams([], '{1} { name } {a-b} {}')).toEqual([]);
  });
});
