/** Groups the integer part in threes: 1234567.5 → "1,234,567.5" (forms.md numInput `thousands`). */
export function withThousands(text: string): string {
  const [integer = '', fraction] = text.split('.');
  const grouped = integer.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return fraction === undefined ? grouped : `${grouped}.${fraction}`;
}

/** How a number field shows a value: fixed to `precision` when given, grouped when `thousands`. */
export function formatNumber(
  value: number | string | null | undefined,
  { precision, thousands }: { precision?: number; thousands?: boolean },
): string {
  if (value === null || value === undefined || value === '') return '';
  const number = Number(value);
  if (!Number.isFinite(number)) return '';
  const text = precision !== undefined && precision >= 0 ? number.toFixed(precision) : String(number);
  return thousands ? withThousands(text) : text;
}

/** The input's text back to a plain number string (separators removed). */
export function parseNumberText(text: string | undefined): string {
  return (text ?? '').replace(/,/g, '');
}
