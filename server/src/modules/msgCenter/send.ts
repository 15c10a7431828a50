/**
 * Sending through a send configuration: each enabled channel renders its template with the
 * params and goes out through its account; every channel writes one monitor row, and one
 * channel failing does not stop the others.
 */
import {
  ACCOUNT_SETTINGS,
  type AccountCategory,
  type MessageChannel,
  renderTemplate,
  type SendResult,
  type SendTemplateEntry,
  type TemplateParam,
  templatePlaceholders,
} from '@console/shared';
import { and, eq, inArray } from 'drizzle-orm';
import { badRequest } from '../../core/errors.js';
import { newId } from '../../core/ids.js';
import {
  messageAccounts,
  messageMonitors,
  messageTemplates,
  sendConfigs,
  users,
} from '../../db/schema/index.js';
import type { Services } from '../../services.js';
import { deliverMessage } from '../message/delivery.js';
import { openSettings } from './accountConfig/service.js';
import { dingTalkChannel } from './channels/dingtalk.js';
import { mailChannel } from './channels/mail.js';
import { mpChannel } from './channels/mp.js';
import { smsChannel } from './channels/sms.js';
import { ChannelError, type OutgoingMessage, type Recipient } from './channels/types.js';
import { webhookChannel } from './channels/webhook.js';
import { weComChannel } from './channels/wecom.js';

export const SendMessages = {
  configMissing: (code: string) => `发送配置不存在：${code}`,
  configDisabled: '该发送配置已被禁用',
  usersMissing: '接收人不存在或已被删除',
  noChannels: '该发送配置没有启用的发送模板',
  missingParams: (names: string[]) => `缺少参数：${names.join('、')}`,
  templateGone: '消息模板不存在',
  templateDisabled: '消息模板已被禁用',
  accountGone: '发送账号不存在',
  accountDisabled: '发送账号已被禁用',
} as const;

type SendChannel = (settings: never, message: OutgoingMessage) => Promise<void>;
const CHANNELS: Record<AccountCategory, SendChannel> = {
  mail: mailChannel,
  sms: smsChannel,
  wecom: weComChannel,
  dingtalk: dingTalkChannel,
  webhook: webhookChannel,
  mp: mpChannel,
};

export interface SendInput {
  userIds: string[];
  params: Record<string, string>;
}

type ConfigRow = typeof sendConfigs.$inferSelect;

/** Sends through the enabled send configuration with this code (what other modules call). */
export async function sendByConfig(
  services: Services,
  code: string,
  input: SendInput,
): Promise<SendResult[]> {
  const [config] = await services.db.select().from(sendConfigs).where(eq(sendConfigs.enCode, code));
  if (!config) throw badRequest(SendMessages.configMissing(code));
  if (config.enabledMark !== 1) throw badRequest(SendMessages.configDisabled);
  return sendThrough(services, config, input);
}

/** Sends through one configuration row (the test send uses it whatever its state). */
export async function sendThrough(
  services: Services,
  config: ConfigRow,
  input: SendInput,
): Promise<SendResult[]> {
  const entries = (config.templates as SendTemplateEntry[]).filter((e) => e.enabledMark === 1);
  if (entries.length === 0) throw badRequest(SendMessages.noChannels);
  const userIds = [...new Set(input.userIds)];
  const recipients: Recipient[] = userIds.length
    ? await services.db
        .select({
          userId: users.id,
          account: users.account,
          realName: users.realName,
          email: users.email,
          mobilePhone: users.mobilePhone,
        })
        .from(users)
        .where(and(inArray(users.id, userIds), eq(users.deleteMark, 0)))
    : [];
  if (recipients.length !== userIds.length || recipients.length === 0)
    throw badRequest(SendMessages.usersMissing);
  // In the order they were named, so every channel lists them alike.
  recipients.sort((a, b) => userIds.indexOf(a.userId) - userIds.indexOf(b.userId));

  const templateIds = entries.map((e) => e.templateId);
  const accountIds = entries.map((e) => e.accountConfigId).filter((id): id is string => !!id);
  const [templates, accounts] = await Promise.all([
    services.db.select().from(messageTemplates).where(inArray(messageTemplates.id, templateIds)),
    accountIds.length
      ? services.db.select().from(messageAccounts).where(inArray(messageAccounts.id, accountIds))
      : [],
  ]);
  const templateById = new Map(templates.map((t) => [t.id, t]));
  const accountById = new Map(accounts.map((a) => [a.id, a]));
  const receiveUser = recipients.map((r) => `${r.realName}/${r.account}`).join(',');

  return Promise.all(
    entries.map(async (entry): Promise<SendResult> => {
      const template = templateById.get(entry.templateId);
      const account = entry.accountConfigId ? accountById.get(entry.accountConfigId) : undefined;
      const title = template ? renderTemplate(template.title ?? '', input.params) : '';
      const content = template ? renderTemplate(template.content ?? '', input.params) : '';
      let error: string | null = null;
      try {
        if (!template) throw new ChannelError(SendMessages.templateGone);
        if (template.enabledMark !== 1) throw new ChannelError(SendMessages.templateDisabled);
        const declared = (template.params as TemplateParam[]).map((p) => p.field);
        const needed = [...new Set([...declared, ...templatePlaceholders(template.title, template.content)])];
        const missing = needed.filter((name) => !input.params[name]);
        if (missing.length) throw new ChannelError(SendMessages.missingParams(missing));
        if (entry.messageType === 'site') {
          await deliverMessage(services, {
            userIds: recipients.map((r) => r.userId),
            type: config.messageSource as 1 | 2 | 3 | 4,
            title,
            bodyText: content,
          });
        } else {
          if (!account) throw new ChannelError(SendMessages.accountGone);
          if (account.enabledMark !== 1) throw new ChannelError(SendMessages.accountDisabled);
          const category = account.category as AccountCategory;
          // Stored settings were checked on save; parsing again fills defaults of older rows.
          const settings = ACCOUNT_SETTINGS[category].parse(openSettings(account.settings));
          const params = Object.fromEntries(declared.map((name) => [name, input.params[name]!]));
          await CHANNELS[category](settings as never, {
            title,
            content,
            templateCode: template.templateCode ?? '',
            params,
            recipients,
          });
        }
      } catch (e) {
        error = (e as Error).message || String(e);
      }
      const state = error === null ? 1 : 0;
      services.metrics.job('message_sends', error === null ? 'done' : 'failed');
      await services.db.insert(messageMonitors).values({
        id: newId(),
        accountId: account?.id ?? null,
        accountName: account?.fullName ?? null,
        accountCode: account?.enCode ?? null,
        messageType: entry.messageType,
        messageSource: config.messageSource,
        templateId: entry.templateId,
        title,
        content,
        receiveUser,
        state,
        error,
        sendTime: Date.now(),
      });
      return {
        messageType: entry.messageType as MessageChannel,
        templateId: entry.templateId,
        accountName: account?.fullName ?? null,
        state,
        error,
      };
    }),
  );
}
