import { inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { users } from '../../db/schema/index.js';

/** "realName/account" of users by id, as the lists show creators and modifiers. */
export async function userLabels(
  db: DbOrTx,
  ids: (string | null | undefined)[],
): Promise<Map<string, string>> {
  const wanted = [...new Set(ids.filter((id): id is string => Boolean(id)))];
  if (wanted.length === 0) return new Map();
  const rows = await db
    .select({ id: users.id, realName: users.realName, account: users.account })
    .from(users)
    .where(inArray(users.id, wanted));
  return new Map(rows.map((r) => [r.id, `${r.realName}/${r.account}`]));
}

/** Unique-index violations (23505) as the given 400 message. */
export { uniqueAs } from '../system/dictionary/service.js';
