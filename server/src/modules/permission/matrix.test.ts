import { AuthorizeItemType, ResultCode, SESSION_END_CODES } from '@console/shared';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestDatabase,
  startServer,
  type TestDatabase,
  type TestServer,
} from '../../../test/harness.js';
import { newId } from '../../core/ids.js';
import { Messages } from '../../core/messages.js';
import { declaredRoutes } from '../../core/route.js';
import { authorizes, modules, organizeAdministrators, organizes } from '../../db/schema/index.js';

/**
 * The permission matrix of issue #4: for every route of permission and organisation
 * administration, what each kind of caller gets.
 *
 * Callers, in the order of each expectation string:
 *   anonymous · an ordinary user (no grants) · a grade administrator of one subtree ·
 *   a user granted only the section's page (no buttons) · the administrator
 * Outcomes:
 *   S  refused as not signed in (code 600/601/602)
 *   D  refused as not permitted (code 400, 您没有此操作的权限，请联系管理员)
 *   A  let through to the handler (its answer may still be a validation or not-found 400:
 *      bodies here are empty and ids do not exist, so nothing is written)
 * Whether a grade administrator stays inside its subtree is the IDOR test's business
 * (permission/user and permission/organize tests); this table is about the gate.
 */
type Row = [route: string, expected: string, body?: Record<string, unknown>];
const section = (page: string, rows: Row[]) => ({ page, rows });

