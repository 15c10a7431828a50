/**
 * Print templates (system-admin.md 7): a small template language of our own, read by a parser
 * and filled in by a renderer. Nothing in a template is ever evaluated: a tag either matches the
 * grammar below exactly or is printed as the text it is, and values are looked up as own
 * properties of plain data only (so `{{constructor}}` is empty, never a function).
 *
 * Grammar of a tag `{{ … }}` (inside it: no `{`, `}`, `<` or `>`):
 *   name                     a header field (the first SQL's row); `headTable.name` says the same
 *   T1.name                  a detail field; in a table row the row repeats once per T1 row, elsewhere
 *                            all its values joined by "-"
 *   #each T1 … /each         repeat what lies between once per row of T1 (`name` then means T1.name)
 *   @index                   1-based row number inside a repeat
 *   capital FIELD            Chinese capital amount (大写金额)
 *   thousands FIELD [n]      thousands separators with n decimals (2 when left out)
 *   qrcode FIELD             QR code of the value
 *   barcode FIELD            CODE128 bar code of the value
 *   image FIELD              the value's image(s): an address, or a JSON list of {url}
 *   systemPrinter            "userName/account" of who prints
 *   systemPrintTime          when it is printed
 *   systemApprovalContent    a table of the approval records
 *   pagebreak                the next page starts here
 */
import { toChineseCapital } from '../format.js';

/** One printable record: header columns plus detail groups T1, T2 … as arrays of rows. */
export type PrintData = Record<string, unknown>;

export interface PrintApprovalRecord {
  nodeName?: string | null;
  userName?: string | null;
  handleTime?: number | string | null;
  handleStatus?: number | string | null;
  handleOpinion?: string | null;
}

export interface PrintContext {
  data: PrintData;
  approvals?: readonly PrintApprovalRecord[];
  /** "userName/account". */
  printer?: string;
  /** When it is printed (epoch ms); now when left out. */
  printTime?: number;
  /** Column titles of the approval table and the names of the approval actions. */
  labels?: Partial<PrintLabels>;
  /** Markup of a QR code / bar code for a value; without them the value prints as text. */
  qrcode?(value: string): string;
  barcode?(value: string): string;
}

export interface PrintLabels {
  node: string;
  operator: string;
  time: string;
  action: string;
  opinion: string;
  /** Names of handleStatus values. */
  statuses: Record<string, string>;
}

const DEFAULT_LABELS: PrintLabels = {
  node: '节点',
  operator: '操作人',
  time: '时间',
  action: '操作',
  opinion: '意见',
  statuses: {
    '0': '拒绝',
    '1': '同意',
    '2': '提交',
    '3': '撤回',
    '4': '终止',
    '5': '指派',
    '6': '加签',
    '7': '转办',
  },
};

// ------------------------------------------------------------------------------------------------
// Parser

const NAME = '[A-Za-z_\\p{Script=Han}][\\w\\p{Script=Han}]*';
const GROUP = 'T[1-9]\\d{0,2}';
/** A field reference: name, headTable.name or Tn.name. */
const PATH = `(?:(?:headTable|${GROUP})\\.)?${NAME}`;
const PATH_RE = new RegExp(`^${PATH}$`, 'u');
const GROUP_RE = new RegExp(`^${GROUP}$`, 'u');
const DETAIL_RE = new RegExp(`^(${GROUP})\\.(${NAME})$`, 'u');
const TAG_RE = /\{\{([^{}<>]*)\}\}/g;

export type PrintFunction = 'capital' | 'thousands' | 'qrcode' | 'barcode' | 'image';
export type PrintSystem = 'systemPrinter' | 'systemPrintTime' | 'systemApprovalContent' | 'pagebreak';
const FUNCTIONS: readonly PrintFunction[] = ['capital', 'thousands', 'qrcode', 'barcode', 'image'];
const SYSTEM: readonly PrintSystem[] = [
  'systemPrinter',
  'systemPrintTime',
  'systemApprovalContent',
  'pagebreak',
];

