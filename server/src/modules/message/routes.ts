import {
  ImUserQuery,
  InboxQuery,
  NoticeBody,
  NoticeListBody,
  NoticeUpdateBody,
  ReadAllBody,
  RecordDeleteBody,
} from '@console/shared';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { answer, defineRoute } from '../../core/route.js';
import type { Services } from '../../services.js';
import { ChatMessages, ChatService } from './chat/service.js';
import { SocketHub } from './hub.js';
import { InboxMessages, InboxService } from './inbox/service.js';
import { NoticeMessages, NoticeService } from './notice/service.js';
import { registerSocket } from './socket.js';

const NOTICE = 'system.notice';
const IdParams = z.object({ id: z.string().trim().min(1, '缺少编号').max(64, '编号格式错误') });

/** Notices, the inbox, internal chat and the live socket (console.md 2.5, 7 Messages). */
export function registerMessageRoutes(app: FastifyInstance, services: Services) {
  const inbox = new InboxService(services.db);
  const chat = new ChatService(services.db);
  const notices = new NoticeService(services);
  const hub = new SocketHub(services, inbox);
  app.addHook('onReady', () => hub.start());
  app.addHook('preClose', () => hub.closeAll());
  app.addHook('onClose', () => services.bus.close());
  registerSocket(app, services, { hub, inbox, chat });

  // ----- The signed-in user's messages -----

  defineRoute(app, services, {
    method: 'GET',
    url: '/api/message',
    access: 'session',
    query: InboxQuery,
    handler: ({ query, session }) => inbox.list(session.userId, query),
  });

  defineRoute(app, services, {
    method: 'GET',
    url: '/api/message/UnreadCount',
    access: 'session',
    handler: async ({ session }) => {
      const [counts, unreadNums] = await Promise.all([
        inbox.unreadCounts([session.userId]),
        chat.unreadNums(session.userId),
      ]);
      return { ...counts.get(session.userId), unreadNums };
    },
  });

  defineRoute(app, services, {
    method: 'GET',
    url: '/api/message/ReadInfo/:id',
    access: 'session',
    params: IdParams,
    handler: ({ params, session }) => inbox.readInfo(session.userId, params.id),
  });

  defineRoute(app, services, {
    method: 'POST',
    url: '/api/message/Actions/ReadAll',
    access: 'session',
    body: ReadAllBody,
    handler: async ({ body, session }) => {
      await inbox.readAll(session.userId, body.type);
      return answer(null, InboxMessages.readAll);
    },
  });

  defineRoute(app, services, {
    method: 'DELETE',
    url: '/api/message/Record',
    access: 'session',
    body: RecordDeleteBody,
    handler: async ({ body, session }) => {
      await services.db.transaction((tx) => inbox.remove(tx, session.userId, body.ids));
      return answer(null, InboxMessages.deleted);
    },
  });

  // ----- Notice administration (system/notice) -----

  defineRoute(app, services, {
    method: 'POST',
    url: '/api/message/Notice',
    access: { module: NOTICE },
    body: NoticeListBody,
    handler: ({ body }) => notices.list(body),
  });

  defineRoute(app, services, {
    method: 'POST',
    url: '/api/message',
    access: { module: NOTICE, button: 'btn_add' },
    body: NoticeBody,
    handler: async ({ body, session }) =>
      answer({ id: await notices.create(body, session.userId) }, NoticeMessages.created),
  });

  defineRoute(app, services, {
    method: 'GET',
    url: '/api/message/:id',
    access: { module: NOTICE },
    params: IdParams,
    handler: ({ params }) => notices.info(params.id),
  });

  defineRoute(app, services, {
    method: 'PUT',
    url: '/api/message/:id',
    access: { module: NOTICE, button: 'btn_edit' },
    params: IdParams,
    body: NoticeUpdateBody,
    handler: async ({ params, body, session }) => {
      await notices.update(params.id, body, session.userId);
      return answer(null, NoticeMessages.updated);
    },
  });

  defineRoute(app, services, {
    method: 'DELETE',
    url: '/api/message/:id',
    access: { module: NOTICE, button: 'btn_remove' },
    params: IdParams,
    handler: async ({ params, session }) => {
      await notices.remove(params.id, session.userId);
      return answer(null, NoticeMessages.deleted);
    },
  });

  defineRoute(app, services, {
    method: 'PUT',
    url: '/api/message/:id/Actions/Release',
    access: { module: NOTICE, button: 'btn_release' },
    params: IdParams,
    handler: async ({ params, session }) =>
      answer({ receivers: await notices.release(params.id, session.userId) }, NoticeMessages.released),
  });

  // ----- Internal chat -----

  defineRoute(app, services, {
    method: 'GET',
    url: '/api/message/imreply',
    access: 'session',
    handler: ({ session }) => chat.replies(session.userId),
  });

  defineRoute(app, services, {
    method: 'DELETE',
    url: '/api/message/imreply/relocation/:id',
    access: 'session',
    params: IdParams,
    handler: async ({ params, session }) => {
      await chat.relocate(session.userId, params.id);
      return answer(null, ChatMessages.removed);
    },
  });

  defineRoute(app, services, {
    method: 'DELETE',
    url: '/api/message/imreply/deleteChatRecord/:id',
    access: 'session',
    params: IdParams,
    handler: async ({ params, session }) => {
      await chat.clearHistory(session.userId, params.id);
      return answer(null, ChatMessages.cleared);
    },
  });

  defineRoute(app, services, {
    method: 'GET',
    url: '/api/permission/Users/ImUser',
    access: 'session',
    query: ImUserQuery,
    handler: ({ query, session }) => chat.contacts(session.userId, query),
  });

  // POST /api/permission/Users/ImUser/Selector/{id} is the user picker's (permission/user/routes.ts).
}
