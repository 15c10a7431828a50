import {
  geoJsonProblem,
  type MapBody,
  MapBody as MapBodySchema,
  type MapItem,
  MapUpdateBody,
} from '@console/shared';
import { and, asc, count, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { badRequest } from '../../../core/errors.js';
import { newId } from '../../../core/ids.js';
import { defineRecordRoutes } from '../../../core/record-routes.js';
import { defineRoute } from '../../../core/route.js';
import { updateVersioned } from '../../../core/versioned.js';
import type { DbOrTx } from '../../../db/client.js';
import { keywordMatch, selectPage } from '../../../db/query.js';
import { maps } from '../../../db/schema/index.js';
import type { Services } from '../../../services.js';
import { uniqueAs } from '../common.js';

export const MAP_MODULE = 'systemData.map';

export const MapMessages = {
  created: '新建成功',
  updated: '更新成功',
  deleted: '删除成功',
  missing: '地图不存在或已被删除',
  codeExists: '区域编码已存在',
  parentMissing: '上级地图不存在',
  parentLoop: '上级地图不能是自己或自己的下级',
  hasChildren: '该地图下还有下级地图，请先删除下级',
} as const;

const itemOf = (r: typeof maps.$inferSelect): MapItem => ({
  id: r.id,
  parentId: r.parentId,
  enCode: r.enCode,
  fullName: r.fullName,
  sortCode: r.sortCode,
  enabledMark: r.enabledMark,
  description: r.description,
  creatorTime: r.creatorTime,
  version: r.version,
});

/** 400 unless the GeoJSON is a FeatureCollection and the parent exists and is not the map itself or below it. */
async function checkMap(db: DbOrTx, body: MapBody, id?: string) {
  const problem = geoJsonProblem(body.geoJson);
  if (problem) throw badRequest(problem);
  for (let parent = body.parentId; parent !== '0'; ) {
    if (parent === id) throw badRequest(MapMessages.parentLoop);
    const [row] = await db.select({ parentId: maps.parentId }).from(maps).where(eq(maps.id, parent));
    if (!row) throw badRequest(MapMessages.parentMissing);
    parent = row.parentId;
  }
}

/**
 * GeoJSON maps (systemData/map): list, create, read, edit (version-locked), delete; the atlas
 * (`/api/system/atlas` tree, `/atlas/geojson?code=`) serves enabled maps to any signed-in page
 * that draws them (portal map widgets, extend/map).
 */
export function registerMapRoutes(app: FastifyInstance, services: Services) {
  const { db } = services;
  const find = async (tx: DbOrTx, id: string) => {
    const [row] = await tx.select().from(maps).where(eq(maps.id, id));
    if (!row) throw badRequest(MapMessages.missing);
    return row;
  };

  defineRoute(app, services, {
    method: 'GET',
    url: '/api/system/Map',
    access: { module: MAP_MODULE },
    query: z.object({
      keyword: z.string().trim().max(100).optional().default(''),
      currentPage: z.coerce.number().int().min(1).default(1),
      pageSize: z.coerce.number().int().min(1).max(100).default(20),
    }),
    handler: async ({ query }) => {
      const page = await selectPage(
        db,
        maps,
        keywordMatch(query.keyword, maps.fullName, maps.enCode),
        [asc(maps.sortCode), asc(maps.enCode)],
        query,
      );
      return { list: page.rows.map(itemOf), pagination: page.pagination };
    },
  });

  defineRecordRoutes(app, services, {
    url: '/api/system/Map',
    module: MAP_MODULE,
    create: {
      body: MapBodySchema,
      run: async (session, body) => {
        const id = newId();
        await db
          .transaction(async (tx) => {
            await checkMap(tx, body);
            await tx.insert(maps).values({ id, ...body, creatorUserId: session.userId });
          })
          .catch(uniqueAs(MapMessages.codeExists));
        return id;
      },
      message: MapMessages.created,
    },
    info: async (_session, id) => {
      const row = await find(db, id);
      return { ...itemOf(row), geoJson: row.geoJson };
    },
    update: {
      body: MapUpdateBody,
      run: async (session, id, { version, ...body }) => {
        await db
          .transaction(async (tx) => {
            await find(tx, id);
            await checkMap(tx, body, id);
            await updateVersioned(tx, maps, { id, version, userId: session.userId }, body);
          })
          .catch(uniqueAs(MapMessages.codeExists));
      },
      message: MapMessages.updated,
    },
    remove: {
      run: async (_session, id) => {
        await db.transaction(async (tx) => {
          await find(tx, id);
          const [children] = await tx.select({ n: count() }).from(maps).where(eq(maps.parentId, id));
          if ((children?.n ?? 0) > 0) throw badRequest(MapMessages.hasChildren);
          await tx.delete(maps).where(eq(maps.id, id));
        });
      },
      message: MapMessages.deleted,
    },
  });

  defineRoute(app, services, {
    method: 'GET',
    url: '/api/system/atlas',
    access: 'session',
    handler: async () => {
      const rows = await db
        .select({ id: maps.id, parentId: maps.parentId, enCode: maps.enCode, fullName: maps.fullName })
        .from(maps)
        .where(eq(maps.enabledMark, 1))
        .orderBy(asc(maps.sortCode), asc(maps.enCode));
      type Node = (typeof rows)[number] & { hasChildren: boolean; children: Node[] };
      const nodes = new Map<string, Node>(
        rows.map((r) => [r.id, { ...r, hasChildren: false, children: [] }]),
      );
      const roots: Node[] = [];
      for (const node of nodes.values()) {
        const parent = nodes.get(node.parentId);
        if (parent) {
          parent.children.push(node);
          parent.hasChildren = true;
        } else roots.push(node);
      }
      return { list: roots };
    },
  });

  defineRoute(app, services, {
    method: 'GET',
    url: '/api/system/atlas/geojson',
    access: 'session',
    query: z.object({
      code: z.string({ message: '请指定区域编码' }).trim().min(1, '请指定区域编码').max(20),
    }),
    handler: async ({ query }) => {
      const [row] = await db
        .select({ geoJson: maps.geoJson })
        .from(maps)
        .where(and(eq(maps.enCode, query.code), eq(maps.enabledMark, 1)));
      if (!row) throw badRequest(MapMessages.missing);
      return JSON.parse(row.geoJson) as unknown;
    },
  });
}
