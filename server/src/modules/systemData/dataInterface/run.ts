/**
 * Running a data interface: the one entry other modules call (form options, scheduled tasks,
 * reports, the outside-call route).
 *
 *   const rows = await runDataInterface(services, 'userOptions', { keyword: 'a' }, session);
 *
 * `idOrEnCode` is the interface's id or its code; `params` is a map of parameter values or the
 * client's `paramList` ([{ field, defaultValue }]); `user` supplies the system variables (@user,
 * @organization, …) and the log's user (null for a caller without a user). The answer is the
 * interface's data: rows (an array of objects) for SQL, the parsed JSON for static data and HTTP;
 * with `paging`, a paging SQL interface answers `{ list, pagination }`. Field mapping renames the
 * keys of result rows. Every call is logged. Failures are BizError 400 with a message a person
 * can act on (missing parameter, disabled interface, refused SQL, unreachable address, …).
 */
import { and, eq, or, sql } from 'drizzle-orm';
import { BizError, badRequest } from '../../../core/errors.js';
import { newId } from '../../../core/ids.js';
import { OutboundError, outboundFetch, readText } from '../../../core/outbound.js';
import type { DbOrTx } from '../../../db/client.js';
import { dataInterfaceLogs, dataInterfaces, dbLinks, organizes, users } from '../../../db/schema/index.js';
import type { Services } from '../../../services.js';
import {
  CONSOLE_LINK_ID,
  type Connection,
  ConnectMessages,
  checkCost,
  consoleConnection,
  openConnection,
  queryFailure,
  type ReadOnlyOptions,
} from '../dataSource/connect.js';
import { bindSql, checkReadOnlySql, SYSTEM_VARIABLES, type SystemVariable } from './sqlGuard.js';

export type DataInterfaceRow = typeof dataInterfaces.$inferSelect;

export const RunMessages = {
  notFound: '数据接口不存在',
  disabled: (name: string) => `数据接口"${name}"已停用`,
  missingParameter: (name: string) => `缺少必填参数：${name}`,
  badNumber: (name: string) => `参数${name}必须是数字`,
  badDate: (name: string) => `参数${name}必须是日期（毫秒时间戳或日期文本）`,
  staticNotJson: '静态数据不是有效的JSON',
  linkMissing: '数据接口的数据源不存在，请重新选择数据源',
  httpStatus: (status: number) => `接口地址应答HTTP ${status}`,
  httpNotJson: '接口地址的应答不是JSON',
} as const;

/** Who calls: a session has these fields. */
export interface RunUser {
  userId: string;
  organizeId?: string | null;
}

export interface RunOptions {
  /** Paging of a paging interface (checkType 1): fills @offsetSize, @pageSize, @keyword and runs countSql. */
  paging?: { currentPage: number; pageSize: number; keyword?: string };
  /** Echo values (@showKey, @showValue). */
  echo?: { showKey: string; showValue: unknown };
  /** Runs a disabled interface too (the interface page's own preview). */
  includeDisabled?: boolean;
  /**
   * Whose places the statement waits for on the console database: 'screen' for a released data
   * screen's binding (dataSource/connect.ts, SCREEN_SQL_CONCURRENCY), else those of users' SQL.
   */
  lane?: 'user' | 'screen';
  /** What the call log records beside the user. */
  log?: { ip?: string; device?: string; invokType?: 'GET' | 'POST'; oauthAppId?: string | null };
}

export interface RequestParameter {
  field: string;
  fieldName?: string;
  dataType?: string;
  required?: number | string | boolean;
  defaultValue?: unknown;
}

export const parseJsonList = <T>(text: string | null | undefined): T[] => {
  try {
    const parsed = JSON.parse(text || '[]');
    return Array.isArray(parsed) ? parsed : [];
  } catch {
    return [];
  }
};

const parseJsonObject = (text: string | null | undefined): Record<string, unknown> => {
  try {
    const parsed = JSON.parse(text || '{}');
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? parsed : {};
  } catch {
    return {};
  }
};

/** paramList ([{field, defaultValue}]) or a plain map, as a map. */
export function paramMap(params: unknown): Record<string, unknown> {
  if (Array.isArray(params)) {
    const out: Record<string, unknown> = {};
    for (const p of params)
      if (p && typeof p === 'object' && 'field' in p) out[String(p.field)] = p.defaultValue;
    return out;
  }
  return params && typeof params === 'object' ? { ...(params as Record<string, unknown>) } : {};
}

const empty = (v: unknown) => v === undefined || v === null || v === '';

