/**
 * System templates (`/api/system/MessageTemplate`) and SMS templates (`/api/system/SmsTemplate`),
 * system-admin.md 8. Both keep a text with {name} placeholders; their parameters are the
 * placeholders the text uses (templateParams), labelled as the client sent them.
 */
import {
  ACCOUNT_SETTINGS,
  type SmsAccountOption,
  type SmsSettings,
  type SmsTemplateBody,
  type SmsTemplateItem,
  type SmsVendorTemplate,
  type SystemTemplateBody,
  type SystemTemplateItem,
  type SystemTemplateListQuery,
  smsTemplateParams,
  type TemplateParam,
  templateParams,
} from '@console/shared';
import { and, asc, eq, inArray, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { badRequest } from '../../../core/errors.js';
import { newId } from '../../../core/ids.js';
import { toggleEnabledVersioned, updateVersioned } from '../../../core/versioned.js';
import type { Db, DbOrTx } from '../../../db/client.js';
import { keywordMatch, selectPage } from '../../../db/query.js';
import { messageAccounts, smsTemplates, systemMessageTemplates } from '../../../db/schema/index.js';
import { openSettings } from '../../msgCenter/accountConfig/service.js';
import { querySmsTemplate, smsChannel } from '../../msgCenter/channels/sms.js';
import { ChannelError } from '../../msgCenter/channels/types.js';
import { orderOf } from '../../msgCenter/common.js';
import { uniqueAs } from '../dictionary/service.js';

export const TemplateMessages = {
  created: '新建成功',
  updated: '更新成功',
  deleted: '删除成功',
  stateChanged: '更新状态成功',
  sent: '发送成功',
  systemNotFound: '系统模板不存在',
  smsNotFound: '短信模板不存在',
  codeExists: (code: string) => `模板编码已存在：${code}`,
  accountMissing: '短信账号不存在，请在消息中心的账号配置中添加短信账号',
  accountDisabled: '该短信账号已被禁用',
  missingParams: (names: string[]) => `请填写参数：${names.join('、')}`,
  vendorFailed: (reason: string) => reason,
} as const;

type SystemRow = typeof systemMessageTemplates.$inferSelect;
type SmsRow = typeof smsTemplates.$inferSelect;

const systemItem = (row: SystemRow): SystemTemplateItem => ({
  id: row.id,
  fullName: row.fullName,
  enCode: row.enCode,
  category: row.category,
  title: row.title,
  content: row.content,
  params: row.params as TemplateParam[],
  sortCode: row.sortCode,
  enabledMark: row.enabledMark,
  description: row.description,
  creatorTime: row.creatorTime,
  lastModifyTime: row.lastModifyTime,
  version: row.version,
});

/**
 * A page of system or SMS templates: the keyword looks in the name, the code and `alsoSearched`;
 * pickers (`enabledOnly`) see enabled ones only.
 */
function templatePage<T extends typeof systemMessageTemplates | typeof smsTemplates>(
  db: Db,
  t: T,
  alsoSearched: AnyPgColumn,
  query: SystemTemplateListQuery,
  enabledOnly: boolean,
) {
  const enabled = enabledOnly ? 1 : query.enabledMark;
  return selectPage(
    db,
    t,
    and(
      enabled === undefined ? undefined : eq(t.enabledMark, enabled),
      keywordMatch(query.keyword, t.fullName, t.enCode, alsoSearched),
    ),
    orderOf(
      { fullName: t.fullName, enCode: t.enCode, sortCode: t.sortCode, creatorTime: t.creatorTime },
      query,
      t,
    ),
    query,
  );
}

/** Runs a vendor call; its ChannelError (already in words a person can act on) becomes a 400. */
async function vendor<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof ChannelError) throw badRequest(error.message);
    throw error;
  }
}

export class SystemTemplateService {
  constructor(private readonly db: Db) {}

  async list(query: SystemTemplateListQuery, enabledOnly = false) {
    const t = systemMessageTemplates;
    const { rows, pagination } = await templatePage(this.db, t, t.title, query, enabledOnly);
    return { list: rows.map(systemItem), pagination };
  }

