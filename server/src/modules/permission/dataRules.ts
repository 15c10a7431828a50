import {
  AuthorizeItemType,
  type DataRuleCondition,
  DataRuleOperator,
  type DataRuleSchemeCondition,
  DataRuleValueType,
  dataRuleSchemeConditionSchema,
} from '@console/shared';
import {
  and,
  eq,
  getTableName,
  gt,
  ilike,
  inArray,
  isNotNull,
  isNull,
  lt,
  ne,
  notIlike,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Session } from '../../core/sessions.js';
import type { DbOrTx } from '../../db/client.js';
import { escapeLike } from '../../db/query.js';
import { moduleDataSchemes, modules } from '../../db/schema/index.js';
import { loadGrants } from './grants.js';
import { unitAndBelowIds } from './user/units.js';

/** Where skipped conditions are reported (a request's logger). */
export interface RuleLog {
  warn(object: object, message: string): void;
}

/** The page's enabled menu rows with this enCode (one per application that has the page). */
export async function pageModules(db: DbOrTx, moduleCode: string) {
  return db
    .select({
      id: modules.id,
      isColumnAuthorize: modules.isColumnAuthorize,
      isFormAuthorize: modules.isFormAuthorize,
      isDataAuthorize: modules.isDataAuthorize,
    })
    .from(modules)
    .where(and(eq(modules.enCode, moduleCode), eq(modules.enabledMark, 1), eq(modules.deleteMark, 0)));
}

/** A stored conditionJson in the shared shape (packages/shared dataScheme.ts), or undefined. */
export function parseSchemeCondition(json: unknown): DataRuleSchemeCondition | undefined {
  let candidate = json;
  if (typeof candidate === 'string') {
    try {
      candidate = JSON.parse(candidate);
    } catch {
      return undefined;
    }
  }
  const parsed = dataRuleSchemeConditionSchema.safeParse(candidate);
  return parsed.success ? parsed.data : undefined;
}

function conditionSql(column: AnyPgColumn, condition: DataRuleCondition, session: Session): SQL {
  const { op } = condition;
  if (op === DataRuleOperator.Null) return isNull(column);
  if (op === DataRuleOperator.NotNull) return isNotNull(column);
  if (condition.valueType === DataRuleValueType.CurrentOrganizeAndSub) {
    if (!session.organizeId) return sql`false`;
    const set = unitAndBelowIds(session.organizeId);
    return op === DataRuleOperator.NotEqual ? sql`${column} NOT IN ${set}` : sql`${column} IN ${set}`;
  }
  let value: string;
  if (condition.valueType === DataRuleValueType.CurrentUser) value = session.userId;
  else if (condition.valueType === DataRuleValueType.CurrentOrganize) {
    if (!session.organizeId) return op === DataRuleOperator.NotEqual ? sql`true` : sql`false`;
    value = session.organizeId;
  } else value = condition.value;
  switch (op) {
    case DataRuleOperator.Equal:
      return eq(column, value);
    case DataRuleOperator.NotEqual:
      return ne(column, value);
    case DataRuleOperator.Like:
      return ilike(column, `%${escapeLike(value)}%`);
    case DataRuleOperator.NotLike:
      return notIlike(column, `%${escapeLike(value)}%`);
    case DataRuleOperator.Greater:
      return gt(column, value);
    case DataRuleOperator.Less:
      return lt(column, value);
    default: {
      const values = value
        .split(',')
        .map((v) => v.trim())
        .filter(Boolean);
      return values.length ? inArray(column, values) : sql`false`;
    }
  }
}

/**
 * The names a condition may use for each mapped field: its key, and the column it maps to as
 * `column` or `table.column` (also `table.key`), so a field picked from a page's linked table
 * (ModuleDataAuthorizeLink, whose pickers answer real column names) finds the same column.
 * Keys win over aliases.
 */
export function ruleFieldLookup(fields: Record<string, AnyPgColumn>): Map<string, AnyPgColumn> {
  const lookup = new Map<string, AnyPgColumn>(Object.entries(fields));
  for (const [key, column] of Object.entries(fields)) {
    const table = getTableName(column.table);
    for (const alias of [column.name, `${table}.${column.name}`, `${table}.${key}`])
      if (!lookup.has(alias)) lookup.set(alias, column);
  }
  return lookup;
}

/**
 * The row filter of a page's data rules (console.md 6; design.md: applied in the repository
 * layer). `fields` maps the field names schemes may use to the list's columns (their column
 * names, bare or table-qualified, are accepted too: ruleFieldLookup).
 *
 * - administrators, and pages without data authorisation (isDataAuthorize 0): no filter
 *   (undefined);
 * - otherwise the union of the schemes of that page granted to the user (items of type
 *   'resource'); a granted scheme with allData = 1 lets every row through; no granted scheme
 *   lets none through.
 *
 * A condition naming a field the page does not map, or a scheme that cannot be read, is skipped
 * with a log line; a scheme left without any condition grants nothing (never everything).
 * Nothing is cached, so grants apply from the next request.
 */
export async function dataRuleFilter(
  db: DbOrTx,
  session: Session,
  moduleCode: string,
  fields: Record<string, AnyPgColumn>,
  log: RuleLog,
): Promise<SQL | undefined> {
  if (session.isAdministrator) return undefined;
  const pages = (await pageModules(db, moduleCode)).filter((m) => m.isDataAuthorize === 1);
  if (pages.length === 0) return undefined;
  const granted = [...((await loadGrants(db, session.userId)).get(AuthorizeItemType.Resource) ?? [])];
  const schemes = granted.length
    ? await db
        .select({
          id: moduleDataSchemes.id,
          allData: moduleDataSchemes.allData,
          conditionJson: moduleDataSchemes.conditionJson,
        })
        .from(moduleDataSchemes)
        .where(
          and(
            inArray(
              moduleDataSchemes.moduleId,
              pages.map((p) => p.id),
            ),
            inArray(moduleDataSchemes.id, granted),
            eq(moduleDataSchemes.enabledMark, 1),
            eq(moduleDataSchemes.deleteMark, 0),
          ),
        )
    : [];
  if (schemes.some((s) => s.allData === 1)) return undefined;
  const lookup = ruleFieldLookup(fields);
  const branches: SQL[] = [];
  for (const scheme of schemes) {
    const parsed = parseSchemeCondition(scheme.conditionJson);
    if (!parsed) {
      log.warn({ moduleCode, schemeId: scheme.id }, 'data rule scheme skipped: unreadable conditionJson');
      continue;
    }
    const parts: SQL[] = [];
    for (const condition of parsed.conditions) {
      const column = lookup.get(condition.field);
      if (!column) {
        log.warn(
          { moduleCode, schemeId: scheme.id, field: condition.field },
          'data rule condition skipped: the page has no such field',
        );
        continue;
      }
      parts.push(conditionSql(column, condition, session));
    }
    if (parts.length === 0) continue;
    branches.push((parsed.matchLogic === 'or' ? or(...parts) : and(...parts))!);
  }
  if (branches.length === 0) return sql`false`;
  return branches.length === 1 ? branches[0] : or(...branches);
}
