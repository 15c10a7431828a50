import { index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { epochMs } from './columns.js';

/**
 * Social sign-in (issue #27): one row per provider (enterprise WeChat, DingTalk, Feishu) with
 * its application credentials and the addresses of its authorise page and API, which a test
 * points at local stand-ins. `client_secret` is sealed (systemData/secrets.ts) and never shown.
 */
export const socialProviders = pgTable('base_social_provider', {
  /** wechat_enterprise | dingtalk | feishu: the 3.4.7 client's `enname`. */
  enname: text('enname').primaryKey(),
  enabledMark: integer('enabled_mark').notNull().default(0),
  clientId: text('client_id').notNull().default(''),
  clientSecret: text('client_secret').notNull().default(''),
  /** Enterprise WeChat's AgentID (its sign-in page asks for it). */
  agentId: text('agent_id').notNull().default(''),
  /** Where the browser is sent to authorise; '' = the provider's own. */
  authorizeBase: text('authorize_base').notNull().default(''),
  /** The provider's API the server calls; '' = the provider's own. */
  apiBase: text('api_base').notNull().default(''),
  lastModifyUserId: text('last_modify_user_id'),
  lastModifyTime: epochMs('last_modify_time'),
});

/** A console account bound to one provider's user; one binding per account and provider. */
export const socialBindings = pgTable(
  'base_social_user',
  {
    id: text('id').primaryKey(),
    userId: text('user_id').notNull(),
    enname: text('enname').notNull(),
    /** The provider's user id (enterprise WeChat userid, DingTalk unionId, Feishu open_id). */
    socialId: text('social_id').notNull(),
    socialName: text('social_name').notNull().default(''),
    /** How it was bound: 'password' (the person confirmed), 'directory' (synced id), 'profile'. */
    bindMode: text('bind_mode').notNull(),
    creatorTime: epochMs('creator_time')
      .notNull()
      .$defaultFn(() => Date.now()),
  },
  (t) => [
    uniqueIndex('base_social_user_provider_id').on(t.enname, t.socialId),
    uniqueIndex('base_social_user_user_provider').on(t.userId, t.enname),
    index('base_social_user_user').on(t.userId),
  ],
);