/** The declared parameters' values: given ones, else defaults; typed; required ones present. */
export function parameterValues(
  row: Pick<DataInterfaceRow, 'requestParameters'>,
  given: Record<string, unknown>,
) {
  const values: Record<string, unknown> = {};
  for (const p of parseJsonList<RequestParameter>(row.requestParameters)) {
    const name = p.field;
    let value = empty(given[name]) ? p.defaultValue : given[name];
    const required = p.required === 1 || p.required === '1' || p.required === true;
    if (empty(value)) {
      if (required)
        throw badRequest(RunMessages.missingParameter(p.fieldName ? `${p.fieldName}(${name})` : name));
      values[name] = null;
      continue;
    }
    if (p.dataType === 'int' || p.dataType === 'decimal') {
      const n = Number(value);
      if (!Number.isFinite(n) || (p.dataType === 'int' && !Number.isInteger(n)))
        throw badRequest(RunMessages.badNumber(name));
      value = n;
    } else if (p.dataType === 'datetime') {
      const d =
        typeof value === 'number' || /^\d+$/.test(String(value))
          ? new Date(Number(value))
          : new Date(String(value));
      if (Number.isNaN(d.getTime())) throw badRequest(RunMessages.badDate(name));
      value = d.toISOString();
    } else if (typeof value === 'object') {
      value = JSON.stringify(value);
    } else {
      value = String(value);
    }
    values[name] = value;
  }
  return values;
}

/** Ids of the units below (and including) the given ones. */
async function subtree(db: DbOrTx, roots: string[]): Promise<string[]> {
  if (roots.length === 0) return [];
  const rows = await db
    .select({ id: organizes.id })
    .from(organizes)
    .where(
      and(
        eq(organizes.deleteMark, 0),
        or(
          ...roots.map(
            (root) =>
              sql`(',' || ${organizes.organizeIdTree} || ',') LIKE ${`%,${root.replace(/[\\%_]/g, '\\$&')},%`}`,
          ),
        ),
      ),
    );
  return [...new Set([...roots, ...rows.map((r) => r.id)])];
}

/** The values of the system variables a text uses. */
async function variableValues(
  db: DbOrTx,
  names: Set<SystemVariable>,
  user: RunUser | null,
  options: RunOptions,
): Promise<Partial<Record<SystemVariable, unknown>>> {
  const out: Partial<Record<SystemVariable, unknown>> = {};
  const userId = user?.userId ?? '';
  let organizeId = user?.organizeId ?? null;
  if (user && organizeId === undefined) organizeId = null;
  if (
    user &&
    (names.has('organization') || names.has('currentOrganizationAndSuborganization')) &&
    !organizeId
  ) {
    const [row] = await db.select({ o: users.organizeId }).from(users).where(eq(users.id, userId));
    organizeId = row?.o ?? null;
  }
  const charged = async () =>
    userId
      ? (
          await db
            .select({ id: organizes.id })
            .from(organizes)
            .where(and(eq(organizes.managerId, userId), eq(organizes.deleteMark, 0)))
        ).map((r) => r.id)
      : [];
  for (const name of names) {
    switch (name) {
      case 'user':
        out.user = userId;
        break;
      case 'organization':
        out.organization = organizeId ?? '';
        break;
      case 'currentUsersAndSubordinates': {
        const subordinates = userId
          ? await db
              .select({ id: users.id })
              .from(users)
              .where(and(eq(users.managerId, userId), eq(users.deleteMark, 0)))
          : [];
        out.currentUsersAndSubordinates = [userId, ...subordinates.map((r) => r.id)];
        break;
      }
      case 'currentOrganizationAndSuborganization':
        out.currentOrganizationAndSuborganization = organizeId ? await subtree(db, [organizeId]) : [''];
        break;
      case 'chargeorganization':
        out.chargeorganization = await charged();
        break;
      case 'currentChargeorganizationAndSuborganization':
        out.currentChargeorganizationAndSuborganization = await subtree(db, await charged());
        break;
      case 'offsetSize':
        out.offsetSize = options.paging ? (options.paging.currentPage - 1) * options.paging.pageSize : 0;
        break;
      case 'pageSize':
        out.pageSize = options.paging?.pageSize ?? 20;
        break;
      case 'keyword':
        out.keyword = options.paging?.keyword ?? '';
        break;
      case 'showKey':
        out.showKey = options.echo?.showKey ?? '';
        break;
      case 'showValue':
        out.showValue = options.echo?.showValue ?? '';
        break;
    }
  }
  for (const [name, value] of Object.entries(out))
    if (Array.isArray(value) && value.length === 0) out[name as SystemVariable] = [''];
  return out;
}

const usedVariables = (text: string) =>
  new Set(SYSTEM_VARIABLES.filter((name) => new RegExp(`@${name}\\b`).test(text)));

/**
 * Binds a stored SQL text: checks it again (rules may have tightened since it was saved) and
 * answers the text with placeholders and the values in order.
 */
