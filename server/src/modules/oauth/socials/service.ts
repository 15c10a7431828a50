/**
 * Social sign-in (issue #27): settings per provider, the authorise redirect with a single-use
 * `state` (and a PKCE verifier where the provider takes one), the callback that exchanges the
 * code, and the bindings between console accounts and providers' users.
 *
 * Sign-in runs on the scan-code ticket of the sign-in page (tickets.ts): the page takes a
 * ticket, opens `/api/oauth/socials/render/{provider}?ticket=`, and polls getTicketStatus while
 * the person signs in at the provider. The callback then
 * - signs in the account bound to the provider's user (status 1, the token as value);
 * - or binds the account the organisation sync records for that provider user id (enterprise
 *   WeChat, DingTalk) and signs it in;
 * - or answers "not bound" (status 4): for five minutes a password sign-in that carries the
 *   ticket (POST /api/oauth/Login or /Login/socials with jnpf_ticket) binds that account.
 */
import { createHash, randomBytes } from 'node:crypto';
import {
  type LoginResult,
  type SocialProviderConfig,
  type SocialProviderInput,
  TicketStatus,
} from '@console/shared';
import { and, asc, eq } from 'drizzle-orm';
import { badRequest } from '../../../core/errors.js';
import { newId } from '../../../core/ids.js';
import type { ClientInfo } from '../../../core/request.js';
import { socialBindings, socialProviders, synThirdInfo, users } from '../../../db/schema/index.js';
import type { Services } from '../../../services.js';
import { DataType } from '../../system/sysConfig/thirdParty.js';
import { openSecret, resealSecret, sealSecret } from '../../systemData/secrets.js';
import { TicketMessages, type TicketService } from '../tickets.js';
import {
  dingTalkUserId,
  isSocialProvider,
  PROVIDER_SPECS,
  type ProviderSettings,
  type ProviderSpec,
  SOCIAL_PROVIDERS,
  type SocialIdentity,
  type SocialProviderName,
} from './providers.js';

/** How long the provider's page may take before the callback comes back. */
export const STATE_TTL_MS = 5 * 60_000;
/** How long an unbound provider user waits for the password sign-in that binds it. */
export const PENDING_TTL_MS = 5 * 60_000;
/** Authorise redirects one ticket may start (each click on a provider makes one). */
const RENDERS_PER_TICKET = 10;

export const CALLBACK_PATH = '/api/oauth/socials/callback';

export const SocialMessages = {
  unknownProvider: '不支持的第三方登录方式（可用：wechat_enterprise、dingtalk、feishu）',
  notEnabled: (label: string) => `${label}登录未启用，请联系管理员在系统配置的第三方登录中开启`,
  incomplete: (label: string) => `请先填写${label}的AppKey和AppSecret再启用`,
  agentMissing: '企业微信登录还需要填写AgentID',
  stateInvalid: '登录请求已失效或已使用，请回到登录页重新发起第三方登录',
  codeMissing: '第三方未返回授权码（可能已取消授权），请重新发起第三方登录',
  boundToOther: (label: string) => `该${label}账号已绑定本系统的其他用户`,
  userHasBinding: (label: string) => `该用户已绑定其他${label}账号，请先在个人资料中解绑`,
  bindExpired: '第三方账号的绑定已过期，请回到登录页重新发起第三方登录',
  signedIn: '登录成功，请回到登录页',
  notBound: (label: string) => `该${label}账号尚未绑定本系统账号，请回到登录页输入账号和密码完成绑定`,
  bound: '绑定成功',
  unbound: '解绑成功',
  bindingMissing: '绑定不存在或已解除，请刷新后重试',
  saved: '保存成功',
  noPermission: '您没有查看或解除其他用户绑定的权限',
  disabled: '账号已被禁用，请联系管理员',
} as const;

interface StateRecord {
  provider: SocialProviderName;
  purpose: 'signin' | 'bind';
  ticket?: string;
  userId?: string;
  verifier?: string;
  redirectUri: string;
}

