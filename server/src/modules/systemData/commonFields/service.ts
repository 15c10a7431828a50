import { DataModelField, identifierProblem } from '@console/shared';
import { asc, eq } from 'drizzle-orm';
import { z } from 'zod';
import { badRequest } from '../../../core/errors.js';
import { newId } from '../../../core/ids.js';
import { updateVersioned } from '../../../core/versioned.js';
import type { Db } from '../../../db/client.js';
import { keywordMatch } from '../../../db/query.js';
import { commonFields } from '../../../db/schema/index.js';
import { uniqueAs } from '../common.js';
import { normalLength } from '../dataModel/ddl.js';

export const CommonFieldsMessages = {
  created: '新建成功',
  updated: '更新成功',
  deleted: '删除成功',
  notFound: '常用字段不存在',
  exists: (field: string) => `常用字段"${field}"已存在，请换一个字段名或编辑已有的字段`,
} as const;

/** A common field: the table designer's field without the key flags, named like a data-model column. */
export const CommonFieldBody = DataModelField.pick({
  field: true,
  fieldName: true,
  dataType: true,
  dataLength: true,
  allowNull: true,
}).superRefine((f, ctx) => {
  const problem = identifierProblem(f.field);
  if (problem) ctx.addIssue({ code: 'custom', path: ['field'], message: problem });
});
export type CommonFieldBody = z.infer<typeof CommonFieldBody>;

/** An edit names the version it read, so that two people editing one field cannot overwrite each other. */
export const CommonFieldUpdateBody = CommonFieldBody.and(
  z.object({ version: z.coerce.number({ message: '缺少版本号' }).int().min(0) }),
);
export type CommonFieldUpdateBody = z.infer<typeof CommonFieldUpdateBody>;

export const CommonFieldsListQuery = z.object({
  keyword: z.string().trim().max(100, '关键词最多为100个字符').optional().default(''),
});

type Row = typeof commonFields.$inferSelect;

const view = (r: Row) => ({
  id: r.id,
  field: r.field,
  fieldName: r.fieldName,
  dataType: r.dataType,
  dataLength: r.dataLength,
  allowNull: r.allowNull,
  creatorTime: r.creatorTime,
  lastModifyTime: r.lastModifyTime,
  version: r.version,
});

/** The common fields library of the table designer (system-data.md 2). */
export class CommonFieldsService {
  constructor(private readonly db: Db) {}

  async list(keyword: string) {
    const rows = await this.db
      .select()
      .from(commonFields)
      .where(keywordMatch(keyword, commonFields.field, commonFields.fieldName))
      .orderBy(asc(commonFields.fieldKey));
    return { list: rows.map(view) };
  }

  async info(id: string) {
    const [row] = await this.db.select().from(commonFields).where(eq(commonFields.id, id));
    if (!row) throw badRequest(CommonFieldsMessages.notFound);
    return view(row);
  }

  /** Values to store: length normalised as the designer does (400 naming the field when wrong). */
  private values(body: CommonFieldBody) {
    return {
      field: body.field,
      fieldKey: body.field.toLowerCase(),
      fieldName: body.fieldName,
      dataType: body.dataType,
      dataLength: normalLength(body),
      allowNull: body.allowNull === 0 ? 0 : 1,
    };
  }

  private async checkUnique(body: CommonFieldBody, exceptId?: string) {
    const [same] = await this.db
      .select({ id: commonFields.id })
      .from(commonFields)
      .where(eq(commonFields.fieldKey, body.field.toLowerCase()));
    if (same && same.id !== exceptId) throw badRequest(CommonFieldsMessages.exists(body.field));
  }

  async create(body: CommonFieldBody, userId: string): Promise<string> {
    const values = this.values(body);
    await this.checkUnique(body);
    const id = newId();
    await this.db
      .insert(commonFields)
      .values({ id, ...values, creatorUserId: userId })
      .catch(uniqueAs(CommonFieldsMessages.exists(body.field)));
    return id;
  }

  async update(id: string, body: CommonFieldUpdateBody, userId: string): Promise<void> {
    const values = this.values(body);
    await this.info(id);
    await this.checkUnique(body, id);
    await updateVersioned(this.db, commonFields, { id, version: body.version, userId }, values).catch(
      uniqueAs(CommonFieldsMessages.exists(body.field)),
    );
  }

  async remove(id: string): Promise<void> {
    await this.info(id);
    await this.db.delete(commonFields).where(eq(commonFields.id, id));
  }
}
