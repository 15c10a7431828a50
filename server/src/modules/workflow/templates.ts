import { FlowTemplateBody, type NamedFlow, type Pagination, readFlowTree } from '@console/shared';
import { and, asc, count, desc, eq, inArray, max, ne, type SQL } from 'drizzle-orm';
import { badRequest } from '../../core/errors.js';
import { newId } from '../../core/ids.js';
import type { Db, Tx } from '../../db/client.js';
import { keywordMatch, listOrder } from '../../db/query.js';
import {
  dictionaryData,
  flowTasks,
  flowTemplateJsons,
  flowTemplates,
  sendConfigs,
  users,
} from '../../db/schema/index.js';
import { copyNames } from '../msgCenter/common.js';
import { groupByCategory, isItemOfDictionary } from '../system/dictionary/categories.js';
import { AssistService } from './assist.js';
import type { WorkflowEngine } from './engine/workflow-engine.js';
import { compileFlow } from './graph.js';

export const TemplateMessages = {
  created: '新建成功',
  updated: '更新成功',
  deleted: '删除成功',
  released: '启用成功',
  stopped: '停用成功',
  copied: '复制成功',
  mainVersion: '设置主版本成功',
  versionDeleted: '删除版本成功',
  missing: '流程模板不存在',
  codeMissing: (enCode: string) => `编码为“${enCode}”的流程不存在或未启用`,
  versionMissing: '流程版本不存在',
  codeExists: '流程编码已存在',
  inUse: '该流程已有发起的任务，不能删除',
  flowInUse: (name: string) => `流程“${name}”已有发起的任务，不能删除`,
  mainVersionDelete: '主版本不能删除',
  imported: '导入成功',
  importMalformed: '导入文件格式错误：不是有效的流程模板文件(.ffe)',
  categoryMissing: 'category：流程分类不存在，请选择流程分类字典中的分类',
} as const;

/** The dictionary of flow template categories (workflow.md: category is one of its entries' ids). */
export const FLOW_CATEGORY_CODE = 'WorkFlowCategory';

/** The stored category: empty is none; anything else must be a WorkFlowCategory entry. */
async function checkedCategory(tx: Tx, category: string | null | undefined): Promise<string | null> {
  if (!category) return null;
  if (!(await isItemOfDictionary(tx, category, FLOW_CATEGORY_CODE)))
    throw badRequest(TemplateMessages.categoryMissing);
  return category;
}

/** Category node of the template pickers (ListAll / Selector): a WorkFlowCategory entry or "未分类". */
const UNCATEGORISED = { id: '', fullName: '未分类' };

const SORTABLE = {
  fullName: flowTemplates.fullName,
  enCode: flowTemplates.enCode,
  sortCode: flowTemplates.sortCode,
  creatorTime: flowTemplates.creatorTime,
} as const;

type Template = typeof flowTemplates.$inferSelect;

/** A template as the flow pickers show it (no creator or design). */
export const pickerItem = (t: Template) => ({
  id: t.id,
  enCode: t.enCode,
  fullName: t.fullName,
  category: t.category,
  type: t.type,
  icon: t.icon,
  iconBackground: t.iconBackground,
  sortCode: t.sortCode,
  enabledMark: t.enabledMark,
});

/** Problems a saved flow would only show when run: settings this engine does not run yet. */
function assertRunnable(flows: NamedFlow[]) {
  flows.forEach((flow, i) => {
    const graph = compileFlow(flow.flowTemplateJson);
    for (const node of graph.nodes.values()) {
      if (node.type === 'approver' && node.properties.assigneeType === 9)
        throw badRequest(`flowTemplateJson：[${i}] 节点“${node.title}”：“服务”方式的审批人暂不支持`);
    }
  });
}

