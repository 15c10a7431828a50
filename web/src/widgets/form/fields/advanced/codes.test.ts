import { describe, expect, it } from 'vitest';
import { barcodeDrawable } from './codes';

describe('barcode (widgets.md 4)', () => {
  it('is drawn only for letters and digits', () => {
    expect(barcodeDrawable('CG2026001')).toBe(true);
    expect(barcodeDrawable('')).toBe(false);
    expect(barcodeDrawable('CG-2026')).toBe(false);
    expect(barcodeDrawable('单据1')).toBe(false);
  });
});