export async function prepareSql(
  db: DbOrTx,
  text: string,
  dialect: 'postgres' | 'mysql',
  consoleDb: boolean,
  params: Record<string, unknown>,
  user: RunUser | null,
  options: RunOptions,
): Promise<{ text: string; values: unknown[] }> {
  const variables = await variableValues(db, usedVariables(text), user, options);
  const listSizes: Partial<Record<SystemVariable, number>> = {};
  for (const [name, value] of Object.entries(variables))
    if (Array.isArray(value)) listSizes[name as SystemVariable] = value.length;
  const bound = bindSql(text, dialect, new Set(Object.keys(params)), listSizes);
  await checkReadOnlySql(bound.text, { dialect, console: consoleDb });
  const values = bound.slots.map((slot) => {
    const [kind, name, index] = slot.split(':');
    if (kind === 'param') return params[name!] ?? null;
    const value = variables[name as SystemVariable];
    return Array.isArray(value) ? value[Number(index)] : (value ?? null);
  });
  return { text: bound.text, values };
}

/** Opens the interface's source (the console database for "0"). */
export async function connectionFor(services: Services, dbLinkId: string | null): Promise<Connection> {
  if (!dbLinkId || dbLinkId === CONSOLE_LINK_ID) return consoleConnection(services.db);
  const [link] = await services.db.select().from(dbLinks).where(eq(dbLinks.id, dbLinkId));
  if (!link) throw badRequest(RunMessages.linkMissing);
  return openConnection(link);
}

/** Renames the keys of result rows: mapping [{ source, target }]. */
export function applyFieldMapping(data: unknown, mappingJson: string): unknown {
  const mapping = parseJsonList<{ source?: string; target?: string }>(mappingJson).filter(
    (m) => m.source && m.target && m.source !== m.target,
  );
  if (mapping.length === 0 || !Array.isArray(data)) return data;
  const renamed = new Map(mapping.map((m) => [m.source!, m.target!]));
  // Keys keep their places; a renamed key takes its new name where the old one stood.
  return data.map((row) =>
    !row || typeof row !== 'object' || Array.isArray(row)
      ? row
      : Object.fromEntries(
          Object.entries(row as Record<string, unknown>).map(([k, v]) => [renamed.get(k) ?? k, v]),
        ),
  );
}

/** JSON-safe cell values: bigint as text, dates as epoch ms, buffers as base64. */
const cell = (value: unknown): unknown => {
  if (typeof value === 'bigint') return value.toString();
  if (value instanceof Date) return value.getTime();
  if (value instanceof Uint8Array) return Buffer.from(value).toString('base64');
  return value;
};
const cleanRows = (rows: Record<string, unknown>[]) =>
  rows.map((row) => Object.fromEntries(Object.entries(row).map(([k, v]) => [k, cell(v)])));

async function runSql(
  services: Services,
  row: DataInterfaceRow,
  params: Record<string, unknown>,
  user: RunUser | null,
  options: RunOptions,
): Promise<unknown> {
  const connection = await connectionFor(services, row.dbLinkId);
  try {
    const consoleDb = !row.dbLinkId || row.dbLinkId === CONSOLE_LINK_ID;
    const prepared = await prepareSql(
      services.db,
      row.query ?? '',
      connection.dialect,
      consoleDb,
      params,
      user,
      options,
    );
    const property = parseJsonObject(row.propertyJson);
    const countText = typeof property.countSql === 'string' ? property.countSql.trim() : '';
    const paged = row.checkType === 1 && options.paging && countText;
    const countPrepared = paged
      ? await prepareSql(services.db, countText, connection.dialect, consoleDb, params, user, options)
      : null;
    return await connection
      .readOnly(
        async (c) => {
          if (consoleDb) await checkCost(services.db, c, prepared.text, prepared.values);
          const result = await c.query(prepared.text, prepared.values);
          const list = cleanRows(result.rows);
          if (!countPrepared || !options.paging) return list;
          if (consoleDb) await checkCost(services.db, c, countPrepared.text, countPrepared.values);
          const counted = await c.query(countPrepared.text, countPrepared.values);
          const total = Number(Object.values(counted.rows[0] ?? {})[0] ?? 0);
          return {
            list,
            pagination: { currentPage: options.paging.currentPage, pageSize: options.paging.pageSize, total },
          };
        },
        readOnlyOptions(options.lane, [prepared, countPrepared, options.paging ?? null]),
      )
      .catch(queryFailure);
  } finally {
    await connection.close();
  }
}

/** The lane and the trial key (the statements with their values) of a user statement's run. */
export function readOnlyOptions(lane: 'user' | 'screen' | undefined, statements: unknown): ReadOnlyOptions {
  let trialKey: string | undefined;
  try {
    trialKey = JSON.stringify(statements);
  } catch {
    trialKey = undefined;
  }
  return { lane, trialKey };
}