export type PrintNode =
  | { kind: 'html'; html: string }
  | { kind: 'field'; path: string }
  | { kind: 'index' }
  | { kind: 'call'; fn: PrintFunction; path: string; decimals: number }
  | { kind: 'system'; name: PrintSystem }
  | { kind: 'each'; group: string; body: PrintNode[] };

type Token = PrintNode | { kind: 'open'; group: string; raw: string } | { kind: 'close'; raw: string };

/** What one tag's inside means, or null when it is not our grammar (then it prints as text). */
function readTag(inside: string): Token | null {
  const words = inside.trim().split(/\s+/);
  const [head, ...rest] = words;
  if (!head) return null;
  if (head === '#each' && rest.length === 1 && GROUP_RE.test(rest[0]!))
    return { kind: 'open', group: rest[0]!, raw: '' };
  if (head === '/each' && rest.length === 0) return { kind: 'close', raw: '' };
  if (head === '@index' && rest.length === 0) return { kind: 'index' };
  if ((SYSTEM as readonly string[]).includes(head) && rest.length === 0)
    return { kind: 'system', name: head as PrintSystem };
  if ((FUNCTIONS as readonly string[]).includes(head) && rest.length >= 1 && PATH_RE.test(rest[0]!)) {
    const fn = head as PrintFunction;
    if (rest.length === 1) return { kind: 'call', fn, path: rest[0]!, decimals: 2 };
    if (fn === 'thousands' && rest.length === 2 && /^\d$/.test(rest[1]!))
      return { kind: 'call', fn, path: rest[0]!, decimals: Number(rest[1]) };
    return null;
  }
  if (rest.length === 0 && PATH_RE.test(head)) return { kind: 'field', path: head };
  return null;
}

/** The detail group a table row's tags name first (outside any #each), or null. */
function rowGroup(rowHtml: string): string | null {
  for (const match of rowHtml.matchAll(TAG_RE)) {
    const token = readTag(match[1]!);
    if (!token) continue;
    if (token.kind === 'open' || token.kind === 'close') return null;
    const path = token.kind === 'field' || token.kind === 'call' ? token.path : '';
    const detail = DETAIL_RE.exec(path);
    if (detail) return detail[1]!;
  }
  return null;
}

/**
 * Table rows holding detail fields become repeats of their group: `<tr>…{{T1.x}}…</tr>` reads as
 * `{{#each T1}}<tr>…</tr>{{/each}}`. Rows inside an explicit #each are left alone.
 */
function expandRows(template: string): string {
  let depth = 0;
  let out = '';
  let last = 0;
  const parts = /<tr\b[^>]*>[\s\S]*?<\/tr>|\{\{\s*#each\s[^{}]*\}\}|\{\{\s*\/each\s*\}\}/gi;
  for (const match of template.matchAll(parts)) {
    const text = match[0];
    out += template.slice(last, match.index);
    last = match.index + text.length;
    if (text.startsWith('{{')) {
      depth += /#each/.test(text) ? 1 : -1;
      out += text;
      continue;
    }
    const group = depth > 0 ? null : rowGroup(text);
    out += group ? `{{#each ${group}}}${text}{{/each}}` : text;
  }
  return out + template.slice(last);
}

/** Parses a template into nodes. Unknown tags and an unmatched {{/each}} stay text; an unclosed #each closes at the end. */
export function parsePrintTemplate(template: string): PrintNode[] {
  const source = expandRows(template);
  const root: PrintNode[] = [];
  const stack: { group: string; body: PrintNode[]; raw: string }[] = [];
  const current = () => stack.at(-1)?.body ?? root;
  const pushHtml = (html: string) => {
    if (!html) return;
    const list = current();
    const prev = list.at(-1);
    if (prev?.kind === 'html') prev.html += html;
    else list.push({ kind: 'html', html });
  };
  let last = 0;
  for (const match of source.matchAll(TAG_RE)) {
    pushHtml(source.slice(last, match.index));
    last = match.index + match[0].length;
    const token = readTag(match[1]!);
    if (!token) {
      pushHtml(escapeHtml(decodeEntities(match[0])));
      continue;
    }
    if (token.kind === 'open') {
      stack.push({ group: token.group, body: [], raw: match[0] });
    } else if (token.kind === 'close') {
      const open = stack.pop();
      if (open) current().push({ kind: 'each', group: open.group, body: open.body });
      else pushHtml(escapeHtml(match[0]));
    } else current().push(token);
  }
  pushHtml(source.slice(last));
  while (stack.length) {
    const open = stack.pop()!;
    current().push({ kind: 'each', group: open.group, body: open.body });
  }
  return root;
}

// ------------------------------------------------------------------------------------------------
// Renderer

const ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Text as HTML: the five special characters escaped. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ENTITIES[c]!);
}

