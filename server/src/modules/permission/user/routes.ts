import {
  DefaultCurrentValueBody,
  ImportListBody,
  ImportPreviewQuery,
  KeywordBody,
  PageQuery,
  ResetPasswordBody,
  UserBody,
  UserConditionBody,
  UserIdsBody,
  UserListQuery,
  UserSelectorQuery,
  UsersByObjectQuery,
  UserUpdateBody,
} from '@console/shared';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { badRequest } from '../../../core/errors.js';
import { answer, defineRoute } from '../../../core/route.js';
import type { Session } from '../../../core/sessions.js';
import { assertFixedOrder } from '../../../db/query.js';
import { users } from '../../../db/schema/index.js';
import type { Services } from '../../../services.js';
import { issueDownload, registerDownload } from '../../file/download.js';
import { withMultipart } from '../../file/multipart.js';
import {
  acceptUpload,
  exceptionFile,
  exportFile,
  ImportMessages,
  importAnswer,
  importRows,
  preview,
  readImportFile,
  templateFile,
} from './importExport.js';
import { UserPickerService } from './pickers.js';
import { registerUserRelationRoutes } from './relation.js';
import { USER_MODULE, UserMessages, UserService } from './service.js';

const IdParams = z.object({ id: z.string().min(1).max(64) });
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * A download is produced when its address is fetched, with the rights the user who asked for it
 * has at that moment (grade scope, data and form rules).
 */
async function sessionOf(services: Services, userId: string): Promise<Session> {
  const [row] = await services.db.select().from(users).where(eq(users.id, userId)).limit(1);
  if (row?.deleteMark !== 0 || row.enabledMark !== 1) throw badRequest(UserMessages.notFound);
  return {
    id: '',
    userId: row.id,
    account: row.account,
    realName: row.realName,
    organizeId: row.organizeId,
    isAdministrator: row.isAdministrator === 1,
    mustChangePassword: row.mustChangePassword === 1,
    origin: 'pc',
    token: '',
    userVersion: row.version,
    lastLogTime: row.lastLogTime,
  };
}