/** What the designer calls each message setting (*MsgConfig) and event (*FuncConfig). */
const MESSAGE_LABELS: Record<string, string> = {
  waitMsgConfig: '待办消息',
  endMsgConfig: '结束消息',
  approveMsgConfig: '通过消息',
  rejectMsgConfig: '退回消息',
  copyMsgConfig: '抄送消息',
  overTimeMsgConfig: '超时消息',
  noticeMsgConfig: '提醒消息',
  launchMsgConfig: '子流程发起消息',
};
const EVENT_LABELS: Record<string, string> = {
  initFuncConfig: '流程发起事件',
  endFuncConfig: '流程结束事件',
  flowRecallFuncConfig: '流程撤回事件',
  approveFuncConfig: '审批通过事件',
  rejectFuncConfig: '审批退回事件',
  recallFuncConfig: '审批撤回事件',
  overTimeFuncConfig: '超时事件',
  noticeFuncConfig: '提醒事件',
};

/**
 * A custom message setting (on 1) must name an existing send configuration and an event that
 * is on (1) a data interface, else the flow would silently send or call nothing: 400 naming the
 * node and the setting.
 */
async function assertMessagesAndEvents(db: Db | Tx, flows: NamedFlow[]) {
  const wanted: { where: string; msgId: string }[] = [];
  for (const flow of flows) {
    for (const node of compileFlow(flow.flowTemplateJson).nodes.values()) {
      const p = node.properties as Record<string, unknown>;
      const setting = (key: string) =>
        p[key] && typeof p[key] === 'object' ? (p[key] as Record<string, unknown>) : null;
      const named = (value: unknown) => (typeof value === 'string' ? value.trim() : '');
      for (const [key, label] of Object.entries(MESSAGE_LABELS)) {
        const config = setting(key);
        if (Number(config?.on) !== 1) continue;
        const msgId = named(config?.msgId);
        if (!msgId) throw badRequest(`${node.title}: ${label}未选择发送配置`);
        wanted.push({ where: `${node.title}: ${label}`, msgId });
      }
      for (const [key, label] of Object.entries(EVENT_LABELS)) {
        const config = setting(key);
        if (Number(config?.on) === 1 && !named(config?.interfaceId))
          throw badRequest(`${node.title}: ${label}未选择数据接口`);
      }
    }
  }
  if (wanted.length === 0) return;
  const found = new Set(
    (
      await db
        .select({ id: sendConfigs.id })
        .from(sendConfigs)
        .where(inArray(sendConfigs.id, [...new Set(wanted.map((w) => w.msgId))]))
    ).map((r) => r.id),
  );
  const missing = wanted.find((w) => !found.has(w.msgId));
  if (missing) throw badRequest(`${missing.where}的发送配置不存在，请重新选择`);
}

export class TemplateService {
  constructor(
    private readonly db: Db,
    private readonly engine: WorkflowEngine,
  ) {}

  private async get(db: Db | Tx, id: string): Promise<Template> {
    const [row] = await db
      .select()
      .from(flowTemplates)
      .where(and(eq(flowTemplates.id, id), eq(flowTemplates.deleteMark, 0)));
    if (!row) throw badRequest(TemplateMessages.missing);
    return row;
  }

  private async assertCodeFree(db: Db | Tx, enCode: string, exceptId?: string) {
    const filters: SQL[] = [eq(flowTemplates.enCode, enCode), eq(flowTemplates.deleteMark, 0)];
    if (exceptId) filters.push(ne(flowTemplates.id, exceptId));
    const [row] = await db
      .select({ id: flowTemplates.id })
      .from(flowTemplates)
      .where(and(...filters));
    if (row) throw badRequest(`enCode：${TemplateMessages.codeExists}`);
  }

