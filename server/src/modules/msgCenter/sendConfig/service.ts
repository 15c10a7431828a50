import type {
  MessageChannel,
  SendConfigBody,
  SendConfigItem,
  SendConfigTemplateItem,
  SendConfigUpdateBody,
  SendTemplateEntry,
  SendTestChannel,
  TemplateParam,
} from '@console/shared';
import { and, eq, inArray, type SQL } from 'drizzle-orm';
import { badRequest } from '../../../core/errors.js';
import { newId } from '../../../core/ids.js';
import { updateVersioned } from '../../../core/versioned.js';
import type { Db, DbOrTx } from '../../../db/client.js';
import { keywordMatch, selectPage } from '../../../db/query.js';
import { messageAccounts, messageTemplates, sendConfigs } from '../../../db/schema/index.js';
import { uniqueAs } from '../../system/dictionary/service.js';
import { copyNames, orderOf } from '../common.js';

export const SendConfigMessages = {
  notFound: '发送配置不存在',
  codeExists: '配置编码已存在',
  templateMissing: (n: number) => `第${n}个发送模板：消息模板不存在`,
  templateType: (n: number) => `第${n}个发送模板：所选模板的消息类型与该行的消息类型不一致`,
  accountMissing: (n: number) => `第${n}个发送模板：请选择发送账号`,
  accountWrong: (n: number) => `第${n}个发送模板：发送账号不存在或类型与消息类型不一致`,
  duplicate: (n: number) => `第${n}个发送模板与前面的重复`,
} as const;

type Row = typeof sendConfigs.$inferSelect;

const SORTABLE = {
  fullName: sendConfigs.fullName,
  enCode: sendConfigs.enCode,
  sortCode: sendConfigs.sortCode,
  creatorTime: sendConfigs.creatorTime,
};

export class SendConfigService {
  constructor(private readonly db: Db) {}

  /** The rows' template entries with the names of their templates and accounts. */
  private async withNames(db: DbOrTx, rows: Row[]): Promise<SendConfigItem[]> {
    const entries = rows.flatMap((r) => r.templates as SendTemplateEntry[]);
    const templateIds = [...new Set(entries.map((e) => e.templateId))];
    const accountIds = [...new Set(entries.map((e) => e.accountConfigId).filter((id): id is string => !!id))];
    const [templates, accounts] = await Promise.all([
      templateIds.length
        ? db
            .select({
              id: messageTemplates.id,
              fullName: messageTemplates.fullName,
              enCode: messageTemplates.enCode,
            })
            .from(messageTemplates)
            .where(inArray(messageTemplates.id, templateIds))
        : [],
      accountIds.length
        ? db
            .select({
              id: messageAccounts.id,
              fullName: messageAccounts.fullName,
              enCode: messageAccounts.enCode,
            })
            .from(messageAccounts)
            .where(inArray(messageAccounts.id, accountIds))
        : [],
    ]);
    const templateById = new Map(templates.map((t) => [t.id, t]));
    const accountById = new Map(accounts.map((a) => [a.id, a]));
    return rows.map((row) => ({
      id: row.id,
      fullName: row.fullName,
      enCode: row.enCode,
      templateType: row.templateType,
      messageSource: row.messageSource,
      templates: (row.templates as SendTemplateEntry[]).map(
        (e): SendConfigTemplateItem => ({
          ...e,
          templateName: templateById.get(e.templateId)?.fullName ?? null,
          templateCode: templateById.get(e.templateId)?.enCode ?? null,
          accountName: (e.accountConfigId && accountById.get(e.accountConfigId)?.fullName) || null,
          accountCode: (e.accountConfigId && accountById.get(e.accountConfigId)?.enCode) || null,
        }),
      ),
      sortCode: row.sortCode,
      enabledMark: row.enabledMark,
      description: row.description,
      creatorTime: row.creatorTime,
      lastModifyTime: row.lastModifyTime,
      version: row.version,
    }));
  }

  async list(
    query: {
      currentPage: number;
      pageSize: number;
      keyword: string;
      sort: string;
      sidx: string;
      messageSource?: number;
      enabledMark?: number;
    },
    onlyEnabled = false,
  ) {
    const filters: SQL[] = [];
    if (query.messageSource !== undefined) filters.push(eq(sendConfigs.messageSource, query.messageSource));
    if (onlyEnabled) filters.push(eq(sendConfigs.enabledMark, 1));
    else if (query.enabledMark !== undefined) filters.push(eq(sendConfigs.enabledMark, query.enabledMark));
    const { rows, pagination } = await selectPage(
      this.db,
      sendConfigs,
      and(...filters, keywordMatch(query.keyword, sendConfigs.fullName, sendConfigs.enCode)),
      orderOf(SORTABLE, query, sendConfigs),
      query,
    );
    return { list: await this.withNames(this.db, rows), pagination };
  }