export function registerUserRoutes(app: FastifyInstance, services: Services) {
  const service = new UserService(services);
  const pickers = new UserPickerService(services);
  const silent = { warn: () => undefined };
  registerUserRelationRoutes(app, services);

  registerDownload('userTemplate', async () => ({ body: await templateFile(), contentType: XLSX }));
  registerDownload('userImportErrors', async (_s, payload) => ({
    body: await exceptionFile(payload as Record<string, unknown>[]),
    contentType: XLSX,
  }));
  registerDownload('userExport', async (s, payload, userId) => ({
    body: await exportFile(
      s,
      new UserService(s),
      await sessionOf(s, userId),
      UserListQuery.parse(payload),
      silent,
    ),
    contentType: XLSX,
  }));

  // ----- The user page (permission.user) -----

  defineRoute(app, services, {
    method: 'GET',
    url: '/api/permission/Users',
    access: { module: USER_MODULE },
    query: UserListQuery,
    handler: ({ query, session, req, stamps }) => service.list(session, query, req.log, stamps.authorization),
  });

  defineRoute(app, services, {
    method: 'POST',
    url: '/api/permission/Users',
    access: { module: USER_MODULE, button: 'btn_add' },
    body: UserBody,
    // The generated initial password is answered this once (data.password), never again.
    handler: async ({ body, session, req }) =>
      answer(await service.create(session, body, req.body), UserMessages.created),
  });

  defineRoute(app, services, {
    method: 'GET',
    url: '/api/permission/Users/TemplateDownload',
    access: { module: USER_MODULE, button: 'btn_import' },
    handler: ({ session }) =>
      issueDownload(services, {
        kind: 'userTemplate',
        fileName: '用户信息导入模板.xlsx',
        payload: null,
        userId: session.userId,
      }),
  });

  defineRoute(app, services, {
    method: 'GET',
    url: '/api/permission/Users/ImportPreview',
    access: { module: USER_MODULE, button: 'btn_import' },
    query: ImportPreviewQuery,
    handler: ({ query, session }) => preview(services, session, query.fileName),
  });

  defineRoute(app, services, {
    method: 'POST',
    url: '/api/permission/Users/ImportData',
    access: { module: USER_MODULE, button: 'btn_import' },
    body: ImportListBody,
    handler: async ({ body, session }) => {
      const result = await importRows(services, session, body.list);
      return importAnswer(result);
    },
  });

  defineRoute(app, services, {
    method: 'POST',
    url: '/api/permission/Users/ExportExceptionData',
    access: { module: USER_MODULE, button: 'btn_import' },
    body: ImportListBody,
    handler: ({ body, session }) =>
      issueDownload(services, {
        kind: 'userImportErrors',
        fileName: '用户导入错误报告.xlsx',
        payload: body.list,
        userId: session.userId,
      }),
  });

  defineRoute(app, services, {
    method: 'GET',
    url: '/api/permission/Users/ExportExcel',
    access: { module: USER_MODULE, button: 'btn_export' },
    query: UserListQuery,
    handler: ({ query, session }) =>
      issueDownload(services, {
        kind: 'userExport',
        fileName: '用户信息.xlsx',
        payload: query,
        userId: session.userId,
      }),
  });

  withMultipart(app, (scope) => {
    defineRoute(scope, services, {
      method: 'POST',
      url: '/api/permission/Users/Uploader',
      access: { module: USER_MODULE, button: 'btn_import' },
      handler: async ({ req, session }) => {
        const file = await readImportFile(req);
        return answer(await acceptUpload(services, session, file.content), ImportMessages.uploaded);
      },
    });
  });

  // ----- Pickers: every signed-in user looks people up in forms and flows -----

  defineRoute(app, services, {
    method: 'GET',
    url: '/api/permission/Users/All',
    access: 'session',
    handler: () => pickers.all(),
  });

  defineRoute(app, services, {
    method: 'GET',
    url: '/api/permission/Users/Selector',
    access: 'session',
    query: UserSelectorQuery,
    handler: ({ query }) => pickers.selector(query.organizeId, query.keyword),
  });

  /**
   * The existing clients' user picker (userSelect): with a keyword, a page of matching users from
   * every unit; without, the unit's child units and members (lazy tree, '0' = the top units).
   */
  defineRoute(app, services, {
    method: 'POST',
    url: '/api/permission/Users/ImUser/Selector/:id',
    access: 'session',
    params: IdParams,
    body: PageQuery.default(PageQuery.parse({})),
    handler: ({ params, body }) => {
      assertFixedOrder(body.sidx);
      return pickers.imSelector(params.id, body);
    },
  });

  defineRoute(app, services, {
    method: 'POST',
    url: '/api/permission/Users/getUserList',
    access: 'session',
    body: UserIdsBody,
    handler: ({ body }) => pickers.byIds(body.ids),
  });

  defineRoute(app, services, {
    method: 'POST',
    url: '/api/permission/Users/getSelectedList',
    access: 'session',
    body: UserIdsBody,
    handler: ({ body }) => pickers.selected(body.ids),
  });

  defineRoute(app, services, {
    method: 'POST',
    url: '/api/permission/Users/getSelectedUserList',
    access: 'session',
    body: UserIdsBody,
    handler: ({ body }) => pickers.selectedUsers(body.ids, body),
  });

  defineRoute(app, services, {
    method: 'POST',
    url: '/api/permission/Users/getSubordinates',
    access: 'session',
    body: KeywordBody,
    handler: ({ body, session }) => pickers.subordinates(session, body.keyword),
  });

  defineRoute(app, services, {
    method: 'GET',
    url: '/api/permission/Users/getOrganization',
    access: 'session',
    query: UserSelectorQuery,
    handler: ({ query, session }) => pickers.ofUnit(session, query.organizeId, query.keyword),
  });

  defineRoute(app, services, {
    method: 'GET',
    url: '/api/permission/Users/GetUsersByPositionId',
    access: 'session',
    query: UsersByObjectQuery,
    handler: ({ query }) => {
      assertFixedOrder(query.sidx);
      return pickers.byPosition(query.positionId, query.keyword);
    },
  });

  defineRoute(app, services, {
    method: 'GET',
    url: '/api/permission/Users/getUsersByRoleId',
    access: 'session',
    query: UsersByObjectQuery,
    handler: ({ query }) => {
      assertFixedOrder(query.sidx);
      return pickers.byRole(query.roleId, query.organizeId, query.keyword);
    },
  });

  defineRoute(app, services, {
    method: 'GET',
    url: '/api/permission/Users/GetUsersByRoleOrgId',
    access: 'session',
    query: UsersByObjectQuery,
    handler: ({ query }) => pickers.roleCandidates(query.roleId, query.organizeId, query.keyword),
  });

  defineRoute(app, services, {
    method: 'POST',
    url: '/api/permission/Users/UserCondition',
    access: 'session',
    body: UserConditionBody,
    handler: ({ body }) => {
      assertFixedOrder(body.sidx);
      return pickers.condition(body);
    },
  });

  defineRoute(app, services, {
    method: 'POST',
    url: '/api/permission/Users/getDefaultCurrentValueUserId',
    access: 'session',
    body: DefaultCurrentValueBody,
    handler: ({ body, session }) => pickers.defaultCurrentValue(session, body),
  });

  defineRoute(app, services, {
    method: 'POST',
    url: '/api/permission/Users/GetListByAuthorize/:id',
    access: 'session',
    params: IdParams,
    body: PageQuery,
    handler: ({ params, body, session }) => {
      assertFixedOrder(body.sidx);
      return pickers.byAuthorize(session, params.id, body);
    },
  });

  // ----- One user -----

  defineRoute(app, services, {
    method: 'GET',
    url: '/api/permission/Users/:id',
    access: { module: USER_MODULE },
    params: IdParams,
    handler: ({ params, session, req }) => service.info(session, params.id, req.log),
  });

  defineRoute(app, services, {
    method: 'PUT',
    url: '/api/permission/Users/:id',
    access: { module: USER_MODULE, button: 'btn_edit' },
    params: IdParams,
    body: UserUpdateBody,
    handler: async ({ params, body, session, req }) => {
      await service.update(session, params.id, body, req.body, req.log);
      return answer(null, UserMessages.updated);
    },
  });

  defineRoute(app, services, {
    method: 'DELETE',
    url: '/api/permission/Users/:id',
    access: { module: USER_MODULE, button: 'btn_remove' },
    params: IdParams,
    handler: async ({ params, session, req }) => {
      await service.remove(session, params.id, req.log);
      return answer(null, UserMessages.deleted);
    },
  });

  defineRoute(app, services, {
    method: 'POST',
    url: '/api/permission/Users/:id/Actions/ResetPassword',
    access: { module: USER_MODULE, button: 'btn_resetPassword' },
    params: IdParams,
    body: ResetPasswordBody,
    handler: async ({ params, body, session, req }) =>
      answer(await service.resetPassword(session, params.id, body, req.log), UserMessages.passwordReset),
  });

  defineRoute(app, services, {
    method: 'PUT',
    url: '/api/permission/Users/:id/Actions/State',
    access: { module: USER_MODULE, button: 'btn_state' },
    params: IdParams,
    handler: async ({ params, session, req }) =>
      answer(
        { enabledMark: await service.toggleState(session, params.id, req.log) },
        UserMessages.stateChanged,
      ),
  });

  defineRoute(app, services, {
    method: 'PUT',
    url: '/api/permission/Users/:id/Actions/unlock',
    access: { module: USER_MODULE, button: 'btn_unlock' },
    params: IdParams,
    handler: async ({ params, session, req }) => {
      await service.unlock(session, params.id, req.log);
      return answer(null, UserMessages.unlocked);
    },
  });
}
