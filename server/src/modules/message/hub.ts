import { and, inArray, isNotNull } from 'drizzle-orm';
import type { WebSocket } from 'ws';
import { newId } from '../../core/ids.js';
import { Messages } from '../../core/messages.js';
import { type EndReason, SESSIONS_ENDED, type Session, type SessionsEnded } from '../../core/sessions.js';
import { userSessions } from '../../db/schema/index.js';
import type { Services } from '../../services.js';
import { MESSAGES_DELIVERED, type MessagesDelivered, whenCommitted } from './delivery.js';
import type { InboxService } from './inbox/service.js';

/** The live socket's frames are JSON objects with a `method` (api-contract.md, Live socket). */
export interface Frame {
  method: string;
  [key: string]: unknown;
}

/** Bus channel: frames for some users' sockets, wherever they are connected. */
const FRAMES = 'socket.frames';
interface FramesEvent {
  userIds: string[];
  frame: Frame;
}

/**
 * Sends a frame to the users' sockets on every instance: e.g. `refresh` after a change that
 * needs the page reloaded, or `closeSocket`.
 */
export async function pushToSockets(services: Services, userIds: string[], frame: Frame): Promise<void> {
  const event: FramesEvent = { userIds, frame };
  await services.bus.publish(FRAMES, event);
}

/** Bus channel: which users hold sockets on which instance. */
const PRESENCE = 'socket.presence';
interface PresenceEvent {
  instance: string;
  /** hello: a new instance asks the others for a snapshot of their users. */
  kind: 'online' | 'offline' | 'hello' | 'snapshot';
  userIds: string[];
}

const HEARTBEAT_MS = 30_000;

/** What the logout push says, by why the session ended. */
const TOO_MANY_SOCKETS = '打开的页面过多，较早的页面已停止接收消息';

const LOGOUT_TEXT: Record<EndReason, string> = {
  logout: '您已退出登录',
  expired: Messages.sessionExpired,
  kicked: '您的账号已在其他地方登录，请重新登录',
  forced: '您已被管理员强制下线，请重新登录',
  disabled: '您的账号已被停用，请联系管理员',
  passwordChanged: '密码已修改，请重新登录',
};

interface Connection {
  socket: WebSocket;
  session: Session;
}

/**
 * Sockets held by this instance, by user, and the users online on the other instances.
 * Everything meant for a user goes through the bus, so it reaches the user's sockets on
 * whichever instance holds them.
 */
export class SocketHub {
  private readonly byUser = new Map<string, Set<Connection>>();
  /** Users online on each other instance, and when that instance was last heard from. */
  private readonly remote = new Map<string, { users: Set<string>; seen: number }>();
  private heartbeat?: NodeJS.Timeout;
  private readonly instance = newId();
  private stopped = false;

  constructor(
    private readonly services: Services,
    private readonly inbox: InboxService,
  ) {}

  /** Subscribes to the bus; resolves when nothing published from now on can be missed. */
  async start() {
    const { bus } = this.services;
    await Promise.all([
      bus.subscribe(FRAMES, (event) => {
        const { userIds, frame } = event as FramesEvent;
        this.sendLocal(userIds, frame);
      }),
      bus.subscribe(PRESENCE, (event) => this.onPresence(event as PresenceEvent)),
      bus.subscribe(MESSAGES_DELIVERED, (event) => {
        this.onDelivered(event as MessagesDelivered).catch((error) => this.warn('messagePush', error));
      }),
      bus.subscribe(SESSIONS_ENDED, (event) => {
        this.onSessionsEnded(event as SessionsEnded).catch((error) => this.warn('logout push', error));
      }),
    ]);
    await this.announce('hello', []);
    this.heartbeat = setInterval(() => this.beat(), HEARTBEAT_MS);
    this.heartbeat.unref();
  }

  /** A failed push is reported, except the ones cut short by shutdown. */
  private warn(what: string, error: unknown) {
    if (!this.stopped) process.emitWarning(`${what} failed: ${(error as Error).message}`);
  }

  private announce(kind: PresenceEvent['kind'], userIds: string[]) {
    const event: PresenceEvent = { instance: this.instance, kind, userIds };
    return this.services.bus.publish(PRESENCE, event).catch(() => undefined);
  }

  private isOnline(userId: string): boolean {
    if (this.byUser.has(userId)) return true;
    for (const { users } of this.remote.values()) if (users.has(userId)) return true;
    return false;
  }

  private onPresence(event: PresenceEvent) {
    if (event.instance === this.instance) return;
    if (event.kind === 'hello') {
      void this.announce('snapshot', [...this.byUser.keys()]);
      return;
    }
    const entry = this.remote.get(event.instance) ?? { users: new Set<string>(), seen: 0 };
    entry.seen = Date.now();
    this.remote.set(event.instance, entry);
    if (event.kind === 'snapshot') {
      // The instance's whole list: users it no longer holds went offline there.
      const listed = new Set(event.userIds);
      const gone = [...entry.users].filter((userId) => !listed.has(userId));
      entry.users = new Set([...entry.users].filter((userId) => listed.has(userId)));
      this.dropped(gone);
    }
    for (const userId of event.userIds) {
      if (event.kind === 'offline') {
        entry.users.delete(userId);
        this.dropped([userId]);
      } else {
        const was = this.isOnline(userId);
        entry.users.add(userId);
        if (!was && event.kind === 'online') this.broadcastLocal({ method: 'Online', userId }, userId);
      }
    }
  }

