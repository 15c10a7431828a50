import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../base/api';
import { imageProblem } from './tabs/avatar-tab';
import { isStaleVersion } from './tabs/base-info-tab';

describe('profile helpers', () => {
  it('accepts images up to 5 MB only', () => {
    expect(imageProblem({ type: 'image/png', size: 1024 })).toBeNull();
    expect(imageProblem({ type: 'text/plain', size: 10 })).toBe('imageOnly');
    expect(imageProblem({ type: 'image/svg+xml', size: 10 })).toBe('imageOnly');
    expect(imageProblem({ type: 'image/jpeg', size: 5 * 1024 * 1024 + 1 })).toBe('tooLarge');
  });

  it('tells a stale version from other refusals', () => {
    expect(isStaleVersion(new ApiError(400, '该记录已被他人修改，请刷新后重试', null, true))).toBe(true);
    expect(isStaleVersion(new ApiError(400, 'the record was changed by someone else', null, true))).toBe(
      true,
    );
    expect(isStaleVersion(new ApiError(400, '请输入正确的手机号码', null, true))).toBe(false);
    expect(isStaleVersion(new Error('x'))).toBe(false);
  });
});
