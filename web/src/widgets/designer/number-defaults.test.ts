import { describe, expect, it } from 'vitest';
import { createField } from './templates';

/** Issue 23 item 4: the capital amount (isAmountChinese) is an option of the number widget, off by default. */
describe('a number field dropped from the palette', () => {
  it('shows no capital amount and no thousands separators until the designer turns them on', () => {
    let id = 0;
    const field = createField('numInput', '数量', () => ++id);
    expect(field.isAmountChinese).toBe(false);
    expect(field.thousands).toBe(false);
    expect(field.__config__.label).toBe('数量');
  });

  it('a calculated field neither', () => {
    let id = 0;
    const field = createField('calculate', '合计', () => ++id);
    expect(field.isAmountChinese).toBe(false);
  });
});
