import { Worker } from 'node:worker_threads';
import ExcelJS from 'exceljs';
import { fileTypeFromBuffer } from 'file-type';
import sanitizeHtml from 'sanitize-html';
import { badRequest } from '../../core/errors.js';

export const ExtractMessages = {
  unsupported: '只支持 txt、md、html、docx、pdf、xlsx 格式的文档',
  empty: '文档中没有可识别的文字（扫描版 PDF 请先进行文字识别）',
  timeout: '文档解析超时：文件过大或结构过于复杂，请拆分或另存为其他格式后重新上传',
} as const;

export type KbFileType = 'txt' | 'md' | 'html' | 'docx' | 'pdf' | 'xlsx';

const TEXT_TYPES: Record<string, KbFileType> = { txt: 'txt', md: 'md', html: 'html', htm: 'html' };

/**
 * The document type from its bytes: PDF and Office files by their signature, text files by
 * name when the bytes carry no signature and decode as text. Anything else is refused.
 */
export async function sniffDocument(fileName: string, content: Buffer): Promise<KbFileType> {
  const sniffed = await fileTypeFromBuffer(content);
  if (sniffed) {
    if (sniffed.ext === 'pdf' || sniffed.ext === 'docx' || sniffed.ext === 'xlsx') return sniffed.ext;
    throw badRequest(ExtractMessages.unsupported);
  }
  const named = TEXT_TYPES[fileName.toLowerCase().split('.').pop() ?? ''];
  if (!named || content.includes(0)) throw badRequest(ExtractMessages.unsupported);
  return named;
}

/** Text files: UTF-8 (with or without BOM), else GB18030, which older Chinese files use. */
function decodeText(content: Buffer): string {
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(content);
  } catch {
    return new TextDecoder('gb18030').decode(content);
  }
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };
const decodeEntities = (text: string) =>
  text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] === '#') {
      const code =
        name[1] === 'x' || name[1] === 'X' ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1));
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return ENTITIES[name.toLowerCase()] ?? whole;
  });

/** HTML to text: headings become Markdown headings (so chunking can split on them), block ends become line ends. */
function htmlToText(html: string): string {
  const marked = html
    .replace(/<h([1-6])\b[^>]*>/gi, (_m, level: string) => `\n${'#'.repeat(Number(level))} `)
    .replace(/<\/(p|div|h[1-6]|li|tr|table|section|article|blockquote|pre)>|<br\s*\/?>/gi, '\n')
    .replace(/<\/t[dh]>/gi, '\t');
  const text = sanitizeHtml(marked, {
    allowedTags: [],
    allowedAttributes: {},
    nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'head', 'title', 'template'],
  });
  return decodeEntities(text);
}

async function docxToText(content: Buffer): Promise<string> {
  const mammoth = await import('mammoth');
  const result = await mammoth.default.extractRawText({ buffer: content });
  return result.value;
}

async function pdfToText(content: Buffer, onProgress: (fraction: number) => Promise<void>): Promise<string> {
  const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const task = getDocument({
    data: new Uint8Array(content),
    // Text only: no script evaluation, no fonts, no network.
    isEvalSupported: false,
    disableFontFace: true,
    useSystemFonts: false,
    stopAtErrors: false,
    // Missing-font notices are no concern of text extraction.
    verbosity: 0,
  });
  const pdf = await task.promise;
  try {
    const pages: string[] = [];
    for (let n = 1; n <= pdf.numPages; n++) {
      const page = await pdf.getPage(n);
      const text = await page.getTextContent();
      let line = '';
      for (const item of text.items) {
        if (!('str' in item)) continue;
        line += item.str;
        if (item.hasEOL) line += '\n';
      }
      pages.push(line);
      page.cleanup();
      await onProgress(n / pdf.numPages);
    }
    return pages.join('\n\n');
  } finally {
    await task.destroy();
  }
}

const cellText = (value: ExcelJS.CellValue): string => {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value === 'object') {
    if ('richText' in value) return value.richText.map((r) => r.text).join('');
    if ('text' in value) return String(value.text);
    if ('result' in value) return cellText(value.result as ExcelJS.CellValue);
    if ('error' in value) return '';
  }
  return String(value);
};
/** A cell's text on at most single line breaks, so that row offsets survive normalisation. */
const cellLine = (value: ExcelJS.CellValue) =>
  cellText(value)
    .replace(/\r\n?/g, '\n')
    .replace(/\n{2,}/g, '\n')
    .trim();

/** Extracted text; for a sheet also the [start, end) of each row, which are its chunks. */
export interface ExtractedText {
  text: string;
  rows?: [number, number][];
}

