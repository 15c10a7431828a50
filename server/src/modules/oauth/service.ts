import {
  DEFAULT_LAYOUT,
  type LoginBody,
  type LoginConfig,
  type LoginResult,
  type PasswordLoginBody,
  type SmsLoginBody,
  TicketStatus,
  type UpdatePasswordBody,
} from '@console/shared';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { badRequest } from '../../core/errors.js';
import { newId } from '../../core/ids.js';
import { hashPassword, verifyPassword } from '../../core/passwords.js';
import type { ClientInfo } from '../../core/request.js';
import type { Session } from '../../core/sessions.js';
import type { DbOrTx } from '../../db/client.js';
import { logs, users } from '../../db/schema/index.js';
import type { Services } from '../../services.js';
import { CaptchaMessages } from '../captcha/service.js';
import { SmsCodeService } from './sms.js';
import { SocialService } from './socials/service.js';
import { TicketService } from './tickets.js';

export const OAuthMessages = {
  wrongCredentials: '账号或密码错误',
  codeRequired: '请输入验证码',
  locked: (minutes: number) => `账号已被锁定，请${minutes}分钟后再试`,
  disabled: '账号已被禁用，请联系管理员',
  loginSuccess: '登录成功',
  logoutSuccess: '退出成功',
  wrongPassword: '密码错误',
  wrongOldPassword: '旧密码错误',
  samePassword: '新密码不能与旧密码相同',
  passwordChanged: '密码修改成功，请牢记新密码',
  unlocked: '解锁成功',
  smsCodeWrong: '手机号或验证码错误',
} as const;

type UserRow = typeof users.$inferSelect;

async function writeLoginLog(
  tx: DbOrTx,
  entry: { userId: string | null; userName: string; ok: boolean; client: ClientInfo; abstracts: string },
) {
  await tx.insert(logs).values({
    id: newId(),
    category: 1,
    userId: entry.userId,
    userName: entry.userName,
    loginMark: entry.ok ? 1 : 0,
    ipAddress: entry.client.ip,
    ipAddressName: entry.client.ipAddressName,
    browser: entry.client.browser,
    platForm: entry.client.platForm,
    abstracts: entry.abstracts,
  });
}

export class OAuthService {
  readonly sms: SmsCodeService;
  readonly tickets: TicketService;
  readonly socials: SocialService;

  constructor(
    private readonly services: Services,
    log: FastifyBaseLogger,
  ) {
    this.sms = new SmsCodeService(services.kv, services.sysConfig, log);
    this.tickets = new TicketService(services.kv);
    this.socials = new SocialService(services, this);
  }

  async loginConfig(account: string, ip: string): Promise<LoginConfig> {
    const [state, config] = await Promise.all([
      this.services.signInGuard.state(account, ip),
      this.services.sysConfig.get(),
    ]);
    return {
      enableVerificationCode: state.codeRequired ? 1 : 0,
      verificationCodeNumber: config.verificationCodeNumber,
    };
  }

  async login(input: LoginBody, client: ClientInfo): Promise<LoginResult> {
    return input.origin === 'sms' ? this.smsLogin(input, client) : this.passwordLogin(input, client);
  }

  private async passwordLogin(input: PasswordLoginBody, client: ClientInfo): Promise<LoginResult> {
    const { signInGuard, captcha, db } = this.services;
    const state = await signInGuard.state(input.account, client.ip);
    if (state.lockedMinutes > 0) throw badRequest(OAuthMessages.locked(state.lockedMinutes));
    if (state.codeRequired) {
      if (!input.code) throw badRequest(OAuthMessages.codeRequired, { needCode: true });
      if (!(await captcha.verify(input.timestamp, input.code)))
        throw badRequest(CaptchaMessages.wrong, { needCode: true });
    }

    const [user] = await db
      .select()
      .from(users)
      .where(and(eq(users.account, input.account), eq(users.deleteMark, 0)))
      .limit(1);
    const passwordOk = await verifyPassword(user?.passwordHash, input.password);
    if (!user || !passwordOk) {
      const lockedMinutes = await signInGuard.fail(input.account, client.ip);
      await writeLoginLog(db, {
        userId: user?.id ?? null,
        userName: input.account.slice(0, 100),
        ok: false,
        client,
        abstracts: lockedMinutes ? 'locked' : 'wrong credentials',
      });
      if (lockedMinutes) throw badRequest(OAuthMessages.locked(lockedMinutes));
      const after = await signInGuard.state(input.account, client.ip);
      throw badRequest(OAuthMessages.wrongCredentials, { needCode: after.codeRequired });
    }
    if (user.enabledMark !== 1) throw badRequest(OAuthMessages.disabled);

    await signInGuard.succeed(input.account);
    // A social sign-in left unbound (its ticket): the proven password binds it to this account.
    await this.socials.bindPending(input.jnpf_ticket, user.id);
    return this.signIn(user, client, 'signed in');
  }

