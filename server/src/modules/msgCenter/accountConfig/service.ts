import {
  ACCOUNT_SECRET_FIELDS,
  ACCOUNT_SETTINGS,
  type AccountCategory,
  type AccountConfigBody,
  type AccountConfigItem,
  type AccountConfigUpdateBody,
} from '@console/shared';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import { badRequest } from '../../../core/errors.js';
import { newId } from '../../../core/ids.js';
import { updateVersioned } from '../../../core/versioned.js';
import type { Db, DbOrTx } from '../../../db/client.js';
import { keywordMatch, selectPage } from '../../../db/query.js';
import { messageAccounts, sendConfigs } from '../../../db/schema/index.js';
import { uniqueAs } from '../../system/dictionary/service.js';
import { SECRET_MASK } from '../../system/sysConfig/routes.js';
import { openFields, resealFields, sealFields } from '../../systemData/secrets.js';
import { copyNames, orderOf } from '../common.js';

export const AccountMessages = {
  notFound: '账号配置不存在',
  codeExists: '同类账号中编码已存在',
  categoryFixed: '账号类型不能修改',
  inUse: (names: string) => `该账号正被发送配置使用（${names}），请先修改发送配置`,
  importMalformed: '导入文件格式错误：不是有效的JSON',
  secretMissing: '请输入AppSecret',
} as const;

type Row = typeof messageAccounts.$inferSelect;

const SORTABLE = {
  fullName: messageAccounts.fullName,
  enCode: messageAccounts.enCode,
  sortCode: messageAccounts.sortCode,
  creatorTime: messageAccounts.creatorTime,
};

/** Checks settings against the category's form; the first problem is the message. */
export function parseSettings(category: AccountCategory, raw: unknown): Record<string, unknown> {
  const result = ACCOUNT_SETTINGS[category].safeParse(raw);
  if (!result.success) throw badRequest(result.error.issues[0]!.message);
  return result.data as Record<string, unknown>;
}

/** Credentials replaced by the mask (empty ones stay empty, so the form shows none is set). */
export function maskSettings(settings: Record<string, unknown>): Record<string, unknown> {
  const shown = { ...settings };
  for (const key of ACCOUNT_SECRET_FIELDS) if (shown[key]) shown[key] = SECRET_MASK;
  return shown;
}

/**
 * Stored settings with their credentials opened: they are sealed at rest (systemData/secrets.ts;
 * plain ones written before are read as they are). Senders and tests read settings through this.
 */
export const openSettings = (stored: unknown): Record<string, unknown> =>
  openFields(stored as Record<string, unknown>, ACCOUNT_SECRET_FIELDS);

/** Settings as stored: credentials sealed with the current key. */
const sealSettings = (settings: Record<string, unknown>) => sealFields(settings, ACCOUNT_SECRET_FIELDS);

/** A masked credential sent back means 'unchanged': the stored one (opened) is kept. */
export function unmaskSettings(
  incoming: Record<string, unknown>,
  stored: Record<string, unknown> | undefined,
): Record<string, unknown> {
  const merged = { ...incoming };
  for (const key of ACCOUNT_SECRET_FIELDS) if (merged[key] === SECRET_MASK) merged[key] = stored?.[key] ?? '';
  return merged;
}

const item = (row: Row): AccountConfigItem => ({
  id: row.id,
  category: row.category as AccountCategory,
  fullName: row.fullName,
  enCode: row.enCode,
  settings: maskSettings(row.settings as Record<string, unknown>),
  sortCode: row.sortCode,
  enabledMark: row.enabledMark,
  description: row.description,
  creatorTime: row.creatorTime,
  lastModifyTime: row.lastModifyTime,
  version: row.version,
});

export class AccountConfigService {
  constructor(private readonly db: Db) {}