  async list(
    query: {
      currentPage: number;
      pageSize: number;
      keyword: string;
      category: string;
      sort: string;
      sidx: string;
    },
    enabledOnly = false,
    caller?: { userId: string; isAdministrator: boolean },
  ) {
    const filters: SQL[] = [eq(flowTemplates.deleteMark, 0)];
    if (enabledOnly) filters.push(eq(flowTemplates.enabledMark, 1));
    const keyword = keywordMatch(query.keyword, flowTemplates.fullName, flowTemplates.enCode);
    if (keyword) filters.push(keyword);
    if (query.category) filters.push(eq(flowTemplates.category, query.category));
    const where = and(...filters);
    const order = listOrder(SORTABLE, query, desc(flowTemplates.id), [
      asc(flowTemplates.sortCode),
      desc(flowTemplates.creatorTime),
    ]);
    const [rows, [total]] = await Promise.all([
      this.db
        .select({
          t: flowTemplates,
          creator: users.realName,
          account: users.account,
          categoryName: dictionaryData.fullName,
        })
        .from(flowTemplates)
        .leftJoin(users, eq(users.id, flowTemplates.creatorUserId))
        .leftJoin(dictionaryData, eq(dictionaryData.id, flowTemplates.category))
        .where(where)
        .orderBy(...order)
        .limit(query.pageSize)
        .offset((query.currentPage - 1) * query.pageSize),
      this.db.select({ n: count() }).from(flowTemplates).where(where),
    ]);
    const pagination: Pagination = {
      currentPage: query.currentPage,
      pageSize: query.pageSize,
      total: total?.n ?? 0,
    };
    return {
      list: rows.map(({ t, creator, account, categoryName }) => ({
        id: t.id,
        enCode: t.enCode,
        fullName: t.fullName,
        // The 3.4.7 list shows `category` as it comes (its 流程分类 column): the entry's name; the
        // id, which the search filter and the form use, is in categoryId.
        category: categoryName ?? t.category,
        categoryId: t.category,
        type: t.type,
        icon: t.icon,
        iconBackground: t.iconBackground,
        sortCode: t.sortCode,
        enabledMark: t.enabledMark,
        creatorUser: creator ? `${creator}/${account}` : null,
        creatorTime: t.creatorTime,
        // 1 when the caller may set co-managers (POST /flowTemplate/assist): creator or administrator.
        hasAssistBtn: caller && AssistService.mayAssign(caller, t.creatorUserId) ? 1 : 0,
      })),
      pagination,
    };
  }

  /** Version ids of the template that tasks run (those flows get a new version when saved). */
  private async usedVersions(db: Db | Tx, versionIds: string[]): Promise<Set<string>> {
    if (versionIds.length === 0) return new Set();
    const rows = await db
      .selectDistinct({ flowId: flowTasks.flowId })
      .from(flowTasks)
      .where(and(inArray(flowTasks.flowId, versionIds), eq(flowTasks.deleteMark, 0)));
    return new Set(rows.map((r) => r.flowId));
  }

  private async mainVersions(db: Db | Tx, templateId: string) {
    return db
      .select()
      .from(flowTemplateJsons)
      .where(
        and(
          eq(flowTemplateJsons.templateId, templateId),
          eq(flowTemplateJsons.enabledMark, 1),
          eq(flowTemplateJsons.deleteMark, 0),
        ),
      )
      .orderBy(asc(flowTemplateJsons.sortCode), asc(flowTemplateJsons.creatorTime));
  }

  async info(id: string) {
    const t = await this.get(this.db, id);
    const versions = await this.mainVersions(this.db, id);
    const used = await this.usedVersions(
      this.db,
      versions.map((v) => v.id),
    );
    return {
      id: t.id,
      enCode: t.enCode,
      fullName: t.fullName,
      type: t.type,
      category: t.category,
      icon: t.icon,
      iconBackground: t.iconBackground,
      sortCode: t.sortCode,
      description: t.description,
      enabledMark: t.enabledMark,
      flowTemplateJson: JSON.stringify(
        versions.map((v) => ({
          id: v.id,
          flowId: v.groupId,
          fullName: v.fullName,
          flowTemplateJson: JSON.parse(v.flowTemplateJson),
          isDelete: used.has(v.id),
        })),
      ),
      onlineDev: t.type === 1,
      onlineFormId: null,
    };
  }