interface PendingBinding {
  provider: SocialProviderName;
  id: string;
  name: string;
}

/** One provider on the sign-in page (getLoginConfig's socialsList), in the 3.4.7 client's shape. */
export interface SocialLoginEntry {
  enname: SocialProviderName;
  name: string;
  icon: string;
  /** Opened by the sign-in page with JNPF_TICKET replaced by its ticket. */
  renderUrl: string;
}

export interface SocialBindingEntity {
  id: string;
  userId: string;
  socialType: string;
  socialId: string;
  socialName: string;
  creatorTime: number;
}

/** One provider of the profile's 第三方绑定 list: `entity` is the binding, null when unbound. */
export interface SocialUserEntry {
  enname: SocialProviderName;
  name: string;
  icon: string;
  logo: string;
  describetion: string;
  entity: SocialBindingEntity | null;
}

export interface CallbackOutcome {
  message: string;
  purpose: 'signin' | 'bind';
  /** signed-in | not-bound | bound */
  result: 'signed-in' | 'not-bound' | 'bound';
}

const stateKey = (state: string) => `social:state:${state}`;
const pendingKey = (ticket: string) => `social:pending:${ticket}`;
const trimBase = (base: string) => base.trim().replace(/\/+$/, '');

export function specOf(name: string): ProviderSpec {
  if (!isSocialProvider(name)) throw badRequest(SocialMessages.unknownProvider);
  return PROVIDER_SPECS[name];
}

/**
 * What social sign-in needs of the sign-in service (OAuthService, which owns this service: named
 * here rather than imported, so that the two files do not import each other).
 */
interface SignInService {
  readonly tickets: TicketService;
  signIn(user: typeof users.$inferSelect, client: ClientInfo, abstracts: string): Promise<LoginResult>;
}

export class SocialService {
  constructor(
    private readonly services: Services,
    private readonly oauth: SignInService,
  ) {}

  private async row(name: SocialProviderName) {
    const [row] = await this.services.db
      .select()
      .from(socialProviders)
      .where(eq(socialProviders.enname, name))
      .limit(1);
    return row;
  }

  /** The provider's settings with defaults filled and the secret opened; null when not usable. */
  private async settings(spec: ProviderSpec): Promise<ProviderSettings | null> {
    const row = await this.row(spec.name);
    if (row?.enabledMark !== 1 || !row.clientId || !row.clientSecret) return null;
    return {
      clientId: row.clientId,
      clientSecret: openSecret(row.clientSecret),
      agentId: row.agentId,
      authorizeBase: row.authorizeBase || spec.defaultAuthorizeBase,
      apiBase: row.apiBase || spec.defaultApiBase,
    };
  }

  private async usable(spec: ProviderSpec): Promise<ProviderSettings> {
    const settings = await this.settings(spec);
    if (!settings) throw badRequest(SocialMessages.notEnabled(spec.label));
    return settings;
  }

  /** The providers the sign-in page offers: enabled ones with their credentials set. */
  async loginList(): Promise<SocialLoginEntry[]> {
    const rows = await this.services.db.select().from(socialProviders).orderBy(asc(socialProviders.enname));
    const on = new Set(
      rows.filter((r) => r.enabledMark === 1 && r.clientId && r.clientSecret).map((r) => r.enname),
    );
    return SOCIAL_PROVIDERS.filter((name) => on.has(name)).map((name) => ({
      enname: name,
      name: PROVIDER_SPECS[name].label,
      icon: PROVIDER_SPECS[name].icon,
      renderUrl: `/api/oauth/socials/render/${name}?ticket=JNPF_TICKET`,
    }));
  }

