/** Pure formatting helpers shared by client and server (console.md section 9). */

const DIGITS = ['零', '壹', '贰', '叁', '肆', '伍', '陆', '柒', '捌', '玖'];
const SMALL_UNITS = ['', '拾', '佰', '仟'];
const BIG_UNITS = ['', '万', '亿', '万亿'];
const DECIMAL_UNITS = ['角', '分', '厘', '毫'];
export const CAPITAL_OVERFLOW = '数字较大溢出';

/**
 * Chinese capital amount: 0 → '零元整'; up to four decimals; letters or an integer part over
 * 15 digits → '数字较大溢出'.
 */
export function toChineseCapital(value: number | string): string {
  const text = String(value).trim();
  if (!/^-?\d+(\.\d+)?$/.test(text)) return CAPITAL_OVERFLOW;
  const negative = text.startsWith('-');
  const [intPart = '0', decPart = ''] = text.replace('-', '').split('.');
  const integer = intPart.replace(/^0+(?=\d)/, '');
  if (integer.length > 15) return CAPITAL_OVERFLOW;
  const decimals = decPart.slice(0, 4);

  let result = '';
  if (Number(integer) > 0) {
    let zeroPending = false;
    for (let i = 0; i < integer.length; i++) {
      const digit = Number(integer[i]);
      const position = integer.length - 1 - i;
      const small = position % 4;
      const big = position / 4;
      if (digit === 0) {
        zeroPending = true;
      } else {
        if (zeroPending) result += DIGITS[0];
        zeroPending = false;
        result += DIGITS[digit]! + SMALL_UNITS[small]!;
      }
      if (small === 0 && big > 0) {
        const group = integer.slice(Math.max(0, i - 3), i + 1);
        if (Number(group) > 0) result += BIG_UNITS[big]!;
      }
    }
    result += '元';
  }
  let decimalText = '';
  for (let i = 0; i < decimals.length; i++) {
    const digit = Number(decimals[i]);
    if (digit !== 0) decimalText += DIGITS[digit]! + DECIMAL_UNITS[i]!;
  }
  if (!result && !decimalText) return '零元整';
  result += decimalText || '整';
  return (negative ? '负' : '') + result;
}

export type BillDateFormat = 'yyyyMMdd' | 'yyyyMM' | 'yyyy' | 'no';
export const BILL_DATE_FORMATS: readonly BillDateFormat[] = ['yyyyMMdd', 'yyyyMM', 'yyyy', 'no'];

/** The date part of a bill number for a given day, in local time. */
export function billDatePart(format: BillDateFormat, date: Date): string {
  const yyyy = String(date.getFullYear());
  const MM = String(date.getMonth() + 1).padStart(2, '0');
  const dd = String(date.getDate()).padStart(2, '0');
  switch (format) {
    case 'yyyyMMdd':
      return yyyy + MM + dd;
    case 'yyyyMM':
      return yyyy + MM;
    case 'yyyy':
      return yyyy;
    case 'no':
      return '';
  }
}

/**
 * Bill number = prefix + date part + (startNumber + counter) padded to `digit` places.
 * Returns null when the number no longer fits in `digit` places.
 */
export function formatBillNumber(rule: {
  prefix: string;
  dateFormat: BillDateFormat;
  digit: number;
  startNumber: string;
  counter: number;
  date: Date;
}): string | null {
  const sequence = BigInt(rule.startNumber) + BigInt(rule.counter);
  const digits = sequence.toString();
  if (digits.length > rule.digit) return null;
  return rule.prefix + billDatePart(rule.dateFormat, rule.date) + digits.padStart(rule.digit, '0');
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

export type RelativeTime =
  | { unit: 'justNow' }
  | { unit: 'minutes' | 'hours' | 'days' | 'weeks' | 'months'; count: number }
  | { unit: 'date'; date: Date };

/**
 * Relative time of console.md 9: just now under a minute, then minutes, hours, days up to 6,
 * weeks up to 3, months up to 3, then the date. The caller translates the unit.
 */
export function relativeTime(time: number, now: number = Date.now()): RelativeTime {
  const diff = Math.max(0, now - time);
  if (diff < MINUTE) return { unit: 'justNow' };
  if (diff < HOUR) return { unit: 'minutes', count: Math.floor(diff / MINUTE) };
  if (diff < DAY) return { unit: 'hours', count: Math.floor(diff / HOUR) };
  const days = Math.floor(diff / DAY);
  if (days <= 6) return { unit: 'days', count: days };
  const weeks = Math.floor(days / 7);
  if (weeks <= 3) return { unit: 'weeks', count: weeks };
  const months = Math.floor(days / 30);
  if (months <= 3) return { unit: 'months', count: Math.max(1, months) };
  return { unit: 'date', date: new Date(time) };
}

/** File size in bytes, KB, MB or GB with up to two decimals. */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ['KB', 'MB', 'GB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${Number(value.toFixed(2))} ${units[unit]}`;
}