  /** `copied`: the flows of a saved template (a copy keeps them as they are, checked or not). */
  async create(body: FlowTemplateBody, userId: string, enabledMark = 1, copied = false): Promise<string> {
    assertRunnable(body.flowTemplateJson);
    if (!copied) await assertMessagesAndEvents(this.db, body.flowTemplateJson);
    return this.db.transaction(async (tx) => {
      await this.assertCodeFree(tx, body.enCode);
      const category = await checkedCategory(tx, body.category);
      const id = newId();
      await tx.insert(flowTemplates).values({
        id,
        enCode: body.enCode,
        fullName: body.fullName,
        type: body.type,
        category,
        icon: body.icon ?? null,
        iconBackground: body.iconBackground ?? null,
        sortCode: body.sortCode,
        description: body.description ?? null,
        enabledMark,
        creatorUserId: userId,
      });
      for (const [i, flow] of body.flowTemplateJson.entries())
        await tx.insert(flowTemplateJsons).values({
          id: newId(),
          templateId: id,
          groupId: flow.flowId,
          fullName: flow.fullName,
          flowVersion: 1,
          flowTemplateJson: JSON.stringify(flow.flowTemplateJson),
          visibleType: visibleType(flow),
          enabledMark: 1,
          sortCode: i,
          creatorUserId: userId,
        });
      return id;
    });
  }

  /**
   * Saves a template. A named flow whose main version no task runs is changed in place; one that
   * tasks run gets a new version (not yet main: the answer says so and names it, and the
   * designer then asks whether to make it the main version). Running tasks keep their snapshot.
   */
  async update(
    id: string,
    body: FlowTemplateBody,
    userId: string,
  ): Promise<{ id: string; isMainVersion: boolean }> {
    assertRunnable(body.flowTemplateJson);
    await assertMessagesAndEvents(this.db, body.flowTemplateJson);
    return this.db.transaction(async (tx) => {
      const template = await this.get(tx, id);
      await this.assertCodeFree(tx, body.enCode, id);
      const category = await checkedCategory(tx, body.category);
      await tx
        .update(flowTemplates)
        .set({
          enCode: body.enCode,
          fullName: body.fullName,
          type: body.type,
          category,
          icon: body.icon ?? null,
          iconBackground: body.iconBackground ?? null,
          sortCode: body.sortCode,
          description: body.description ?? null,
          lastModifyTime: Date.now(),
          lastModifyUserId: userId,
          version: template.version + 1,
        })
        .where(eq(flowTemplates.id, id));
      const mains = await this.mainVersions(tx, id);
      const used = await this.usedVersions(
        tx,
        mains.map((v) => v.id),
      );
      let newVersionId: string | null = null;
      const kept = new Set<string>();
      for (const [i, flow] of body.flowTemplateJson.entries()) {
        kept.add(flow.flowId);
        const main = mains.find((v) => v.groupId === flow.flowId);
        const json = JSON.stringify(flow.flowTemplateJson);
        if (!main) {
          await tx.insert(flowTemplateJsons).values({
            id: newId(),
            templateId: id,
            groupId: flow.flowId,
            fullName: flow.fullName,
            flowVersion: 1,
            flowTemplateJson: json,
            visibleType: visibleType(flow),
            enabledMark: 1,
            sortCode: i,
            creatorUserId: userId,
          });
        } else if (!used.has(main.id)) {
          await tx
            .update(flowTemplateJsons)
            .set({
              fullName: flow.fullName,
              flowTemplateJson: json,
              visibleType: visibleType(flow),
              sortCode: i,
              lastModifyTime: Date.now(),
              lastModifyUserId: userId,
            })
            .where(eq(flowTemplateJsons.id, main.id));
        } else if (main.flowTemplateJson !== json || main.fullName !== flow.fullName) {
          const [top] = await tx
            .select({ v: max(flowTemplateJsons.flowVersion) })
            .from(flowTemplateJsons)
            .where(and(eq(flowTemplateJsons.templateId, id), eq(flowTemplateJsons.groupId, flow.flowId)));
          newVersionId = newId();
          await tx.insert(flowTemplateJsons).values({
            id: newVersionId,
            templateId: id,
            groupId: flow.flowId,
            fullName: flow.fullName,
            flowVersion: (top?.v ?? main.flowVersion) + 1,
            flowTemplateJson: json,
            visibleType: visibleType(flow),
            enabledMark: 0,
            sortCode: i,
            creatorUserId: userId,
          });
        }
      }
      for (const main of mains) {
        if (kept.has(main.groupId)) continue;
        const versions = await tx
          .select({ id: flowTemplateJsons.id })
          .from(flowTemplateJsons)
          .where(and(eq(flowTemplateJsons.templateId, id), eq(flowTemplateJsons.groupId, main.groupId)));
        const inUse = await this.usedVersions(
          tx,
          versions.map((v) => v.id),
        );
        if (inUse.size > 0) throw badRequest(TemplateMessages.flowInUse(main.fullName));
        await tx
          .update(flowTemplateJsons)
          .set({ deleteMark: 1, deleteTime: Date.now(), deleteUserId: userId })
          .where(
            inArray(
              flowTemplateJsons.id,
              versions.map((v) => v.id),
            ),
          );
      }
      return { id: newVersionId ?? id, isMainVersion: newVersionId !== null };
    });
  }