  async configList(): Promise<SocialProviderConfig[]> {
    const rows = await this.services.db.select().from(socialProviders);
    return SOCIAL_PROVIDERS.map((name) => {
      const spec = PROVIDER_SPECS[name];
      const row = rows.find((r) => r.enname === name);
      return {
        enname: name,
        name: spec.label,
        enabledMark: row?.enabledMark ?? 0,
        clientId: row?.clientId ?? '',
        hasSecret: Boolean(row?.clientSecret),
        agentId: row?.agentId ?? '',
        authorizeBase: row?.authorizeBase ?? '',
        apiBase: row?.apiBase ?? '',
        defaultAuthorizeBase: spec.defaultAuthorizeBase,
        defaultApiBase: spec.defaultApiBase,
        pkce: spec.pkce,
      };
    });
  }

  async saveConfig(name: string, input: SocialProviderInput, userId: string): Promise<void> {
    const spec = specOf(name);
    const row = await this.row(spec.name);
    // A kept secret is sealed again with the current key, so a key rotation completes as settings are saved.
    const secret = input.clientSecret
      ? sealSecret(input.clientSecret)
      : row?.clientSecret
        ? resealSecret(row.clientSecret)
        : '';
    if (input.enabledMark === 1) {
      if (!input.clientId || !secret) throw badRequest(SocialMessages.incomplete(spec.label));
      if (spec.name === 'wechat_enterprise' && !input.agentId) throw badRequest(SocialMessages.agentMissing);
    }
    const values = {
      enabledMark: input.enabledMark,
      clientId: input.clientId,
      clientSecret: secret,
      agentId: input.agentId,
      authorizeBase: trimBase(input.authorizeBase),
      apiBase: trimBase(input.apiBase),
      lastModifyUserId: userId,
      lastModifyTime: Date.now(),
    };
    await this.services.db
      .insert(socialProviders)
      .values({ enname: spec.name, ...values })
      .onConflictDoUpdate({ target: socialProviders.enname, set: values });
  }

  /** A new single-use state (and PKCE verifier), and the provider's authorise address. */
  private async authorize(
    spec: ProviderSpec,
    settings: ProviderSettings,
    origin: string,
    record: Omit<StateRecord, 'provider' | 'verifier' | 'redirectUri'>,
  ): Promise<string> {
    const state = randomBytes(24).toString('base64url');
    const redirectUri = `${origin}${CALLBACK_PATH}/${spec.name}`;
    const verifier = spec.pkce ? randomBytes(32).toString('base64url') : undefined;
    const challenge = verifier ? createHash('sha256').update(verifier).digest('base64url') : undefined;
    const full: StateRecord = {
      ...record,
      provider: spec.name,
      redirectUri,
      ...(verifier ? { verifier } : {}),
    };
    await this.services.kv.set(stateKey(state), JSON.stringify(full), STATE_TTL_MS);
    return spec.authorizeUrl(settings, { redirectUri, state, challenge });
  }

  /** The sign-in page's redirect: the ticket it polls must still be waiting. */
  async renderSignIn(name: string, ticket: string, origin: string): Promise<string> {
    const spec = specOf(name);
    const settings = await this.usable(spec);
    const status = ticket ? await this.oauth.tickets.status(ticket) : null;
    if (status?.status !== TicketStatus.Waiting) throw badRequest(TicketMessages.invalid);
    if ((await this.services.kv.increment(`social:render:${ticket}`, STATE_TTL_MS)) > RENDERS_PER_TICKET)
      throw badRequest(TicketMessages.invalid);
    return this.authorize(spec, settings, origin, { purpose: 'signin', ticket });
  }

  /** The profile's 绑定: the callback binds the provider's user to the signed-in user. */
  async renderBind(name: string, userId: string, origin: string): Promise<string> {
    const spec = specOf(name);
    const settings = await this.usable(spec);
    return this.authorize(spec, settings, origin, { purpose: 'bind', userId });
  }

  private async bindingOf(provider: SocialProviderName, socialId: string) {
    const [row] = await this.services.db
      .select()
      .from(socialBindings)
      .where(and(eq(socialBindings.enname, provider), eq(socialBindings.socialId, socialId)))
      .limit(1);
    return row;
  }