  /** Offline for users who were just removed somewhere and are online nowhere now. */
  private dropped(userIds: string[]) {
    for (const userId of userIds)
      if (!this.isOnline(userId)) this.broadcastLocal({ method: 'Offline', userId });
  }

  /**
   * Every instance repeats its list now and then; one not heard from for three rounds has
   * stopped without saying so, and its users count as offline.
   */
  private beat() {
    void this.announce('snapshot', [...this.byUser.keys()]);
    const silentSince = Date.now() - 3 * HEARTBEAT_MS;
    for (const [instance, entry] of this.remote) {
      if (entry.seen >= silentSince) continue;
      this.remote.delete(instance);
      this.dropped([...entry.users]);
    }
  }

  add(socket: WebSocket, session: Session) {
    const connections = this.byUser.get(session.userId) ?? new Set();
    const wasOnline = this.isOnline(session.userId);
    const first = connections.size === 0;
    connections.add({ socket, session });
    this.byUser.set(session.userId, connections);
    // Over the limit, the oldest socket goes (a Set keeps insertion order); its close event removes it.
    if (connections.size > this.services.config.SOCKETS_PER_USER) {
      const [oldest] = connections;
      connections.delete(oldest!);
      oldest!.socket.send(JSON.stringify({ method: 'closeSocket', msg: TOO_MANY_SOCKETS }));
      oldest!.socket.close(4008, 'too many sockets');
    }
    if (!first) return;
    if (!wasOnline) this.broadcastLocal({ method: 'Online', userId: session.userId }, session.userId);
    void this.announce('online', [session.userId]);
  }

  remove(socket: WebSocket, session: Session) {
    const connections = this.byUser.get(session.userId);
    if (!connections) return;
    for (const connection of connections) if (connection.socket === socket) connections.delete(connection);
    if (connections.size > 0) return;
    this.byUser.delete(session.userId);
    if (!this.isOnline(session.userId)) this.broadcastLocal({ method: 'Offline', userId: session.userId });
    void this.announce('offline', [session.userId]);
  }

  onlineUsers(): string[] {
    const all = new Set(this.byUser.keys());
    for (const { users } of this.remote.values()) for (const userId of users) all.add(userId);
    return [...all];
  }

  /** Users with a socket on this instance. */
  localCount(): number {
    return this.byUser.size;
  }

  push(userIds: string[], frame: Frame) {
    return pushToSockets(this.services, userIds, frame);
  }

  private sendLocal(userIds: string[], frame: Frame) {
    const text = JSON.stringify(frame);
    for (const userId of userIds) {
      const connections = this.byUser.get(userId);
      if (connections) for (const { socket } of connections) socket.send(text);
    }
  }

  private broadcastLocal(frame: Frame, exceptUserId?: string) {
    const text = JSON.stringify(frame);
    for (const [userId, connections] of this.byUser) {
      if (userId === exceptUserId) continue;
      for (const { socket } of connections) socket.send(text);
    }
  }

  /** messagePush with fresh unread counts to the recipients connected here. */
  private async onDelivered(event: MessagesDelivered) {
    const local = event.receipts.filter(([userId]) => this.byUser.has(userId));
    if (local.length === 0) return;
    const counts = await this.inbox.unreadCounts(local.map(([userId]) => userId));
    for (const [userId, receiptId] of local) {
      this.sendLocal([userId], {
        method: 'messagePush',
        id: receiptId,
        userId,
        toUserId: userId,
        title: event.title,
        messageType: event.type,
        ...counts.get(userId),
      });
    }
  }

  /** logout to the sockets of ended sessions held here, once the end is committed; then closes them. */
  private async onSessionsEnded(event: SessionsEnded) {
    const ids = new Set(event.sessions.map((s) => s.id));
    const targets: Connection[] = [];
    for (const { userId } of event.sessions)
      for (const connection of this.byUser.get(userId) ?? [])
        if (ids.has(connection.session.id)) targets.push(connection);
    if (targets.length === 0) return;
    const sessionIds = [...new Set(targets.map((t) => t.session.id))];
    const committed = await whenCommitted(
      async () => {
        const ended = await this.services.db
          .select({ id: userSessions.id })
          .from(userSessions)
          .where(and(inArray(userSessions.id, sessionIds), isNotNull(userSessions.endedTime)));
        return ended.length === sessionIds.length;
      },
      () => this.stopped,
    );
    if (!committed) return;
    for (const { socket, session } of targets) {
      socket.send(JSON.stringify({ method: 'logout', token: session.token, msg: LOGOUT_TEXT[event.reason] }));
      socket.close(4001, 'session ended');
    }
  }

  closeAll() {
    this.stopped = true;
    clearInterval(this.heartbeat);
    const userIds = [...this.byUser.keys()];
    for (const connections of this.byUser.values())
      for (const { socket } of connections) socket.close(1001, 'server shutting down');
    this.byUser.clear();
    return this.announce('offline', userIds);
  }
}
