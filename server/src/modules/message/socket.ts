import { MessageListFrame, SendMessageFrame, UpdateReadFrame } from '@console/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { WebSocket } from 'ws';
import { BizError } from '../../core/errors.js';
import { Messages } from '../../core/messages.js';
import type { Session } from '../../core/sessions.js';
import { parseInput } from '../../core/validation.js';
import type { Services } from '../../services.js';
import { avatarOf } from '../file/avatar.js';
import type { ChatService } from './chat/service.js';
import type { Frame, SocketHub } from './hub.js';
import type { InboxService } from './inbox/service.js';

const SOCKET_PATHS = ['/api/message/websocket/:token', '/websocket/:token'];

/** Frames one socket may send per second; more are dropped before any work (one error frame per second says so). */
const FRAMES_PER_SECOND = 30;
const TOO_FAST = '发送过于频繁，请稍后再试';

/**
 * Same-origin pages, and those of SOCKET_ALLOWED_ORIGINS: a browser always sends Origin on a
 * socket handshake.
 */
function allowedOrigin(req: FastifyRequest, allowed: readonly string[]): boolean {
  const origin = req.headers.origin;
  if (!origin) return true; // Not a browser (app clients, tools): the token still decides.
  try {
    const url = new URL(origin);
    return url.host === req.headers.host || allowed.includes(url.origin);
  } catch {
    return false;
  }
}

/** The method a dropped frame named, for its error frame (no full parse of what is not handled). */
function methodOf(raw: unknown): string {
  return /"method"\s*:\s*"([A-Za-z]{1,40})"/.exec(String(raw).slice(0, 200))?.[1] ?? '';
}

export function registerSocket(
  app: FastifyInstance,
  services: Services,
  parts: { hub: SocketHub; inbox: InboxService; chat: ChatService },
) {
  const { hub, inbox, chat } = parts;
  const idleTimeout = async () => (await services.sysConfig.get()).tokenTimeout * 60_000;

  const send = (socket: WebSocket, frame: Frame) => socket.send(JSON.stringify(frame));

  async function initMessage(session: Session): Promise<Frame> {
    const [counts, unreadNums, latest] = await Promise.all([
      inbox.unreadCounts([session.userId]),
      chat.unreadNums(session.userId),
      inbox.latest(session.userId),
    ]);
    return {
      method: 'initMessage',
      userId: session.userId,
      onlineUsers: hub.onlineUsers(),
      unreadNums,
      ...counts.get(session.userId),
      messageDefaultText: latest?.title ?? '',
      messageDefaultTime: latest?.releaseTime ?? null,
    };
  }

  /** Handles one client frame; a refused one is answered with an error frame. */
  async function handle(socket: WebSocket, session: Session, frame: Frame) {
    if (frame.method === 'OnConnection') {
      // The token is checked again: the session may have ended since the handshake.
      let current: Session | undefined;
      if (frame.token === session.token)
        current = await services.sessions
          .resolve(String(frame.token), await idleTimeout())
          .catch(() => undefined);
      if (current?.id !== session.id) {
        send(socket, { method: 'logout', token: String(frame.token ?? ''), msg: Messages.tokenInvalid });
        socket.close(4001, 'token mismatch');
        return;
      }
      send(socket, await initMessage(session));
      return;
    }
    if (frame.token !== undefined && frame.token !== session.token) return;
    // As for every HTTP call: the session may have expired or owe a new password since the handshake.
    let current: Session;
    try {
      current = await services.sessions.resolve(session.token, await idleTimeout());
    } catch (error) {
      if (!(error instanceof BizError)) throw error;
      send(socket, { method: 'logout', token: session.token, msg: error.message });
      socket.close(4001, 'session ended');
      return;
    }
    if (current.mustChangePassword) throw new BizError(400, Messages.mustChangePassword);
    switch (frame.method) {
      case 'SendMessage': {
        const sent = await chat.send(session.userId, parseInput(SendMessageFrame, frame));
        const common = { messageType: sent.contentType, dateTime: sent.sendTime, latestDate: sent.sendTime };
        await Promise.all([
          hub.push([sent.receiveUserId], {
            method: 'receiveMessage',
            formUserId: sent.sendUserId,
            formMessage: sent.content,
            realName: sent.sender.realName,
            account: sent.sender.account,
            headIcon: avatarOf(sent.sender.headIcon),
            ...common,
          }),
          hub.push([sent.sendUserId], {
            method: 'sendMessage',
            toUserId: sent.receiveUserId,
            toMessage: sent.content,
            toAccount: sent.receiver.account,
            toRealName: sent.receiver.realName,
            toHeadIcon: avatarOf(sent.receiver.headIcon),
            ...common,
          }),
        ]);
        return;
      }
      case 'MessageList': {
        const page = await chat.history(session.userId, parseInput(MessageListFrame, frame));
        send(socket, { method: 'messageList', ...page });
        return;
      }
      case 'UpdateReadMessage': {
        await chat.markRead(session.userId, parseInput(UpdateReadFrame, frame).formUserId);
        return;
      }
      default:
        throw new BizError(400, `不支持的消息类型：${String(frame.method).slice(0, 50)}`);
    }
  }

  for (const url of SOCKET_PATHS) {
    app.get<{ Params: { token: string } }>(
      url,
      {
        websocket: true,
        // Checked before the upgrade: a bad token or a foreign page never gets a socket.
        preValidation: async (req, reply) => {
          if (!allowedOrigin(req, services.config.SOCKET_ALLOWED_ORIGINS))
            return reply.status(403).send({ code: 400, msg: '不允许的来源', data: null });
          try {
            req.session = await services.sessions.resolve(req.params.token, await idleTimeout());
          } catch (error) {
            if (!(error instanceof BizError)) throw error;
            return reply.status(401).send({ code: error.code, msg: error.message, data: null });
          }
        },
      },
      (socket, req) => {
        const session = req.session as Session;
        hub.add(socket, session);
        socket.on('close', () => hub.remove(socket, session));
        let windowStart = 0;
        let inWindow = 0;
        socket.on('message', (raw) => {
          const now = Date.now();
          if (now - windowStart >= 1000) {
            windowStart = now;
            inWindow = 0;
          }
          inWindow += 1;
          if (inWindow > FRAMES_PER_SECOND) {
            if (inWindow === FRAMES_PER_SECOND + 1)
              send(socket, { method: 'error', request: methodOf(raw), msg: TOO_FAST });
            return;
          }
          let frame: Frame;
          try {
            frame = JSON.parse(String(raw)) as Frame;
          } catch {
            return;
          }
          if (!frame || typeof frame !== 'object') return;
          handle(socket, session, frame).catch((error) => {
            if (error instanceof BizError)
              send(socket, { method: 'error', request: frame.method, msg: error.message });
            else req.log.error({ err: error }, 'socket frame failed');
          });
        });
      },
    );
  }
}
