import {
  type MessageChannel,
  type MessageTemplateBody,
  type MessageTemplateItem,
  type MessageTemplateUpdateBody,
  type TemplateParam,
  templatePlaceholders,
} from '@console/shared';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import { badRequest } from '../../../core/errors.js';
import { newId } from '../../../core/ids.js';
import { updateVersioned } from '../../../core/versioned.js';
import type { Db, DbOrTx } from '../../../db/client.js';
import { keywordMatch, selectPage } from '../../../db/query.js';
import { messageTemplates, sendConfigs } from '../../../db/schema/index.js';
import { uniqueAs } from '../../system/dictionary/service.js';
import { copyNames, orderOf } from '../common.js';

export const TemplateMessages = {
  notFound: '消息模板不存在',
  codeExists: '模板编码已存在',
  systemReadOnly: '系统模板不能修改或删除',
  duplicateParam: (field: string) => `参数名重复：${field}`,
  undeclared: (names: string[]) => `消息内容使用了未定义的参数：${names.join('、')}，请在参数列表中添加`,
  contentRequired: '请输入消息内容',
  codeRequired: '短信和微信公众号模板请填写模板编号',
  inUse: (names: string) => `该模板正被发送配置使用（${names}），请先修改发送配置`,
} as const;

type Row = typeof messageTemplates.$inferSelect;

const SORTABLE = {
  fullName: messageTemplates.fullName,
  enCode: messageTemplates.enCode,
  sortCode: messageTemplates.sortCode,
  creatorTime: messageTemplates.creatorTime,
};

export const templateItem = (row: Row): MessageTemplateItem => ({
  id: row.id,
  fullName: row.fullName,
  enCode: row.enCode,
  templateType: row.templateType,
  messageSource: row.messageSource,
  messageType: row.messageType as MessageChannel,
  title: row.title,
  content: row.content,
  templateCode: row.templateCode,
  params: row.params as TemplateParam[],
  sortCode: row.sortCode,
  enabledMark: row.enabledMark,
  description: row.description,
  creatorTime: row.creatorTime,
  lastModifyTime: row.lastModifyTime,
  version: row.version,
});

/** Every placeholder must be a declared param; vendor templates need their code. */
function check(body: MessageTemplateBody) {
  const seen = new Set<string>();
  for (const p of body.params) {
    if (seen.has(p.field)) throw badRequest(TemplateMessages.duplicateParam(p.field));
    seen.add(p.field);
  }
  const vendorTemplate = body.messageType === 'sms' || body.messageType === 'mp';
  if (vendorTemplate && !body.templateCode) throw badRequest(TemplateMessages.codeRequired);
  if (!vendorTemplate && !body.content) throw badRequest(TemplateMessages.contentRequired);
  const undeclared = templatePlaceholders(body.title, body.content).filter((name) => !seen.has(name));
  if (undeclared.length) throw badRequest(TemplateMessages.undeclared(undeclared));
}

export class MessageTemplateService {
  constructor(private readonly db: Db) {}

  async list(query: {
    currentPage: number;
    pageSize: number;
    keyword: string;
    sort: string;
    sidx: string;
    messageType?: MessageChannel;
    messageSource?: number;
    enabledMark?: number;
  }) {
    const filters: SQL[] = [];
    if (query.messageType) filters.push(eq(messageTemplates.messageType, query.messageType));
    if (query.messageSource !== undefined)
      filters.push(eq(messageTemplates.messageSource, query.messageSource));
    if (query.enabledMark !== undefined) filters.push(eq(messageTemplates.enabledMark, query.enabledMark));
    const { rows, pagination } = await selectPage(
      this.db,
      messageTemplates,
      and(...filters, keywordMatch(query.keyword, messageTemplates.fullName, messageTemplates.enCode)),
      orderOf(SORTABLE, query, messageTemplates),
      query,
    );
    return { list: rows.map(templateItem), pagination };
  }

  async get(id: string, db: DbOrTx = this.db): Promise<Row> {
    const [row] = await db.select().from(messageTemplates).where(eq(messageTemplates.id, id));
    if (!row) throw badRequest(TemplateMessages.notFound);
    return row;
  }

  async info(id: string): Promise<MessageTemplateItem> {
    return templateItem(await this.get(id));
  }

  private values(body: MessageTemplateBody) {
    return {
      fullName: body.fullName,
      enCode: body.enCode,
      messageSource: body.messageSource,
      messageType: body.messageType,
      title: body.title,
      content: body.content,
      templateCode: body.templateCode,
      params: body.params,
      sortCode: body.sortCode,
      enabledMark: body.enabledMark,
      description: body.description ?? null,
    };
  }

  async create(body: MessageTemplateBody, userId: string): Promise<string> {
    check(body);
    const id = newId();
    await this.db
      .insert(messageTemplates)
      .values({ id, ...this.values(body), templateType: 1, creatorUserId: userId })
      .catch(uniqueAs(TemplateMessages.codeExists));
    return id;
  }

  async update(id: string, body: MessageTemplateUpdateBody, userId: string): Promise<void> {
    check(body);
    await this.db
      .transaction(async (tx) => {
        const current = await this.get(id, tx);
        if (current.templateType === 0) throw badRequest(TemplateMessages.systemReadOnly);
        await updateVersioned(tx, messageTemplates, { id, version: body.version, userId }, this.values(body));
      })
      .catch(uniqueAs(TemplateMessages.codeExists));
  }

  async remove(id: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      const current = await this.get(id, tx);
      if (current.templateType === 0) throw badRequest(TemplateMessages.systemReadOnly);
      const users = await tx
        .select({ fullName: sendConfigs.fullName })
        .from(sendConfigs)
        .where(sql`${sendConfigs.templates} @> ${JSON.stringify([{ templateId: id }])}::jsonb`)
        .limit(3);
      if (users.length) throw badRequest(TemplateMessages.inUse(users.map((u) => u.fullName).join('、')));
      await tx.delete(messageTemplates).where(eq(messageTemplates.id, id));
    });
  }

  /** A copy is always a custom template. */
  async copy(id: string, userId: string): Promise<string> {
    const row = await this.get(id);
    const newRowId = newId();
    await this.db
      .insert(messageTemplates)
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
      .catch(uniqueAs(TemplateMessages.codeExists));
    return newRowId;
  }
}