  async get(id: string, db: DbOrTx = this.db): Promise<SystemRow> {
    const [row] = await db.select().from(systemMessageTemplates).where(eq(systemMessageTemplates.id, id));
    if (!row) throw badRequest(TemplateMessages.systemNotFound);
    return row;
  }

  async info(id: string) {
    return systemItem(await this.get(id));
  }

  private values(body: SystemTemplateBody) {
    return {
      fullName: body.fullName,
      enCode: body.enCode,
      category: body.category,
      title: body.title,
      content: body.content,
      params: templateParams(body.params, body.title, body.content),
      sortCode: body.sortCode,
      enabledMark: body.enabledMark,
      description: body.description ?? null,
    };
  }

  async create(body: SystemTemplateBody, userId: string): Promise<string> {
    const id = newId();
    await this.db
      .insert(systemMessageTemplates)
      .values({ id, ...this.values(body), creatorUserId: userId })
      .catch(uniqueAs(TemplateMessages.codeExists(body.enCode)));
    return id;
  }

  async update(id: string, body: SystemTemplateBody & { version: number }, userId: string) {
    await this.db
      .transaction(async (tx) => {
        await this.get(id, tx);
        await updateVersioned(
          tx,
          systemMessageTemplates,
          { id, version: body.version, userId },
          this.values(body),
        );
      })
      .catch(uniqueAs(TemplateMessages.codeExists(body.enCode)));
  }

  async remove(id: string) {
    const deleted = await this.db
      .delete(systemMessageTemplates)
      .where(eq(systemMessageTemplates.id, id))
      .returning({ id: systemMessageTemplates.id });
    if (deleted.length === 0) throw badRequest(TemplateMessages.systemNotFound);
  }

  async toggle(id: string, userId: string) {
    await this.db.transaction(async (tx) =>
      toggleEnabledVersioned(tx, systemMessageTemplates, await this.get(id, tx), userId),
    );
  }
}

/** The message-centre SMS accounts (not deleted), by id. */
async function smsAccounts(db: DbOrTx, ids?: string[]) {
  const where: SQL[] = [eq(messageAccounts.category, 'sms'), eq(messageAccounts.deleteMark, 0)];
  if (ids) where.push(inArray(messageAccounts.id, ids.length ? ids : ['']));
  const rows = await db
    .select()
    .from(messageAccounts)
    .where(and(...where))
    .orderBy(asc(messageAccounts.sortCode), asc(messageAccounts.fullName));
  return rows;
}

type AccountRow = typeof messageAccounts.$inferSelect;
/** Stored settings were checked on save; parsing again fills defaults of older rows. */
const settingsOf = (account: AccountRow): SmsSettings =>
  ACCOUNT_SETTINGS.sms.parse(openSettings(account.settings));

export class SmsTemplateService {
  constructor(private readonly db: Db) {}

  private async items(rows: SmsRow[]): Promise<SmsTemplateItem[]> {
    const accounts = new Map(
      (await smsAccounts(this.db, [...new Set(rows.map((r) => r.accountConfigId))])).map((a) => [a.id, a]),
    );
    return rows.map((row) => {
      const account = accounts.get(row.accountConfigId);
      const vendorName = account ? settingsOf(account).vendor : null;
      return {
        id: row.id,
        fullName: row.fullName,
        enCode: row.enCode,
        accountConfigId: row.accountConfigId,
        accountName: account?.fullName ?? null,
        company: vendorName === null ? null : vendorName === 'tencent' ? 2 : 1,
        templateId: row.templateId,
        signContent: row.signContent,
        content: row.content,
        params: row.params as TemplateParam[],
        sortCode: row.sortCode,
        enabledMark: row.enabledMark,
        description: row.description,
        creatorTime: row.creatorTime,
        lastModifyTime: row.lastModifyTime,
        version: row.version,
      };
    });
  }

  async list(query: SystemTemplateListQuery, enabledOnly = false) {
    const t = smsTemplates;
    const { rows, pagination } = await templatePage(this.db, t, t.templateId, query, enabledOnly);
    return { list: await this.items(rows), pagination };
  }

  async get(id: string, db: DbOrTx = this.db): Promise<SmsRow> {
    const [row] = await db.select().from(smsTemplates).where(eq(smsTemplates.id, id));
    if (!row) throw badRequest(TemplateMessages.smsNotFound);
    return row;
  }