/** The few entities an editor writes in text (so an escaped tag is not escaped twice). */
function decodeEntities(html: string): string {
  return html.replace(/&(amp|lt|gt|quot|#39|nbsp);/g, (_, name: string) =>
    name === 'amp'
      ? '&'
      : name === 'lt'
        ? '<'
        : name === 'gt'
          ? '>'
          : name === 'quot'
            ? '"'
            : name === 'nbsp'
              ? '\u00a0'
              : "'",
  );
}

/** An own property of plain data, or undefined (never inherited: no constructor, no __proto__). */
function own(record: unknown, key: string): unknown {
  if (record === null || typeof record !== 'object' || Array.isArray(record)) return undefined;
  return Object.hasOwn(record, key) ? (record as Record<string, unknown>)[key] : undefined;
}

/** A value as printed text: numbers and strings as they are, booleans, nothing for the rest. */
export function printText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'bigint') return String(value);
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (value instanceof Date) return formatPrintTime(value.getTime());
  return '';
}

/** Thousands separators with `decimals` places; text that is not a number stays as it is. */
export function formatThousands(value: unknown, decimals = 2): string {
  const text = printText(value).trim();
  if (!/^-?\d+(\.\d+)?$/.test(text)) return text;
  const fixed = Number(text).toFixed(decimals);
  const [int = '', dec] = fixed.split('.');
  const grouped = int.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return dec === undefined ? grouped : `${grouped}.${dec}`;
}

