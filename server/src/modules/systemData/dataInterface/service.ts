import {
  CONSOLE_DB_LINK_ID,
  DataInterfaceBody,
  type DataInterfaceItem,
  type DataInterfaceLogItem,
  type DataInterfaceUpdateBody,
  FieldMapping,
  RequestParameter,
} from '@console/shared';
import { and, asc, count, desc, eq, type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import { badRequest } from '../../../core/errors.js';
import { newId } from '../../../core/ids.js';
import { checkOutboundHost, OutboundError } from '../../../core/outbound.js';
import { toggleEnabledVersioned, updateVersioned } from '../../../core/versioned.js';
import type { Db, DbOrTx } from '../../../db/client.js';
import { keywordMatch } from '../../../db/query.js';
import {
  dataInterfaceLogs,
  dataInterfaces,
  dbLinks,
  dictionaryData,
  dictionaryTypes,
  interfaceOauths,
  users,
} from '../../../db/schema/index.js';
import { uniqueAs, userLabels } from '../common.js';
import { dialectOfType } from '../dataSource/connect.js';
import type { DataInterfaceRow } from './run.js';
import { bindSql, checkReadOnlySql, SYSTEM_VARIABLES, type SystemVariable } from './sqlGuard.js';

export const DataInterfaceMessages = {
  created: '新建成功',
  updated: '更新成功',
  deleted: '删除成功',
  copied: '复制成功',
  imported: '导入成功',
  stateChanged: '更新状态成功',
  notFound: '数据接口不存在',
  codeExists: '接口编码已存在',
  categoryMissing: '接口分类不存在，请选择数据接口分类字典中的分类',
  linkMissing: '数据连接不存在，请重新选择',
  sqlMethod: 'SQL接口只支持查询（请求方式选择"查询"），增删改请通过表单或流程完成',
  sqlRequired: '请输入SQL语句',
  staticNotJson: '静态数据必须是有效的JSON',
  httpMethod: 'API接口的请求方式只能是GET或POST',
  httpPath: '请输入以http://或https://开头的接口路径',
  httpHostPlaceholder: '接口路径的主机名不能含有参数',
  duplicateParameter: (name: string) => `参数${name}重复`,
  badList: (label: string, detail: string) => `${label}有误：${detail}`,
  inUse: (apps: string) => `该接口已授权给接口认证应用（${apps}），请先取消授权`,
  importMalformed: '导入文件格式错误：不是有效的JSON',
} as const;

/** Interface category: entries of the DataInterfaceType dictionary. */
export const CATEGORY_DICTIONARY = 'DataInterfaceType';

const item = (row: DataInterfaceRow, names: Map<string, string>): DataInterfaceItem => ({
  id: row.id,
  categoryId: row.categoryId,
  fullName: row.fullName,
  enCode: row.enCode,
  dataType: row.dataType,
  requestMethod: row.requestMethod,
  dbLinkId: row.dbLinkId,
  query: row.query,
  path: row.path,
  requestHeaders: row.requestHeaders,
  requestParameters: row.requestParameters,
  responseType: row.responseType,
  checkType: row.checkType,
  propertyJson: row.propertyJson,
  fieldMapping: row.fieldMapping,
  dataProcessing: '',
  sortCode: row.sortCode,
  enabledMark: row.enabledMark,
  description: row.description,
  creatorUser: names.get(row.creatorUserId ?? '') ?? null,
  creatorTime: row.creatorTime,
  lastModifyTime: row.lastModifyTime,
  version: row.version,
  tenantId: null,
});

const parseList = <T extends z.ZodType>(text: string, schema: T, label: string): z.output<T>[] => {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text || '[]');
  } catch {
    throw badRequest(DataInterfaceMessages.badList(label, '不是有效的JSON'));
  }
  const result = z.array(schema).safeParse(parsed);
  if (!result.success) {
    const issue = result.error.issues[0]!;
    throw badRequest(
      DataInterfaceMessages.badList(label, `第${Number(issue.path[0]) + 1}项 ${issue.message}`),
    );
  }
  return result.data;
};

const parseObject = (text: string | null | undefined): Record<string, unknown> => {
  if (!text) return {};
  try {
    const parsed = JSON.parse(text);
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) return parsed;
  } catch {
    // fall through
  }
  throw badRequest(DataInterfaceMessages.badList('分页配置(propertyJson)', '必须是JSON对象'));
};

/** List variables: one placeholder each is enough to check the statement. */
const ONE_EACH = Object.fromEntries(SYSTEM_VARIABLES.map((v) => [v, 1])) as Record<SystemVariable, number>;

export class DataInterfaceService {
  constructor(private readonly db: Db) {}

