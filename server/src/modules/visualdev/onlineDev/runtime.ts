import type { OnlineConfig, OnlineExportBody, OnlineListBody } from '@console/shared';
import {
  and,
  asc,
  count,
  desc,
  eq,
  getTableColumns,
  gt,
  gte,
  ilike,
  inArray,
  isNotNull,
  isNull,
  lt,
  lte,
  ne,
  notIlike,
  notInArray,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import ExcelJS from 'exceljs';
import { badRequest, STALE_VERSION_MESSAGE } from '../../../core/errors.js';
import { newId } from '../../../core/ids.js';
import { Messages } from '../../../core/messages.js';
import type { Session } from '../../../core/sessions.js';
import type { Db, DbOrTx, Tx } from '../../../db/client.js';
import { escapeLike, KEEP_SUBQUERY, sortColumn } from '../../../db/query.js';
import { users, visualDevs } from '../../../db/schema/index.js';
import type { Services } from '../../../services.js';
import { dataRuleFilter, type RuleLog } from '../../permission/dataRules.js';
import { applyFormRules, type FieldRules, loadFieldRules } from '../../permission/fieldRules.js';
import { hasPermission } from '../../permission/grants.js';
import { BillRuleService } from '../../system/billRule/service.js';
import { DisplayContext } from '../display.js';
import { type GeneratedTables, tablesOf } from '../webDesign/ddl.js';
import { type DataModel, type ModelField, modelOf } from '../webDesign/model.js';
import { jsonOf, menusOf, type ReleasedCopy } from '../webDesign/service.js';
import { relationTexts } from './relation.js';
import { readSuperQuery, type SuperQueryCondition } from './superQuery.js';

export const OnlineMessages = {
  notReleased: '该功能尚未发布，请先在功能设计中发布',
  notFound: '记录不存在，或您没有权限访问该记录',
  badData: 'data 必须是表单数据的 JSON 对象字符串',
  required: (label: string) => `${label}不能为空`,
  notNumber: (label: string) => `${label}：请输入数字`,
  notList: (label: string) => `${label}：应为列表`,
  notTime: (label: string) => `${label}：请输入有效的日期时间`,
  notSwitch: (label: string) => `${label}：开关的值只能是 0 或 1`,
  notUnique: (label: string, value: string) => `${label}“${value}”已存在`,
  notRows: (label: string) => `${label}：子表数据应为行的列表`,
  versionMissing: 'data.version 缺失：请重新打开该记录后再保存',
  badQuery: (part: string) => `${part} 不是有效的 JSON`,
  notSearchable: (field: string) => `queryJson：“${field}”不是该列表的查询字段`,
  notQueryable: (field: string) => `superQueryJson：“${field}”不是该表单主表的字段`,
  badSymbol: (symbol: string) => `不支持的条件符号“${symbol}”`,
  superValueMissing: (n: number, label: string) => `superQueryJson 第${n}个条件（${label}）：请填写条件值`,
  superValueList: (n: number, label: string) => `superQueryJson 第${n}个条件（${label}）：条件值不能是列表`,
  superNumber: (n: number, label: string) => `superQueryJson 第${n}个条件（${label}）：请输入数字`,
  partlyDeleted: '部分记录不存在或您没有权限删除，未删除任何记录',
  badExportKey: (key: string) => `selectKey：“${key}”不是该列表的列`,
  noForm: '该功能没有表单',
  formDenied: (field: string) => `没有权限填写字段：${field}`,
} as const;

/**
 * The value of a number, switch or date column as a number (numeric text for numeric columns),
 * or null for other kinds; a value that is not a number is refused with the field named.
 */
function numericValue(f: ModelField, v: unknown, condition?: number): string | number | null {
  if (f.kind !== 'number' && f.kind !== 'int' && f.kind !== 'time') return null;
  const n =
    typeof v === 'boolean' ? Number(v) : typeof v === 'string' && v.trim() === '' ? Number.NaN : Number(v);
  if (!Number.isFinite(n))
    throw badRequest(
      condition ? OnlineMessages.superNumber(condition, f.label) : OnlineMessages.notNumber(f.label),
    );
  return f.kind === 'number' ? String(n) : n;
}

/** Rows a list, tree or group view or an export reads at most in one call. */
export const MAX_ROWS = 10_000;

interface ColumnEntry {
  prop: string;
  label?: string;
  searchType?: number;
  jnpfKey?: string;
}
interface ColumnData {
  type?: number;
  columnList?: ColumnEntry[];
  searchList?: ColumnEntry[];
  defaultSidx?: string;
  sort?: string;
  hasPage?: boolean;
  groupField?: string;
  parentField?: string;
  treeRelation?: string;
  ruleList?: { field: string; symbol: string; fieldValue?: unknown; logic?: string }[];
}

interface Runtime {
  modelId: string;
  copy: ReleasedCopy;
  model: DataModel;
  tables: GeneratedTables;
  columnData: ColumnData;
  fieldsByVModel: Map<string, ModelField>;
}

/** Who may do what on a generated page: the menu (type 3) that shows it, and its rules. */
interface Access {
  session: Session;
  moduleCode: string | null;
  rules: FieldRules;
}

type RawRow = Record<string, unknown>;

export class OnlineDevService {
  private readonly cache = new Map<string, Runtime>();

  constructor(private readonly services: Services) {}

  private get db(): Db {
    return this.services.db;
  }

  /** The released copy (or, for previews, the draft) ready to query. */
  async runtime(modelId: string, draft = false): Promise<Runtime> {
    // The stamp first: the design's JSON is read only when the cached runtime is out of date.
    const [stamp] = await this.db
      .select({ version: visualDevs.version, releaseTime: visualDevs.releaseTime })
      .from(visualDevs)
      .where(eq(visualDevs.id, modelId));
    if (!stamp) throw badRequest(OnlineMessages.notReleased);
    const key = `${modelId}:${draft ? `d${stamp.version}` : `r${stamp.releaseTime}`}`;
    const cached = this.cache.get(key);
    if (cached) return cached;
    const [row] = await this.db
      .select({
        id: visualDevs.id,
        released: visualDevs.released,
        fullName: visualDevs.fullName,
        enCode: visualDevs.enCode,
        webType: visualDevs.webType,
        enableFlow: visualDevs.enableFlow,
        tables: visualDevs.tables,
        formData: visualDevs.formData,
        columnData: visualDevs.columnData,
        appColumnData: visualDevs.appColumnData,
        flowTemplateJson: visualDevs.flowTemplateJson,
      })
      .from(visualDevs)
      .where(eq(visualDevs.id, modelId));
    if (!row) throw badRequest(OnlineMessages.notReleased);
    const copy = draft ? (row as ReleasedCopy) : (row.released as ReleasedCopy | null);
    if (!copy) throw badRequest(OnlineMessages.notReleased);
    if (!copy.formData) throw badRequest(OnlineMessages.noForm);
    const model = modelOf(copy.formData, copy.tables);
    const runtime: Runtime = {
      modelId,
      copy,
      model,
      tables: tablesOf(model),
      columnData: jsonOf<ColumnData>(copy.columnData, {}),
      fieldsByVModel: new Map(model.fields.map((f) => [f.vModel, f])),
    };
    for (const old of this.cache.keys()) if (old.startsWith(`${modelId}:`)) this.cache.delete(old);
    this.cache.set(key, runtime);
    return runtime;
  }

  /**
   * The caller must hold a menu showing the design (with `button` when given); the page of
   * web design may use the draft for previews. Administrators pass.
   */
  async access(session: Session, modelId: string, button?: string, draft = false): Promise<Access> {
    const menus = await menusOf(this.db, modelId);
    if (session.isAdministrator)
      return {
        session,
        moduleCode: menus[0]?.enCode ?? null,
        rules: { hiddenColumns: null, hiddenForms: null },
      };
    if (draft && (await hasPermission(this.db, session.userId, 'onlineDev.webDesign')))
      return { session, moduleCode: null, rules: { hiddenColumns: null, hiddenForms: null } };
    for (const menu of menus) {
      if (menu.enabledMark !== 1) continue;
      if (await hasPermission(this.db, session.userId, menu.enCode, button)) {
        return {
          session,
          moduleCode: menu.enCode,
          rules: await loadFieldRules(this.db, session, menu.enCode),
        };
      }
    }
    throw badRequest(Messages.permissionDenied);
  }

  config(rt: Runtime): OnlineConfig {
    return {
      formData: rt.copy.formData,
      columnData: rt.copy.columnData,
      appColumnData: rt.copy.appColumnData,
      webType: rt.copy.webType,
      enableFlow: rt.copy.enableFlow,
      flowId: null,
      flowEnCode: null,
      flowTemplateJson: rt.copy.flowTemplateJson,
      fullName: rt.copy.fullName,
    };
  }

  /** Data-rule fields of generated tables: the system columns plus every main field. */
  private ruleFields(rt: Runtime): Record<string, AnyPgColumn> {
    const main = rt.tables.main as unknown as Record<string, AnyPgColumn>;
    const fields: Record<string, AnyPgColumn> = {
      creatorUserId: main.creatorUserId!,
      organizeId: main.organizeId!,
      creatorTime: main.creatorTime!,
    };
    for (const f of rt.model.fields) fields[f.vModel] = main[f.vModel]!;
    return fields;
  }

  private async rowFilter(rt: Runtime, access: Access, log: RuleLog): Promise<SQL | undefined> {
    if (!access.moduleCode) return undefined;
    return dataRuleFilter(this.db, access.session, access.moduleCode, this.ruleFields(rt), log);
  }

  private column(rt: Runtime, vModel: string): AnyPgColumn {
    return (rt.tables.main as unknown as Record<string, AnyPgColumn>)[vModel]!;
  }

  private conditionSql(rt: Runtime, f: ModelField, symbol: string, value: unknown): SQL {
    const column = this.column(rt, f.vModel);
    const scalar = (v: unknown) => numericValue(f, v) ?? String(v);
    const text = Array.isArray(value) ? JSON.stringify(value) : String(value ?? '');
    switch (symbol) {
      case '==':
        return f.kind === 'json' ? ilike(column, `%${escapeLike(text)}%`) : eq(column, scalar(value));
      case '<>':
        return ne(column, scalar(value));
      case '>':
        return gt(column, scalar(value));
      case '>=':
        return gte(column, scalar(value));
      case '<':
        return lt(column, scalar(value));
      case '<=':
        return lte(column, scalar(value));
      case 'like':
        return ilike(sql`${column}::text`, `%${escapeLike(text)}%`);
      case 'notLike':
        return notIlike(sql`${column}::text`, `%${escapeLike(text)}%`);
      case 'in':
      case 'notIn': {
        const list = (Array.isArray(value) ? value : String(value ?? '').split(',')).map(scalar);
        if (list.length === 0) return symbol === 'in' ? sql`false` : sql`true`;
        return symbol === 'in' ? inArray(column, list) : notInArray(column, list);
      }
      case 'between': {
        const [from, to] = Array.isArray(value) ? value : [];
        const parts = [
          from !== undefined && from !== null && from !== '' ? gte(column, scalar(from)) : undefined,
          to !== undefined && to !== null && to !== '' ? lte(column, scalar(to)) : undefined,
        ];
        return and(...parts) ?? sql`true`;
      }
      case 'null':
        return isNull(column);
      case 'notNull':
        return isNotNull(column);
      default:
        throw badRequest(OnlineMessages.badSymbol(symbol));
    }
  }

  /**
   * One advanced-query condition (forms.md 5): an empty value asks for empty (==) or filled (<>)
   * cells; "not equal" and "not like" keep empty cells; list fields (json text) match the
   * entries they hold; numbers, switches and dates compare as numbers.
   */
  private superConditionSql(rt: Runtime, f: ModelField, c: SuperQueryCondition, n: number): SQL {
    const column = this.column(rt, f.vModel);
    const asText = sql`${column}::text`;
    const value = c.fieldValue;
    const empty =
      value === undefined ||
      value === null ||
      (typeof value === 'string' && value.trim() === '') ||
      (Array.isArray(value) && value.length === 0);
    const blank = or(isNull(column), inArray(asText, ['', '[]']))!;
    if (empty) {
      if (c.symbol === '==') return blank;
      if (c.symbol === '<>') return sql`not (${blank})`;
      throw badRequest(OnlineMessages.superValueMissing(n, f.label));
    }
    if (f.kind === 'json' && (c.symbol === '==' || c.symbol === '<>')) {
      const entries = (Array.isArray(value) ? value : [value]).map(
        (v) => `%${escapeLike(JSON.stringify(typeof v === 'number' ? v : String(v)))}%`,
      );
      const holds = and(...entries.map((e) => ilike(asText, e)))!;
      return c.symbol === '==' ? holds : or(isNull(column), sql`not (${holds})`)!;
    }
    if (Array.isArray(value)) throw badRequest(OnlineMessages.superValueList(n, f.label));
    if (c.symbol === 'like' || c.symbol === 'notLike') {
      const like = `%${escapeLike(String(value))}%`;
      return c.symbol === 'like' ? ilike(asText, like) : or(isNull(column), notIlike(asText, like))!;
    }
    const scalar = numericValue(f, value, n) ?? String(value);
    switch (c.symbol) {
      case '==':
        return eq(column, scalar);
      case '<>':
        return or(isNull(column), ne(column, scalar))!;
      case '>':
        return gt(column, scalar);
      case '>=':
        return gte(column, scalar);
      case '<':
        return lt(column, scalar);
      default:
        return lte(column, scalar);
    }
  }

  private listWhere(rt: Runtime, query: OnlineListBody): SQL[] {
    const parts: SQL[] = [];
    const searchList = rt.columnData.searchList ?? [];
    const columnList = rt.columnData.columnList ?? [];
    if (query.keyword) {
      const names = new Set([...columnList, ...searchList].map((c) => c.prop));
      const textual = rt.model.fields.filter(
        (f) => names.has(f.vModel) && (f.kind === 'text' || f.kind === 'json'),
      );
      const like = `%${escapeLike(query.keyword)}%`;
      parts.push(
        textual.length ? or(...textual.map((f) => ilike(this.column(rt, f.vModel), like)))! : sql`false`,
      );
    }
    if (query.queryJson) {
      const values = jsonOf<Record<string, unknown> | null>(query.queryJson, null);
      if (!values || typeof values !== 'object') throw badRequest(OnlineMessages.badQuery('queryJson'));
      for (const [key, value] of Object.entries(values)) {
        if (
          value === null ||
          value === undefined ||
          value === '' ||
          (Array.isArray(value) && value.length === 0)
        )
          continue;
        const entry = searchList.find((s) => s.prop === key);
        const f = rt.fieldsByVModel.get(key);
        if (!f || (!entry && key !== rt.columnData.treeRelation))
          throw badRequest(OnlineMessages.notSearchable(key));
        const searchType = entry?.searchType ?? 1;
        if (searchType === 3) parts.push(this.conditionSql(rt, f, 'between', value));
        else if (searchType === 2) parts.push(this.conditionSql(rt, f, 'like', value));
        else if (Array.isArray(value) && f.kind !== 'json') parts.push(this.conditionSql(rt, f, 'in', value));
        else if (Array.isArray(value))
          parts.push(or(...value.map((v) => this.conditionSql(rt, f, '==', v)))!);
        else parts.push(this.conditionSql(rt, f, '==', value));
      }
    }
    if (query.superQueryJson) {
      const sq = readSuperQuery(query.superQueryJson);
      const each = sq.conditions.map((c, index) => {
        const f = rt.fieldsByVModel.get(c.field);
        if (!f) throw badRequest(OnlineMessages.notQueryable(c.field));
        return this.superConditionSql(rt, f, c, index + 1);
      });
      if (each.length) parts.push((sq.matchLogic === 'OR' ? or(...each) : and(...each))!);
    }
    // The design's own always-on filter (columnData.ruleList).
    const rules = (rt.columnData.ruleList ?? []).flatMap((r) => {
      const f = rt.fieldsByVModel.get(r.field);
      return f ? [{ logic: r.logic, sql: this.conditionSql(rt, f, r.symbol, r.fieldValue) }] : [];
    });
    if (rules.length) {
      let combined = rules[0]!.sql;
      for (const r of rules.slice(1))
        combined = (r.logic === '||' ? or(combined, r.sql) : and(combined, r.sql))!;
      parts.push(combined);
    }
    return parts;
  }

  /** Columns the list may sort by, by name (with `id`, the tie-break). */
  private sortColumns(rt: Runtime): Record<string, AnyPgColumn> {
    const main = rt.tables.main as unknown as Record<string, AnyPgColumn>;
    const columns: Record<string, AnyPgColumn> = { id: main.id!, creatorTime: main.creatorTime! };
    for (const c of rt.columnData.columnList ?? []) {
      if (rt.fieldsByVModel.has(c.prop)) columns[c.prop] = main[c.prop]!;
    }
    return columns;
  }

  /** ORDER BY of the list, on the main table's columns or on those of a subquery that selected them. */
  private order(rt: Runtime, query: OnlineListBody, from?: Record<string, AnyPgColumn>): SQL[] {
    const main = from ?? (rt.tables.main as unknown as Record<string, AnyPgColumn>);
    const sortable: Record<string, AnyPgColumn> = { creatorTime: main.creatorTime! };
    for (const c of rt.columnData.columnList ?? []) {
      if (rt.fieldsByVModel.has(c.prop)) sortable[c.prop] = main[c.prop]!;
    }
    const tie = desc(main.id!);
    const chosen = sortColumn(sortable, query.sidx);
    if (chosen) return [query.sort === 'asc' ? asc(chosen) : desc(chosen), tie];
    const fallback = rt.columnData.defaultSidx && sortable[rt.columnData.defaultSidx];
    if (fallback) return [rt.columnData.sort === 'asc' ? asc(fallback) : desc(fallback), tie];
    return [desc(main.creatorTime!), tie];
  }

  /** Raw rows of the main table in JS shape (numbers as numbers, lists parsed). */
  private raw(rt: Runtime, row: RawRow): RawRow {
    const out: RawRow = {
      id: row.id,
      version: row.version,
      creatorUserId: row.creatorUserId,
      creatorTime: row.creatorTime,
      organizeId: row.organizeId,
    };
    for (const f of rt.model.fields) out[f.vModel] = fromColumn(f, row[f.vModel]);
    return out;
  }

  private async children(
    rt: Runtime,
    ids: string[],
    db: DbOrTx = this.db,
  ): Promise<Map<string, Map<string, RawRow[]>>> {
    const bySub = new Map<string, Map<string, RawRow[]>>();
    if (ids.length === 0) return bySub;
    for (const sub of rt.model.subTables) {
      const table = rt.tables.subs.get(sub.vModel)!;
      const rows = await db
        .select()
        .from(table)
        .where(inArray(table.foreignId, ids))
        .orderBy(asc(table.foreignId), asc(table.sortCode));
      const byParent = new Map<string, RawRow[]>();
      for (const r of rows as RawRow[]) {
        const out: RawRow = { id: r.id };
        for (const f of sub.fields) out[f.vModel] = fromColumn(f, r[f.vModel]);
        const list = byParent.get(String(r.foreignId)) ?? [];
        list.push(out);
        byParent.set(String(r.foreignId), list);
      }
      bySub.set(sub.vModel, byParent);
    }
    return bySub;
  }

  /** Rows as the list shows them: display text, sub-table arrays, ungranted columns left out. */
  private async display(
    rt: Runtime,
    access: Access,
    rows: RawRow[],
    withChildren: boolean,
  ): Promise<RawRow[]> {
    const children = withChildren
      ? await this.children(
          rt,
          rows.map((r) => String(r.id)),
        )
      : new Map();
    const allFields = [...rt.model.fields, ...rt.model.subTables.flatMap((s) => s.fields)];
    const childRows = [...children.values()].flatMap((m: Map<string, RawRow[]>) => [...m.values()].flat());
    const ctx = await DisplayContext.load(this.db, allFields, [...rows, ...childRows]);
    const related = await relationTexts(this, this.db, allFields, [...rows, ...childRows]);
    const text = (f: ModelField, value: unknown) =>
      related.get(f.vModel)?.get(String(value)) ?? ctx.text(f, value);
    const hidden = access.rules.hiddenColumns;
    return rows.map((row) => {
      const out: RawRow = { id: row.id, version: row.version, creatorTime: row.creatorTime };
      for (const f of rt.model.fields) {
        if (hidden?.has(f.vModel)) continue;
        out[f.vModel] = text(f, row[f.vModel]);
        if (f.key === 'relationForm' || f.key === 'popupSelect') out[`${f.vModel}_id`] = row[f.vModel];
      }
      for (const sub of rt.model.subTables) {
        const list = (children.get(sub.vModel) as Map<string, RawRow[]> | undefined)?.get(String(row.id));
        if (!list) continue;
        out[sub.vModel] = list.map((child) => {
          const shown: RawRow = { id: child.id };
          for (const f of sub.fields)
            if (!hidden?.has(`${sub.vModel}-${f.vModel}`)) shown[f.vModel] = text(f, child[f.vModel]);
          return shown;
        });
      }
      return out;
    });
  }

  /**
   * A page of a keyword search (issue 24): the matches are selected on their own (KEEP_SUBQUERY:
   * the trigram indexes, or a scan when most rows match), sorted and cut to the page, and then
   * the page's rows are read by id. Planned as one query with LIMIT, PostgreSQL walked the
   * creation-time index testing the keyword on every row until it had a page: at 1% of 100,000
   * rows whose matches are old, it read 98,000 rows.
   */
  private keywordPage(
    rt: Runtime,
    query: OnlineListBody,
    condition: SQL | undefined,
    limit: number,
    offset: number,
  ) {
    const main = rt.tables.main;
    const mainId = (main as unknown as Record<string, AnyPgColumn>).id!;
    const matches = this.db
      .select(this.sortColumns(rt))
      .from(main)
      .where(condition)
      .offset(KEEP_SUBQUERY)
      .as('m');
    const m = matches as unknown as Record<string, AnyPgColumn>;
    const page = this.db
      .select({ id: m.id! })
      .from(matches)
      .orderBy(...this.order(rt, query, m))
      .limit(limit)
      .offset(offset)
      .as('p');
    return this.db
      .select(getTableColumns(main))
      .from(page)
      .innerJoin(main, eq(mainId, page.id))
      .orderBy(...this.order(rt, query));
  }

  async list(rt: Runtime, access: Access, query: OnlineListBody, log: RuleLog, parentId?: string) {
    const main = rt.tables.main;
    const where = [...this.listWhere(rt, query)];
    const rule = await this.rowFilter(rt, access, log);
    if (rule) where.push(rule);
    const view = rt.columnData.type ?? 1;
    const parentField = rt.columnData.parentField
      ? rt.fieldsByVModel.get(rt.columnData.parentField)
      : undefined;
    if (parentId !== undefined && parentField) where.push(eq(this.column(rt, parentField.vModel), parentId));
    const whole = view === 3 || view === 5 || rt.columnData.hasPage === false;
    const paging = whole ? { currentPage: 1, pageSize: MAX_ROWS } : query;
    const condition = where.length ? and(...where) : undefined;
    const offset = (paging.currentPage - 1) * paging.pageSize;
    const [rows, [total]] = await Promise.all([
      query.keyword
        ? this.keywordPage(rt, query, condition, paging.pageSize, offset)
        : this.db
            .select()
            .from(main)
            .where(condition)
            .orderBy(...this.order(rt, query))
            .limit(paging.pageSize)
            .offset(offset),
      this.db.select({ n: count() }).from(main).where(condition),
    ]);
    const raw = (rows as RawRow[]).map((r) => this.raw(rt, r));
    const withChildren = (rt.columnData.columnList ?? []).some((c) => c.prop.includes('-'));
    let list = await this.display(rt, access, raw, withChildren || rt.model.subTables.length > 0);
    if (view === 3 && rt.columnData.groupField) list = groupRows(rt, list);
    if (view === 5 && parentField && parentId === undefined) list = nestRows(list, raw, parentField.vModel);
    return {
      list,
      pagination: { currentPage: paging.currentPage, pageSize: paging.pageSize, total: total?.n ?? 0 },
    };
  }

  private async readOne(
    rt: Runtime,
    id: string,
    rule: SQL | undefined,
    db: DbOrTx = this.db,
  ): Promise<RawRow> {
    const main = rt.tables.main;
    const [row] = await db
      .select()
      .from(main)
      .where(and(eq(main.id, id), rule));
    if (!row) throw badRequest(OnlineMessages.notFound);
    return this.raw(rt, row as RawRow);
  }

  /** GET /{modelId}/{id}: raw values for the edit form (forms.md 5), ungranted form fields left out. */
  async detail(rt: Runtime, access: Access, id: string, log: RuleLog) {
    const row = await this.readOne(rt, id, await this.rowFilter(rt, access, log));
    const children = await this.children(rt, [id]);
    for (const sub of rt.model.subTables) row[sub.vModel] = children.get(sub.vModel)?.get(id) ?? [];
    const data = applyFormRules(access.rules, row);
    return { id, data: JSON.stringify(data) };
  }

  /** GET /{modelId}/{id}/DataChange: display text for the detail view. */
  async dataChange(rt: Runtime, access: Access, id: string, log: RuleLog) {
    const row = await this.readOne(rt, id, await this.rowFilter(rt, access, log));
    const [shown] = await this.display(rt, access, [row], true);
    return { id, data: JSON.stringify(shown) };
  }

  private parseData(text: string): RawRow {
    const data = jsonOf<unknown>(text, null);
    if (!data || typeof data !== 'object' || Array.isArray(data)) throw badRequest(OnlineMessages.badData);
    return data as RawRow;
  }

  /** Refuses writes of form fields the user was not granted (form permissions). */
  private checkWritable(rt: Runtime, access: Access, data: RawRow) {
    const hidden = access.rules.hiddenForms;
    if (!hidden) return;
    for (const f of rt.model.fields)
      if (hidden.has(f.vModel) && data[f.vModel] !== undefined)
        throw badRequest(OnlineMessages.formDenied(f.label));
    for (const sub of rt.model.subTables) {
      const rows = data[sub.vModel];
      if (rows === undefined) continue;
      if (hidden.has(sub.vModel)) throw badRequest(OnlineMessages.formDenied(sub.label));
      if (!Array.isArray(rows)) continue;
      for (const f of sub.fields)
        if (
          hidden.has(`${sub.vModel}-${f.vModel}`) &&
          rows.some((r) => r && (r as RawRow)[f.vModel] !== undefined)
        )
          throw badRequest(OnlineMessages.formDenied(`${sub.label}-${f.label}`));
    }
  }

  /** Column values of the main row from the submitted data (system fields filled by the server). */
  private async mainValues(tx: Tx, rt: Runtime, access: Access, data: RawRow, creating: boolean, id: string) {
    const values: RawRow = {};
    const now = Date.now();
    const session = access.session;
    for (const f of rt.model.fields) {
      switch (f.key) {
        case 'createUser':
          if (creating) values[f.vModel] = session.userId;
          continue;
        case 'createTime':
          if (creating) values[f.vModel] = now;
          continue;
        case 'modifyUser':
          values[f.vModel] = creating ? null : session.userId;
          continue;
        case 'modifyTime':
          values[f.vModel] = creating ? null : now;
          continue;
        case 'currOrganize':
          if (creating) values[f.vModel] = session.organizeId;
          continue;
        case 'currPosition':
          if (creating) values[f.vModel] = await this.positionOf(tx, session.userId);
          continue;
        case 'billRule':
          if (creating) {
            const rule = String(f.field.__config__.rule ?? '');
            values[f.vModel] = rule ? await new BillRuleService(tx as unknown as Db).nextNumber(rule) : null;
          }
          continue;
        default:
          break;
      }
      if (access.rules.hiddenForms?.has(f.vModel)) continue;
      const value = toColumn(f, data[f.vModel]);
      if (value === undefined && !creating) continue;
      if ((value === undefined || value === null) && f.field.__config__.required)
        throw badRequest(OnlineMessages.required(f.label));
      values[f.vModel] = value ?? null;
      if (value !== null && value !== undefined && f.field.__config__.unique) {
        const main = rt.tables.main;
        const [clash] = await tx
          .select({ id: main.id })
          .from(main)
          .where(and(eq(this.column(rt, f.vModel), value as string), ne(main.id, id)))
          .limit(1);
        if (clash) throw badRequest(OnlineMessages.notUnique(f.label, String(value)));
      }
    }
    return values;
  }

  private async positionOf(tx: Tx, userId: string): Promise<string | null> {
    const [user] = await tx.select({ positionId: users.positionId }).from(users).where(eq(users.id, userId));
    return user?.positionId?.split(',')[0] || null;
  }

  private async writeChildren(
    tx: Tx,
    rt: Runtime,
    access: Access,
    data: RawRow,
    id: string,
    creating: boolean,
  ) {
    for (const sub of rt.model.subTables) {
      const rows = data[sub.vModel];
      if (rows === undefined && !creating) continue;
      if (access.rules.hiddenForms?.has(sub.vModel)) continue;
      if (rows !== undefined && rows !== null && !Array.isArray(rows))
        throw badRequest(OnlineMessages.notRows(sub.label));
      const table = rt.tables.subs.get(sub.vModel)!;
      const values = ((rows as RawRow[] | null) ?? []).map((r, index) => {
        if (!r || typeof r !== 'object') throw badRequest(OnlineMessages.notRows(sub.label));
        const row: RawRow = { id: newId(), foreignId: id, sortCode: index };
        for (const f of sub.fields) {
          const value = toColumn(f, r[f.vModel]);
          if ((value === undefined || value === null) && f.field.__config__.required)
            throw badRequest(OnlineMessages.required(`${sub.label}第${index + 1}行的${f.label}`));
          row[f.vModel] = value ?? null;
        }
        return row;
      });
      if (!creating) await tx.delete(table).where(eq(table.foreignId, id));
      if (values.length) await tx.insert(table).values(values as never);
    }
  }

  async create(rt: Runtime, access: Access, dataText: string): Promise<string> {
    const data = this.parseData(dataText);
    this.checkWritable(rt, access, data);
    const id = newId();
    await this.db.transaction(async (tx) => {
      const values = await this.mainValues(tx, rt, access, data, true, id);
      await tx.insert(rt.tables.main).values({
        ...values,
        id,
        version: 0,
        creatorUserId: access.session.userId,
        creatorTime: Date.now(),
        organizeId: access.session.organizeId,
      } as never);
      await this.writeChildren(tx, rt, access, data, id, true);
    });
    return id;
  }

  /** Saves an edit only at the version read (optimistic lock), within the caller's data rules. */
  async update(rt: Runtime, access: Access, id: string, dataText: string, log: RuleLog): Promise<void> {
    const data = this.parseData(dataText);
    const version = data.version;
    if (typeof version !== 'number' || !Number.isInteger(version))
      throw badRequest(OnlineMessages.versionMissing);
    this.checkWritable(rt, access, data);
    // Read before the transaction: PGlite has one connection, which the transaction holds.
    const rule = await this.rowFilter(rt, access, log);
    await this.db.transaction(async (tx) => {
      const current = await this.readOne(rt, id, rule, tx);
      if (current.version !== version) throw badRequest(STALE_VERSION_MESSAGE);
      const values = await this.mainValues(tx, rt, access, data, false, id);
      const main = rt.tables.main;
      const updated = await tx
        .update(main)
        .set({
          ...values,
          version: sql`${main.version} + 1`,
          lastModifyUserId: access.session.userId,
          lastModifyTime: Date.now(),
        } as never)
        .where(and(eq(main.id, id), eq(main.version, version)))
        .returning({ id: main.id });
      if (updated.length === 0) throw badRequest(STALE_VERSION_MESSAGE);
      await this.writeChildren(tx, rt, access, data, id, false);
    });
  }

  /** Deletes rows within the caller's data rules: all of them, or none. */
  async remove(rt: Runtime, access: Access, ids: string[], log: RuleLog): Promise<void> {
    const main = rt.tables.main;
    const rule = await this.rowFilter(rt, access, log);
    const unique = [...new Set(ids)];
    await this.db.transaction(async (tx) => {
      const deleted = await tx
        .delete(main)
        .where(and(inArray(main.id, unique), rule))
        .returning({ id: main.id });
      if (deleted.length !== unique.length)
        throw badRequest(unique.length === 1 ? OnlineMessages.notFound : OnlineMessages.partlyDeleted);
      for (const table of rt.tables.subs.values())
        await tx.delete(table).where(inArray(table.foreignId, unique));
    });
  }

  /** The list (current page or all, at most MAX_ROWS) as an xlsx workbook of the chosen columns. */
  async exportXlsx(rt: Runtime, access: Access, body: OnlineExportBody, log: RuleLog): Promise<Buffer> {
    const labels = new Map<string, string>();
    for (const c of rt.columnData.columnList ?? [])
      if (rt.fieldsByVModel.has(c.prop)) labels.set(c.prop, c.label ?? rt.fieldsByVModel.get(c.prop)!.label);
    for (const key of body.selectKey)
      if (!labels.has(key) || access.rules.hiddenColumns?.has(key))
        throw badRequest(OnlineMessages.badExportKey(key));
    const query = body.dataType === 1 ? { ...body, currentPage: 1, pageSize: MAX_ROWS } : body;
    const { list } = await this.list(rt, access, query, log);
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet(rt.copy.fullName.slice(0, 31) || 'Sheet1');
    sheet.columns = body.selectKey.map((key) => ({ header: labels.get(key)!, key, width: 20 }));
    const rows = list.flatMap((r) => (Array.isArray(r.children) && r.top ? (r.children as RawRow[]) : [r]));
    for (const row of rows)
      sheet.addRow(Object.fromEntries(body.selectKey.map((k) => [k, cellValue(row[k])])));
    return Buffer.from(await workbook.xlsx.writeBuffer());
  }
}

function cellValue(value: unknown): string | number | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number') return value;
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

/** forms.md 5: group table rows under `{id, <first column>: groupValue, top: true, children}`. */
function groupRows(rt: Runtime, rows: RawRow[]): RawRow[] {
  const groupField = rt.columnData.groupField!;
  const first = (rt.columnData.columnList ?? []).find((c) => c.prop !== groupField)?.prop ?? groupField;
  const groups = new Map<string, RawRow[]>();
  for (const row of rows) {
    const key = String(row[groupField] ?? '');
    groups.set(key, [...(groups.get(key) ?? []), row]);
  }
  return [...groups].map(([value, children]) => ({ id: newId(), [first]: value, top: true, children }));
}

/** forms.md 5: tree table rows nested in `children` by the parent field. */
function nestRows(rows: RawRow[], raw: RawRow[], parentField: string): RawRow[] {
  const parentOf = new Map(raw.map((r) => [String(r.id), String(r[parentField] ?? '')]));
  const byId = new Map<string, RawRow & { children: RawRow[] }>(
    rows.map((r) => [String(r.id), { ...r, children: [] as RawRow[] }]),
  );
  const roots: RawRow[] = [];
  for (const row of byId.values()) {
    const parent = byId.get(parentOf.get(String(row.id)) ?? '');
    if (parent && parent !== row) parent.children.push(row);
    else roots.push(row);
  }
  for (const row of byId.values()) (row as RawRow).hasChildren = row.children.length > 0;
  return roots;
}

/** A submitted value as its column stores it; undefined = not sent. */
export function toColumn(f: ModelField, value: unknown): unknown {
  if (value === undefined) return undefined;
  if (value === null || value === '' || (Array.isArray(value) && value.length === 0)) return null;
  switch (f.kind) {
    case 'json':
      if (typeof value !== 'object') throw badRequest(OnlineMessages.notList(f.label));
      return JSON.stringify(value);
    case 'number': {
      const n = typeof value === 'number' ? value : Number(value);
      if (typeof value === 'boolean' || !Number.isFinite(n))
        throw badRequest(OnlineMessages.notNumber(f.label));
      return String(n);
    }
    case 'int': {
      const n = value === true ? 1 : value === false ? 0 : Number(value);
      if (n !== 0 && n !== 1) throw badRequest(OnlineMessages.notSwitch(f.label));
      return n;
    }
    case 'time': {
      const n =
        typeof value === 'number'
          ? value
          : /^\d+$/.test(String(value))
            ? Number(value)
            : Date.parse(String(value));
      if (!Number.isFinite(n)) throw badRequest(OnlineMessages.notTime(f.label));
      return Math.round(n);
    }
    default:
      return typeof value === 'object' ? JSON.stringify(value) : String(value);
  }
}

/** A stored value as the form holds it. */
export function fromColumn(f: ModelField, value: unknown): unknown {
  if (value === null || value === undefined) return f.kind === 'json' ? [] : null;
  if (f.kind === 'json') return jsonOf<unknown>(String(value), []);
  if (f.kind === 'number') return Number(value);
  return value;
}
