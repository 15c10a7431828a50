import { BILL_DATE_FORMATS, type BillDateFormat, formatBillNumber } from '@console/shared';

export interface ExampleInput {
  prefix?: string | null;
  dateFormat?: string | null;
  digit?: string | number | null;
  startNumber?: string | null;
}

const isDateFormat = (value: unknown): value is BillDateFormat =>
  BILL_DATE_FORMATS.includes(value as BillDateFormat);

/** Start number left-padded with zeros to the digit count (kept as typed when it is not all digits). */
export function padStartNumber(
  startNumber: string | null | undefined,
  digit: string | number | null | undefined,
) {
  const text = (startNumber ?? '').trim();
  const places = Number(digit);
  if (!/^\d+$/.test(text) || !Number.isInteger(places) || places < 1) return text;
  return text.padStart(places, '0');
}

/**
 * The read-only example of the bill rule dialog: the first number the rule would give today,
 * computed with the shared formatter. Empty while the inputs cannot make a number.
 */
export function billExample(input: ExampleInput, date: Date = new Date()): string {
  const digit = Number(input.digit);
  const startNumber = (input.startNumber ?? '').trim();
  if (!isDateFormat(input.dateFormat)) return '';
  if (!Number.isInteger(digit) || digit < 1 || !/^\d+$/.test(startNumber)) return '';
  return (
    formatBillNumber({
      prefix: input.prefix ?? '',
      dateFormat: input.dateFormat,
      digit,
      startNumber,
      counter: 0,
      date,
    }) ?? ''
  );
}