  async get(id: string, db: DbOrTx = this.db): Promise<Row> {
    const [row] = await db.select().from(sendConfigs).where(eq(sendConfigs.id, id));
    if (!row) throw badRequest(SendConfigMessages.notFound);
    return row;
  }

  async info(id: string): Promise<SendConfigItem> {
    const [item] = await this.withNames(this.db, [await this.get(id)]);
    return item!;
  }

  /** Each entry's template must exist with the entry's channel, and its account the matching kind. */
  private async check(tx: DbOrTx, entries: SendTemplateEntry[]): Promise<SendTemplateEntry[]> {
    const templateIds = entries.map((e) => e.templateId);
    const accountIds = entries.map((e) => e.accountConfigId).filter((id): id is string => !!id);
    const templates = await tx
      .select({ id: messageTemplates.id, messageType: messageTemplates.messageType })
      .from(messageTemplates)
      .where(inArray(messageTemplates.id, templateIds));
    const accounts = accountIds.length
      ? await tx
          .select({ id: messageAccounts.id, category: messageAccounts.category })
          .from(messageAccounts)
          .where(inArray(messageAccounts.id, accountIds))
      : [];
    const templateType = new Map(templates.map((t) => [t.id, t.messageType]));
    const accountCategory = new Map(accounts.map((a) => [a.id, a.category]));
    const seen = new Set<string>();
    return entries.map((entry, index) => {
      const n = index + 1;
      const type = templateType.get(entry.templateId);
      if (!type) throw badRequest(SendConfigMessages.templateMissing(n));
      if (type !== entry.messageType) throw badRequest(SendConfigMessages.templateType(n));
      const key = `${entry.templateId}/${entry.accountConfigId ?? ''}`;
      if (seen.has(key)) throw badRequest(SendConfigMessages.duplicate(n));
      seen.add(key);
      if (entry.messageType === 'site') return { ...entry, accountConfigId: null };
      if (!entry.accountConfigId) throw badRequest(SendConfigMessages.accountMissing(n));
      if (accountCategory.get(entry.accountConfigId) !== entry.messageType)
        throw badRequest(SendConfigMessages.accountWrong(n));
      return entry;
    });
  }

  private values(body: SendConfigBody, templates: SendTemplateEntry[]) {
    return {
      fullName: body.fullName,
      enCode: body.enCode,
      messageSource: body.messageSource,
      templates,
      sortCode: body.sortCode,
      enabledMark: body.enabledMark,
      description: body.description ?? null,
    };
  }

  async create(body: SendConfigBody, userId: string): Promise<string> {
    const id = newId();
    await this.db
      .transaction(async (tx) => {
        const templates = await this.check(tx, body.templates);
        await tx.insert(sendConfigs).values({ id, ...this.values(body, templates), creatorUserId: userId });
      })
      .catch(uniqueAs(SendConfigMessages.codeExists));
    return id;
  }

  async update(id: string, body: SendConfigUpdateBody, userId: string): Promise<void> {
    await this.db
      .transaction(async (tx) => {
        await this.get(id, tx);
        const templates = await this.check(tx, body.templates);
        await updateVersioned(
          tx,
          sendConfigs,
          { id, version: body.version, userId },
          this.values(body, templates),
        );
      })
      .catch(uniqueAs(SendConfigMessages.codeExists));
  }

  async remove(id: string): Promise<void> {
    const deleted = await this.db
      .delete(sendConfigs)
      .where(eq(sendConfigs.id, id))
      .returning({ id: sendConfigs.id });
    if (deleted.length === 0) throw badRequest(SendConfigMessages.notFound);
  }

  async copy(id: string, userId: string): Promise<string> {
    const row = await this.get(id);
    const newRowId = newId();
    await this.db
      .insert(sendConfigs)
      .values({
        ...row,
        ...copyNames(row.fullName, row.enCode),
        id: newRowId,
        templateType: 1,
        creatorUserId: userId,
        creatorTime: Date.now(),
        lastModifyTime: null,
        lastModifyUserId: null,
        version: 0,
      })
      .catch(uniqueAs(SendConfigMessages.codeExists));
    return newRowId;
  }

  /** What a test send asks for: each enabled channel with its template's params. */
  async testChannels(id: string): Promise<SendTestChannel[]> {
    const item = await this.info(id);
    const entries = item.templates.filter((e) => e.enabledMark === 1);
    const ids = entries.map((e) => e.templateId);
    const templates = ids.length
      ? await this.db
          .select({
            id: messageTemplates.id,
            fullName: messageTemplates.fullName,
            params: messageTemplates.params,
          })
          .from(messageTemplates)
          .where(inArray(messageTemplates.id, ids))
      : [];
    const byId = new Map(templates.map((t) => [t.id, t]));
    return entries.map((e) => ({
      templateId: e.templateId,
      messageType: e.messageType as MessageChannel,
      templateName: byId.get(e.templateId)?.fullName ?? '',
      accountName: e.accountName,
      params: (byId.get(e.templateId)?.params ?? []) as TemplateParam[],
    }));
  }
}