  async info(id: string): Promise<SmsTemplateItem> {
    return (await this.items([await this.get(id)]))[0]!;
  }

  /** The SMS accounts the dialog offers. */
  async accountOptions(): Promise<SmsAccountOption[]> {
    return (await smsAccounts(this.db))
      .filter((a) => a.enabledMark === 1)
      .map((a) => {
        const settings = settingsOf(a);
        return {
          id: a.id,
          fullName: a.fullName,
          enCode: a.enCode,
          vendor: settings.vendor,
          signName: settings.signName,
        };
      });
  }

  /** The account a template is sent through; it must exist and be enabled. */
  private async account(db: DbOrTx, id: string): Promise<AccountRow> {
    const [account] = await smsAccounts(db, [id]);
    if (!account) throw badRequest(TemplateMessages.accountMissing);
    if (account.enabledMark !== 1) throw badRequest(TemplateMessages.accountDisabled);
    return account;
  }

  private values(body: SmsTemplateBody) {
    return {
      fullName: body.fullName,
      enCode: body.enCode,
      accountConfigId: body.accountConfigId,
      templateId: body.templateId,
      signContent: body.signContent,
      content: body.content,
      params: smsTemplateParams(body.params, body.content),
      sortCode: body.sortCode,
      enabledMark: body.enabledMark,
      description: body.description ?? null,
    };
  }

  async create(body: SmsTemplateBody, userId: string): Promise<string> {
    const id = newId();
    await this.db
      .transaction(async (tx) => {
        await this.account(tx, body.accountConfigId);
        await tx.insert(smsTemplates).values({ id, ...this.values(body), creatorUserId: userId });
      })
      .catch(uniqueAs(TemplateMessages.codeExists(body.enCode)));
    return id;
  }

  async update(id: string, body: SmsTemplateBody & { version: number }, userId: string) {
    await this.db
      .transaction(async (tx) => {
        await this.get(id, tx);
        await this.account(tx, body.accountConfigId);
        await updateVersioned(tx, smsTemplates, { id, version: body.version, userId }, this.values(body));
      })
      .catch(uniqueAs(TemplateMessages.codeExists(body.enCode)));
  }

  async remove(id: string) {
    const deleted = await this.db
      .delete(smsTemplates)
      .where(eq(smsTemplates.id, id))
      .returning({ id: smsTemplates.id });
    if (deleted.length === 0) throw badRequest(TemplateMessages.smsNotFound);
  }

  async toggle(id: string, userId: string) {
    await this.db.transaction(async (tx) =>
      toggleEnabledVersioned(tx, smsTemplates, await this.get(id, tx), userId),
    );
  }

  /** Asks the account's vendor for its template with this code: name, text and parameters. */
  async vendorTemplate(accountConfigId: string, templateId: string): Promise<SmsVendorTemplate> {
    const account = await this.account(this.db, accountConfigId);
    const found = await vendor(() => querySmsTemplate(settingsOf(account), templateId));
    return {
      templateId,
      fullName: found.fullName,
      content: found.content,
      params: smsTemplateParams([], found.content),
    };
  }

  /** Sends the template once to the numbers given, through its account (enabled or not). */
  async testSend(id: string, phones: string[], parameters: Record<string, string>): Promise<void> {
    const template = await this.get(id);
    const account = await this.account(this.db, template.accountConfigId);
    const params = template.params as TemplateParam[];
    const missing = params.filter((p) => !parameters[p.field]?.trim()).map((p) => p.fieldName || p.field);
    if (missing.length) throw badRequest(TemplateMessages.missingParams(missing));
    const settings = settingsOf(account);
    await vendor(() =>
      smsChannel(
        { ...settings, signName: template.signContent || settings.signName },
        {
          title: template.fullName,
          content: template.content,
          templateCode: template.templateId,
          params: Object.fromEntries(params.map((p) => [p.field, parameters[p.field]!.trim()])),
          recipients: phones.map((mobilePhone) => ({
            userId: '',
            account: mobilePhone,
            realName: mobilePhone,
            email: null,
            mobilePhone,
          })),
        },
      ),
    );
  }
}
