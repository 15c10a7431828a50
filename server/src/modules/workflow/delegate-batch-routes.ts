import {
  BatchCandidateQuery,
  BatchOperationBody,
  FlowCommentBody,
  FlowCommentListQuery,
  FlowDelegateBody,
  FlowDelegateListQuery,
  RecordListQuery,
} from '@console/shared';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { badRequest } from '../../core/errors.js';
import { answer, defineRoute } from '../../core/route.js';
import type { Session } from '../../core/sessions.js';
import type { Services } from '../../services.js';
import { hasPermission } from '../permission/grants.js';
import { BatchService } from './batch.js';
import type { CandidateService } from './candidates.js';
import { CommentMessages, CommentService } from './comments.js';
import { DelegateMessages, DelegateService } from './delegate.js';
import { WorkflowMessages } from './engine/task.js';
import type { WorkflowEngine } from './engine/workflow-engine.js';
import type { TaskLists } from './lists.js';

const BASE = '/api/workflow/Engine';
const ENTRUST = 'workFlow.entrust';
const TODO = 'workFlow.flowTodo';
const LAUNCH = 'workFlow.flowLaunch';
const MONITOR = 'workFlow.flowMonitor';

const IdParams = z.object({ id: z.string().trim().min(1).max(64) });

/** Entrust (FlowDelegate), task comments (FlowComment), batch approval and the grouped record list (issue #13). */
export function registerDelegateBatchRoutes(
  app: FastifyInstance,
  services: Services,
  parts: { engine: WorkflowEngine; lists: TaskLists; candidates: CandidateService },
) {
  const delegates = new DelegateService(services.db);
  const comments = new CommentService(services.db);
  const batch = new BatchService(services.db, parts.engine);

  /** Reading a task's comments or records: those taking part in it (delegates included), or the monitor page. */
  const assertTaskReader = async (taskId: string, session: Pick<Session, 'userId' | 'isAdministrator'>) => {
    const allowed =
      session.isAdministrator ||
      (await parts.lists.involved(taskId, session.userId)) ||
      (await hasPermission(services.db, session.userId, MONITOR));
    if (!allowed) throw badRequest(WorkflowMessages.taskMissing);
  };

  // ----- entrust (workFlow/entrust) -----
  defineRoute(app, services, {
    method: 'GET',
    url: `${BASE}/FlowDelegate`,
    access: { module: ENTRUST },
    query: FlowDelegateListQuery,
    handler: ({ query, session }) => delegates.list(session.userId, query),
  });
  defineRoute(app, services, {
    method: 'GET',
    url: `${BASE}/FlowDelegate/getflow`,
    access: { module: ENTRUST },
    handler: () => delegates.flows(),
  });
  defineRoute(app, services, {
    method: 'GET',
    url: `${BASE}/FlowDelegate/userList`,
    access: { module: LAUNCH },
    query: z.object({ flowId: z.string().trim().max(64).optional().default('') }),
    handler: ({ query, session }) => delegates.delegators(session.userId, query.flowId),
  });
  defineRoute(app, services, {
    method: 'GET',
    url: `${BASE}/FlowDelegate/:id`,
    access: { module: ENTRUST },
    params: IdParams,
    handler: ({ params, session }) => delegates.info(params.id, session),
  });
  defineRoute(app, services, {
    method: 'POST',
    url: `${BASE}/FlowDelegate`,
    access: { module: ENTRUST, button: 'btn_add' },
    body: FlowDelegateBody,
    handler: async ({ body, session }) =>
      answer({ id: await delegates.create(body, session) }, DelegateMessages.created),
  });
  defineRoute(app, services, {
    method: 'PUT',
    url: `${BASE}/FlowDelegate/Stop/:id`,
    access: { module: ENTRUST, button: 'btn_edit' },
    params: IdParams,
    handler: async ({ params, session }) => {
      await delegates.stop(params.id, session);
      return answer(null, DelegateMessages.stopped);
    },
  });
  defineRoute(app, services, {
    method: 'PUT',
    url: `${BASE}/FlowDelegate/:id`,
    access: { module: ENTRUST, button: 'btn_edit' },
    params: IdParams,
    body: FlowDelegateBody,
    handler: async ({ params, body, session }) => {
      await delegates.update(params.id, body, session);
      return answer(null, DelegateMessages.updated);
    },
  });
  defineRoute(app, services, {
    method: 'DELETE',
    url: `${BASE}/FlowDelegate/:id`,
    access: { module: ENTRUST, button: 'btn_remove' },
    params: IdParams,
    handler: async ({ params, session }) => {
      await delegates.remove(params.id, session);
      return answer(null, DelegateMessages.deleted);
    },
  });

  // ----- comments (shown in the flow detail page) -----
  defineRoute(app, services, {
    method: 'GET',
    url: `${BASE}/FlowComment`,
    access: 'session',
    query: FlowCommentListQuery,
    handler: async ({ query, session }) => {
      await assertTaskReader(query.taskId, session);
      return comments.list(session.userId, query);
    },
  });
  defineRoute(app, services, {
    method: 'POST',
    url: `${BASE}/FlowComment`,
    access: 'session',
    body: FlowCommentBody,
    handler: async ({ body, session }) => {
      await assertTaskReader(body.taskId, session);
      return answer({ id: await comments.create(body, session.userId) }, CommentMessages.created);
    },
  });
  defineRoute(app, services, {
    method: 'DELETE',
    url: `${BASE}/FlowComment/:id`,
    access: 'session',
    params: IdParams,
    handler: async ({ params, session }) => {
      await comments.remove(params.id, session.userId);
      return answer(null, CommentMessages.deleted);
    },
  });

  // ----- batch approval (todo page) -----
  defineRoute(app, services, {
    method: 'GET',
    url: `${BASE}/FlowBefore/BatchFlowSelector`,
    access: { module: TODO },
    handler: ({ session }) => batch.flows(session.userId),
  });
  defineRoute(app, services, {
    method: 'GET',
    url: `${BASE}/FlowBefore/BatchFlowJsonList/:id`,
    access: { module: TODO },
    params: IdParams,
    handler: ({ params, session }) => batch.versions(session.userId, params.id),
  });
  defineRoute(app, services, {
    method: 'GET',
    url: `${BASE}/FlowBefore/NodeSelector/:id`,
    access: { module: TODO },
    params: IdParams,
    handler: ({ params, session }) => batch.nodes(session.userId, params.id),
  });
  defineRoute(app, services, {
    method: 'GET',
    url: `${BASE}/FlowBefore/BatchCandidate`,
    access: { module: TODO },
    query: BatchCandidateQuery,
    handler: ({ query, session }) => {
      // '0' would ask for the launch's candidates, which belong to the launch page.
      if (query.taskOperatorId === '0')
        throw badRequest(`taskOperatorId：${WorkflowMessages.operatorMissing}`);
      return parts.candidates.candidates(query.taskOperatorId, session.userId, {});
    },
  });
  defineRoute(app, services, {
    method: 'POST',
    url: `${BASE}/FlowBefore/BatchOperation`,
    access: { module: TODO, button: 'btn_batch' },
    body: BatchOperationBody,
    handler: async ({ body, session }) => {
      const { msg, ...result } = await batch.operate(body, session.userId);
      return answer(result, msg);
    },
  });
  defineRoute(app, services, {
    method: 'GET',
    url: `${BASE}/FlowBefore/RecordList/:id`,
    access: 'session',
    params: IdParams,
    query: RecordListQuery,
    handler: async ({ params, query, session }) => {
      await assertTaskReader(params.id, session);
      return batch.recordGroups(params.id, query.category, query.type);
    },
  });
}