const MATRIX = [
  section('permission.organize', [
    ['GET /api/permission/Organize', 'S D A A A'],
    ['GET /api/permission/Organize/Tree', 'S A A A A'],
    ['GET /api/permission/Organize/Selector/', 'S A A A A'],
    ['GET /api/permission/Organize/Selector/:id', 'S A A A A'],
    ['GET /api/permission/Organize/SelectorByAuth/', 'S A A A A'],
    ['GET /api/permission/Organize/SelectorByAuth/:id', 'S A A A A'],
    ['GET /api/permission/Organize/Department/Selector/', 'S A A A A'],
    ['GET /api/permission/Organize/Department/Selector/:id', 'S A A A A'],
    ['GET /api/permission/Organize/Department/SelectorByAuth/', 'S A A A A'],
    ['GET /api/permission/Organize/Department/SelectorByAuth/:id', 'S A A A A'],
    ['POST /api/permission/Organize/OrganizeCondition', 'S A A A A'],
    ['POST /api/permission/Organize/getDefaultCurrentValueDepartmentId', 'S A A A A'],
    ['GET /api/permission/Organize/:id/Department', 'S D A A A'],
    ['POST /api/permission/Organize', 'S D A D A'],
    ['GET /api/permission/Organize/:id', 'S D A A A'],
    ['PUT /api/permission/Organize/:id', 'S D A D A'],
    ['DELETE /api/permission/Organize/:id', 'S D A D A'],
    ['PUT /api/permission/Organize/:id/Actions/State', 'S D A D A'],
    ['POST /api/permission/Organize/Department', 'S D A D A'],
    ['GET /api/permission/Organize/Department/:id', 'S D A A A'],
    ['PUT /api/permission/Organize/Department/:id', 'S D A D A'],
    ['DELETE /api/permission/Organize/Department/:id', 'S D A D A'],
    ['PUT /api/permission/Organize/Department/:id/Actions/State', 'S D A D A'],
  ]),
  section('permission.position', [
    ['GET /api/permission/Position', 'S D A A A'],
    ['GET /api/permission/Position/Selector', 'S A A A A'],
    ['GET /api/permission/Position/All', 'S A A A A'],
    ['POST /api/permission/Position/getListByOrgIds', 'S A A A A'],
    ['POST /api/permission/Position/PositionCondition', 'S A A A A'],
    ['POST /api/permission/Position', 'S D A D A'],
    ['GET /api/permission/Position/:id', 'S D A A A'],
    ['PUT /api/permission/Position/:id', 'S D A D A'],
    ['PUT /api/permission/Position/:id/Actions/State', 'S D A D A'],
    ['DELETE /api/permission/Position/:id', 'S D A D A'],
  ]),
  section('permission.role', [
    ['GET /api/permission/Role', 'S D A A A'],
    ['GET /api/permission/Role/Selector', 'S A A A A'],
    ['GET /api/permission/Role/SelectorByPermission', 'S A A A A'],
    ['POST /api/permission/Role/getListByOrgIds', 'S A A A A'],
    ['POST /api/permission/Role', 'S D A D A'],
    ['GET /api/permission/Role/:id', 'S D A A A'],
    ['PUT /api/permission/Role/:id', 'S D A D A'],
    ['PUT /api/permission/Role/:id/Actions/State', 'S D A D A'],
    ['DELETE /api/permission/Role/:id', 'S D A D A'],
    ['GET /api/permission/UserRelation/:id?objectType=Role', 'S D A A A'],
    ['POST /api/permission/UserRelation/:id', 'S D A D A', { objectType: 'Role', userIds: [] }],
  ]),
  section('permission.group', [
    ['GET /api/permission/Group', 'S D A A A'],
    ['GET /api/permission/Group/Selector', 'S A A A A'],
    ['POST /api/permission/Group', 'S D A D A'],
    ['GET /api/permission/Group/:id', 'S D A A A'],
    ['PUT /api/permission/Group/:id', 'S D A D A'],
    ['DELETE /api/permission/Group/:id', 'S D A D A'],
  ]),
  section('permission.gradeManage', [
    ['GET /api/permission/organizeAdminIsTrator', 'S D D A A'],
    ['GET /api/permission/organizeAdminIsTrator/Selector/', 'S D D A A'],
    ['GET /api/permission/organizeAdminIsTrator/Selector/:id', 'S D D A A'],
    ['POST /api/permission/organizeAdminIsTrator', 'S D D D A'],
    ['GET /api/permission/organizeAdminIsTrator/:id', 'S D D A A'],
    ['PUT /api/permission/organizeAdminIsTrator/:id', 'S D D D A'],
    ['DELETE /api/permission/organizeAdminIsTrator/:id', 'S D D D A'],
  ]),
  section('permission.user', [
    ['GET /api/permission/Users', 'S D A A A'],
    ['POST /api/permission/Users', 'S D A D A'],
    ['GET /api/permission/Users/TemplateDownload', 'S D A D A'],
    ['GET /api/permission/Users/ImportPreview', 'S D A D A'],
    ['POST /api/permission/Users/ImportData', 'S D A D A'],
    ['POST /api/permission/Users/ExportExceptionData', 'S D A D A'],
    ['GET /api/permission/Users/ExportExcel', 'S D A D A'],
    ['GET /api/permission/Users/All', 'S A A A A'],
    ['GET /api/permission/Users/Selector', 'S A A A A'],
    ['POST /api/permission/Users/getUserList', 'S A A A A'],
    ['POST /api/permission/Users/getSelectedList', 'S A A A A'],
    ['POST /api/permission/Users/getSelectedUserList', 'S A A A A'],
    ['POST /api/permission/Users/getSubordinates', 'S A A A A'],
    ['GET /api/permission/Users/getOrganization', 'S A A A A'],
    ['GET /api/permission/Users/GetUsersByPositionId', 'S A A A A'],
    ['GET /api/permission/Users/GetUsersByRoleOrgId', 'S A A A A'],
    ['GET /api/permission/Users/getUsersByRoleId', 'S A A A A'],
    ['POST /api/permission/Users/UserCondition', 'S A A A A'],
    ['POST /api/permission/Users/getDefaultCurrentValueUserId', 'S A A A A'],
    ['POST /api/permission/Users/GetListByAuthorize/:id', 'S A A A A'],
    ['GET /api/permission/Users/:id', 'S D A A A'],
    ['PUT /api/permission/Users/:id', 'S D A D A'],
    ['DELETE /api/permission/Users/:id', 'S D A D A'],
    ['POST /api/permission/Users/:id/Actions/ResetPassword', 'S D A D A'],
    ['PUT /api/permission/Users/:id/Actions/State', 'S D A D A'],
    ['PUT /api/permission/Users/:id/Actions/unlock', 'S D A D A'],
    ['GET /api/permission/Authority/GetColumnsByModuleId/{userPage}', 'S D A A A'],
    [
      'PUT /api/permission/Authority/SetColumnsByModuleId',
      'S D A A A',
      { moduleId: '{userPage}', fieldList: '[]' },
    ],
    ['POST /api/permission/Users/Uploader', 'S D A D A'],
  ]),
  section('permission.userOnline', [
    ['GET /api/system/OnlineUser', 'S D A A A'],
    ['DELETE /api/system/OnlineUser/:id', 'S D A D A'],
    ['DELETE /api/system/OnlineUser', 'S D A D A'],
  ]),
  section('system.menu', [
    ['GET /api/system/System', 'S D D A A'],
    ['POST /api/system/System', 'S D D D A'],
    ['GET /api/system/System/:id', 'S D D A A'],
    ['PUT /api/system/System/:id', 'S D D D A'],
    ['DELETE /api/system/System/:id', 'S D D D A'],
    ['GET /api/system/Menu/ModuleBySystem/:id', 'S D D A A'],
    ['GET /api/system/Menu/Selector/All', 'S D D A A'],
    ['GET /api/system/Menu/Selector/:id', 'S D D A A'],
    ['GET /api/system/Menu/Selector/:id/:systemId', 'S D D A A'],
    ['GET /api/system/Menu/Selector/', 'S D D A A'],
    ['POST /api/system/Menu', 'S D D D A'],
    ['GET /api/system/Menu/:id', 'S D D A A'],
    ['PUT /api/system/Menu/:id', 'S D D D A'],
    ['DELETE /api/system/Menu/:id', 'S D D D A'],
    ['PUT /api/system/Menu/:id/Actions/State', 'S D D D A'],
    ['GET /api/system/Menu/:id/Action/Export', 'S D D D A'],
    ['POST /api/system/Menu/Action/Import', 'S D D D A'],
    ['GET /api/system/ModuleButton/:id/List', 'S D D D A'],
    ['POST /api/system/ModuleButton', 'S D D D A'],
    ['GET /api/system/ModuleButton/:id', 'S D D D A'],
    ['PUT /api/system/ModuleButton/:id', 'S D D D A'],
    ['DELETE /api/system/ModuleButton/:id', 'S D D D A'],
    ['PUT /api/system/ModuleButton/:id/Actions/State', 'S D D D A'],
    ['GET /api/system/ModuleColumn/:id/List', 'S D D D A'],
    ['POST /api/system/ModuleColumn', 'S D D D A'],
    ['GET /api/system/ModuleColumn/:id', 'S D D D A'],
    ['PUT /api/system/ModuleColumn/:id', 'S D D D A'],
    ['DELETE /api/system/ModuleColumn/:id', 'S D D D A'],
    ['PUT /api/system/ModuleColumn/:id/Actions/State', 'S D D D A'],
    ['GET /api/system/ModuleForm/:id/List', 'S D D D A'],
    ['POST /api/system/ModuleForm', 'S D D D A'],
    ['GET /api/system/ModuleForm/:id', 'S D D D A'],
    ['PUT /api/system/ModuleForm/:id', 'S D D D A'],
    ['DELETE /api/system/ModuleForm/:id', 'S D D D A'],
    ['PUT /api/system/ModuleForm/:id/Actions/State', 'S D D D A'],
    ['GET /api/system/ModuleDataAuthorize/:id/List', 'S D D D A'],
    ['POST /api/system/ModuleDataAuthorize', 'S D D D A'],
    ['GET /api/system/ModuleDataAuthorize/:id', 'S D D D A'],
    ['PUT /api/system/ModuleDataAuthorize/:id', 'S D D D A'],
    ['DELETE /api/system/ModuleDataAuthorize/:id', 'S D D D A'],
    ['GET /api/system/ModuleDataAuthorizeScheme/:id/List', 'S D D D A'],
    ['POST /api/system/ModuleDataAuthorizeScheme', 'S D D D A'],
    ['GET /api/system/ModuleDataAuthorizeScheme/:id', 'S D D D A'],
    ['PUT /api/system/ModuleDataAuthorizeScheme/:id', 'S D D D A'],
    ['DELETE /api/system/ModuleDataAuthorizeScheme/:id', 'S D D D A'],
    ['GET /api/system/ModuleButton/:id/Selector', 'S D D D A'],
    ['GET /api/system/ModuleColumn/:id/Fields', 'S D D D A'],
    ['GET /api/system/ModuleForm/:id/Fields', 'S D D D A'],
    ['POST /api/system/ModuleColumn/Actions/Batch', 'S D D D A'],
    ['POST /api/system/ModuleForm/Actions/Batch', 'S D D D A'],
    ['GET /api/system/ModuleDataAuthorizeLink/getInfo/:menuId/:type', 'S D D D A'],
    ['GET /api/system/ModuleDataAuthorizeLink/getVisualTables/:menuId/:type', 'S D D D A'],
    ['GET /api/system/ModuleDataAuthorizeLink/:linkId/Tables/:tableName/Fields/:menu/:type', 'S D D D A'],
    ['POST /api/system/ModuleDataAuthorizeLink/saveLinkData', 'S D D D A'],
    ['GET /api/system/ModuleColumn/:id/FieldList', 'S D D D A'],
    ['GET /api/system/ModuleForm/:id/FieldList', 'S D D D A'],
    ['GET /api/system/ModuleDataAuthorize/:id/FieldList', 'S D D D A'],
  ]),
  section('permission.authorize', [
    ['POST /api/permission/Authority/Data/:id/Values', 'S D A A A'],
    ['POST /api/permission/Authority/Data/Batch', 'S D A D A'],
    ['PUT /api/permission/Authority/Data/:id', 'S D A D A'],
    ['GET /api/permission/Authority/Model/:itemId/:objectType', 'S D A A A'],
    ['PUT /api/permission/Authority/Model/:id', 'S D A D A'],
  ]),
];