  async list(query: {
    currentPage: number;
    pageSize: number;
    keyword: string;
    categoryId: string;
    dataType: string;
  }) {
    const filters: SQL[] = [];
    const keyword = keywordMatch(query.keyword, dataInterfaces.fullName, dataInterfaces.enCode);
    if (keyword) filters.push(keyword);
    if (query.categoryId) filters.push(eq(dataInterfaces.categoryId, query.categoryId));
    if (query.dataType) filters.push(eq(dataInterfaces.dataType, Number(query.dataType) || 0));
    const where = filters.length ? and(...filters) : undefined;
    const [rows, [total]] = await Promise.all([
      this.db
        .select()
        .from(dataInterfaces)
        .where(where)
        .orderBy(asc(dataInterfaces.sortCode), desc(dataInterfaces.creatorTime), desc(dataInterfaces.id))
        .limit(query.pageSize)
        .offset((query.currentPage - 1) * query.pageSize),
      this.db.select({ n: count() }).from(dataInterfaces).where(where),
    ]);
    const names = await userLabels(
      this.db,
      rows.map((r) => r.creatorUserId),
    );
    return {
      list: rows.map((r) => {
        const full = item(r, names);
        return {
          id: full.id,
          categoryId: full.categoryId,
          fullName: full.fullName,
          enCode: full.enCode,
          dataType: full.dataType,
          requestMethod: full.requestMethod,
          requestParameters: full.requestParameters,
          checkType: full.checkType,
          sortCode: full.sortCode,
          enabledMark: full.enabledMark,
          creatorUser: full.creatorUser,
          creatorTime: full.creatorTime,
          tenantId: null,
        };
      }),
      pagination: { currentPage: query.currentPage, pageSize: query.pageSize, total: total?.n ?? 0 },
    };
  }

  /** Enabled interfaces by category (pickers of forms and designers). */
  async selector() {
    const [rows, categories] = await Promise.all([
      this.db
        .select()
        .from(dataInterfaces)
        .where(eq(dataInterfaces.enabledMark, 1))
        .orderBy(asc(dataInterfaces.sortCode), asc(dataInterfaces.fullName)),
      this.categories(this.db),
    ]);
    const byCategory = new Map<string, DataInterfaceRow[]>();
    for (const r of rows) byCategory.set(r.categoryId, [...(byCategory.get(r.categoryId) ?? []), r]);
    return [...byCategory.entries()].map(([id, list]) => ({
      id,
      fullName: categories.get(id) ?? id,
      hasChildren: true,
      children: list.map((r) => ({
        id: r.id,
        fullName: r.fullName,
        enCode: r.enCode,
        categoryId: r.categoryId,
        dataType: r.dataType,
        requestParameters: r.requestParameters,
        hasChildren: false,
      })),
    }));
  }

  async categories(db: DbOrTx): Promise<Map<string, string>> {
    const rows = await db
      .select({ id: dictionaryData.id, fullName: dictionaryData.fullName })
      .from(dictionaryData)
      .innerJoin(dictionaryTypes, eq(dictionaryTypes.id, dictionaryData.dictionaryTypeId))
      .where(eq(dictionaryTypes.enCode, CATEGORY_DICTIONARY));
    return new Map(rows.map((r) => [r.id, r.fullName]));
  }

  async get(id: string, db: DbOrTx = this.db): Promise<DataInterfaceRow> {
    const [row] = await db.select().from(dataInterfaces).where(eq(dataInterfaces.id, id));
    if (!row) throw badRequest(DataInterfaceMessages.notFound);
    return row;
  }

  async info(id: string): Promise<DataInterfaceItem> {
    const row = await this.get(id);
    return item(row, await userLabels(this.db, [row.creatorUserId]));
  }

