import { OnlineUserIdsBody, type OnlineUserItem, PageQuery } from '@console/shared';
import { and, desc, eq, gt, inArray, isNull, or, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { badRequest } from '../../../core/errors.js';
import { answer, defineRoute } from '../../../core/route.js';
import type { Session } from '../../../core/sessions.js';
import { readStamps } from '../../../core/stamps.js';
import { assertFixedOrder } from '../../../db/query.js';
import { userSessions, users } from '../../../db/schema/index.js';
import type { Services } from '../../../services.js';
import { formatTime } from '../../visualdev/display.js';
import { organizeScope, scopeFilter } from '../scope.js';
import { keywordMatch } from '../user/service.js';

const MODULE = 'permission.userOnline';

export const OnlineUserMessages = {
  forced: '强制下线成功',
  notFound: '该用户已下线',
  self: '不能强制下线自己当前的登录',
  partly: '所选登录中有已下线或无权操作的，请刷新后重试',
} as const;

/**
 * Sessions that can still answer: not ended and active within the idle timeout. A grade
 * administrator sees only users of the units it may view and forces off only those of the units
 * it may edit; administrators' sessions are only for administrators to see and end.
 */
async function liveFilter(services: Services, session: Session, action: 'select' | 'edit'): Promise<SQL> {
  const config = await services.sysConfig.get((await readStamps(services.kv)).sysConfig);
  const scope = await organizeScope(services, session, action);
  return and(
    isNull(userSessions.endedTime),
    gt(userSessions.lastActiveTime, Date.now() - config.tokenTimeout * 60_000),
    eq(users.deleteMark, 0),
    session.isAdministrator ? undefined : eq(users.isAdministrator, 0),
    scopeFilter(scope, users.organizeId),
  )!;
}

/** GET/DELETE /api/system/OnlineUser: sessions, never their tokens; forcing one off ends it (code 601). */
export function registerOnlineUserRoutes(app: FastifyInstance, services: Services) {
  defineRoute(app, services, {
    method: 'GET',
    url: '/api/system/OnlineUser',
    access: { module: MODULE },
    query: PageQuery,
    handler: async ({ query, session }): Promise<OnlineUserItem[]> => {
      assertFixedOrder(query.sidx);
      const rows = await services.db
        .select({
          id: userSessions.id,
          userId: userSessions.userId,
          userAccount: users.account,
          realName: users.realName,
          loginTime: userSessions.createdTime,
          lastActiveTime: userSessions.lastActiveTime,
          loginIPAddress: userSessions.ipAddress,
          browser: userSessions.browser,
          platForm: userSessions.platForm,
          origin: userSessions.origin,
        })
        .from(userSessions)
        .innerJoin(users, eq(users.id, userSessions.userId))
        .where(
          and(
            await liveFilter(services, session, 'select'),
            query.keyword ? keywordMatch(query.keyword) : undefined,
          ),
        )
        .orderBy(desc(userSessions.createdTime))
        .limit(10_000);
      // A plain array with the sign-in time as text: what the 3.4.7 client's table shows as is.
      return rows.map(({ realName, ...r }) => ({
        ...r,
        loginTime: formatTime(r.loginTime),
        userName: `${realName}/${r.userAccount}`,
        loginSystem: r.platForm,
        loginPlatForm: r.platForm,
      }));
    },
  });

  /**
   * Ends every chosen session, or none: a choice that includes one the caller may not end is
   * refused whole. An id is a session's or a user's (every live session of that user: the 3.4.7
   * client forces off by the row's userId).
   */
  const force = async (session: Session, chosen: string[]) => {
    const ids = [...new Set(chosen)];
    if (ids.includes(session.id) || ids.includes(session.userId)) throw badRequest(OnlineUserMessages.self);
    const live = await services.db
      .select({ id: userSessions.id, userId: userSessions.userId })
      .from(userSessions)
      .innerJoin(users, eq(users.id, userSessions.userId))
      .where(
        and(
          or(inArray(userSessions.id, ids), inArray(userSessions.userId, ids)),
          await liveFilter(services, session, 'edit'),
        ),
      );
    if (live.length === 0) throw badRequest(OnlineUserMessages.notFound);
    const found = new Set(live.flatMap((l) => [l.id, l.userId]));
    if (ids.some((id) => !found.has(id))) throw badRequest(OnlineUserMessages.partly);
    await services.db.transaction(async (tx) => {
      for (const { id } of live) await services.sessions.end(tx, id, 'forced');
    });
    return answer({ count: live.length }, OnlineUserMessages.forced);
  };

  defineRoute(app, services, {
    method: 'DELETE',
    url: '/api/system/OnlineUser/:id',
    access: { module: MODULE, button: 'btn_forced' },
    params: z.object({ id: z.string().min(1).max(64) }),
    handler: ({ params, session }) => force(session, [params.id]),
  });

  defineRoute(app, services, {
    method: 'DELETE',
    url: '/api/system/OnlineUser',
    access: { module: MODULE, button: 'btn_forced' },
    body: OnlineUserIdsBody,
    handler: ({ body, session }) => force(session, body.ids),
  });
}
