import { describe, expect, it } from 'vitest';
import { fitCount } from './top-menu';

describe('top menu', () => {
  it('fits one top item per 116 px and keeps a place for more', () => {
    expect(fitCount(116 * 12, 12)).toBe(12);
    expect(fitCount(116 * 7 + 50, 12)).toBe(6);
    expect(fitCount(50, 12)).toBe(0);
  });
});