  /** Checks a body as a whole (SQL parsed, HTTP host checked, lists parsed) and answers the stored values. */
  async check(tx: DbOrTx, body: DataInterfaceBody) {
    const categories = await this.categories(tx);
    if (!categories.has(body.categoryId)) throw badRequest(DataInterfaceMessages.categoryMissing);
    const parameters = parseList(body.requestParameters, RequestParameter, '请求参数');
    const seen = new Set<string>();
    for (const p of parameters) {
      if (seen.has(p.field)) throw badRequest(DataInterfaceMessages.duplicateParameter(p.field));
      seen.add(p.field);
    }
    const mapping = parseList(body.fieldMapping, FieldMapping, '字段映射');
    const headers = parseList(
      body.requestHeaders,
      z.object({
        field: z
          .string()
          .trim()
          .regex(/^[A-Za-z0-9-]{1,100}$/, '请求头名称只能由字母、数字和连字符组成'),
        defaultValue: z.unknown().optional(),
      }),
      '请求头',
    );
    const property = parseObject(body.propertyJson);
    let requestMethod = body.requestMethod;
    let dbLinkId: string | null = null;
    let query = body.query ?? null;
    let path: string | null = null;
    if (body.dataType === 1) {
      requestMethod ||= '3';
      if (requestMethod !== '3') throw badRequest(DataInterfaceMessages.sqlMethod);
      dbLinkId = body.dbLinkId || CONSOLE_DB_LINK_ID;
      let dialect: 'postgres' | 'mysql' = 'postgres';
      if (dbLinkId !== CONSOLE_DB_LINK_ID) {
        const [link] = await tx.select().from(dbLinks).where(eq(dbLinks.id, dbLinkId));
        if (!link) throw badRequest(DataInterfaceMessages.linkMissing);
        dialect = dialectOfType(link.dbType) ?? 'postgres';
      }
      if (!query?.trim()) throw badRequest(DataInterfaceMessages.sqlRequired);
      const target = { dialect, console: dbLinkId === CONSOLE_DB_LINK_ID };
      const check = async (text: string, label: string) => {
        try {
          await checkReadOnlySql(bindSql(text, dialect, seen, ONE_EACH).text, target);
        } catch (error) {
          if (label && error instanceof Error) error.message = `${label}：${error.message}`;
          throw error;
        }
      };
      await check(query, '');
      for (const [key, label] of [
        ['countSql', '统计SQL'],
        ['echoSql', '回显SQL'],
      ] as const) {
        const text = property[key];
        if (typeof text === 'string' && text.trim()) await check(text, label);
      }
    } else if (body.dataType === 2) {
      requestMethod = '';
      try {
        JSON.parse(query ?? '');
      } catch {
        throw badRequest(DataInterfaceMessages.staticNotJson);
      }
    } else {
      requestMethod ||= '6';
      if (requestMethod !== '6' && requestMethod !== '7') throw badRequest(DataInterfaceMessages.httpMethod);
      path = await checkHttpPath(body.path ?? '');
      query = null;
    }
    return {
      categoryId: body.categoryId,
      fullName: body.fullName,
      enCode: body.enCode,
      dataType: body.dataType,
      requestMethod,
      dbLinkId,
      query,
      path,
      requestHeaders: JSON.stringify(headers),
      requestParameters: JSON.stringify(parameters),
      responseType: body.responseType || 'json',
      checkType: body.checkType,
      propertyJson: JSON.stringify(property),
      fieldMapping: JSON.stringify(mapping),
      sortCode: body.sortCode,
      enabledMark: body.enabledMark,
      description: body.description ?? null,
    };
  }

  async create(body: DataInterfaceBody, userId: string): Promise<string> {
    const id = newId();
    await this.db
      .transaction(async (tx) => {
        const values = await this.check(tx, body);
        await tx.insert(dataInterfaces).values({ id, ...values, creatorUserId: userId });
      })
      .catch(uniqueAs(DataInterfaceMessages.codeExists));
    return id;
  }

  async update(id: string, body: DataInterfaceUpdateBody, userId: string): Promise<void> {
    await this.db
      .transaction(async (tx) => {
        await this.get(id, tx);
        const values = await this.check(tx, body);
        await updateVersioned(tx, dataInterfaces, { id, version: body.version, userId }, values);
      })
      .catch(uniqueAs(DataInterfaceMessages.codeExists));
  }