/**
 * Each sheet under its name as a heading; each row after the first (the header) as lines
 * "header: value", so that every row, a chunk of its own, carries the names of its values.
 */
async function xlsxToText(content: Buffer): Promise<ExtractedText> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(content as unknown as ArrayBuffer);
  let text = '';
  const rows: [number, number][] = [];
  for (const sheet of workbook.worksheets) {
    let header: string[] | undefined;
    let heading = `${text ? '\n\n' : ''}# ${sheet.name}`;
    sheet.eachRow({ includeEmpty: false }, (row) => {
      const values = (row.values as ExcelJS.CellValue[]).slice(1).map(cellLine);
      if (!header) {
        header = values;
        return;
      }
      const lines = values
        .map((value, i) => (value ? `${header?.[i] || `第${i + 1}列`}: ${value}` : ''))
        .filter(Boolean);
      if (lines.length === 0) return;
      text += `${heading}\n\n`;
      heading = '';
      rows.push([text.length, text.length + lines.join('\n').length + 1]);
      text += `${lines.join('\n')}。`;
    });
  }
  return { text, rows };
}

/**
 * The plain text of a document. Progress (0..1) is reported where the format allows it
 * (PDF pages); the caller reports the rest.
 */
export async function extractText(
  type: KbFileType,
  content: Buffer,
  onProgress: (fraction: number) => Promise<void> = async () => undefined,
): Promise<ExtractedText> {
  if (type === 'xlsx') {
    const sheet = await xlsxToText(content);
    if (!sheet.text.trim()) throw new Error(ExtractMessages.empty);
    return sheet;
  }
  let text: string;
  if (type === 'txt' || type === 'md') text = decodeText(content);
  else if (type === 'html') text = htmlToText(decodeText(content));
  else if (type === 'docx') text = await docxToText(content);
  else text = await pdfToText(content, onProgress);
  text = text
    .replace(/^\uFEFF/, '')
    .replace(/\r\n?/g, '\n')
    .replace(/\n{3,}/g, '\n\n');
  if (!text.trim()) throw new Error(ExtractMessages.empty);
  return { text };
}

/**
 * Run from the TypeScript sources (tests, `npm run dev`), the worker registers tsx itself before
 * loading its entry: Node 20 applies no `--import` loader to a worker's entry file.
 */
const FROM_SOURCE = import.meta.url.endsWith('.ts');
const WORKER_URL = new URL(`./extract-worker.${FROM_SOURCE ? 'ts' : 'js'}`, import.meta.url);
const workerEntry = (): URL | string =>
  FROM_SOURCE
    ? `import(${JSON.stringify(import.meta.resolve('tsx/esm/api'))})` +
      `.then((tsx) => { tsx.register(); return import(${JSON.stringify(WORKER_URL.href)}); })`
    : WORKER_URL;

/** Formats whose parsers can take long enough to stall the instance; text formats are read in place. */
const PARSED_IN_WORKER: ReadonlySet<KbFileType> = new Set(['pdf', 'docx', 'xlsx']);

/**
 * extractText, for PDF, DOCX and XLSX in a worker thread, so that a large file cannot stall the
 * requests of this instance; after `timeoutMs` the worker is ended and the document fails with a
 * message. The indexing worker runs one job at a time, so there is one such thread per instance.
 */
export function extractInWorker(
  type: KbFileType,
  content: Buffer,
  onProgress: (fraction: number) => Promise<void>,
  timeoutMs: number,
): Promise<ExtractedText> {
  if (!PARSED_IN_WORKER.has(type)) return extractText(type, content, onProgress);
  return new Promise((resolve, reject) => {
    const worker = new Worker(workerEntry(), {
      eval: FROM_SOURCE,
      workerData: { type, content: new Uint8Array(content) },
      execArgv: FROM_SOURCE ? ['--conditions=source'] : [],
    });
    let settled = false;
    const settle = (done: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      void worker.terminate();
      done();
    };
    const timer = setTimeout(() => settle(() => reject(new Error(ExtractMessages.timeout))), timeoutMs);
    worker.on('message', (message: { progress?: number; result?: ExtractedText; error?: string }) => {
      if (message.progress !== undefined)
        onProgress(message.progress).catch((error: unknown) => settle(() => reject(error)));
      else if (message.result) settle(() => resolve(message.result!));
      else settle(() => reject(new Error(message.error)));
    });
    worker.on('error', (error) => settle(() => reject(error)));
    worker.on('exit', (code) =>
      settle(() => reject(new Error(`extraction worker exited with code ${code}`))),
    );
  });
}
