import { FlowFormBody, formValueFields, parseFormData, readFlowTree } from '@console/shared';
import { and, asc, count, desc, eq, ilike, isNotNull, ne, or, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { badRequest } from '../../core/errors.js';
import { newId } from '../../core/ids.js';
import type { Db, DbOrTx } from '../../db/client.js';
import { escapeLike, keywordMatch } from '../../db/query.js';
import { flowForms, flowTemplateJsons, flowTemplates } from '../../db/schema/index.js';
import { copyNames } from '../msgCenter/common.js';

export const FlowFormMessages = {
  created: '新建成功',
  updated: '更新成功',
  deleted: '删除成功',
  released: '发布成功',
  rolledBack: '回滚成功',
  copied: '复制成功',
  missing: '流程表单不存在',
  codeExists: '表单编码已存在',
  nothingToRelease: '表单还没有设计内容，不能发布',
  nothingToRollBack: '表单还没有发布过，不能回滚',
  inUse: '该表单已被流程使用，不能删除',
  systemFormNeedsAddress: '系统表单需要填写表单地址（urlAddress）',
  imported: '导入成功',
  importMalformed: '导入文件格式错误：不是有效的流程表单文件(.fff)',
  noFlow: '该表单没有绑定流程：请先在流程设计中把它设为某个流程的发起表单',
} as const;

/** The .fff file of ExportData / ImportData: the form's fields, its working copy and its released design. */
const FormFile = FlowFormBody.omit({ id: true }).extend({
  propertyJson: z.string().max(2_000_000).nullish(),
});

type Row = typeof flowForms.$inferSelect;

const item = (f: Row) => ({
  id: f.id,
  fullName: f.fullName,
  enCode: f.enCode,
  formType: f.formType,
  flowType: f.flowType,
  category: f.category,
  urlAddress: f.urlAddress,
  appUrlAddress: f.appUrlAddress,
  interfaceUrl: f.interfaceUrl,
  draftJson: f.draftJson,
  propertyJson: f.propertyJson,
  tableJson: f.tableJson,
  dbLinkId: f.dbLinkId,
  sortCode: f.sortCode,
  enabledMark: f.enabledMark,
  description: f.description,
  creatorTime: f.creatorTime,
  lastModifyTime: f.lastModifyTime,
});

/** Flow forms of workFlow/formDesign (workflow.md 4.1): a working copy (draftJson) and its released copy (propertyJson). */
export class FlowFormService {
  constructor(private readonly db: Db) {}

  private async get(db: DbOrTx, id: string): Promise<Row> {
    const [row] = await db
      .select()
      .from(flowForms)
      .where(and(eq(flowForms.id, id), eq(flowForms.deleteMark, 0)));
    if (!row) throw badRequest(FlowFormMessages.missing);
    return row;
  }

  private check(body: FlowFormBody) {
    if (body.formType === 1 && !body.urlAddress)
      throw badRequest(`urlAddress：${FlowFormMessages.systemFormNeedsAddress}`);
    if (body.formType === 2 && body.draftJson) {
      const parsed = parseFormData(body.draftJson);
      if (!parsed.ok) throw badRequest(`draftJson：${parsed.error}`);
    }
  }

  private async assertCodeFree(db: DbOrTx, enCode: string, exceptId?: string) {
    const filters: SQL[] = [eq(flowForms.enCode, enCode), eq(flowForms.deleteMark, 0)];
    if (exceptId) filters.push(ne(flowForms.id, exceptId));
    const [row] = await db
      .select({ id: flowForms.id })
      .from(flowForms)
      .where(and(...filters));
    if (row) throw badRequest(`enCode：${FlowFormMessages.codeExists}`);
  }

  async list(
    query: { currentPage: number; pageSize: number; keyword: string; flowType?: number; formType?: number },
    releasedOnly = false,
  ) {
    const filters: SQL[] = [eq(flowForms.deleteMark, 0)];
    const keyword = keywordMatch(query.keyword, flowForms.fullName, flowForms.enCode);
    if (keyword) filters.push(keyword);
    if (query.flowType !== undefined) filters.push(eq(flowForms.flowType, query.flowType));
    if (query.formType !== undefined) filters.push(eq(flowForms.formType, query.formType));
    if (releasedOnly) filters.push(or(eq(flowForms.formType, 1), isNotNull(flowForms.propertyJson)) as SQL);
    const where = and(...filters);
    const [rows, [total]] = await Promise.all([
      this.db
        .select()
        .from(flowForms)
        .where(where)
        .orderBy(asc(flowForms.sortCode), desc(flowForms.creatorTime), desc(flowForms.id))
        .limit(query.pageSize)
        .offset((query.currentPage - 1) * query.pageSize),
      this.db.select({ n: count() }).from(flowForms).where(where),
    ]);
    const list = rows.map((r) =>
      releasedOnly
        ? { id: r.id, fullName: r.fullName, enCode: r.enCode, formType: r.formType, flowType: r.flowType }
        : item(r),
    );
    return {
      list,
      pagination: { currentPage: query.currentPage, pageSize: query.pageSize, total: total?.n ?? 0 },
    };
  }

  /**
   * GET /{id}/Actions/Copy: a copy named …副本 with a fresh code, holding the form's design as its
   * working copy (designed forms are published again), not bound to any flow.
   */
  async copy(id: string, userId: string): Promise<string> {
    return this.db.transaction(async (tx) => {
      const row = await this.get(tx, id);
      const names = copyNames(row.fullName, row.enCode);
      await this.assertCodeFree(tx, names.enCode);
      const copyId = newId();
      await tx.insert(flowForms).values({
        ...row,
        ...names,
        id: copyId,
        draftJson: row.draftJson ?? row.propertyJson,
        propertyJson: null,
        flowId: null,
        creatorUserId: userId,
        creatorTime: Date.now(),
        lastModifyUserId: null,
        lastModifyTime: null,
        version: 0,
      });
      return copyId;
    });
  }

  /** GET /{id}/getField: the value fields of the released design (sub-table columns as table-column). */
  async fields(id: string) {
    const row = await this.get(this.db, id);
    return formValueFields(row.propertyJson);
  }

  /**
   * GET /getFormById/{id}: the flow template the form is bound to: the one its flowId names, else
   * the (oldest live) template whose main version starts with this form.
   */
  async boundTemplate(id: string): Promise<{ id: string }> {
    const form = await this.get(this.db, id);
    if (form.flowId) {
      const [bound] = await this.db
        .select({ id: flowTemplates.id })
        .from(flowTemplates)
        .where(and(eq(flowTemplates.id, form.flowId), eq(flowTemplates.deleteMark, 0)));
      if (bound) return bound;
    }
    const candidates = await this.db
      .select({ templateId: flowTemplates.id, json: flowTemplateJsons.flowTemplateJson })
      .from(flowTemplateJsons)
      .innerJoin(flowTemplates, eq(flowTemplates.id, flowTemplateJsons.templateId))
      .where(
        and(
          eq(flowTemplates.deleteMark, 0),
          eq(flowTemplateJsons.deleteMark, 0),
          eq(flowTemplateJsons.enabledMark, 1),
          ilike(flowTemplateJsons.flowTemplateJson, `%"formId":"${escapeLike(id)}"%`),
        ),
      )
      .orderBy(asc(flowTemplates.creatorTime), asc(flowTemplates.id), asc(flowTemplateJsons.sortCode));
    for (const c of candidates) {
      const start = readFlowTree(c.json);
      if (start.type === 'start' && start.properties.formId === id) return { id: c.templateId };
    }
    throw badRequest(FlowFormMessages.noFlow);
  }

  /** The .fff file of ExportData: what FlowFormBody carries plus the released design. */
  async exportFile(id: string) {
    const r = await this.get(this.db, id);
    return {
      fullName: r.fullName,
      enCode: r.enCode,
      formType: r.formType,
      flowType: r.flowType,
      category: r.category,
      urlAddress: r.urlAddress,
      appUrlAddress: r.appUrlAddress,
      interfaceUrl: r.interfaceUrl,
      draftJson: r.draftJson,
      propertyJson: r.propertyJson,
      tableJson: r.tableJson,
      dbLinkId: r.dbLinkId,
      sortCode: r.sortCode,
      description: r.description,
    };
  }

  /**
   * POST /Actions/ImportData: a .fff file as a new unpublished form whose working copy is the
   * file's design (its working copy, else its released one); a taken code gets the copy suffix
   * like imported flow templates. Anything not a valid form file: 400, nothing written.
   */
  async importFile(content: Buffer, userId: string): Promise<string> {
    let parsed: unknown;
    try {
      parsed = JSON.parse(content.toString('utf8'));
    } catch {
      throw badRequest(FlowFormMessages.importMalformed);
    }
    const result = FormFile.safeParse(parsed);
    if (!result.success) {
      const issue = result.error.issues[0];
      const where = issue?.path.length ? `${issue.path.join('.')}：` : '';
      throw badRequest(`${FlowFormMessages.importMalformed}：${where}${issue?.message ?? ''}`);
    }
    const { propertyJson, ...file } = result.data;
    const body: FlowFormBody = { ...file, draftJson: file.draftJson ?? propertyJson ?? null };
    if (body.formType === 2 && !body.draftJson)
      throw badRequest(`${FlowFormMessages.importMalformed}：draftJson：文件中没有表单设计内容`);
    try {
      this.check(body);
    } catch (error) {
      throw badRequest(`${FlowFormMessages.importMalformed}：${(error as Error).message}`);
    }
    return this.create(
      (await codeTaken(this.db, body.enCode)) ? { ...body, ...copyNames(body.fullName, body.enCode) } : body,
      userId,
    );
  }

  async info(id: string) {
    return item(await this.get(this.db, id));
  }

  async create(body: FlowFormBody, userId: string): Promise<string> {
    this.check(body);
    return this.db.transaction(async (tx) => {
      await this.assertCodeFree(tx, body.enCode);
      const id = newId();
      await tx.insert(flowForms).values({ ...values(body), id, creatorUserId: userId });
      return id;
    });
  }

  async update(body: FlowFormBody, userId: string) {
    if (!body.id) throw badRequest('id：请指定要修改的表单');
    const id = body.id;
    this.check(body);
    await this.db.transaction(async (tx) => {
      const row = await this.get(tx, id);
      await this.assertCodeFree(tx, body.enCode, id);
      await tx
        .update(flowForms)
        .set({
          ...values(body),
          lastModifyTime: Date.now(),
          lastModifyUserId: userId,
          version: row.version + 1,
        })
        .where(eq(flowForms.id, id));
    });
  }

  /** isRelease 1: the working copy becomes the released form; 0: the working copy goes back to the released one. */
  async release(id: string, isRelease: boolean, userId: string) {
    await this.db.transaction(async (tx) => {
      const row = await this.get(tx, id);
      if (isRelease && row.formType === 2 && !row.draftJson)
        throw badRequest(FlowFormMessages.nothingToRelease);
      if (!isRelease && !row.propertyJson) throw badRequest(FlowFormMessages.nothingToRollBack);
      await tx
        .update(flowForms)
        .set({
          ...(isRelease ? { propertyJson: row.draftJson } : { draftJson: row.propertyJson }),
          lastModifyTime: Date.now(),
          lastModifyUserId: userId,
          version: row.version + 1,
        })
        .where(eq(flowForms.id, id));
    });
  }

  async remove(id: string, userId: string) {
    await this.db.transaction(async (tx) => {
      await this.get(tx, id);
      const [used] = await tx
        .select({ id: flowTemplateJsons.id })
        .from(flowTemplateJsons)
        .where(
          and(
            eq(flowTemplateJsons.deleteMark, 0),
            ilike(flowTemplateJsons.flowTemplateJson, `%"formId":"${escapeLike(id)}"%`),
          ),
        )
        .limit(1);
      if (used) throw badRequest(FlowFormMessages.inUse);
      await tx
        .update(flowForms)
        .set({ deleteMark: 1, deleteTime: Date.now(), deleteUserId: userId })
        .where(eq(flowForms.id, id));
    });
  }
}

async function codeTaken(db: DbOrTx, enCode: string): Promise<boolean> {
  const [row] = await db
    .select({ id: flowForms.id })
    .from(flowForms)
    .where(and(eq(flowForms.enCode, enCode), eq(flowForms.deleteMark, 0)));
  return row !== undefined;
}

function values(body: FlowFormBody) {
  return {
    fullName: body.fullName,
    enCode: body.enCode,
    formType: body.formType,
    flowType: body.flowType,
    category: body.category ?? null,
    urlAddress: body.urlAddress ?? null,
    appUrlAddress: body.appUrlAddress ?? null,
    interfaceUrl: body.interfaceUrl ?? null,
    draftJson: body.draftJson ?? null,
    tableJson: body.tableJson ?? null,
    dbLinkId: body.dbLinkId ?? null,
    sortCode: body.sortCode,
    description: body.description ?? null,
  };
}
