import { RelationType } from '@console/shared';
import { and, count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { md5, suiteServer } from '../../../test/harness.js';
import { hashPassword } from '../../core/passwords.js';
import { organizes, positions, userRelations, users } from '../../db/schema/index.js';
import { ScopeMessages } from './scope.js';

// Issue #22 hole 2: the demo role 部门管理员 holds the user, organisation and position pages with
// the data scheme 本部门数据; that scope bounds his writes as a grade administrator's units do.
const suite = suiteServer({ demo: true });

const unit = async (enCode: string) =>
  (await suite.server.services.db.select().from(organizes).where(eq(organizes.enCode, enCode)))[0]!;
const position = async (enCode: string) =>
  (await suite.server.services.db.select().from(positions).where(eq(positions.enCode, enCode)))[0]!;

/** wangjianguo (部门管理员 of 区政府办公室), signed in. */
async function deptAdmin() {
  await suite.server.services.db
    .update(users)
    .set({ passwordHash: await hashPassword(md5('Passw0rd1')), changePasswordDate: Date.now() })
    .where(eq(users.account, 'wangjianguo'));
  return suite.server.login('wangjianguo', 'Passw0rd1');
}

describe('a role-based department administrator (issue #22)', () => {
  it('cannot change the members of another department’s position', async () => {
    const token = await deptAdmin();
    const foreign = await position('QZF-WJJ-KY');
    const members = async () =>
      (
        await suite.server.services.db
          .select({ n: count() })
          .from(userRelations)
          .where(
            and(eq(userRelations.objectType, RelationType.Position), eq(userRelations.objectId, foreign.id)),
          )
      )[0]!.n;
    const before = await members();
    expect(before).toBeGreaterThan(0);
    const answer = await suite.send(
      'POST',
      `/api/permission/UserRelation/${foreign.id}`,
      { objectType: 'Position', userIds: [] },
      token,
    );
    expect([answer.code, answer.msg]).toEqual([400, ScopeMessages.outOfScope]);
    expect(await members()).toBe(before);

    const own = await position('QZF-BGS-KY');
    const current = await suite.send<{ ids: string[] }>(
      'GET',
      `/api/permission/UserRelation/${own.id}?objectType=Position`,
      undefined,
      token,
    );
    const kept = await suite.send(
      'POST',
      `/api/permission/UserRelation/${own.id}`,
      { objectType: 'Position', userIds: current.data.ids },
      token,
    );
    expect(kept.code).toBe(200);
  });

  it('creates users in his own department only, and moves none out of it', async () => {
    const token = await deptAdmin();
    const [foreign, office] = [await unit('QZF-WJJ'), await unit('QZF-BGS')];
    const userCount = async () => (await suite.server.services.db.select({ n: count() }).from(users))[0]!.n;
    const before = await userCount();
    const refused = await suite.send(
      'POST',
      '/api/permission/Users',
      { account: 'wjjnew1', realName: '外部门', gender: 1, organizeId: foreign.id },
      token,
    );
    expect([refused.code, refused.msg]).toEqual([400, ScopeMessages.outOfScope]);
    expect(await userCount()).toBe(before);

    const created = await suite.send<{ id: string }>(
      'POST',
      '/api/permission/Users',
      { account: 'bgsnew1', realName: '本部门', gender: 1, organizeId: office.id },
      token,
    );
    expect(created.code).toBe(200);
    const info = await suite.send<{ version: number }>(
      'GET',
      `/api/permission/Users/${created.data.id}`,
      undefined,
      token,
    );
    const moved = await suite.send(
      'PUT',
      `/api/permission/Users/${created.data.id}`,
      { ...info.data, organizeId: foreign.id },
      token,
    );
    expect([moved.code, moved.msg]).toEqual([400, ScopeMessages.outOfScope]);
    const [row] = await suite.server.services.db.select().from(users).where(eq(users.id, created.data.id));
    expect(row!.organizeId).toBe(office.id);
  });

  it('edits positions and units of his own department only', async () => {
    const token = await deptAdmin();
    const foreign = await position('QZF-WJJ-JZ');
    const info = await suite.send<Record<string, unknown>>('GET', `/api/permission/Position/${foreign.id}`);
    const position1 = await suite.send(
      'PUT',
      `/api/permission/Position/${foreign.id}`,
      { ...info.data, fullName: '改名' },
      token,
    );
    expect([position1.code, position1.msg]).toEqual([400, ScopeMessages.outOfScope]);
    expect((await position('QZF-WJJ-JZ')).fullName).toBe(foreign.fullName);

    const own = await position('QZF-BGS-KY');
    const ownInfo = await suite.send<Record<string, unknown>>('GET', `/api/permission/Position/${own.id}`);
    const position2 = await suite.send(
      'PUT',
      `/api/permission/Position/${own.id}`,
      { ...ownInfo.data, description: '本部门' },
      token,
    );
    expect(position2.code).toBe(200);
    const stolen = await suite.send(
      'POST',
      '/api/permission/Position',
      { organizeId: (await unit('QZF-WJJ')).id, fullName: '外岗', enCode: 'WJJ-X1' },
      token,
    );
    expect([stolen.code, stolen.msg]).toEqual([400, ScopeMessages.outOfScope]);

    const bureau = await unit('QZF-WJJ');
    const unitInfo = await suite.send<Record<string, unknown>>(
      'GET',
      `/api/permission/Organize/${bureau.id}`,
    );
    const unit1 = await suite.send(
      'PUT',
      `/api/permission/Organize/${bureau.id}`,
      { ...unitInfo.data, fullName: '改名局' },
      token,
    );
    expect([unit1.code, unit1.msg]).toEqual([400, ScopeMessages.outOfScope]);
    expect((await unit('QZF-WJJ')).fullName).toBe('卫生健康局');

    const office = await unit('QZF-BGS');
    const officeInfo = await suite.send<Record<string, unknown>>(
      'GET',
      `/api/permission/Organize/${office.id}`,
    );
    const unit2 = await suite.send(
      'PUT',
      `/api/permission/Organize/${office.id}`,
      { ...officeInfo.data, description: '本部门' },
      token,
    );
    expect(unit2.code).toBe(200);
  });
});