/** yyyy-MM-dd HH:mm:ss in local time. */
export function formatPrintTime(time: number): string {
  const d = new Date(time);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())} ${p(d.getHours())}:${p(d.getMinutes())}:${p(d.getSeconds())}`;
}

interface Scope {
  group: string;
  row: unknown;
  index: number;
}

function rowsOf(data: PrintData, group: string): unknown[] {
  const rows = own(data, group);
  return Array.isArray(rows) ? rows : [];
}

/** The value a path names in the current scope (a repeat's row first, then the header). */
function lookup(ctx: PrintContext, scope: Scope | null, path: string): unknown {
  const detail = DETAIL_RE.exec(path);
  if (detail) {
    const [, group, name] = detail as unknown as [string, string, string];
    if (scope && scope.group === group) return own(scope.row, name);
    const values = rowsOf(ctx.data, group)
      .map((row) => printText(own(row, name)))
      .filter((v) => v !== '');
    return values.join('-');
  }
  const name = path.startsWith('headTable.') ? path.slice('headTable.'.length) : path;
  if (scope && !path.startsWith('headTable.')) {
    const inRow = own(scope.row, name);
    if (inRow !== undefined) return inRow;
  }
  return own(ctx.data, name);
}

/** Image addresses of a value: one address, or a JSON list of addresses or {url}. Only http(s) and our files. */
function imageUrls(value: unknown): string[] {
  const text = printText(value).trim();
  if (!text) return [];
  let list: unknown = [text];
  if (text.startsWith('[')) {
    try {
      list = JSON.parse(text);
    } catch {
      return [];
    }
  }
  if (!Array.isArray(list)) return [];
  return list
    .map((item) => (typeof item === 'string' ? item : printText(own(item, 'url'))))
    .filter((url) => /^(https?:\/\/|\/api\/file\/)/i.test(url));
}

function approvalTable(ctx: PrintContext): string {
  const labels = { ...DEFAULT_LABELS, ...ctx.labels };
  const records = ctx.approvals ?? [];
  const head = [labels.node, labels.operator, labels.time, labels.action, labels.opinion]
    .map((title) => `<th>${escapeHtml(title)}</th>`)
    .join('');
  const body = records
    .map((r) => {
      const time = r.handleTime === null || r.handleTime === undefined ? '' : Number(r.handleTime);
      const status = printText(r.handleStatus);
      const cells = [
        printText(r.nodeName),
        printText(r.userName),
        typeof time === 'number' && Number.isFinite(time) ? formatPrintTime(time) : '',
        Object.hasOwn(labels.statuses, status) ? labels.statuses[status]! : status,
        printText(r.handleOpinion),
      ];
      return `<tr>${cells.map((c) => `<td>${escapeHtml(c)}</td>`).join('')}</tr>`;
    })
    .join('');
  return `<table class="print-approval"><thead><tr>${head}</tr></thead><tbody>${body}</tbody></table>`;
}

function renderNodes(nodes: readonly PrintNode[], ctx: PrintContext, scope: Scope | null): string {
  let out = '';
  for (const node of nodes) {
    switch (node.kind) {
      case 'html':
        out += node.html;
        break;
      case 'field':
        out += escapeHtml(printText(lookup(ctx, scope, node.path)));
        break;
      case 'index':
        out += scope ? String(scope.index + 1) : '';
        break;
      case 'call': {
        const value = lookup(ctx, scope, node.path);
        const text = printText(value);
        if (node.fn === 'capital') out += text.trim() ? escapeHtml(toChineseCapital(text.trim())) : '';
        else if (node.fn === 'thousands') out += escapeHtml(formatThousands(value, node.decimals));
        else if (node.fn === 'image')
          out += imageUrls(value)
            .map((url) => `<img src="${escapeHtml(url)}" alt="" style="max-width:100%">`)
            .join('');
        else if (!text) out += '';
        else if (node.fn === 'qrcode') out += ctx.qrcode ? ctx.qrcode(text) : escapeHtml(text);
        else out += ctx.barcode ? ctx.barcode(text) : escapeHtml(text);
        break;
      }
      case 'system':
        if (node.name === 'systemPrinter') out += escapeHtml(ctx.printer ?? '');
        else if (node.name === 'systemPrintTime')
          out += escapeHtml(formatPrintTime(ctx.printTime ?? Date.now()));
        else if (node.name === 'systemApprovalContent') out += approvalTable(ctx);
        else out += '<div class="print-page-break"></div>';
        break;
      case 'each':
        rowsOf(ctx.data, node.group).forEach((row, index) => {
          out += renderNodes(node.body, ctx, { group: node.group, row, index });
        });
        break;
    }
  }
  return out;
}

/**
 * The template filled in with one record. The template's own markup passes as it is (it is
 * sanitised when saved and again where it is shown); every value is escaped, so a value can
 * never become markup.
 */
export function renderPrintTemplate(template: string, ctx: PrintContext): string {
  return renderNodes(parsePrintTemplate(template), ctx, null);
}

/** The field references a template uses (for checks and the designer's outline). */
export function printTemplateFields(template: string): string[] {
  const found = new Set<string>();
  const walk = (nodes: readonly PrintNode[], group: string | null) => {
    for (const node of nodes) {
      if (node.kind === 'field' || node.kind === 'call')
        found.add(group && !node.path.includes('.') ? `${group}.${node.path}` : node.path);
      else if (node.kind === 'each') walk(node.body, node.group);
    }
  };
  walk(parsePrintTemplate(template), null);
  return [...found];
}
