import { inArray } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { badRequest } from '../../../core/errors.js';
import { defineRoute } from '../../../core/route.js';
import type { DbOrTx } from '../../../db/client.js';
import type { Services } from '../../../services.js';
import type { ModelField } from '../webDesign/model.js';
import { OnlineDevService } from './runtime.js';

/*
 * The relation-form picker (forms.md 4, widgets.md): GET /api/visualdev/Base/{id}/FieldDataSelect
 * pages the records of a released form for the relationForm popup. The display of a chosen record
 * (relationForm, relationFormAttr) reads GET /OnlineDev/{modelId}/{id}/DataChange (routes.ts);
 * lists and detail views show relationForm values through relationTexts below.
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

/**
 * The text a list or detail view shows for relationForm values (forms.md 5 "Row"): the related
 * record's relationField, read from the related form's released table in one query per field.
 * Field vModel → record id → text; ids whose record is gone (or a form not released) are absent.
 */
export async function relationTexts(
  online: OnlineDevService,
  db: DbOrTx,
  fields: ModelField[],
  rows: Record<string, unknown>[],
): Promise<Map<string, Map<string, string>>> {
  const out = new Map<string, Map<string, string>>();
  for (const f of fields) {
    if (f.key !== 'relationForm') continue;
    const props = f.field as { modelId?: unknown; relationField?: unknown };
    const ids = [
      ...new Set(
        rows.map((row) => row[f.vModel]).filter((v): v is string => typeof v === 'string' && v !== ''),
      ),
    ];
    if (typeof props.modelId !== 'string' || typeof props.relationField !== 'string' || !ids.length) continue;
    const related = await online.runtime(props.modelId).catch(() => null);
    const shown = related?.fieldsByVModel.get(props.relationField);
    if (!related || !shown) continue;
    const main = related.tables.main as unknown as Record<string, AnyPgColumn>;
    const found = await db
      .select({ id: main.id!, text: main[shown.vModel]! })
      .from(related.tables.main)
      .where(inArray(main.id!, ids));
    out.set(f.vModel, new Map(found.map((r) => [String(r.id), r.text == null ? '' : String(r.text)])));
  }
  return out;
}

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
