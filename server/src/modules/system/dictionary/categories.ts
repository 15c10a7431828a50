import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.js';
import { dictionaryData, dictionaryTypes } from '../../../db/schema/index.js';

/** Whether `itemId` is an item of the dictionary coded `typeCode` (a record's category must be). */
export async function isItemOfDictionary(db: DbOrTx, itemId: string, typeCode: string): Promise<boolean> {
  const [item] = await db
    .select({ id: dictionaryData.id })
    .from(dictionaryData)
    .innerJoin(dictionaryTypes, eq(dictionaryTypes.id, dictionaryData.dictionaryTypeId))
    .where(and(eq(dictionaryData.id, itemId), eq(dictionaryTypes.enCode, typeCode)));
  return item !== undefined;
}

/**
 * Rows under their categories, in the order the categories are first met: the
 * `{ id, fullName, children }` trees that selectors answer.
 */
export function groupByCategory<Row, Child>(
  rows: Iterable<Row>,
  categoryOf: (row: Row) => { id: string; fullName: string },
  childOf: (row: Row) => Child,
): { id: string; fullName: string; children: Child[] }[] {
  const groups = new Map<string, { id: string; fullName: string; children: Child[] }>();
  for (const row of rows) {
    const category = categoryOf(row);
    let group = groups.get(category.id);
    if (!group) {
      group = { id: category.id, fullName: category.fullName, children: [] };
      groups.set(category.id, group);
    }
    group.children.push(childOf(row));
  }
  return [...groups.values()];
}