  async list(query: {
    currentPage: number;
    pageSize: number;
    keyword: string;
    sort: string;
    sidx: string;
    type?: AccountCategory;
    enabledMark?: number;
  }) {
    const filters: SQL[] = [];
    if (query.type) filters.push(eq(messageAccounts.category, query.type));
    if (query.enabledMark !== undefined) filters.push(eq(messageAccounts.enabledMark, query.enabledMark));
    const { rows, pagination } = await selectPage(
      this.db,
      messageAccounts,
      and(...filters, keywordMatch(query.keyword, messageAccounts.fullName, messageAccounts.enCode)),
      orderOf(SORTABLE, query, messageAccounts),
      query,
    );
    return { list: rows.map(item), pagination };
  }

  async get(id: string, db: DbOrTx = this.db): Promise<Row> {
    const [row] = await db.select().from(messageAccounts).where(eq(messageAccounts.id, id));
    if (!row) throw badRequest(AccountMessages.notFound);
    return row;
  }

  async info(id: string): Promise<AccountConfigItem> {
    return item(await this.get(id));
  }

  /** The saved account's settings, credentials opened (what a masked credential stands for). */
  async openedSettings(id: string): Promise<Record<string, unknown>> {
    return openSettings((await this.get(id)).settings);
  }

  private values(body: AccountConfigBody, settings: Record<string, unknown>) {
    return {
      category: body.category,
      fullName: body.fullName,
      enCode: body.enCode,
      settings: sealSettings(settings),
      sortCode: body.sortCode,
      enabledMark: body.enabledMark,
      description: body.description ?? null,
    };
  }

  async create(body: AccountConfigBody, userId: string): Promise<string> {
    const settings = parseSettings(body.category, unmaskSettings(body.settings, undefined));
    const id = newId();
    await this.db
      .insert(messageAccounts)
      .values({ id, ...this.values(body, settings), creatorUserId: userId })
      .catch(uniqueAs(AccountMessages.codeExists));
    return id;
  }

  async update(id: string, body: AccountConfigUpdateBody, userId: string): Promise<void> {
    await this.db
      .transaction(async (tx) => {
        const current = await this.get(id, tx);
        if (current.category !== body.category) throw badRequest(AccountMessages.categoryFixed);
        // Opened and sealed again: a kept credential moves to the current key (rotation).
        const stored = openSettings(current.settings);
        const settings = parseSettings(body.category, unmaskSettings(body.settings, stored));
        await updateVersioned(
          tx,
          messageAccounts,
          { id, version: body.version, userId },
          this.values(body, settings),
        );
      })
      .catch(uniqueAs(AccountMessages.codeExists));
  }

  async remove(id: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      await this.get(id, tx);
      const users = await tx
        .select({ fullName: sendConfigs.fullName })
        .from(sendConfigs)
        .where(sql`${sendConfigs.templates} @> ${JSON.stringify([{ accountConfigId: id }])}::jsonb`)
        .limit(3);
      if (users.length) throw badRequest(AccountMessages.inUse(users.map((u) => u.fullName).join('、')));
      await tx.delete(messageAccounts).where(eq(messageAccounts.id, id));
    });
  }

  async copy(id: string, userId: string): Promise<string> {
    const row = await this.get(id);
    const newRowId = newId();
    await this.db
      .insert(messageAccounts)
      .values({
        ...row,
        ...copyNames(row.fullName, row.enCode),
        settings: resealFields(row.settings as Record<string, unknown>, ACCOUNT_SECRET_FIELDS),
        id: newRowId,
        creatorUserId: userId,
        creatorTime: Date.now(),
        lastModifyTime: null,
        lastModifyUserId: null,
        version: 0,
      })
      .catch(uniqueAs(AccountMessages.codeExists));
    return newRowId;
  }

  /** The export file: the account without its credentials. */
  async exportFile(id: string) {
    const row = await this.get(id);
    const settings = { ...(row.settings as Record<string, unknown>) };
    for (const key of ACCOUNT_SECRET_FIELDS) if (key in settings) settings[key] = '';
    return {
      category: row.category,
      fullName: row.fullName,
      enCode: row.enCode,
      settings,
      sortCode: row.sortCode,
      enabledMark: row.enabledMark,
      description: row.description,
    };
  }
}
