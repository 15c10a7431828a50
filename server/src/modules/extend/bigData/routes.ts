import { BigDataQuery, type BigDataRow } from '@console/shared';
import { count, desc, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { badRequest } from '../../../core/errors.js';
import { newId } from '../../../core/ids.js';
import { answer, defineRoute } from '../../../core/route.js';
import { keywordMatch, listOrder, selectPage } from '../../../db/query.js';
import { extBigData } from '../../../db/schema/index.js';
import type { Services } from '../../../services.js';

const MODULE = 'extend.bigData';

/** Rows one click inserts, written in statements of BATCH rows. */
export const BIG_DATA_BATCH = 10_000;
const STATEMENT_ROWS = 1_000;
/** The table stops growing here, so a demo button cannot fill the disk. */
export const BIG_DATA_MAX_ROWS = 2_000_000;

export const BigDataMessages = {
  inserted: (n: number, total: number) => `已插入${n}条数据，共${total}条`,
  full: (max: number) => `数据已达上限${max}条，不能再插入`,
} as const;

const SORTABLE = { enCode: extBigData.enCode, creatorTime: extBigData.creatorTime } as const;

const rowOf = (r: typeof extBigData.$inferSelect): BigDataRow => ({
  id: r.id,
  enCode: r.enCode,
  fullName: r.fullName,
  description: r.description,
  creatorTime: r.creatorTime,
});

/**
 * extend/bigData (other.md 1): pages over a large generated table; each POST adds
 * BIG_DATA_BATCH rows in one transaction.
 */
export function registerBigDataRoutes(app: FastifyInstance, services: Services) {
  const { db } = services;

  defineRoute(app, services, {
    method: 'GET',
    url: '/api/extend/BigData',
    access: { module: MODULE },
    query: BigDataQuery,
    handler: async ({ query }) => {
      // Ids are UUIDv7 made in order, so within a batch the last row inserted lists first.
      const order = listOrder(SORTABLE, query, desc(extBigData.id), [
        desc(extBigData.creatorTime),
        desc(extBigData.id),
      ]);
      const page = await selectPage(
        db,
        extBigData,
        keywordMatch(query.keyword, extBigData.enCode, extBigData.fullName),
        order,
        query,
      );
      return { list: page.rows.map(rowOf), pagination: page.pagination };
    },
  });

  defineRoute(app, services, {
    method: 'POST',
    url: '/api/extend/BigData',
    access: { module: MODULE, button: 'btn_add' },
    handler: async () => {
      const total = await db.transaction(async (tx) => {
        // One insert at a time, so numbers follow on and the cap holds.
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext('extend:bigData'))`);
        const [row] = await tx.select({ n: count() }).from(extBigData);
        const before = row?.n ?? 0;
        if (before + BIG_DATA_BATCH > BIG_DATA_MAX_ROWS)
          throw badRequest(BigDataMessages.full(BIG_DATA_MAX_ROWS));
        const now = Date.now();
        for (let start = 0; start < BIG_DATA_BATCH; start += STATEMENT_ROWS) {
          await tx.insert(extBigData).values(
            Array.from({ length: STATEMENT_ROWS }, (_, i) => {
              const n = before + start + i + 1;
              return {
                id: newId(),
                enCode: `BD${String(n).padStart(7, '0')}`,
                fullName: `测试数据${n}`,
                description: `第${Math.ceil(n / BIG_DATA_BATCH)}批插入`,
                creatorTime: now,
              };
            }),
          );
        }
        return before + BIG_DATA_BATCH;
      });
      return answer(null, BigDataMessages.inserted(BIG_DATA_BATCH, total));
    },
  });
}
