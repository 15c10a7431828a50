import { createHash, randomBytes } from 'node:crypto';
import { ResultCode } from '@console/shared';
import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../db/client.js';
import { userSessions, users } from '../db/schema/index.js';
import type { MessageBus } from './bus/index.js';
import { BizError } from './errors.js';
import { newId } from './ids.js';
import { Messages } from './messages.js';
import type { ClientInfo } from './request.js';

export type EndReason = 'logout' | 'expired' | 'kicked' | 'forced' | 'disabled' | 'passwordChanged';

/** Bus channel told about every ended session, so the instance holding its sockets can close them. */
export const SESSIONS_ENDED = 'sessions.ended';
export interface SessionsEnded {
  sessions: { id: string; userId: string }[];
  reason: EndReason;
}

/** Who is calling, resolved once per request from the Authorization header. */
export interface Session {
  id: string;
  userId: string;
  account: string;
  realName: string;
  organizeId: string | null;
  isAdministrator: boolean;
  mustChangePassword: boolean;
  origin: string;
  /** The header value exactly as the client sent it. */
  token: string;
  /** Change markers of the user's row, for caches of answers built from it. */
  userVersion: number;
  lastLogTime: number | null;
}

const TOKEN_PATTERN = /^Bearer ([A-Za-z0-9_-]{43})$/i;
/** Last-activity writes are skipped when the previous one is this recent. */
const TOUCH_INTERVAL_MS = 60_000;

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** Which answer a dead session gets: kicked sessions say so, the rest are expired or unknown. */
function endedCode(reason: string | null): BizError {
  if (reason === 'kicked' || reason === 'forced' || reason === 'disabled')
    return new BizError(ResultCode.SessionKicked, Messages.sessionKicked);
  if (reason === 'expired' || reason === 'passwordChanged')
    return new BizError(ResultCode.SessionExpired, Messages.sessionExpired);
  return new BizError(ResultCode.TokenInvalid, Messages.tokenInvalid);
}

/**
 * The session and its user by token hash. Every request of every route runs it, so it is
 * prepared once: not rebuilt per request, and parsed once per database connection.
 */
const sessionByToken = (db: Db) =>
  db
    .select({
      id: userSessions.id,
      userId: userSessions.userId,
      origin: userSessions.origin,
      createdTime: userSessions.createdTime,
      lastActiveTime: userSessions.lastActiveTime,
      endReason: userSessions.endReason,
      endedTime: userSessions.endedTime,
      account: users.account,
      realName: users.realName,
      organizeId: users.organizeId,
      isAdministrator: users.isAdministrator,
      mustChangePassword: users.mustChangePassword,
      userVersion: users.version,
      lastLogTime: users.lastLogTime,
      enabledMark: users.enabledMark,
      deleteMark: users.deleteMark,
    })
    .from(userSessions)
    .innerJoin(users, eq(users.id, userSessions.userId))
    .where(eq(userSessions.tokenHash, sql.placeholder('tokenHash')))
    .limit(1)
    .prepare('session_by_token');

export class SessionService {
  private readonly byToken: ReturnType<typeof sessionByToken>;

  constructor(
    private readonly db: Db,
    private readonly maxAgeMs: number,
    private readonly bus?: MessageBus,
  ) {
    this.byToken = sessionByToken(db);
  }

  /**
   * Published when the end is written, possibly inside a transaction that has not committed
   * yet: a subscriber confirms the end in the database before acting on it.
   */
  private announce(sessions: { id: string; userId: string }[], reason: EndReason) {
    if (!this.bus || sessions.length === 0) return;
    const event: SessionsEnded = { sessions, reason };
    this.bus.publish(SESSIONS_ENDED, event).catch(() => undefined);
  }

  /** Starts a session and returns the header value the client sends back. */
  async create(
    tx: DbOrTx,
    userId: string,
    client: ClientInfo,
    options: { singleLogin: boolean },
  ): Promise<string> {
    const token = randomBytes(32).toString('base64url');
    const now = Date.now();
    if (options.singleLogin) await this.endAllForUser(tx, userId, 'kicked');
    await tx.insert(userSessions).values({
      id: newId(),
      tokenHash: hashToken(token),
      userId,
      origin: client.origin,
      ipAddress: client.ip,
      browser: client.browser,
      platForm: client.platForm,
      createdTime: now,
      lastActiveTime: now,
    });
    return `Bearer ${token}`;
  }

  /** Resolves the Authorization header or throws the session code (600, 601, 602). */
  async resolve(header: string | undefined, idleTimeoutMs: number): Promise<Session> {
    const match = header ? TOKEN_PATTERN.exec(header.trim()) : null;
    if (!match) throw new BizError(ResultCode.TokenInvalid, Messages.tokenInvalid);
    const [row] = await this.byToken.execute({ tokenHash: hashToken(match[1]!) });
    if (!row) throw new BizError(ResultCode.TokenInvalid, Messages.tokenInvalid);
    if (row.endedTime !== null) throw endedCode(row.endReason);

    const now = Date.now();
    if (row.enabledMark !== 1 || row.deleteMark !== 0) {
      await this.end(this.db, row.id, 'disabled');
      throw endedCode('disabled');
    }
    if (now - row.lastActiveTime > idleTimeoutMs || now - row.createdTime > this.maxAgeMs) {
      await this.end(this.db, row.id, 'expired');
      throw endedCode('expired');
    }
    if (now - row.lastActiveTime > TOUCH_INTERVAL_MS) {
      await this.db.update(userSessions).set({ lastActiveTime: now }).where(eq(userSessions.id, row.id));
    }
    return {
      id: row.id,
      userId: row.userId,
      account: row.account,
      realName: row.realName,
      organizeId: row.organizeId,
      isAdministrator: row.isAdministrator === 1,
      mustChangePassword: row.mustChangePassword === 1,
      origin: row.origin,
      token: header!.trim(),
      userVersion: row.userVersion,
      lastLogTime: row.lastLogTime,
    };
  }

  async end(tx: DbOrTx, sessionId: string, reason: EndReason): Promise<void> {
    const ended = await tx
      .update(userSessions)
      .set({ endedTime: Date.now(), endReason: reason })
      .where(and(eq(userSessions.id, sessionId), isNull(userSessions.endedTime)))
      .returning({ id: userSessions.id, userId: userSessions.userId });
    this.announce(ended, reason);
  }

  /** Ends every live session but one (the caller's): after a restore replaced the data under them. */
  async endAllOthers(tx: DbOrTx, keepSessionId: string, reason: EndReason): Promise<void> {
    const ended = await tx
      .update(userSessions)
      .set({ endedTime: Date.now(), endReason: reason })
      .where(and(isNull(userSessions.endedTime), ne(userSessions.id, keepSessionId)))
      .returning({ id: userSessions.id, userId: userSessions.userId });
    this.announce(ended, reason);
  }

  /** Ends every live session of a user, optionally keeping one (the caller's). */
  async endAllForUser(
    tx: DbOrTx,
    userId: string,
    reason: EndReason,
    exceptSessionId?: string,
  ): Promise<void> {
    const conditions = [eq(userSessions.userId, userId), isNull(userSessions.endedTime)];
    if (exceptSessionId) conditions.push(ne(userSessions.id, exceptSessionId));
    const ended = await tx
      .update(userSessions)
      .set({ endedTime: Date.now(), endReason: reason })
      .where(and(...conditions))
      .returning({ id: userSessions.id, userId: userSessions.userId });
    this.announce(ended, reason);
  }
}
