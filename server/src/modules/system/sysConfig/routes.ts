import { DingTalkTestBody, QyWebChatTestBody, SetAdminListBody, SysConfigFields } from '@console/shared';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { badRequest } from '../../../core/errors.js';
import { answer, defineRoute, holdsAny } from '../../../core/route.js';
import { bumpStamp, StampKey } from '../../../core/stamps.js';
import { users } from '../../../db/schema/index.js';
import type { Services } from '../../../services.js';
import { sysConfigInfo } from '../../oauth/currentUser.js';
import { openSecret } from '../../systemData/secrets.js';
import { SYS_CONFIG_DEFAULTS, SYS_CONFIG_SECRETS, type SysConfigValues } from './defaults.js';
import {
  DataType,
  dingTalkToken,
  synchronise,
  synTotals,
  ThirdPartyMessages,
  ThirdType,
  weComToken,
} from './thirdParty.js';

const MODULE = 'system.sysConfig';

/**
 * Credentials are never sent back; the page shows this mask, and a save that returns it (or leaves
 * the key out) keeps the stored value. Saved empty, a credential is removed.
 */
export const SECRET_MASK = '******';
const unmask = (value: string | undefined) => (value === SECRET_MASK ? undefined : value);

export const SysConfigMessages = {
  saved: '保存成功',
  adminsSaved: '设置成功',
  noAdmin: '至少需要保留一名超级管理员',
  notSelf: '不能取消自己的超级管理员身份',
  userMissing: '所选用户不存在',
  badThirdType: '类型只能为1（企业微信）或2（钉钉）',
} as const;

/**
 * PUT body: every known setting optional; settings the shared schema does not name yet are
 * accepted with the type of their default. Unknown keys are refused.
 */
function updateSchema() {
  const shape: Record<string, z.ZodType> = {};
  const named = SysConfigFields as Record<string, z.ZodType>;
  for (const [key, value] of Object.entries(SYS_CONFIG_DEFAULTS)) {
    shape[key] = (
      named[key] ??
      (typeof value === 'number'
        ? z.coerce
            .number({ message: `${key}必须是数字` })
            .int()
            .min(0)
            .max(1_000_000)
        : z.string().max(2000, `${key}最多为2000个字符`))
    ).optional();
  }
  return z.strictObject(shape, {
    error: (issue) =>
      issue.code === 'unrecognized_keys' ? `未知的配置项：${issue.keys.join('、')}` : undefined,
  });
}

const ThirdTypeParams = z.object({
  type: z.coerce
    .number({ message: SysConfigMessages.badThirdType })
    .refine((v) => v === ThirdType.WeCom || v === ThirdType.DingTalk, SysConfigMessages.badThirdType),
});

