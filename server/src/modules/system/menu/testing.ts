/** Test support for the menu tests: a signed-in user holding exactly the pages and buttons a test names. */
import { and, eq } from 'drizzle-orm';
import type { TestServer } from '../../../../test/harness.js';
import { newId } from '../../../core/ids.js';
import { authorizes, moduleButtons, modules, roles, userRelations } from '../../../db/schema/index.js';

/** A page (menu enCode) and the enCodes of its buttons to grant. */
export interface PageGrant {
  page: string;
  buttons?: string[];
}

/**
 * A new user holding the given pages and buttons (enCodes) through a new role of their own,
 * signed in; answers the token, the role and the user. A page or button that does not exist throws.
 */
export async function grantedUser(server: TestServer, grants: PageGrant[]) {
  const db = server.services.db;
  const account = `u${Math.random().toString(36).slice(2, 8)}`;
  const userId = await server.addUser(account, 'Passw0rd1');
  const roleId = newId();
  await db.insert(roles).values({ id: roleId, fullName: account, enCode: account });
  await db.insert(userRelations).values({ id: newId(), userId, objectType: 'Role', objectId: roleId });
  for (const grant of grants) {
    const [page] = await db.select().from(modules).where(eq(modules.enCode, grant.page));
    if (!page) throw new Error(`no menu ${grant.page}`);
    const granted = [{ itemType: 'module', itemId: page.id }];
    for (const code of grant.buttons ?? []) {
      const [button] = await db
        .select()
        .from(moduleButtons)
        .where(and(eq(moduleButtons.moduleId, page.id), eq(moduleButtons.enCode, code)));
      if (!button) throw new Error(`no button ${code} on menu ${grant.page}`);
      granted.push({ itemType: 'button', itemId: button.id });
    }
    await db
      .insert(authorizes)
      .values(granted.map((g) => ({ id: newId(), ...g, objectType: 'Role', objectId: roleId })));
  }
  return { token: await server.login(account, 'Passw0rd1'), roleId, userId };
}