/** Routes of this issue: administration of permissions, organisations, menus and sessions. */
const IN_SCOPE = /^(GET|POST|PUT|DELETE) \/api\/(permission\/|system\/(System|Menu|Module|OnlineUser))/;
// The signed-in user's own social bindings (#27) are checked in oauth/socials/socials.test.ts.
const OUT_OF_SCOPE = /\/api\/permission\/(Users\/(Current\/|ImUser)|socials)/;
const CALLERS = ['anonymous', 'ordinary', 'grade', 'page', 'admin'] as const;

let database: TestDatabase;
let server: TestServer;
const tokens: Record<string, string | undefined> = {};
/** A token per page: a user granted only that page. */
const pageTokens = new Map<string, string>();
let userPage = '';

async function pageUser(page: string): Promise<string> {
  const [module] = await server.services.db
    .select({ id: modules.id })
    .from(modules)
    .where(eq(modules.enCode, page));
  if (!module) throw new Error(`no seeded page ${page}`);
  const account = `page.${page.replace(/\W/g, '')}`;
  const userId = await server.addUser(account, 'Matrix1234');
  await server.services.db.insert(authorizes).values({
    id: newId(),
    itemType: AuthorizeItemType.Module,
    itemId: module.id,
    objectType: 'User',
    objectId: userId,
  });
  return server.login(account, 'Matrix1234');
}

