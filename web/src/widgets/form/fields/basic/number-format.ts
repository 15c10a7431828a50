/** Groups the integer part in threes: 1234567.5 → "1,234,567.5" (forms.md numInput `thousands`). */
export function withThousands(text: string): string {
  const [integer = '', fraction] = text.split('.');
  const grouped = integer.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return fraction === undefined ? grouped : `${grouped}.${fraction}`;
}

/**
 * Rounds half away from zero at `precision` decimals on the decimal text, so 1.005 → 1.01 (toFixed
 * alone gives 1.00 because 1.005 is stored as 1.00499…).
 */
export function roundTo(value: number, precision: number): number {
  const shifted = Math.round(Number(`${Math.abs(value)}e${precision}`));
  // Values already in exponent notation (1e-7) cannot be shifted this way.
  if (!Number.isFinite(shifted)) return Number(value.toFixed(precision));
  return Math.sign(value) * Number(`${shifted}e-${precision}`);
}

/** How a number field shows a value: fixed to `precision` when given, grouped when `thousands`. */
export function formatNumber(
  value: number | string | null | undefined,
  { precision, thousands }: { precision?: number; thousands?: boolean },
): string {
  if (value === null || value === undefined || value === '') return '';
  const number = Number(value);
  if (!Number.isFinite(number)) return '';
  const text =
    precision !== undefined && precision >= 0
      ? roundTo(number, precision).toFixed(precision)
      : String(number);
  return thousands ? withThousands(text) : text;
}

/** The input's text back to a plain number string (separators removed). */
export function parseNumberText(text: string | undefined): string {
  return (text ?? '').replace(/,/g, '');
}
