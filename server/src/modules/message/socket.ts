import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { WebSocket } from 'ws';
import { BizError } from '../../core/errors.js';
import type { Session } from '../../core/sessions.js';
import type { Services } from '../../services.js';

/** The live socket's frames are JSON objects with a `method` (api-contract.md, Live socket). */
interface Frame {
  method: string;
  [key: string]: unknown;
}

const SOCKET_PATHS = ['/api/message/websocket/:token', '/websocket/:token'];

/**
 * Sockets held by this instance, by user. Message delivery across instances (through Redis)
 * and the chat methods arrive with the message centre.
 */
export class SocketHub {
  private readonly byUser = new Map<string, Set<WebSocket>>();

  add(userId: string, socket: WebSocket): boolean {
    const sockets = this.byUser.get(userId) ?? new Set();
    const first = sockets.size === 0;
    sockets.add(socket);
    this.byUser.set(userId, sockets);
    return first;
  }

  /** Returns true when the user has no socket left here. */
  remove(userId: string, socket: WebSocket): boolean {
    const sockets = this.byUser.get(userId);
    if (!sockets) return false;
    sockets.delete(socket);
    if (sockets.size > 0) return false;
    this.byUser.delete(userId);
    return true;
  }

  onlineUsers(): string[] {
    return [...this.byUser.keys()];
  }

  broadcast(frame: Frame, exceptUserId?: string) {
    const text = JSON.stringify(frame);
    for (const [userId, sockets] of this.byUser) {
      if (userId === exceptUserId) continue;
      for (const socket of sockets) socket.send(text);
    }
  }

  closeAll() {
    for (const sockets of this.byUser.values())
      for (const socket of sockets) socket.close(1001, 'server shutting down');
    this.byUser.clear();
  }
}

/** Same-origin pages only: a browser always sends Origin on a socket handshake. */
function sameOrigin(req: FastifyRequest): boolean {
  const origin = req.headers.origin;
  if (!origin) return true; // Not a browser (app clients, tools): the token still decides.
  try {
    return new URL(origin).host === req.headers.host;
  } catch {
    return false;
  }
}

export function registerSocket(app: FastifyInstance, services: Services) {
  const hub = new SocketHub();
  app.addHook('preClose', async () => hub.closeAll());

  for (const url of SOCKET_PATHS) {
    app.get<{ Params: { token: string } }>(
      url,
      {
        websocket: true,
        // Checked before the upgrade: a bad token or a foreign page never gets a socket.
        preValidation: async (req, reply) => {
          if (!sameOrigin(req)) return reply.status(403).send({ code: 400, msg: '不允许的来源', data: null });
          const config = await services.sysConfig.get();
          try {
            req.session = await services.sessions.resolve(req.params.token, config.tokenTimeout * 60_000);
          } catch (error) {
            if (!(error instanceof BizError)) throw error;
            return reply.status(401).send({ code: error.code, msg: error.message, data: null });
          }
        },
      },
      (socket, req) => {
        const session = req.session as Session;
        if (hub.add(session.userId, socket))
          hub.broadcast({ method: 'Online', userId: session.userId }, session.userId);
        socket.on('close', () => {
          if (hub.remove(session.userId, socket))
            hub.broadcast({ method: 'Offline', userId: session.userId });
        });
        socket.on('message', (raw) => {
          let frame: Frame;
          try {
            frame = JSON.parse(String(raw)) as Frame;
          } catch {
            return;
          }
          if (frame.method === 'OnConnection') {
            if (frame.token !== session.token) {
              socket.send(
                JSON.stringify({
                  method: 'logout',
                  token: frame.token ?? '',
                  msg: '登录凭证无效,请重新登录',
                }),
              );
              socket.close(4001, 'token mismatch');
              return;
            }
            socket.send(
              JSON.stringify({
                method: 'initMessage',
                userId: session.userId,
                onlineUsers: hub.onlineUsers(),
                // No message has been sent to anyone before the message centre exists.
                unreadNums: [],
                unreadNoticeCount: 0,
                unreadMessageCount: 0,
                unreadSystemMessageCount: 0,
                unreadScheduleCount: 0,
                unreadTotalCount: 0,
                messageDefaultText: '',
                messageDefaultTime: null,
              }),
            );
          }
        });
      },
    );
  }
}
