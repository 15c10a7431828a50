import { FlowDelegateListQuery, FlowTaskListQuery } from '@console/shared';
import { z } from 'zod';
import type { Services } from '../../../services.js';
import { EmailService } from '../../extend/email/service.js';
import { InboxService } from '../../message/inbox/service.js';
import { userLabels } from '../../system/printDev/service.js';
import { DelegateService } from '../../workflow/delegate.js';
import { TaskLists } from '../../workflow/lists.js';

/** At most this many rows answer a widget's list (the widgets show fewer). */
export const DASHBOARD_LIST_LIMIT = 50;
const CATEGORY_LIMIT = 50;

const categoryList = (field: string) =>
  z
    .array(
      z
        .string({ message: `${field} 只能是分类编号的数组` })
        .trim()
        .min(1)
        .max(64),
      {
        message: `${field} 只能是分类编号的数组`,
      },
    )
    .max(CATEGORY_LIMIT, `${field} 最多${CATEGORY_LIMIT}个分类`)
    .nullish()
    .transform((ids) => [...new Set(ids ?? [])]);

/**
 * POST /Dashboard/FlowTodoCount: the flow categories each count is limited to (empty = all),
 * as the 3.4.7 todo widget sends them.
 */
export const FlowTodoCountBody = z
  .looseObject(
    {
      toBeReviewedType: categoryList('toBeReviewedType'),
      flowDoneType: categoryList('flowDoneType'),
      flowCirculateType: categoryList('flowCirculateType'),
    },
    { message: '请求体须为 {toBeReviewedType, flowDoneType, flowCirculateType} 对象' },
  )
  .nullish()
  .transform((body) => body ?? { toBeReviewedType: [], flowDoneType: [], flowCirculateType: [] });
export type FlowTodoCountBody = z.output<typeof FlowTodoCountBody>;

/** POST /Dashboard/Notice: the notice categories to show (empty = all). */
export const DashboardNoticeBody = z
  .looseObject({ typeList: categoryList('typeList') }, { message: '请求体须为 {typeList} 对象' })
  .nullish()
  .transform((body) => body ?? { typeList: [] });

/** The category label the 3.4.7 widget shows: 1 公告 (announcement), anything else 通知 (notice). */
export const noticeCategoryName = (category: string | null) => (category === '1' ? '公告' : '通知');

/**
 * The home portal's widgets (other.md 3 Dashboard calls): the signed-in user's own pending
 * approvals, flow counts, notices and unread mails, each read through the service that owns it.
 */
export class DashboardService {
  private readonly tasks: TaskLists;
  private readonly delegates: DelegateService;
  private readonly inbox: InboxService;
  private readonly email: EmailService;

  constructor(private readonly services: Services) {
    this.tasks = new TaskLists(services.db);
    this.delegates = new DelegateService(services.db);
    this.inbox = new InboxService(services.db);
    this.email = new EmailService(services.db);
  }

  /** GET /MyFlowTodo: the user's pending approvals, newest first. */
  async myFlowTodo(userId: string) {
    const page = await this.tasks.byCategory(
      1,
      userId,
      FlowTaskListQuery.parse({ pageSize: DASHBOARD_LIST_LIMIT }),
    );
    return {
      list: (page.list as Record<string, unknown>[]).map((row) => ({
        id: row.id as string,
        taskId: row.taskId as string,
        taskNodeId: (row.taskNodeId as string | null) ?? null,
        flowId: row.flowId as string,
        fullName: row.fullName as string,
        flowName: row.flowName as string,
        nodeName: (row.nodeName as string | null) ?? null,
        userName: (row.userName as string | null) ?? null,
        creatorTime: row.creatorTime as number,
      })),
    };
  }

  /** How many items a task list holds for the user, summed over the categories (all when none). */
  private async listTotal(category: 1 | 2 | 3, userId: string, flowCategories: string[]): Promise<number> {
    const total = async (flowCategory: string) =>
      (await this.tasks.byCategory(category, userId, FlowTaskListQuery.parse({ pageSize: 1, flowCategory })))
        .pagination.total;
    if (flowCategories.length === 0) return total('');
    let sum = 0;
    for (const flowCategory of flowCategories) sum += await total(flowCategory);
    return sum;
  }

  /** POST /FlowTodoCount: to approve, delegations the user made, approved by the user, copied to the user. */
  async flowTodoCount(userId: string, body: FlowTodoCountBody) {
    const [toBeReviewed, flowDone, flowCirculate, entrust] = await Promise.all([
      this.listTotal(1, userId, body.toBeReviewedType),
      this.listTotal(2, userId, body.flowDoneType),
      this.listTotal(3, userId, body.flowCirculateType),
      this.delegates
        .list(userId, FlowDelegateListQuery.parse({ pageSize: 1, myOrDelagateToMe: '1' }))
        .then((page) => page.pagination.total),
    ]);
    return { toBeReviewed, entrust, flowDone, flowCirculate };
  }

  /** POST /Notice: the user's latest notices. */
  async notices(userId: string, categories: string[]) {
    const rows = await this.inbox.notices(userId, categories, DASHBOARD_LIST_LIMIT);
    const creators = await userLabels(
      this.services.db,
      rows.map((r) => r.creatorUserId),
    );
    return {
      list: rows.map((r) => ({
        id: r.id,
        fullName: r.title,
        category: noticeCategoryName(r.category),
        categoryId: r.category,
        coverImage: r.coverImage,
        excerpt: r.excerpt,
        isRead: r.isRead,
        creatorUser: r.creatorUserId ? (creators.get(r.creatorUserId) ?? null) : null,
        creatorTime: r.creatorTime ?? r.releaseTime,
        releaseTime: r.releaseTime,
        releaseUser: r.releaseUser,
      })),
    };
  }

  /** GET /Email: the user's unread received mails. */
  async unreadMails(userId: string) {
    const mails = await this.email.unread(userId, DASHBOARD_LIST_LIMIT);
    return {
      list: mails.map((m) => ({
        id: m.id,
        fullName: m.subject,
        sender: m.sender,
        senderName: m.senderName,
        hasAttachment: m.hasAttachment,
        creatorTime: m.fdate,
      })),
    };
  }
}
