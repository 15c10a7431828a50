import { AuthorizeItemType } from '@console/shared';
import { and, eq, inArray } from 'drizzle-orm';
import { badRequest } from '../../core/errors.js';
import type { Session } from '../../core/sessions.js';
import type { DbOrTx } from '../../db/client.js';
import { moduleColumns, moduleForms } from '../../db/schema/index.js';
import { pageModules } from './dataRules.js';
import { loadGrants } from './grants.js';

/**
 * Column and form rules of one page for one user (console.md 6). A set lists the codes the page
 * declares but the user was not granted; null = that kind is not restricted (administrators, or
 * the page has no column/form authorisation).
 */
export interface FieldRules {
  hiddenColumns: Set<string> | null;
  hiddenForms: Set<string> | null;
}

/**
 * Answer keys of a code when they differ from the code itself, e.g. the column
 * 'organizeName' shown as the key 'organize', the form field 'organizeId' read also as
 * 'organizeIdTree'.
 */
export type KeyMap = Record<string, readonly string[]>;

export const FieldRuleMessages = {
  formDenied: (field: string) => `没有权限填写字段：${field}`,
} as const;

async function hiddenCodes(
  db: DbOrTx,
  table: typeof moduleColumns | typeof moduleForms,
  moduleIds: string[],
  granted: Set<string>,
): Promise<Set<string>> {
  const declared = await db
    .select({ id: table.id, enCode: table.enCode })
    .from(table)
    .where(and(inArray(table.moduleId, moduleIds), eq(table.enabledMark, 1), eq(table.deleteMark, 0)));
  const grantedCodes = new Set(declared.filter((d) => granted.has(d.id)).map((d) => d.enCode));
  return new Set(declared.map((d) => d.enCode).filter((code) => !grantedCodes.has(code)));
}

/** Reads the rules; nothing is cached, so grants apply from the next request. */
export async function loadFieldRules(db: DbOrTx, session: Session, moduleCode: string): Promise<FieldRules> {
  if (session.isAdministrator) return { hiddenColumns: null, hiddenForms: null };
  const pages = await pageModules(db, moduleCode);
  const columnPages = pages.filter((p) => p.isColumnAuthorize === 1).map((p) => p.id);
  const formPages = pages.filter((p) => p.isFormAuthorize === 1).map((p) => p.id);
  if (columnPages.length === 0 && formPages.length === 0) return { hiddenColumns: null, hiddenForms: null };
  const grants = await loadGrants(db, session.userId);
  const [hiddenColumns, hiddenForms] = await Promise.all([
    columnPages.length
      ? hiddenCodes(db, moduleColumns, columnPages, grants.get(AuthorizeItemType.Column) ?? new Set())
      : Promise.resolve(null),
    formPages.length
      ? hiddenCodes(db, moduleForms, formPages, grants.get(AuthorizeItemType.Form) ?? new Set())
      : Promise.resolve(null),
  ]);
  return { hiddenColumns, hiddenForms };
}

function hiddenKeys(hidden: Set<string> | null, keyMap: KeyMap): string[] {
  if (!hidden) return [];
  return [...hidden].flatMap((code) => [code, ...(keyMap[code] ?? [])]);
}

function without<T extends object>(row: T, keys: string[]): T {
  if (keys.length === 0) return row;
  const copy = { ...row } as Record<string, unknown>;
  for (const key of keys) delete copy[key];
  return copy as T;
}

/** List rows without the columns the user was not granted. */
export function applyColumnRules<T extends object>(rules: FieldRules, rows: T[], keyMap: KeyMap = {}): T[] {
  const keys = hiddenKeys(rules.hiddenColumns, keyMap);
  return keys.length ? rows.map((row) => without(row, keys)) : rows;
}

/** A record read for its form, without the fields the user was not granted. */
export function applyFormRules<T extends object>(rules: FieldRules, record: T, keyMap: KeyMap = {}): T {
  return without(record, hiddenKeys(rules.hiddenForms, keyMap));
}

/**
 * Refuses (code 400 naming the field) a write whose raw body sets a form field the user was not
 * granted. The raw body is checked, not the parsed one, so schema defaults do not count as set.
 */
export function assertFormWritable(rules: FieldRules, rawBody: unknown, keyMap: KeyMap = {}): void {
  if (!rules.hiddenForms || !rawBody || typeof rawBody !== 'object') return;
  const body = rawBody as Record<string, unknown>;
  for (const code of rules.hiddenForms) {
    for (const key of [code, ...(keyMap[code] ?? [])]) {
      if (body[key] !== undefined) throw badRequest(FieldRuleMessages.formDenied(key));
    }
  }
}