  /** Refuses (400, nothing written) a binding that would take another's or replace one. */
  private async checkFree(spec: ProviderSpec, socialId: string, userId: string) {
    const existing = await this.bindingOf(spec.name, socialId);
    if (existing) throw badRequest(SocialMessages.boundToOther(spec.label));
    const [mine] = await this.services.db
      .select({ id: socialBindings.id })
      .from(socialBindings)
      .where(and(eq(socialBindings.userId, userId), eq(socialBindings.enname, spec.name)))
      .limit(1);
    if (mine) throw badRequest(SocialMessages.userHasBinding(spec.label));
  }

  private async insertBinding(
    spec: ProviderSpec,
    identity: { id: string; name: string },
    userId: string,
    bindMode: string,
  ) {
    await this.services.db.insert(socialBindings).values({
      id: newId(),
      userId,
      enname: spec.name,
      socialId: identity.id,
      socialName: identity.name.slice(0, 100),
      bindMode,
    });
  }

  /** The console user the organisation sync records under the provider user's directory id. */
  private async directoryUser(spec: ProviderSpec, settings: ProviderSettings, identity: SocialIdentity) {
    if (!spec.thirdType) return undefined;
    let directoryId = identity.directoryId;
    if (!directoryId && spec.name === 'dingtalk') {
      const config = await this.services.sysConfig.get();
      directoryId = await dingTalkUserId(trimBase(config.dingBaseUrl), settings, identity.id);
    }
    if (!directoryId) return undefined;
    const [synced] = await this.services.db
      .select({ user: users })
      .from(synThirdInfo)
      .innerJoin(users, eq(users.id, synThirdInfo.sysObjId))
      .where(
        and(
          eq(synThirdInfo.thirdType, spec.thirdType),
          eq(synThirdInfo.dataType, DataType.User),
          eq(synThirdInfo.thirdObjId, directoryId),
          eq(synThirdInfo.enabledMark, 1),
          eq(users.deleteMark, 0),
        ),
      )
      .limit(1);
    return synced?.user;
  }

  /**
   * The provider's callback. The state is checked and spent first: a replayed callback, a state
   * never issued or one issued for another provider is refused (400) with nothing changed.
   */
  async callback(name: string, input: { code?: string; state?: string }): Promise<CallbackOutcome> {
    const spec = specOf(name);
    if (!input.state) throw badRequest(SocialMessages.stateInvalid);
    const raw = await this.services.kv.get(stateKey(input.state));
    const peek = raw ? (JSON.parse(raw) as StateRecord) : null;
    if (!peek || peek.provider !== spec.name) throw badRequest(SocialMessages.stateInvalid);
    if (!input.code) throw badRequest(SocialMessages.codeMissing);
    // take() is atomic: of two callbacks racing with one state, one goes on.
    const taken = await this.services.kv.take(stateKey(input.state));
    if (!taken) throw badRequest(SocialMessages.stateInvalid);
    const record = JSON.parse(taken) as StateRecord;
    const settings = await this.usable(spec);

    if (record.purpose === 'bind') {
      const identity = await spec.identify(settings, input.code, record);
      const userId = record.userId ?? '';
      await this.checkFree(spec, identity.id, userId);
      await this.insertBinding(spec, identity, userId, 'profile');
      return { message: SocialMessages.bound, purpose: 'bind', result: 'bound' };
    }

    const ticket = record.ticket ?? '';
    const claimed = await this.oauth.tickets.claim(ticket);
    const fail = async (message: string) => {
      await this.oauth.tickets.settle(ticket, claimed, { status: TicketStatus.Failed, value: message });
      return badRequest(message);
    };
    let identity: SocialIdentity;
    try {
      identity = await spec.identify(settings, input.code, record);
    } catch (error) {
      throw await fail(error instanceof Error ? error.message : String(error));
    }
    const binding = await this.bindingOf(spec.name, identity.id);
    let user: typeof users.$inferSelect | undefined;
    if (binding) {
      [user] = await this.services.db
        .select()
        .from(users)
        .where(and(eq(users.id, binding.userId), eq(users.deleteMark, 0)))
        .limit(1);
    } else {
      user = await this.directoryUser(spec, settings, identity);
      if (user) {
        try {
          await this.checkFree(spec, identity.id, user.id);
          await this.insertBinding(spec, identity, user.id, 'directory');
        } catch {
          // The synced account has another binding of this provider: ask for a password instead.
          user = undefined;
        }
      }
    }
    if (!user) {
      const pending: PendingBinding = { provider: spec.name, id: identity.id, name: identity.name };
      await this.services.kv.set(pendingKey(ticket), JSON.stringify(pending), PENDING_TTL_MS);
      await this.oauth.tickets.settle(ticket, claimed, {
        status: TicketStatus.NotBound,
        value: `${spec.label}：${identity.name}`,
      });
      return { message: SocialMessages.notBound(spec.label), purpose: 'signin', result: 'not-bound' };
    }
    if (user.enabledMark !== 1) throw await fail(SocialMessages.disabled);
    const signedIn = await this.oauth.signIn(user, claimed.client, `signed in by ${spec.name}`);
    await this.oauth.tickets.settle(ticket, claimed, {
      status: TicketStatus.SignedIn,
      value: signedIn.token,
      theme: signedIn.theme,
    });
    return { message: SocialMessages.signedIn, purpose: 'signin', result: 'signed-in' };
  }

