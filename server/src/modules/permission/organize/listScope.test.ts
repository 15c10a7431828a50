import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { md5, suiteServer } from '../../../../test/harness.js';
import { hashPassword } from '../../../core/passwords.js';
import { organizes, users } from '../../../db/schema/index.js';

// Issue #22: the demo role 部门管理员 (本部门数据 on the organisation and position pages) sees in
// those pages' lists only the units and positions of his own department, as his writes are bounded.
const suite = suiteServer({ demo: true });

const unit = async (enCode: string) =>
  (await suite.server.services.db.select().from(organizes).where(eq(organizes.enCode, enCode)))[0]!;

/** wangjianguo (部门管理员 of 区政府办公室), signed in. */
async function deptAdmin() {
  await suite.server.services.db
    .update(users)
    .set({ passwordHash: await hashPassword(md5('Passw0rd1')), changePasswordDate: Date.now() })
    .where(eq(users.account, 'wangjianguo'));
  return suite.server.login('wangjianguo', 'Passw0rd1');
}

interface Node {
  id: string;
  disabled?: boolean;
  children?: Node[];
}
/** The ids of the tree's nodes a person can act on (not the greyed-out ancestors on the way). */
const enabledIds = (nodes: Node[]): string[] =>
  nodes.flatMap((n) => [...(n.disabled ? [] : [n.id]), ...enabledIds(n.children ?? [])]);

describe('organisation and position lists of a role-based department administrator (issue #22)', () => {
  it('the organisation page lists only his department', async () => {
    const token = await deptAdmin();
    const [office, foreign] = [await unit('QZF-BGS'), await unit('QZF-WJJ')];
    const mine = await suite.send<{ list: Node[] }>('GET', '/api/permission/Organize', undefined, token);
    expect(mine.code, mine.msg).toBe(200);
    const ids = enabledIds(mine.data.list);
    expect(ids).toContain(office.id);
    expect(ids).not.toContain(foreign.id);
    // The administrator still sees both.
    const all = await suite.send<{ list: Node[] }>('GET', '/api/permission/Organize');
    expect(enabledIds(all.data.list)).toEqual(expect.arrayContaining([office.id, foreign.id]));
  });

  it('the position page lists only positions of his department', async () => {
    const token = await deptAdmin();
    const [office, foreign] = [await unit('QZF-BGS'), await unit('QZF-WJJ')];
    const list = await suite.send<{ list: { organizeId: string }[]; pagination: { total: number } }>(
      'GET',
      '/api/permission/Position?currentPage=1&pageSize=500',
      undefined,
      token,
    );
    expect(list.code, list.msg).toBe(200);
    const units = new Set(list.data.list.map((p) => p.organizeId));
    expect(units.has(office.id)).toBe(true);
    expect(units.has(foreign.id)).toBe(false);
    expect([...units]).toEqual([office.id]);
    const all = await suite.send<{ list: { organizeId: string }[] }>(
      'GET',
      '/api/permission/Position?currentPage=1&pageSize=500',
    );
    expect(all.data.list.some((p) => p.organizeId === foreign.id)).toBe(true);
  });
});