  async remove(id: string, userId: string) {
    await this.db.transaction(async (tx) => {
      await this.get(tx, id);
      const [task] = await tx
        .select({ id: flowTasks.id })
        .from(flowTasks)
        .where(and(eq(flowTasks.templateId, id), eq(flowTasks.deleteMark, 0)))
        .limit(1);
      if (task) throw badRequest(TemplateMessages.inUse);
      const now = Date.now();
      await tx
        .update(flowTemplates)
        .set({ deleteMark: 1, deleteTime: now, deleteUserId: userId })
        .where(eq(flowTemplates.id, id));
      await tx
        .update(flowTemplateJsons)
        .set({ deleteMark: 1, deleteTime: now, deleteUserId: userId })
        .where(eq(flowTemplateJsons.templateId, id));
    });
  }

  async setEnabled(id: string, enabled: boolean, userId: string) {
    const t = await this.get(this.db, id);
    await this.db
      .update(flowTemplates)
      .set({
        enabledMark: enabled ? 1 : 0,
        lastModifyTime: Date.now(),
        lastModifyUserId: userId,
        version: t.version + 1,
      })
      .where(and(eq(flowTemplates.id, id), eq(flowTemplates.version, t.version)));
  }

  /** POST /flowTemplate/{versionId}/MainVersion */
  async setMainVersion(versionId: string, userId: string) {
    await this.db.transaction(async (tx) => {
      const [version] = await tx
        .select()
        .from(flowTemplateJsons)
        .where(and(eq(flowTemplateJsons.id, versionId), eq(flowTemplateJsons.deleteMark, 0)));
      if (!version) throw badRequest(TemplateMessages.versionMissing);
      await tx
        .update(flowTemplateJsons)
        .set({ enabledMark: 0 })
        .where(
          and(
            eq(flowTemplateJsons.templateId, version.templateId),
            eq(flowTemplateJsons.groupId, version.groupId),
          ),
        );
      await tx
        .update(flowTemplateJsons)
        .set({ enabledMark: 1, lastModifyTime: Date.now(), lastModifyUserId: userId })
        .where(eq(flowTemplateJsons.id, versionId));
    });
  }

  /** DELETE /flowTemplate/{versionId}/FlowJson: a version that is not main and that no task runs. */
  async deleteVersion(versionId: string, userId: string) {
    await this.db.transaction(async (tx) => {
      const [version] = await tx
        .select()
        .from(flowTemplateJsons)
        .where(and(eq(flowTemplateJsons.id, versionId), eq(flowTemplateJsons.deleteMark, 0)));
      if (!version) throw badRequest(TemplateMessages.versionMissing);
      if (version.enabledMark === 1) throw badRequest(TemplateMessages.mainVersionDelete);
      if ((await this.usedVersions(tx, [versionId])).size)
        throw badRequest(TemplateMessages.flowInUse(version.fullName));
      await tx
        .update(flowTemplateJsons)
        .set({ deleteMark: 1, deleteTime: Date.now(), deleteUserId: userId })
        .where(eq(flowTemplateJsons.id, versionId));
    });
  }