  /** Phone number and SMS code; failures count against the phone and the address like passwords. */
  private async smsLogin(input: SmsLoginBody, client: ClientInfo): Promise<LoginResult> {
    const { signInGuard, db } = this.services;
    const { sms } = this;
    const state = await signInGuard.state(input.account, client.ip);
    if (state.lockedMinutes > 0) throw badRequest(OAuthMessages.locked(state.lockedMinutes));
    const codeOk = await sms.verify(input.account, input.code);
    const [user] = codeOk
      ? await db
          .select()
          .from(users)
          .where(and(eq(users.mobilePhone, input.account), eq(users.deleteMark, 0)))
          .orderBy(sql`${users.enabledMark} = 1 desc`, asc(users.creatorTime))
          .limit(1)
      : [];
    if (!user) {
      const lockedMinutes = await signInGuard.fail(input.account, client.ip);
      await writeLoginLog(db, {
        userId: null,
        userName: input.account,
        ok: false,
        client,
        abstracts: lockedMinutes ? 'locked' : codeOk ? 'sms: no user with this phone' : 'sms: wrong code',
      });
      if (lockedMinutes) throw badRequest(OAuthMessages.locked(lockedMinutes));
      throw badRequest(OAuthMessages.smsCodeWrong);
    }
    if (user.enabledMark !== 1) throw badRequest(OAuthMessages.disabled);
    await signInGuard.succeed(input.account);
    return this.signIn(user, client, 'signed in by SMS code');
  }

  /**
   * Starts a session for a user whose identity is proven: the previous sign-in is kept for
   * userInfo.prevLogin*, and the login log records it.
   */
  async signIn(user: UserRow, client: ClientInfo, abstracts: string): Promise<LoginResult> {
    const { db, sessions, sysConfig } = this.services;
    const config = await sysConfig.get();
    const token = await db.transaction(async (tx) => {
      const issued = await sessions.create(tx, user.id, client, { singleLogin: config.singleLogin === 1 });
      // The previous sign-in becomes what userInfo.prevLogin* shows.
      await tx
        .update(users)
        .set({
          prevLogTime: user.lastLogTime,
          prevLogIp: user.lastLogIp,
          prevLogIpName: user.lastLogIpName,
          lastLogTime: Date.now(),
          lastLogIp: client.ip,
          lastLogIpName: client.ipAddressName,
          logSuccessCount: sql`${users.logSuccessCount} + 1`,
        })
        .where(eq(users.id, user.id));
      await writeLoginLog(tx, { userId: user.id, userName: user.realName, ok: true, client, abstracts });
      return issued;
    });
    return { token, theme: user.theme ?? DEFAULT_LAYOUT };
  }

  /** A signed-in user confirms a scan-code ticket: the waiting device gets a new session. */
  async confirmTicket(session: Session, ticket: string): Promise<void> {
    const { db } = this.services;
    const { tickets } = this;
    const state = await tickets.claim(ticket);
    const [user] = await db.select().from(users).where(eq(users.id, session.userId)).limit(1);
    if (user?.enabledMark !== 1) {
      await tickets.settle(ticket, state, { status: TicketStatus.Failed });
      throw badRequest(OAuthMessages.disabled);
    }
    const result = await this.signIn(user, state.client, 'signed in by scan code');
    await tickets.settle(ticket, state, {
      status: TicketStatus.SignedIn,
      value: result.token,
      theme: result.theme,
    });
  }

  async rejectTicket(ticket: string): Promise<void> {
    const { tickets } = this;
    const state = await tickets.claim(ticket);
    await tickets.settle(ticket, state, { status: TicketStatus.Failed });
  }

  async logout(session: Session): Promise<void> {
    await this.services.sessions.end(this.services.db, session.id, 'logout');
  }

  /** Unlocks the screen: the session's own account and password are required. */
  async unlockScreen(session: Session, account: string, password: string, client: ClientInfo): Promise<void> {
    const { signInGuard, db } = this.services;
    const state = await signInGuard.state(session.account, client.ip);
    if (state.lockedMinutes > 0) throw badRequest(OAuthMessages.locked(state.lockedMinutes));
    const [user] = await db
      .select({ hash: users.passwordHash })
      .from(users)
      .where(eq(users.id, session.userId));
    const ok = account === session.account && (await verifyPassword(user?.hash, password));
    if (!ok) {
      const lockedMinutes = await signInGuard.fail(session.account, client.ip);
      if (lockedMinutes) throw badRequest(OAuthMessages.locked(lockedMinutes));
      throw badRequest(OAuthMessages.wrongPassword);
    }
    await signInGuard.succeed(session.account);
  }

  /**
   * Replaces the password; the user's other sessions end (they sign in again), and this one too
   * with `endThisSession`.
   */
  async changePassword(
    session: Session,
    input: UpdatePasswordBody,
    options: { endThisSession?: boolean } = {},
  ): Promise<void> {
    const { captcha, db, sessions } = this.services;
    if (!(await captcha.verify(input.timestamp, input.code))) throw badRequest(CaptchaMessages.wrong);
    if (input.oldPassword === input.password) throw badRequest(OAuthMessages.samePassword);
    const [user] = await db
      .select({ hash: users.passwordHash })
      .from(users)
      .where(eq(users.id, session.userId));
    if (!(await verifyPassword(user?.hash, input.oldPassword)))
      throw badRequest(OAuthMessages.wrongOldPassword);
    const passwordHash = await hashPassword(input.password);
    const now = Date.now();
    await db.transaction(async (tx) => {
      await tx
        .update(users)
        .set({
          passwordHash,
          mustChangePassword: 0,
          changePasswordDate: now,
          lastModifyTime: now,
          lastModifyUserId: session.userId,
          version: sql`${users.version} + 1`,
        })
        .where(eq(users.id, session.userId));
      await sessions.endAllForUser(
        tx,
        session.userId,
        'passwordChanged',
        options.endThisSession ? undefined : session.id,
      );
    });
  }
}