  /** Whether a ticket carries an unbound provider user waiting for a password sign-in. */
  async hasPending(ticket: string): Promise<boolean> {
    return Boolean(ticket) && (await this.services.kv.get(pendingKey(ticket))) !== null;
  }

  /**
   * Called by the password sign-in once the password is proven: binds the provider user the
   * ticket carries (if any) to that account. Conflicts are refused before anything is written.
   */
  async bindPending(ticket: string, userId: string): Promise<void> {
    if (!ticket) return;
    const raw = await this.services.kv.get(pendingKey(ticket));
    if (!raw) return;
    const pending = JSON.parse(raw) as PendingBinding;
    const spec = specOf(pending.provider);
    await this.checkFree(spec, pending.id, userId);
    if (!(await this.services.kv.take(pendingKey(ticket)))) throw badRequest(SocialMessages.bindExpired);
    await this.insertBinding(spec, pending, userId, 'password');
  }

  /** The profile's list: every enabled provider, and any other the user is still bound to. */
  async userList(userId: string): Promise<SocialUserEntry[]> {
    const [bindings, enabled] = await Promise.all([
      this.services.db.select().from(socialBindings).where(eq(socialBindings.userId, userId)),
      this.loginList(),
    ]);
    return SOCIAL_PROVIDERS.filter(
      (name) => enabled.some((e) => e.enname === name) || bindings.some((b) => b.enname === name),
    ).map((name) => {
      const spec = PROVIDER_SPECS[name];
      const b = bindings.find((x) => x.enname === name);
      return {
        enname: name,
        name: spec.label,
        icon: spec.icon,
        logo: '',
        describetion: spec.description,
        entity: b
          ? {
              id: b.id,
              userId: b.userId,
              socialType: b.enname,
              socialId: b.socialId,
              socialName: b.socialName,
              creatorTime: b.creatorTime,
            }
          : null,
      };
    });
  }

  async unbind(id: string, userId: string): Promise<void> {
    const removed = await this.services.db
      .delete(socialBindings)
      .where(and(eq(socialBindings.id, id), eq(socialBindings.userId, userId)))
      .returning({ id: socialBindings.id });
    if (removed.length === 0) throw badRequest(SocialMessages.bindingMissing);
  }
}