  /** GET /flowTemplate/{templateId}/FlowJsonList: versions of one named flow (or all), paged. */
  async versions(templateId: string, query: { flowId: string; currentPage: number; pageSize: number }) {
    const filters: SQL[] = [
      eq(flowTemplateJsons.templateId, templateId),
      eq(flowTemplateJsons.deleteMark, 0),
    ];
    if (query.flowId) filters.push(eq(flowTemplateJsons.groupId, query.flowId));
    const where = and(...filters);
    const [rows, [total]] = await Promise.all([
      this.db
        .select({ v: flowTemplateJsons, creator: users.realName, account: users.account })
        .from(flowTemplateJsons)
        .leftJoin(users, eq(users.id, flowTemplateJsons.creatorUserId))
        .where(where)
        .orderBy(desc(flowTemplateJsons.flowVersion), desc(flowTemplateJsons.id))
        .limit(query.pageSize)
        .offset((query.currentPage - 1) * query.pageSize),
      this.db.select({ n: count() }).from(flowTemplateJsons).where(where),
    ]);
    return {
      list: rows.map(({ v, creator, account }) => ({
        id: v.id,
        flowId: v.groupId,
        fullName: v.fullName,
        version: v.flowVersion,
        enabledMark: v.enabledMark,
        creatorUser: creator ? `${creator}/${account}` : null,
        creatorTime: v.creatorTime,
        lastModifyTime: v.lastModifyTime,
      })),
      pagination: { currentPage: query.currentPage, pageSize: query.pageSize, total: total?.n ?? 0 },
    };
  }

  /** GET /flowTemplate/FlowJsonList/{templateId}: main versions; type=1 only those the user may launch. */
  async launchable(templateId: string, userId: string, onlyLaunchable: boolean) {
    const t = await this.get(this.db, templateId);
    const mains = await this.mainVersions(this.db, templateId);
    const out: { id: string; fullName: string; flowTemplateJson: string }[] = [];
    for (const v of mains) {
      if (onlyLaunchable) {
        if (t.enabledMark !== 1) continue;
        const graph = compileFlow(readFlowTree(v.flowTemplateJson));
        if (!(await this.engine.mayLaunch(this.db, userId, graph.start.properties))) continue;
      }
      out.push({ id: v.id, fullName: v.fullName, flowTemplateJson: v.flowTemplateJson });
    }
    return out;
  }

  /** POST /flowTemplate/{id}/Actions/Copy: a stopped copy with the main version of each flow. */
  async copy(id: string, userId: string): Promise<string> {
    const t = await this.get(this.db, id);
    const names = copyNames(t.fullName, t.enCode);
    const flows = (await this.mainVersions(this.db, id)).map((v) => ({
      id: '',
      flowId: v.groupId,
      fullName: v.fullName,
      flowTemplateJson: readFlowTree(v.flowTemplateJson),
    }));
    return this.create({ ...templateFields(t), ...names, flowTemplateJson: flows }, userId, 0, true);
  }

  /** The .ffe file of ExportData: the template's fields and the main version of each flow. */
  async exportFile(id: string) {
    const t = await this.get(this.db, id);
    const flows = (await this.mainVersions(this.db, id)).map((v) => ({
      id: '',
      flowId: v.groupId,
      fullName: v.fullName,
      flowTemplateJson: JSON.parse(v.flowTemplateJson) as unknown,
    }));
    return { ...templateFields(t), flowTemplateJson: JSON.stringify(flows) };
  }