beforeAll(async () => {
  database = await createTestDatabase();
  server = await startServer({ database, demo: true });
  const db = server.services.db;
  const units = await db
    .select({ id: organizes.id, enCode: organizes.enCode })
    .from(organizes)
    .where(inArray(organizes.enCode, ['QZF-SJJ', 'QZF-CZJ']));
  const unit = (code: string) => units.find((u) => u.enCode === code)?.id as string;
  await server.addUser('matrix.plain', 'Matrix1234', { organizeId: unit('QZF-CZJ') });
  const gradeId = await server.addUser('matrix.grade', 'Matrix1234', { organizeId: unit('QZF-SJJ') });
  await db.insert(organizeAdministrators).values({
    id: newId(),
    userId: gradeId,
    organizeId: unit('QZF-SJJ'),
    thisLayerAdd: 1,
    thisLayerEdit: 1,
    thisLayerDelete: 1,
    subLayerAdd: 1,
    subLayerEdit: 1,
    subLayerDelete: 1,
  });
  tokens.ordinary = await server.login('matrix.plain', 'Matrix1234');
  tokens.grade = await server.login('matrix.grade', 'Matrix1234');
  tokens.admin = await server.adminToken();
  for (const { page } of MATRIX) pageTokens.set(page, await pageUser(page));
  const [users] = await db
    .select({ id: modules.id })
    .from(modules)
    .where(eq(modules.enCode, 'permission.user'));
  userPage = users?.id ?? '';
}, 120_000);

afterAll(async () => {
  await server?.close();
  await database?.drop();
});

function outcome(answer: { code: number; msg: string }): string {
  if (SESSION_END_CODES.includes(answer.code)) return 'S';
  if (answer.code === ResultCode.BadRequest && answer.msg === Messages.permissionDenied) return 'D';
  if (answer.code === ResultCode.Success || answer.code === ResultCode.BadRequest) return 'A';
  return `unexpected ${answer.code} ${answer.msg}`;
}

const fill = (text: string) =>
  text
    .replaceAll(':id', 'matrix-missing')
    .replaceAll(':itemId', 'matrix-missing')
    .replaceAll(':objectType', 'Role')
    .replaceAll('{userPage}', userPage);

describe('permission matrix', () => {
  it('covers every route of permission and organisation administration', () => {
    const declared = [...declaredRoutes().keys()].filter((r) => IN_SCOPE.test(r) && !OUT_OF_SCOPE.test(r));
    const written = MATRIX.flatMap((s) =>
      s.rows.map(([route]) => route.replace(/\?.*$/, '').replace('{userPage}', ':id')),
    );
    expect(
      written.filter((r) => !declared.includes(r)),
      'rows of routes that do not exist',
    ).toEqual([]);
    expect(
      declared.filter((r) => !written.includes(r)),
      'routes without a row',
    ).toEqual([]);
  });

  for (const { page, rows } of MATRIX) {
    it(`answers each caller as written: ${page}`, async () => {
      const mismatches: string[] = [];
      for (const [route, expected, body] of rows) {
        const [method, path] = route.split(' ') as [string, string];
        const got: string[] = [];
        for (const caller of CALLERS) {
          const token = caller === 'page' ? pageTokens.get(page) : tokens[caller];
          const json = body ? JSON.parse(fill(JSON.stringify(body))) : method === 'GET' ? undefined : {};
          got.push(outcome(await server.request(method, fill(path), { token, json })));
        }
        if (got.join(' ') !== expected)
          mismatches.push(`${route}: expected ${expected}, got ${got.join(' ')}`);
      }
      expect(mismatches).toEqual([]);
    });
  }
});