export function registerSysConfigRoutes(app: FastifyInstance, services: Services) {
  const UpdateBody = updateSchema();

  defineRoute(app, services, {
    method: 'GET',
    url: '/api/system/SysConfig',
    // Every user's layout reads the password rules here (the forced change of an initial
    // password among them); the whole page's settings are for holders of the page.
    access: 'session',
    allowDuringPasswordChange: true,
    handler: async ({ stamps, session }) => {
      const config = await services.sysConfig.get(stamps.sysConfig);
      if (session.mustChangePassword || !(await holdsAny(services, session, [MODULE]))) {
        return sysConfigInfo(config);
      }
      const values: Record<string, unknown> = { ...config };
      for (const key of SYS_CONFIG_SECRETS) if (values[key]) values[key] = SECRET_MASK;
      return values;
    },
  });

  defineRoute(app, services, {
    method: 'PUT',
    url: '/api/system/SysConfig',
    access: { module: MODULE, button: 'btn_save' },
    body: UpdateBody,
    handler: async ({ body, session }) => {
      const changes = Object.fromEntries(
        Object.entries(body).filter(([, v]) => v !== undefined && v !== SECRET_MASK),
      );
      await services.db.transaction(async (tx) => {
        await services.sysConfig.write(tx, changes as Partial<SysConfigValues>, session.userId);
        await services.sysConfig.resealKept(tx, Object.keys(changes), session.userId);
      });
      await services.sysConfig.invalidate();
      return answer(null, SysConfigMessages.saved);
    },
  });

  defineRoute(app, services, {
    method: 'GET',
    url: '/api/system/SysConfig/getAdminList',
    access: { module: MODULE },
    handler: async () => ({
      list: await services.db
        .select({ id: users.id, account: users.account, realName: users.realName, headIcon: users.headIcon })
        .from(users)
        .where(and(eq(users.isAdministrator, 1), eq(users.deleteMark, 0)))
        .orderBy(asc(users.sortCode), asc(users.account)),
    }),
  });

  defineRoute(app, services, {
    method: 'PUT',
    url: '/api/system/SysConfig/setAdminList',
    access: { module: MODULE, button: 'btn_setAdmin' },
    body: SetAdminListBody,
    handler: async ({ body, session }) => {
      const ids = [...new Set(body.adminIds)];
      if (ids.length === 0) throw badRequest(SysConfigMessages.noAdmin);
      if (!ids.includes(session.userId)) throw badRequest(SysConfigMessages.notSelf);
      await services.db.transaction(async (tx) => {
        const found = await tx
          .select({ id: users.id })
          .from(users)
          .where(and(inArray(users.id, ids), eq(users.deleteMark, 0)));
        if (found.length !== ids.length) throw badRequest(SysConfigMessages.userMissing);
        const now = Date.now();
        await tx
          .update(users)
          .set({
            isAdministrator: sql`CASE WHEN ${inArray(users.id, ids)} THEN 1 ELSE 0 END`,
            version: sql`${users.version} + 1`,
            lastModifyTime: now,
            lastModifyUserId: session.userId,
          })
          .where(sql`(${users.isAdministrator} = 1) <> (${inArray(users.id, ids)})`);
      });
      await bumpStamp(services.kv, StampKey.authorization);
      return answer(null, SysConfigMessages.adminsSaved);
    },
  });

  /** type 0: the application's secret (qyhAgentSecret); 1: the directory secret (qyhCorpSecret). */
  defineRoute(app, services, {
    method: 'POST',
    url: '/api/system/SysConfig/:type/testQyWebChatConnect',
    access: { module: MODULE, button: 'btn_test' },
    params: z.object({ type: z.enum(['0', '1'], { message: '类型只能为0（应用）或1（通讯录同步）' }) }),
    body: QyWebChatTestBody,
    handler: async ({ params, body, stamps }) => {
      const config = await services.sysConfig.get(stamps.sysConfig);
      const corpId = body.qyhCorpId || config.qyhCorpId;
      const secret =
        params.type === '0'
          ? unmask(body.qyhAgentSecret) || openSecret(config.qyhAgentSecret)
          : unmask(body.qyhCorpSecret) || openSecret(config.qyhCorpSecret);
      if (!corpId || !secret)
        throw badRequest(
          params.type === '0' ? ThirdPartyMessages.weComAgentMissing : ThirdPartyMessages.weComMissing,
        );
      await weComToken(config.qyhBaseUrl, corpId, secret);
      return answer(null, ThirdPartyMessages.connected);
    },
  });

  defineRoute(app, services, {
    method: 'POST',
    url: '/api/system/SysConfig/testDingTalkConnect',
    access: { module: MODULE, button: 'btn_test' },
    body: DingTalkTestBody,
    handler: async ({ body, stamps }) => {
      const config = await services.sysConfig.get(stamps.sysConfig);
      const appKey = body.dingSynAppKey || config.dingSynAppKey;
      const appSecret = unmask(body.dingSynAppSecret) || openSecret(config.dingSynAppSecret);
      if (!appKey || !appSecret) throw badRequest(ThirdPartyMessages.dingMissing);
      await dingTalkToken(config.dingBaseUrl, appKey, appSecret);
      return answer(null, ThirdPartyMessages.connected);
    },
  });

  // ----- third-party directory sync (/api/system/SynThirdInfo) -----

  defineRoute(app, services, {
    method: 'GET',
    url: '/api/system/SynThirdInfo/getSynThirdTotal/:type',
    access: { module: MODULE },
    params: ThirdTypeParams,
    handler: ({ params }) => synTotals(services.db, params.type as ThirdType),
  });

  const syncRoutes = [
    ['synAllOrganizeSysToQy', ThirdType.WeCom, DataType.Organize],
    ['synAllUserSysToQy', ThirdType.WeCom, DataType.User],
    ['synAllOrganizeSysToDing', ThirdType.DingTalk, DataType.Organize],
    ['synAllUserSysToDing', ThirdType.DingTalk, DataType.User],
  ] as const;
  for (const [name, thirdType, dataType] of syncRoutes) {
    defineRoute(app, services, {
      method: 'GET',
      url: `/api/system/SynThirdInfo/${name}`,
      access: { module: MODULE, button: 'btn_sync' },
      query: z.object({ type: z.string().max(10).optional() }),
      handler: async ({ stamps }) => {
        const config = await services.sysConfig.get(stamps.sysConfig);
        const message = await synchronise(services.db, config, thirdType, dataType);
        return answer(await synTotals(services.db, thirdType), message);
      },
    });
  }
}
