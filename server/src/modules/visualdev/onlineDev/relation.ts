import { inArray } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import type { DbOrTx } from '../../../db/client.js';
import type { GeneratedTables } from '../webDesign/ddl.js';
import type { ModelField } from '../webDesign/model.js';

/*
 * The relation-form picker (forms.md 4, widgets.md): GET /api/visualdev/Base/{id}/FieldDataSelect
 * (routes.ts) pages the records of a released form for the relationForm popup. The display of a
 * chosen record (relationForm, relationFormAttr) reads GET /OnlineDev/{modelId}/{id}/DataChange;
 * lists and detail views show relationForm values through relationTexts below.
 * Rows come from the generated list itself, so the caller's menu permission, data rules, field
 * permissions and the design's own filter (ruleList) apply as on the form's page.
 */

export const RelationMessages = {
  noRelationField: 'relationField 必填：请指定关联表单中用于显示的字段',
  notField: (name: string) => `“${name}”不是该表单主表的字段`,
} as const;

export const FieldName = z.string().trim().min(1).max(100);

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

/** What relationTexts reads of OnlineDevService (named, not imported: runtime.ts imports this file). */
interface RelatedForms {
  runtime(
    modelId: string,
  ): Promise<{ tables: GeneratedTables; fieldsByVModel: ReadonlyMap<string, ModelField> }>;
}

/**
 * The text a list or detail view shows for relationForm values (forms.md 5 "Row"): the related
 * record's relationField, read from the related form's released table in one query per field.
 * Field vModel → record id → text; ids whose record is gone (or a form not released) are absent.
 */
export async function relationTexts(
  online: RelatedForms,
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
