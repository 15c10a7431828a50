import { describe, expect, it } from 'vitest';
import { nearBottom } from './message-drawer';

describe('message drawer scroll loading', () => {
  it('loads the next page within 200 px of the bottom only', () => {
    const list = { scrollHeight: 2000, clientHeight: 600 };
    expect(nearBottom({ ...list, scrollTop: 1200 }, 200)).toBe(true);
    expect(nearBottom({ ...list, scrollTop: 1199 }, 200)).toBe(false);
    expect(nearBottom({ ...list, scrollTop: 1400 }, 200)).toBe(true);
    expect(nearBottom({ ...list, scrollTop: 0 }, 200)).toBe(false);
  });
});
