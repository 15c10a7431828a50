import { createInflateRaw } from 'node:zlib';
import { BizError, badRequest } from '../../core/errors.js';

export const XlsxMessages = {
  unreadable: '无法读取该Excel文件，请检查文件',
  tooLarge: (mb: number) => `Excel文件解压后的内容不能超过${mb}MB，请删除多余的内容后重试`,
  docxUnreadable: '无法读取该Word文件，请检查文件',
  docxTooLarge: (mb: number) => `Word文件解压后的内容不能超过${mb}MB，请删除多余的内容后重试`,
  tooManyRows: (rows: number) => `工作表不能超过${rows}行（含空行），请删除多余的行后重试`,
  tooManyCells: (cells: number) => `工作表不能超过${cells}个单元格，请删除多余的列后重试`,
} as const;

export interface XlsxLimits {
  /** Everything in the archive once inflated. */
  maxBytes: number;
  /** Row elements in any one worksheet, empty ones included. */
  maxRows: number;
  /** Cell elements in any one worksheet. */
  maxCells: number;
}

interface ZipEntry {
  name: string;
  method: number;
  encrypted: boolean;
  declaredSize: number;
  data: Buffer;
}

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;
const STORED = 0;
const DEFLATED = 8;
const WORKSHEET = /^xl\/worksheets\/[^/]+\.xml$/;
// Elements with or without a namespace prefix (<row …>, <x:c …/>); <cols>, <col>, <cfRule> do not match.
const ROW = /<(?:\w+:)?row[\s>/]/g;
const CELL = /<(?:\w+:)?c[\s>/]/g;

/** The entries of a zip from its central directory; undefined when it is not a well-formed zip. */
function zipEntries(zip: Buffer): ZipEntry[] | undefined {
  let eocd = -1;
  for (let i = zip.length - 22; i >= Math.max(0, zip.length - 22 - 0xffff); i--) {
    if (zip.readUInt32LE(i) === EOCD) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) return undefined;
  const count = zip.readUInt16LE(eocd + 10);
  let at = zip.readUInt32LE(eocd + 16);
  const entries: ZipEntry[] = [];
  for (let n = 0; n < count; n++) {
    if (at + 46 > eocd || zip.readUInt32LE(at) !== CENTRAL) return undefined;
    const nameLength = zip.readUInt16LE(at + 28);
    const compressedSize = zip.readUInt32LE(at + 20);
    const local = zip.readUInt32LE(at + 42);
    if (local + 30 > zip.length || zip.readUInt32LE(local) !== LOCAL) return undefined;
    const start = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
    if (start + compressedSize > zip.length) return undefined;
    entries.push({
      name: zip.toString('utf8', at + 46, at + 46 + nameLength),
      encrypted: (zip.readUInt16LE(at + 8) & 1) === 1,
      method: zip.readUInt16LE(at + 10),
      declaredSize: zip.readUInt32LE(at + 24),
      data: zip.subarray(start, start + compressedSize),
    });
    at += 46 + nameLength + zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);
  }
  return entries;
}

/** Counts matches of a pattern across chunks, each once, though one may straddle two chunks. */
function tokenCounter(pattern: RegExp) {
  let tail = '';
  let total = 0;
  return (chunk: Buffer) => {
    const text = tail + chunk.toString('latin1');
    for (const match of text.matchAll(pattern)) {
      if (match.index + match[0].length > tail.length) total++;
    }
    tail = text.slice(-32);
    return total;
  };
}

/**
 * Inflates every entry of an Office archive (xlsx, docx) as a stream and throws the output away,
 * refusing (code 400) more than `maxBytes` in all: the central directory's sizes first, then the
 * real output, since declared sizes may lie. `take` sees each inflated chunk with its entry's
 * name and may refuse too. Memory stays one chunk whatever the file.
 */
async function scanArchive(
  content: Buffer,
  maxBytes: number,
  messages: { unreadable: string; tooLarge: (mb: number) => string },
  take: (entryName: string) => (chunk: Buffer) => void = () => () => undefined,
): Promise<void> {
  const entries = zipEntries(content);
  if (!entries) throw badRequest(messages.unreadable);
  const tooLarge = () => badRequest(messages.tooLarge(Math.round(maxBytes / 1024 / 1024)));
  if (entries.reduce((sum, e) => sum + e.declaredSize, 0) > maxBytes) throw tooLarge();
  let inflated = 0;
  for (const entry of entries) {
    if (entry.encrypted || (entry.method !== STORED && entry.method !== DEFLATED)) {
      throw badRequest(messages.unreadable);
    }
    const takeEntry = take(entry.name);
    const count = (chunk: Buffer) => {
      inflated += chunk.length;
      if (inflated > maxBytes) throw tooLarge();
      takeEntry(chunk);
    };
    if (entry.method === STORED) {
      count(entry.data);
      continue;
    }
    const inflater = createInflateRaw();
    inflater.end(entry.data);
    try {
      for await (const chunk of inflater) count(chunk as Buffer);
    } catch (error) {
      if (error instanceof BizError) throw error;
      throw badRequest(messages.unreadable);
    }
  }
}

/**
 * Refuses (code 400) an uploaded xlsx whose content would cost more than the limits to load,
 * before any workbook is built, counting each worksheet's rows and cells while inflating and
 * stopping at the first limit passed.
 */
export async function checkXlsx(content: Buffer, limits: XlsxLimits): Promise<void> {
  await scanArchive(content, limits.maxBytes, XlsxMessages, (name) => {
    if (!WORKSHEET.test(name)) return () => undefined;
    const rows = tokenCounter(ROW);
    const cells = tokenCounter(CELL);
    return (chunk) => {
      if (rows(chunk) > limits.maxRows) throw badRequest(XlsxMessages.tooManyRows(limits.maxRows));
      if (cells(chunk) > limits.maxCells) throw badRequest(XlsxMessages.tooManyCells(limits.maxCells));
    };
  });
}

/** Refuses (code 400) an uploaded docx that inflates to more than `maxBytes`, before it is parsed. */
export async function checkDocx(content: Buffer, maxBytes: number): Promise<void> {
  await scanArchive(content, maxBytes, {
    unreadable: XlsxMessages.docxUnreadable,
    tooLarge: XlsxMessages.docxTooLarge,
  });
}