  async remove(id: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      await this.get(id, tx);
      const apps = await tx
        .select({ appName: interfaceOauths.appName })
        .from(interfaceOauths)
        .where(sql`(',' || ${interfaceOauths.dataInterfaceIds} || ',') LIKE ${`%,${id},%`}`)
        .limit(5);
      if (apps.length) throw badRequest(DataInterfaceMessages.inUse(apps.map((a) => a.appName).join('、')));
      await tx.delete(dataInterfaces).where(eq(dataInterfaces.id, id));
      await tx.delete(dataInterfaceLogs).where(eq(dataInterfaceLogs.interfaceId, id));
    });
  }

  async toggle(id: string, userId: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      const row = await this.get(id, tx);
      await toggleEnabledVersioned(tx, dataInterfaces, row, userId);
    });
  }

  /** A copy named "… 副本xxxx", code suffixed, disabled until checked. */
  async copy(id: string, userId: string): Promise<string> {
    const row = await this.get(id);
    const suffix = Math.random().toString(36).slice(2, 7);
    const copyId = newId();
    await this.db
      .insert(dataInterfaces)
      .values({
        ...row,
        id: copyId,
        fullName: `${row.fullName.slice(0, 40)}副本${suffix}`,
        enCode: `${row.enCode.slice(0, 44)}${suffix}`,
        enabledMark: 0,
        creatorUserId: userId,
        creatorTime: Date.now(),
        lastModifyTime: null,
        lastModifyUserId: null,
        version: 0,
      })
      .catch(uniqueAs(DataInterfaceMessages.codeExists));
    return copyId;
  }

  async exportBd(id: string) {
    const row = await this.get(id);
    const { creatorUserId: _c, lastModifyUserId: _m, version: _v, ...rest } = row;
    return rest;
  }

  /** Imports one interface from a .bd file, checked like the form; a code in use is refused. */
  async importBd(content: Buffer, userId: string): Promise<string> {
    let parsed: unknown;
    try {
      parsed = JSON.parse(content.toString('utf8').replace(/^\uFEFF/, ''));
    } catch {
      throw badRequest(DataInterfaceMessages.importMalformed);
    }
    const result = DataInterfaceBody.safeParse(parsed);
    if (!result.success) {
      const issue = result.error.issues[0]!;
      throw badRequest(`导入文件有误：${issue.path.join('.')} ${issue.message}`.trim());
    }
    return this.create(result.data, userId);
  }

  /** Calls of an interface (or, with `appId`, of an interface-auth app), newest first. */
  async logs(
    where: { interfaceId?: string; oauthAppId?: string },
    query: { currentPage: number; pageSize: number; keyword: string },
  ) {
    const filters: SQL[] = [];
    if (where.interfaceId) filters.push(eq(dataInterfaceLogs.interfaceId, where.interfaceId));
    if (where.oauthAppId) filters.push(eq(dataInterfaceLogs.oauthAppId, where.oauthAppId));
    const keyword = keywordMatch(query.keyword, dataInterfaceLogs.invokIp, users.realName, users.account);
    if (keyword) filters.push(keyword);
    const condition = and(...filters);
    const base = () =>
      this.db
        .select({
          log: dataInterfaceLogs,
          realName: users.realName,
          account: users.account,
          fullName: dataInterfaces.fullName,
          enCode: dataInterfaces.enCode,
        })
        .from(dataInterfaceLogs)
        .leftJoin(users, eq(users.id, dataInterfaceLogs.userId))
        .leftJoin(dataInterfaces, eq(dataInterfaces.id, dataInterfaceLogs.interfaceId))
        .where(condition);
    const [rows, [total]] = await Promise.all([
      base()
        .orderBy(desc(dataInterfaceLogs.invokTime), desc(dataInterfaceLogs.id))
        .limit(query.pageSize)
        .offset((query.currentPage - 1) * query.pageSize),
      this.db
        .select({ n: count() })
        .from(dataInterfaceLogs)
        .leftJoin(users, eq(users.id, dataInterfaceLogs.userId))
        .where(condition),
    ]);
    const list: DataInterfaceLogItem[] = rows.map((r) => ({
      id: r.log.id,
      fullName: r.fullName ?? '',
      enCode: r.enCode ?? '',
      url: `/api/system/DataInterface/${r.log.interfaceId}/Actions/Response`,
      invokTime: r.log.invokTime,
      userId: r.realName ? `${r.realName}/${r.account}` : (r.log.oauthAppId ?? ''),
      invokIp: r.log.invokIp,
      invokDevice: r.log.invokDevice,
      invokType: r.log.invokType,
      invokWasteTime: r.log.invokWasteTime,
      success: r.log.success,
      message: r.log.message,
    }));
    return {
      list,
      pagination: { currentPage: query.currentPage, pageSize: query.pageSize, total: total?.n ?? 0 },
    };
  }
}

/**
 * An HTTP interface's address: http(s), no parameter in the host, and a host that resolves to a
 * public address (or one OUTBOUND_ALLOW names). 127.0.0.1, 169.254.169.254, [::1] and
 * 0x7f000001 (which URL parsing reads as 127.0.0.1) are refused here, at save; outboundFetch
 * checks again, with every redirect, at each call.
 */
export async function checkHttpPath(path: string): Promise<string> {
  const text = path.trim();
  let url: URL;
  try {
    url = new URL(text.replace(/\{([A-Za-z_][A-Za-z0-9_]*)\}/g, 'p'));
  } catch {
    throw badRequest(DataInterfaceMessages.httpPath);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw badRequest(DataInterfaceMessages.httpPath);
  const authority = /^https?:\/\/([^/?#]*)/i.exec(text)?.[1] ?? '';
  if (/[{}]/.test(authority)) throw badRequest(DataInterfaceMessages.httpHostPlaceholder);
  const port = Number(url.port) || (url.protocol === 'https:' ? 443 : 80);
  try {
    await checkOutboundHost(url.hostname.replace(/^\[(.*)\]$/, '$1'), port);
  } catch (error) {
    if (error instanceof OutboundError) throw badRequest(error.message);
    throw error;
  }
  return text;
}
