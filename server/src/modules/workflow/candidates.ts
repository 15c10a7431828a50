import { readFlowTree } from '@console/shared';
import { and, asc, count, eq, inArray, type SQL } from 'drizzle-orm';
import { badRequest } from '../../core/errors.js';
import type { Db } from '../../db/client.js';
import { keywordMatch } from '../../db/query.js';
import { flowTaskOperators, flowTasks, flowTemplateJsons, organizes, users } from '../../db/schema/index.js';
import { nodeMembers } from './assignees.js';
import { mayActFor } from './delegate.js';
import { graphOf, WorkflowMessages } from './engine/task.js';
import { compileFlow, type FlowGraph, walk } from './graph.js';

/**
 * What the submitter must choose before submitting or approving (workflow.md 4.2 Candidates):
 * the branches of a chosen-branch split that follows (type 1), the approvers of following
 * candidate nodes (type 2), or nothing (type 3).
 */

export interface CandidateNode {
  nodeId: string;
  nodeName: string;
  isBranchFlow: boolean;
  isCandidates: boolean;
  hasCandidates: boolean;
}

interface Source {
  graph: FlowGraph;
  nodeCode: string;
  formData: Record<string, unknown>;
}

export class CandidateService {
  constructor(private readonly db: Db) {}

  /** id '0': launching flow `flowId`; otherwise the caller's pending operator. */
  private async source(
    id: string,
    userId: string,
    flowId: string | undefined,
    formData: Record<string, unknown>,
  ): Promise<Source> {
    if (id === '0') {
      if (!flowId) throw badRequest('flowId：请选择流程');
      const [version] = await this.db
        .select({ json: flowTemplateJsons.flowTemplateJson })
        .from(flowTemplateJsons)
        .where(and(eq(flowTemplateJsons.id, flowId), eq(flowTemplateJsons.deleteMark, 0)));
      if (!version) throw badRequest(`flowId：${WorkflowMessages.flowMissing}`);
      const graph = compileFlow(readFlowTree(version.json));
      return { graph, nodeCode: graph.start.code, formData };
    }
    const [row] = await this.db
      .select({ op: flowTaskOperators, task: flowTasks })
      .from(flowTaskOperators)
      .innerJoin(flowTasks, eq(flowTasks.id, flowTaskOperators.taskId))
      .where(eq(flowTaskOperators.id, id));
    if (row?.op.completion !== 0 || row.op.state === -1) throw badRequest(WorkflowMessages.operatorMissing);
    if (!(await mayActFor(this.db, row.op.handleId, userId, row.task.templateId)))
      throw badRequest(WorkflowMessages.notYours);
    return {
      graph: graphOf(row.task),
      nodeCode: row.op.nodeCode,
      formData: { ...row.task.flowFormContentJson, ...formData },
    };
  }

  async candidates(
    id: string,
    userId: string,
    body: { flowId?: string; formData?: Record<string, unknown> },
  ) {
    const { graph, nodeCode, formData } = await this.source(id, userId, body.flowId, body.formData ?? {});
    const node = graph.nodes.get(nodeCode);
    if (!node) return { type: 3, list: [] as CandidateNode[] };
    const describe = (code: string, isBranchFlow: boolean): CandidateNode => {
      const next = graph.nodes.get(code);
      const isCandidates = next?.type === 'approver' && next.properties.assigneeType === 7;
      return {
        nodeId: code,
        nodeName: next?.title ?? code,
        isBranchFlow,
        isCandidates,
        hasCandidates: isCandidates,
      };
    };
    if (node.next.kind === 'split') {
      const split = graph.splits.get(node.next.id);
      if (split?.type === 'branchFlow') {
        const list = split.branches.map((b) => ({
          ...(b.edge.kind === 'node'
            ? describe(b.edge.code, true)
            : { nodeId: b.code, nodeName: b.title, isCandidates: false, hasCandidates: false }),
          nodeId: b.code,
          isBranchFlow: true,
        }));
        return { type: 1, list };
      }
    }
    const reached = walk(graph, node.next, formData, []);
    const list = reached.nodes.map((code) => describe(code, false)).filter((n) => n.isCandidates);
    return { type: list.length ? 2 : 3, list };
  }

  /** The members a candidate node offers, paged (id, fullName "name/account", headIcon, organize). */
  async candidateUsers(
    id: string,
    userId: string,
    body: {
      flowId?: string;
      formData?: Record<string, unknown>;
      nodeCode: string;
      keyword: string;
      currentPage: number;
      pageSize: number;
    },
  ) {
    const { graph } = await this.source(id, userId, body.flowId, body.formData ?? {});
    const node = graph.nodes.get(body.nodeCode);
    if (node?.type !== 'approver') throw badRequest(`nodeCode：${WorkflowMessages.nodeNotLive}`);
    const members = await nodeMembers(this.db, node.properties);
    if (members.length === 0)
      return { list: [], pagination: { currentPage: body.currentPage, pageSize: body.pageSize, total: 0 } };
    const filters: SQL[] = [inArray(users.id, members)];
    const keyword = keywordMatch(body.keyword, users.realName, users.account);
    if (keyword) filters.push(keyword);
    const where = and(...filters);
    const [rows, [total]] = await Promise.all([
      this.db
        .select({
          id: users.id,
          realName: users.realName,
          account: users.account,
          headIcon: users.headIcon,
          organize: organizes.fullName,
        })
        .from(users)
        .leftJoin(organizes, eq(organizes.id, users.organizeId))
        .where(where)
        .orderBy(asc(users.sortCode), asc(users.account))
        .limit(body.pageSize)
        .offset((body.currentPage - 1) * body.pageSize),
      this.db.select({ n: count() }).from(users).where(where),
    ]);
    return {
      list: rows.map((r) => ({
        id: r.id,
        fullName: `${r.realName}/${r.account}`,
        headIcon: r.headIcon,
        organize: r.organize,
      })),
      pagination: { currentPage: body.currentPage, pageSize: body.pageSize, total: total?.n ?? 0 },
    };
  }
}