  /** POST /flowTemplate/Actions/ImportData: a .ffe file as a new template (a taken code gets the copy suffix). */
  async importFile(content: Buffer, userId: string): Promise<string> {
    let parsed: unknown;
    try {
      parsed = JSON.parse(content.toString('utf8'));
    } catch {
      throw badRequest(TemplateMessages.importMalformed);
    }
    const result = FlowTemplateBody.safeParse(parsed);
    if (!result.success) {
      const issue = result.error.issues[0];
      const where = issue?.path.length ? `${issue.path.join('.')}：` : '';
      throw badRequest(`${TemplateMessages.importMalformed}：${where}${issue?.message ?? ''}`);
    }
    const body = result.data;
    // A file from another installation names a category entry unknown here: it comes in uncategorised.
    if (body.category && !(await isItemOfDictionary(this.db, body.category, FLOW_CATEGORY_CODE)))
      body.category = null;
    const [taken] = await this.db
      .select({ id: flowTemplates.id })
      .from(flowTemplates)
      .where(and(eq(flowTemplates.enCode, body.enCode), eq(flowTemplates.deleteMark, 0)));
    return this.create(taken ? { ...body, ...copyNames(body.fullName, body.enCode) } : body, userId);
  }

  /**
   * GET /flowTemplate/ListAll and /Selector: templates grouped under their category (the
   * WorkFlowCategory entry), for filters and pickers. enabledOnly: only released ones.
   */
  async byCategory(query: { keyword: string; type?: number | undefined }, enabledOnly: boolean) {
    const filters: SQL[] = [eq(flowTemplates.deleteMark, 0)];
    if (enabledOnly) filters.push(eq(flowTemplates.enabledMark, 1));
    if (query.type !== undefined) filters.push(eq(flowTemplates.type, query.type));
    const keyword = keywordMatch(query.keyword, flowTemplates.fullName, flowTemplates.enCode);
    if (keyword) filters.push(keyword);
    const rows = await this.db
      .select({
        id: flowTemplates.id,
        fullName: flowTemplates.fullName,
        enCode: flowTemplates.enCode,
        category: flowTemplates.category,
        type: flowTemplates.type,
        enabledMark: flowTemplates.enabledMark,
        icon: flowTemplates.icon,
        iconBackground: flowTemplates.iconBackground,
        categoryName: dictionaryData.fullName,
      })
      .from(flowTemplates)
      .leftJoin(dictionaryData, eq(dictionaryData.id, flowTemplates.category))
      .where(and(...filters))
      .orderBy(asc(flowTemplates.sortCode), desc(flowTemplates.creatorTime));
    const list = groupByCategory(
      rows,
      ({ category, categoryName }) =>
        category && categoryName ? { id: category, fullName: categoryName } : UNCATEGORISED,
      ({ categoryName: _name, ...row }) => row,
    );
    return { list };
  }

  /** The form of a flow version's start node (GET /flowTemplate/{versionId}/FormInfo). */
  async startFormId(versionId: string): Promise<string> {
    const [version] = await this.db
      .select({ json: flowTemplateJsons.flowTemplateJson })
      .from(flowTemplateJsons)
      .where(and(eq(flowTemplateJsons.id, versionId), eq(flowTemplateJsons.deleteMark, 0)));
    if (!version) throw badRequest(TemplateMessages.versionMissing);
    const start = readFlowTree(version.json);
    return start.type === 'start' ? start.properties.formId : '';
  }

  /** GET /flowTemplate/getFlowIdByCode/{enCode}: the id of the enabled template with that code. */
  async idByCode(enCode: string): Promise<string> {
    const [row] = await this.db
      .select({ id: flowTemplates.id })
      .from(flowTemplates)
      .where(
        and(
          eq(flowTemplates.enCode, enCode),
          eq(flowTemplates.enabledMark, 1),
          eq(flowTemplates.deleteMark, 0),
        ),
      );
    if (!row) throw badRequest(TemplateMessages.codeMissing(enCode));
    return row.id;
  }

