import { and, eq, inArray, like, or, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.js';
import { escapeLike } from '../../../db/query.js';
import { organizes } from '../../../db/schema/index.js';

/** Ids of a unit and every unit below it, as a subquery (organizeIdTree holds the path of ids). */
export const unitAndBelowIds = (organizeId: string): SQL =>
  sql`(SELECT ${organizes.id} FROM ${organizes} WHERE ${organizes.deleteMark} = 0 AND (${organizes.id} = ${organizeId} OR ${organizes.organizeIdTree} LIKE ${`%${escapeLike(organizeId)},%`}))`;

export interface UnitFacts {
  /** Unit path names, e.g. "示范区人民政府/区政府办公室". */
  path: string;
  /** Ids from the root down to the unit. */
  idPath: string[];
  category: string;
}

/** Path names and id paths of the given units (two queries). Deleted units are left out. */
export async function unitFacts(db: DbOrTx, ids: Iterable<string>): Promise<Map<string, UnitFacts>> {
  const wanted = [...new Set(ids)];
  if (wanted.length === 0) return new Map();
  const units = await db
    .select({ id: organizes.id, tree: organizes.organizeIdTree, category: organizes.category })
    .from(organizes)
    .where(and(inArray(organizes.id, wanted), eq(organizes.deleteMark, 0)));
  const allIds = [...new Set(units.flatMap((u) => u.tree.split(',')))];
  const names = new Map(
    (
      await db
        .select({ id: organizes.id, fullName: organizes.fullName })
        .from(organizes)
        .where(inArray(organizes.id, allIds))
    ).map((r) => [r.id, r.fullName]),
  );
  return new Map(
    units.map((u) => {
      const idPath = u.tree.split(',').filter(Boolean);
      return [
        u.id,
        {
          path: idPath
            .map((id) => names.get(id) ?? '')
            .filter(Boolean)
            .join('/'),
          idPath,
          category: u.category,
        },
      ];
    }),
  );
}

/**
 * Facts of every unit per database, kept per authorization stamp (unit changes bump it on every
 * instance).
 */
const caches = new WeakMap<DbOrTx, { stamp: string | null; facts: Promise<Map<string, UnitFacts>> }>();

async function allUnitFacts(db: DbOrTx): Promise<Map<string, UnitFacts>> {
  const rows = await db
    .select({
      id: organizes.id,
      tree: organizes.organizeIdTree,
      category: organizes.category,
      fullName: organizes.fullName,
    })
    .from(organizes)
    .where(eq(organizes.deleteMark, 0));
  const names = new Map(rows.map((r) => [r.id, r.fullName]));
  return new Map(
    rows.map((u) => {
      const idPath = u.tree.split(',').filter(Boolean);
      const path = idPath
        .map((id) => names.get(id) ?? '')
        .filter(Boolean)
        .join('/');
      return [u.id, { path, idPath, category: u.category }];
    }),
  );
}

/**
 * unitFacts for hot lists: answered from a copy of all units that is rebuilt when the
 * authorization stamp changes; units missing from the copy are read from the database.
 */
export async function unitFactsCached(
  db: DbOrTx,
  ids: Iterable<string>,
  stamp: string | null,
): Promise<Map<string, UnitFacts>> {
  let cached = caches.get(db);
  if (!cached || cached.stamp !== stamp) {
    const facts = allUnitFacts(db);
    cached = { stamp, facts };
    caches.set(db, cached);
    facts.catch(() => {
      if (caches.get(db)?.facts === facts) caches.delete(db);
    });
  }
  const all = await cached.facts;
  const wanted = [...new Set(ids)];
  const missing = wanted.filter((id) => !all.has(id));
  const found = missing.length ? await unitFacts(db, missing) : new Map<string, UnitFacts>();
  for (const id of wanted) {
    const facts = all.get(id);
    if (facts) found.set(id, facts);
  }
  return found;
}

/** Existing, non-deleted units among the ids. */
export async function existingUnits(db: DbOrTx, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: organizes.id })
    .from(organizes)
    .where(and(inArray(organizes.id, ids), eq(organizes.deleteMark, 0)));
  return new Set(rows.map((r) => r.id));
}

/** Ids of the units below any of the roots (and the roots), for picker filters. */
export async function unitsBelow(db: DbOrTx, roots: string[]): Promise<string[]> {
  if (roots.length === 0) return [];
  const rows = await db
    .select({ id: organizes.id })
    .from(organizes)
    .where(
      and(
        eq(organizes.deleteMark, 0),
        or(
          inArray(organizes.id, roots),
          ...roots.map((root) => like(organizes.organizeIdTree, `%${escapeLike(root)},%`)),
        ),
      ),
    );
  return rows.map((r) => r.id);
}