const fillPath = (path: string, params: Record<string, unknown>) =>
  path.replace(/\{([A-Za-z_][A-Za-z0-9_]*)\}/g, (m, name: string) =>
    Object.hasOwn(params, name) ? encodeURIComponent(String(params[name] ?? '')) : m,
  );

async function runHttp(row: DataInterfaceRow, params: Record<string, unknown>): Promise<unknown> {
  const method = row.requestMethod === '7' ? 'POST' : 'GET';
  const placeholders = new Set(
    [...(row.path ?? '').matchAll(/\{([A-Za-z_][A-Za-z0-9_]*)\}/g)].map((m) => m[1]!),
  );
  const url = new URL(fillPath(row.path ?? '', params));
  const rest = Object.fromEntries(
    Object.entries(params).filter(([k, v]) => !placeholders.has(k) && v !== null),
  );
  const headers: Record<string, string> = { accept: 'application/json' };
  for (const h of parseJsonList<{ field?: string; defaultValue?: unknown }>(row.requestHeaders))
    if (h.field && /^[A-Za-z0-9-]{1,100}$/.test(h.field))
      headers[h.field.toLowerCase()] = String(h.defaultValue ?? '');
  let body: string | undefined;
  if (method === 'GET') for (const [k, v] of Object.entries(rest)) url.searchParams.set(k, String(v));
  else {
    body = JSON.stringify(rest);
    headers['content-type'] = 'application/json';
  }
  try {
    const response = await outboundFetch(url, { method, headers, body, timeoutMs: 10_000 });
    const text = await readText(response, url.origin, 4 * 1024 * 1024);
    if (response.status >= 400) throw badRequest(RunMessages.httpStatus(response.status));
    try {
      return JSON.parse(text);
    } catch {
      throw badRequest(RunMessages.httpNotJson);
    }
  } catch (error) {
    if (error instanceof OutboundError) throw badRequest(error.message);
    throw error;
  }
}

/** Finds an interface by id or code. */
export async function findInterface(db: DbOrTx, idOrEnCode: string): Promise<DataInterfaceRow> {
  const [row] = await db
    .select()
    .from(dataInterfaces)
    .where(or(eq(dataInterfaces.id, idOrEnCode), eq(dataInterfaces.enCode, idOrEnCode)))
    .limit(1);
  if (!row) throw badRequest(RunMessages.notFound);
  return row;
}

/** Runs an already loaded interface (see runDataInterface). */
export async function runLoadedInterface(
  services: Services,
  row: DataInterfaceRow,
  params: unknown,
  user: RunUser | null,
  options: RunOptions = {},
): Promise<unknown> {
  const started = Date.now();
  let success = 1;
  let message: string | null = null;
  try {
    if (row.enabledMark !== 1 && !options.includeDisabled)
      throw badRequest(RunMessages.disabled(row.fullName));
    const values = parameterValues(row, paramMap(params));
    let data: unknown;
    if (row.dataType === 1) data = await runSql(services, row, values, user, options);
    else if (row.dataType === 3) data = await runHttp(row, values);
    else {
      try {
        data = JSON.parse(row.query || 'null');
      } catch {
        throw badRequest(RunMessages.staticNotJson);
      }
    }
    if (
      data &&
      typeof data === 'object' &&
      !Array.isArray(data) &&
      Array.isArray((data as { list?: unknown }).list)
    )
      return { ...data, list: applyFieldMapping((data as { list: unknown[] }).list, row.fieldMapping) };
    return applyFieldMapping(data, row.fieldMapping);
  } catch (error) {
    success = 0;
    message = error instanceof BizError ? error.message : 'internal error';
    throw error;
  } finally {
    const logged = services.db
      .insert(dataInterfaceLogs)
      .values({
        id: newId(),
        interfaceId: row.id,
        invokTime: started,
        userId: user?.userId ?? null,
        invokIp: options.log?.ip ?? null,
        invokDevice: options.log?.device ?? null,
        invokType: options.log?.invokType ?? 'POST',
        invokWasteTime: Date.now() - started,
        oauthAppId: options.log?.oauthAppId ?? null,
        success,
        message: message?.slice(0, 500) ?? null,
      })
      .catch(() => undefined);
    // A statement stopped at its limit: the embedded database may be reopening; answer at once.
    if (message !== ConnectMessages.timeout) await logged;
  }
}

/** Runs the interface with this id or code for `user` (see the top of this file). */
export async function runDataInterface(
  services: Services,
  idOrEnCode: string,
  params: unknown,
  user: RunUser | null,
  options: RunOptions = {},
): Promise<unknown> {
  return runLoadedInterface(services, await findInterface(services.db, idOrEnCode), params, user, options);
}