  /** GET /flowTemplate/PageListAll: released templates with at least one flow the user may launch. */
  async pageListAll(
    userId: string,
    query: { currentPage: number; pageSize: number; keyword: string; category: string },
  ) {
    const filters: SQL[] = [
      eq(flowTemplates.deleteMark, 0),
      eq(flowTemplates.enabledMark, 1),
      eq(flowTemplates.type, 0),
    ];
    const keyword = keywordMatch(query.keyword, flowTemplates.fullName, flowTemplates.enCode);
    if (keyword) filters.push(keyword);
    if (query.category) filters.push(eq(flowTemplates.category, query.category));
    const templates = await this.db
      .select()
      .from(flowTemplates)
      .where(and(...filters))
      .orderBy(asc(flowTemplates.sortCode), desc(flowTemplates.creatorTime));
    const visible = [];
    for (const t of templates) if ((await this.launchable(t.id, userId, true)).length > 0) visible.push(t);
    const start = (query.currentPage - 1) * query.pageSize;
    return {
      list: visible.slice(start, start + query.pageSize).map((t) => ({
        id: t.id,
        enCode: t.enCode,
        fullName: t.fullName,
        category: t.category,
        icon: t.icon,
        iconBackground: t.iconBackground,
        type: t.type,
      })),
      pagination: { currentPage: query.currentPage, pageSize: query.pageSize, total: visible.length },
    };
  }

  /**
   * POST /flowTemplate/getflowList: the named templates (delegate flow picker showing a stored
   * choice), in the given order; unknown or deleted ones are left out.
   */
  async byIds(ids: string[]) {
    if (ids.length === 0) return [];
    const rows = await this.db
      .select()
      .from(flowTemplates)
      .where(and(inArray(flowTemplates.id, ids), eq(flowTemplates.deleteMark, 0)));
    const byId = new Map(rows.map((t) => [t.id, pickerItem(t)]));
    return ids.map((id) => byId.get(id)).filter((t) => t !== undefined);
  }

  /** GET /flowTemplate/PageChildListAll: main versions open to everybody, of released templates (sub-flow picker). */
  async childList(query: { currentPage: number; pageSize: number; keyword: string }) {
    const filters: SQL[] = [
      eq(flowTemplates.deleteMark, 0),
      eq(flowTemplates.enabledMark, 1),
      eq(flowTemplateJsons.deleteMark, 0),
      eq(flowTemplateJsons.enabledMark, 1),
      eq(flowTemplateJsons.visibleType, 0),
    ];
    const keyword = keywordMatch(query.keyword, flowTemplateJsons.fullName, flowTemplates.fullName);
    if (keyword) filters.push(keyword);
    const where = and(...filters);
    const [rows, [total]] = await Promise.all([
      this.db
        .select({
          id: flowTemplateJsons.id,
          fullName: flowTemplateJsons.fullName,
          flowTemplateJson: flowTemplateJsons.flowTemplateJson,
        })
        .from(flowTemplateJsons)
        .innerJoin(flowTemplates, eq(flowTemplates.id, flowTemplateJsons.templateId))
        .where(where)
        .orderBy(asc(flowTemplates.sortCode), desc(flowTemplateJsons.id))
        .limit(query.pageSize)
        .offset((query.currentPage - 1) * query.pageSize),
      this.db
        .select({ n: count() })
        .from(flowTemplateJsons)
        .innerJoin(flowTemplates, eq(flowTemplates.id, flowTemplateJsons.templateId))
        .where(where),
    ]);
    return {
      list: rows,
      pagination: { currentPage: query.currentPage, pageSize: query.pageSize, total: total?.n ?? 0 },
    };
  }
}

/** The fields of a template a copy or an export carries over. */
function templateFields(t: Template) {
  return {
    fullName: t.fullName,
    enCode: t.enCode,
    type: t.type,
    category: t.category,
    icon: t.icon,
    iconBackground: t.iconBackground,
    sortCode: t.sortCode,
    description: t.description,
  };
}

/** 1 when the start node restricts who may launch. */
function visibleType(flow: NamedFlow): number {
  const p = flow.flowTemplateJson.properties as {
    initiator?: string[];
    initiatePos?: string[];
    initiateRole?: string[];
    initiateOrg?: string[];
    initiateGroup?: string[];
  };
  const lists = [p.initiator, p.initiatePos, p.initiateRole, p.initiateOrg, p.initiateGroup];
  return lists.some((l) => (l?.length ?? 0) > 0) ? 1 : 0;
}
