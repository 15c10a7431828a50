import type { HomeOverview, SignInRecord } from '@console/shared';
import { and, count, desc, eq, gt, gte, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { chinaDay, chinaDayStart } from '../../core/calendar.js';
import { defineRoute } from '../../core/route.js';
import type { Db } from '../../db/client.js';
import { logs, organizes, roles, userSessions, users } from '../../db/schema/index.js';
import type { Services } from '../../services.js';
import { signInColumns } from '../permission/current/service.js';

const RECENT = 10;
export const startOfToday = (now = Date.now()) => chinaDayStart(chinaDay(now));

const total = async (query: Promise<{ n: number }[]>) => (await query)[0]?.n ?? 0;

/** What an administrator's home page shows: the size of the directory and who is signing in. */
async function adminOverview(db: Db, idleTimeoutMs: number): Promise<HomeOverview> {
  const now = Date.now();
  const [userCount, organizeCount, roleCount, onlineSessions, signInsToday, recent] = await Promise.all([
    total(db.select({ n: count() }).from(users).where(eq(users.deleteMark, 0))),
    total(db.select({ n: count() }).from(organizes).where(eq(organizes.deleteMark, 0))),
    total(db.select({ n: count() }).from(roles).where(eq(roles.deleteMark, 0))),
    total(
      db
        .select({ n: count() })
        .from(userSessions)
        .where(and(isNull(userSessions.endedTime), gt(userSessions.lastActiveTime, now - idleTimeoutMs))),
    ),
    total(
      db
        .select({ n: count() })
        .from(logs)
        .where(and(eq(logs.category, 1), eq(logs.loginMark, 1), gte(logs.creatorTime, startOfToday(now)))),
    ),
    db
      .select(signInColumns)
      .from(logs)
      .where(and(eq(logs.category, 1), eq(logs.loginMark, 1)))
      .orderBy(desc(logs.creatorTime), desc(logs.id))
      .limit(RECENT),
  ]);
  return {
    isAdministrator: true,
    counts: {
      users: userCount,
      organizes: organizeCount,
      roles: roleCount,
      onlineSessions,
      signInsToday,
    },
    recentSignIns: recent as SignInRecord[],
  };
}

/** Everyone else sees their own latest sign-ins (failed attempts on their account included). */
async function ownOverview(db: Db, userId: string): Promise<HomeOverview> {
  const recent = await db
    .select(signInColumns)
    .from(logs)
    .where(and(eq(logs.category, 1), eq(logs.userId, userId)))
    .orderBy(desc(logs.creatorTime), desc(logs.id))
    .limit(RECENT);
  return { isAdministrator: false, recentSignIns: recent as SignInRecord[] };
}

export function registerHomeRoutes(app: FastifyInstance, services: Services) {
  defineRoute(app, services, {
    method: 'GET',
    url: '/api/home/Overview',
    access: 'session',
    handler: async ({ session, stamps }): Promise<HomeOverview> => {
      if (!session.isAdministrator) return ownOverview(services.db, session.userId);
      const config = await services.sysConfig.get(stamps.sysConfig);
      return adminOverview(services.db, config.tokenTimeout * 60_000);
    },
  });
}
