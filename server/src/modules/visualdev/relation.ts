import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { badRequest } from '../../core/errors.js';
import { defineRoute } from '../../core/route.js';
import type { Services } from '../../services.js';
import { OnlineDevService } from './runtime.js';

/*
 * The relation-form picker (forms.md 4, widgets.md): GET /api/visualdev/Base/{id}/FieldDataSelect
 * pages the records of a released form for the relationForm popup. The display of a chosen record
 * (relationForm, relationFormAttr) reads GET /OnlineDev/{modelId}/{id}/DataChange (routes.ts).
 * Rows come from the generated list itself, so the caller's menu permission, data rules, field
 * permissions and the design's own filter (ruleList) apply as on the form's page.
 */

export const RelationMessages = {
  noRelationField: 'relationField 必填：请指定关联表单中用于显示的字段',
  notField: (name: string) => `“${name}”不是该表单主表的字段`,
} as const;

const FieldName = z.string().trim().min(1).max(100);

export const FieldDataSelectQuery = z.object({
  relationField: z
    .string({ error: RelationMessages.noRelationField })
    .trim()
    .min(1, RelationMessages.noRelationField)
    .max(100),
  keyword: z.string().trim().max(100).optional().default(''),
  columnOptions: z.string().max(2000).optional().default(''),
  currentPage: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(500).default(20),
});

export function registerRelationRoutes(app: FastifyInstance, services: Services) {
  const online = new OnlineDevService(services);

  defineRoute(app, services, {
    method: 'GET',
    url: '/api/visualdev/Base/:id/FieldDataSelect',
    access: 'session',
    params: z.object({ id: z.string().min(1).max(64) }),
    query: FieldDataSelectQuery,
    handler: async ({ params, query, session, req }) => {
      const access = await online.access(session, params.id);
      const rt = await online.runtime(params.id);
      const columns = query.columnOptions
        .split(',')
        .map((name) => name.trim())
        .filter(Boolean);
      const shown = [...new Set([query.relationField, ...columns])];
      for (const name of shown) {
        if (!FieldName.safeParse(name).success || !rt.fieldsByVModel.has(name))
          throw badRequest(RelationMessages.notField(name));
      }
      // A flat, paged list whatever view the page uses; the keyword searches the shown fields.
      const flat = {
        ...rt,
        columnData: { ...rt.columnData, type: 1, hasPage: true, columnList: [], searchList: [] },
      };
      const superQueryJson = query.keyword
        ? JSON.stringify({
            matchLogic: 'OR',
            conditionJson: shown.map((field) => ({ field, symbol: 'like', fieldValue: query.keyword })),
          })
        : '';
      const page = await online.list(
        flat,
        access,
        {
          currentPage: query.currentPage,
          pageSize: query.pageSize,
          sort: 'desc',
          sidx: '',
          keyword: '',
          menuId: '',
          queryJson: '',
          superQueryJson,
        },
        req.log,
      );
      return {
        list: page.list.map((row) => {
          const out: Record<string, unknown> = { id: row.id };
          for (const name of shown) out[name] = row[name];
          return out;
        }),
        pagination: page.pagination,
      };
    },
  });
}
