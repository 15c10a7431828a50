import {
  AssignBody,
  AuditBody,
  CandidatesBody,
  CandidateUserBody,
  ChangeBody,
  FlowFormBody,
  FlowFormListQuery,
  FlowTaskBody,
  FlowTaskListQuery,
  FlowTemplateBody,
  FlowTemplateListQuery,
  FreeApproverBody,
  OpinionBody,
  PageQuery,
  RejectBody,
  SaveAuditBody,
  SuspendBody,
  TransferBody,
} from '@console/shared';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { badRequest } from '../../core/errors.js';
import { Messages } from '../../core/messages.js';
import { answer, defineRoute } from '../../core/route.js';
import type { Services } from '../../services.js';
import { issueDownload, registerDownload } from '../file/download.js';
import { readUpload, withMultipart } from '../file/multipart.js';
import { hasPermission } from '../permission/grants.js';
import { AssistBody, AssistMessages, AssistService } from './assist.js';
import { CandidateService } from './candidates.js';
import { registerDelegateBatchRoutes } from './delegate-batch-routes.js';
import { WorkflowMessages } from './engine/task.js';
import { WorkflowEngine } from './engine/workflow-engine.js';
import { registerEngineFormRoutes } from './engine-form-routes.js';
import { registerFlowPickerRoutes } from './flow-picker-routes.js';
import { FlowFormMessages, FlowFormService } from './forms.js';
import { operatorLink, TaskLists } from './lists.js';
import { WorkflowPages } from './pages.js';
import { startWorkflowTimers } from './scheduler.js';
import { TemplateMessages, TemplateService } from './templates.js';

const BASE = '/api/workflow/Engine';
const IdParams = z.object({ id: z.string().trim().min(1).max(64) });
const CategoryParams = z.object({ category: z.coerce.number().int() });
const DetailQuery = z.object({
  taskNodeId: z.string().max(64).optional(),
  taskOperatorId: z.string().max(64).optional(),
  flowId: z.string().max(64).optional(),
});
const VersionQuery = PageQuery.extend({ flowId: z.string().max(64).optional().default('') });
const TemplateTreeQuery = z.object({
  keyword: z.string().trim().max(100).optional().default(''),
  type: z.coerce.number().int().min(0).max(1, 'type must be 0 (launch flow) or 1 (function flow)').optional(),
});
const LaunchableQuery = z.object({ type: z.coerce.number().int().optional() });
const IdsBody = z.object({
  ids: z
    .string({ message: 'ids：请选择要删除的流程' })
    .transform((text) =>
      text
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    )
    .refine((ids) => ids.length > 0 && ids.length <= 500, 'ids：请选择要删除的流程（最多500个）'),
});

export function registerWorkflowRoutes(app: FastifyInstance, services: Services) {
  const engine = new WorkflowEngine(services, (message) => app.log.warn(message));
  const templates = new TemplateService(services.db, engine);
  const lists = new TaskLists(services.db);
  const candidates = new CandidateService(services.db);
  startWorkflowTimers(app, services, engine);
  registerDelegateBatchRoutes(app, services, { engine, lists, candidates });
  registerEngineFormRoutes(app, services);
  registerFlowPickerRoutes(app, services, { templates });

  /** Launching (id '0') needs the launch page; an approval, the caller's own todo (checked by the service). */
  const assertCandidateAccess = async (id: string, session: { userId: string; isAdministrator: boolean }) => {
    const page = id === '0' ? WorkflowPages.launch : WorkflowPages.todo;
    if (!session.isAdministrator && !(await hasPermission(services.db, session.userId, page)))
      throw badRequest(Messages.permissionDenied);
  };

  // ----- flow forms (workFlow/formDesign) -----
  const forms = new FlowFormService(services.db);
  const FORM = '/api/flowForm/Form';
  defineRoute(app, services, {
    method: 'GET',
    url: FORM,
    access: { module: WorkflowPages.form },
    query: FlowFormListQuery,
    handler: ({ query }) => forms.list(query),
  });
  /** The released forms a flow's start or approver node may use (flow designer). */
  defineRoute(app, services, {
    method: 'GET',
    url: `${FORM}/select`,
    access: { module: WorkflowPages.engine },
    query: FlowFormListQuery,
    handler: ({ query }) => forms.list(query, true),
  });
  defineRoute(app, services, {
    method: 'GET',
    url: `${FORM}/:id`,
    access: { module: WorkflowPages.form },
    params: IdParams,
    handler: ({ params }) => forms.info(params.id),
  });
  defineRoute(app, services, {
    method: 'POST',
    url: FORM,
    access: { module: WorkflowPages.form, button: 'btn_add' },
    body: FlowFormBody,
    handler: async ({ body, session }) =>
      answer({ id: await forms.create(body, session.userId) }, FlowFormMessages.created),
  });
  defineRoute(app, services, {
    method: 'PUT',
    url: FORM,
    access: { module: WorkflowPages.form, button: 'btn_edit' },
    body: FlowFormBody,
    handler: async ({ body, session }) => {
      await forms.update(body, session.userId);
      return answer(null, FlowFormMessages.updated);
    },
  });
  defineRoute(app, services, {
    method: 'DELETE',
    url: `${FORM}/:id`,
    access: { module: WorkflowPages.form, button: 'btn_remove' },
    params: IdParams,
    handler: async ({ params, session }) => {
      await forms.remove(params.id, session.userId);
      return answer(null, FlowFormMessages.deleted);
    },
  });
  defineRoute(app, services, {
    method: 'POST',
    url: `${FORM}/Release/:id`,
    access: { module: WorkflowPages.form, button: 'btn_edit' },
    params: IdParams,
    query: z.object({
      isRelease: z
        .enum(['0', '1'], { message: 'isRelease must be 1 (publish) or 0 (roll back)' })
        .optional()
        .default('1'),
    }),
    handler: async ({ params, query, session }) => {
      await forms.release(params.id, query.isRelease === '1', session.userId);
      return answer(null, query.isRelease === '1' ? FlowFormMessages.released : FlowFormMessages.rolledBack);
    },
  });

  /** The value fields of the form's released design (flow designer field pickers). */
  defineRoute(app, services, {
    method: 'GET',
    url: `${FORM}/:id/getField`,
    access: { module: WorkflowPages.form },
    params: IdParams,
    handler: ({ params }) => forms.fields(params.id),
  });
  /** The flow template a form is bound to (the one that starts with it): {id}. */
  defineRoute(app, services, {
    method: 'GET',
    url: `${FORM}/getFormById/:id`,
    access: { module: WorkflowPages.form },
    params: IdParams,
    handler: ({ params }) => forms.boundTemplate(params.id),
  });
  registerDownload('flowForm', async (s, payload) => ({
    body: JSON.stringify(await new FlowFormService(s.db).exportFile(String(payload))),
    contentType: 'application/octet-stream',
  }));
  defineRoute(app, services, {
    method: 'GET',
    url: `${FORM}/:id/Actions/ExportData`,
    access: { module: WorkflowPages.form, button: 'btn_export' },
    params: IdParams,
    handler: async ({ params, session }) => {
      const file = await forms.exportFile(params.id);
      return issueDownload(services, {
        kind: 'flowForm',
        fileName: `${file.fullName}.fff`,
        payload: params.id,
        userId: session.userId,
      });
    },
  });
  withMultipart(app, (scope) => {
    defineRoute(scope, services, {
      method: 'POST',
      url: `${FORM}/Actions/ImportData`,
      access: { module: WorkflowPages.form, button: 'btn_import' },
      handler: async ({ req, session }) => {
        const file = await readUpload(req, { maxBytes: 4 * 1024 * 1024, extension: 'fff' });
        return answer(
          { id: await forms.importFile(file.content, session.userId) },
          FlowFormMessages.imported,
        );
      },
    });
  });

  // ----- templates (workFlow/flowEngine) -----
  defineRoute(app, services, {
    method: 'GET',
    url: `${BASE}/flowTemplate`,
    access: { module: WorkflowPages.engine },
    query: FlowTemplateListQuery,
    handler: ({ query, session }) => templates.list(query, false, session),
  });
  defineRoute(app, services, {
    method: 'GET',
    url: `${BASE}/flowTemplate/PageListAll`,
    access: 'session',
    query: FlowTemplateListQuery,
    handler: ({ query, session }) => templates.pageListAll(session.userId, query),
  });
  defineRoute(app, services, {
    method: 'GET',
    url: `${BASE}/flowTemplate/PageChildListAll`,
    access: { module: WorkflowPages.engine },
    query: PageQuery,
    handler: ({ query }) => templates.childList(query),
  });
  defineRoute(app, services, {
    method: 'GET',
    url: `${BASE}/flowTemplate/FlowJsonList/:id`,
    access: 'session',
    params: IdParams,
    query: LaunchableQuery,
    handler: async ({ params, query, session }) => {
      // Launchable flows for anyone; every main version only for those who design flows.
      const all = query.type !== 1;
      if (
        all &&
        !session.isAdministrator &&
        !(await hasPermission(services.db, session.userId, WorkflowPages.engine))
      )
        throw badRequest(Messages.permissionDenied);
      return templates.launchable(params.id, session.userId, !all);
    },
  });
  defineRoute(app, services, {
    method: 'GET',
    url: `${BASE}/flowTemplate/:id/FlowJsonList`,
    access: { module: WorkflowPages.engine },
    params: IdParams,
    query: VersionQuery,
    handler: ({ params, query }) => templates.versions(params.id, query),
  });
  defineRoute(app, services, {
    method: 'GET',
    url: `${BASE}/flowTemplate/:id`,
    access: { module: WorkflowPages.engine },
    params: IdParams,
    handler: ({ params }) => templates.info(params.id),
  });
  defineRoute(app, services, {
    method: 'POST',
    url: `${BASE}/flowTemplate`,
    access: { module: WorkflowPages.engine, button: 'btn_add' },
    body: FlowTemplateBody,
    handler: async ({ body, session }) =>
      answer(
        { id: await templates.create(body, session.userId), isMainVersion: false },
        TemplateMessages.created,
      ),
  });
  defineRoute(app, services, {
    method: 'PUT',
    url: `${BASE}/flowTemplate/:id`,
    access: { module: WorkflowPages.engine, button: 'btn_edit' },
    params: IdParams,
    body: FlowTemplateBody,
    handler: async ({ params, body, session }) =>
      answer(await templates.update(params.id, body, session.userId), TemplateMessages.updated),
  });
  defineRoute(app, services, {
    method: 'DELETE',
    url: `${BASE}/flowTemplate/:id`,
    access: { module: WorkflowPages.engine, button: 'btn_remove' },
    params: IdParams,
    handler: async ({ params, session }) => {
      await templates.remove(params.id, session.userId);
      return answer(null, TemplateMessages.deleted);
    },
  });
  for (const [action, enabled] of [
    ['Release', true],
    ['Stop', false],
  ] as const)
    defineRoute(app, services, {
      method: 'POST',
      url: `${BASE}/flowTemplate/${action}/:id`,
      access: { module: WorkflowPages.engine, button: 'btn_state' },
      params: IdParams,
      handler: async ({ params, session }) => {
        await templates.setEnabled(params.id, enabled, session.userId);
        return answer(null, enabled ? TemplateMessages.released : TemplateMessages.stopped);
      },
    });
  defineRoute(app, services, {
    method: 'POST',
    url: `${BASE}/flowTemplate/:id/MainVersion`,
    access: { module: WorkflowPages.engine, button: 'btn_edit' },
    params: IdParams,
    handler: async ({ params, session }) => {
      await templates.setMainVersion(params.id, session.userId);
      return answer(null, TemplateMessages.mainVersion);
    },
  });
  defineRoute(app, services, {
    method: 'DELETE',
    url: `${BASE}/flowTemplate/:id/FlowJson`,
    access: { module: WorkflowPages.engine, button: 'btn_remove' },
    params: IdParams,
    handler: async ({ params, session }) => {
      await templates.deleteVersion(params.id, session.userId);
      return answer(null, TemplateMessages.versionDeleted);
    },
  });

  /** Co-managers of a template (flow_enginevisible type 2): the creator or an administrator sets them. */
  const assist = new AssistService(services.db);
  defineRoute(app, services, {
    method: 'GET',
    url: `${BASE}/flowTemplate/:id/assistList`,
    access: { module: WorkflowPages.engine },
    params: IdParams,
    handler: ({ params }) => assist.list(params.id),
  });
  defineRoute(app, services, {
    method: 'POST',
    url: `${BASE}/flowTemplate/assist`,
    access: { module: WorkflowPages.engine, button: 'btn_edit' },
    body: AssistBody,
    handler: async ({ body, session }) => {
      await assist.replace(body, session);
      return answer(null, AssistMessages.saved);
    },
  });

  // ----- flow designer page (workFlow/flowEngine): codes, copy, export/import, pickers -----
  /** Coded pages (extend demos) launch their flow by its code: any signed-in user may look it up. */
  defineRoute(app, services, {
    method: 'GET',
    url: `${BASE}/flowTemplate/getFlowIdByCode/:code`,
    access: 'session',
    params: z.object({ code: z.string().trim().min(1, 'code：请填写流程编码').max(50) }),
    handler: ({ params }) => templates.idByCode(params.code),
  });
  defineRoute(app, services, {
    method: 'POST',
    url: `${BASE}/flowTemplate/:id/Actions/Copy`,
    access: { module: WorkflowPages.engine, button: 'btn_copy' },
    params: IdParams,
    handler: async ({ params, session }) =>
      answer({ id: await templates.copy(params.id, session.userId) }, TemplateMessages.copied),
  });
  registerDownload('flowTemplate', async (s, payload) => ({
    body: JSON.stringify(await new TemplateService(s.db, engine).exportFile(String(payload))),
    contentType: 'application/octet-stream',
  }));
  defineRoute(app, services, {
    method: 'GET',
    url: `${BASE}/flowTemplate/:id/Actions/ExportData`,
    access: { module: WorkflowPages.engine, button: 'btn_export' },
    params: IdParams,
    handler: async ({ params, session }) => {
      const file = await templates.exportFile(params.id);
      return issueDownload(services, {
        kind: 'flowTemplate',
        fileName: `${file.fullName}.ffe`,
        payload: params.id,
        userId: session.userId,
      });
    },
  });
  withMultipart(app, (scope) => {
    defineRoute(scope, services, {
      method: 'POST',
      url: `${BASE}/flowTemplate/Actions/ImportData`,
      access: { module: WorkflowPages.engine, button: 'btn_import' },
      handler: async ({ req, session }) => {
        const file = await readUpload(req, { maxBytes: 2 * 1024 * 1024, extension: 'ffe' });
        return answer(
          { id: await templates.importFile(file.content, session.userId) },
          TemplateMessages.imported,
        );
      },
    });
  });
  /** The form a sub-flow starts with (version id): the designer maps parent fields onto its fields. */
  defineRoute(app, services, {
    method: 'GET',
    url: `${BASE}/flowTemplate/:id/FormInfo`,
    access: { module: WorkflowPages.engine },
    params: IdParams,
    handler: async ({ params }) => forms.info(await templates.startFormId(params.id)),
  });
  /** Released templates by category: filters and pickers of other pages (delegation, monitor). */
  defineRoute(app, services, {
    method: 'GET',
    url: `${BASE}/flowTemplate/ListAll`,
    access: 'session',
    query: TemplateTreeQuery,
    handler: ({ query }) => templates.byCategory(query, true),
  });
  /** Every template by category, released or not, for those who design flows. */
  defineRoute(app, services, {
    method: 'GET',
    url: `${BASE}/flowTemplate/Selector`,
    access: { module: WorkflowPages.engine },
    query: TemplateTreeQuery,
    handler: ({ query }) => templates.byCategory(query, false),
  });

  // ----- launch -----
  defineRoute(app, services, {
    method: 'POST',
    url: `${BASE}/FlowTask`,
    access: { module: WorkflowPages.launch },
    body: FlowTaskBody,
    handler: async ({ body, session }) => {
      const id = await engine.launch(body, session);
      return answer({ id }, body.status === 1 ? WorkflowMessages.saved : WorkflowMessages.submitted);
    },
  });
  defineRoute(app, services, {
    method: 'PUT',
    url: `${BASE}/FlowTask/:id`,
    access: { module: WorkflowPages.launch },
    params: IdParams,
    body: FlowTaskBody,
    handler: async ({ params, body, session }) => {
      const id = await engine.launch(body, session, params.id);
      return answer({ id }, body.status === 1 ? WorkflowMessages.saved : WorkflowMessages.submitted);
    },
  });
  defineRoute(app, services, {
    method: 'GET',
    url: `${BASE}/FlowLaunch`,
    access: { module: WorkflowPages.launch },
    query: FlowTaskListQuery,
    handler: ({ query, session }) => lists.launched(session.userId, query),
  });
  defineRoute(app, services, {
    method: 'DELETE',
    url: `${BASE}/FlowLaunch/:id`,
    access: { module: WorkflowPages.launch, button: 'btn_remove' },
    params: IdParams,
    handler: async ({ params, session }) => {
      await engine.deleteOwn(params.id, session.userId);
      return answer(null, TemplateMessages.deleted);
    },
  });
  defineRoute(app, services, {
    method: 'POST',
    url: `${BASE}/FlowLaunch/Press/:id`,
    access: { module: WorkflowPages.launch },
    params: IdParams,
    handler: async ({ params, session }) => {
      await engine.press(params.id, session.userId);
      return answer(null, WorkflowMessages.pressed);
    },
  });
  defineRoute(app, services, {
    method: 'PUT',
    url: `${BASE}/FlowLaunch/:id/Actions/Withdraw`,
    access: { module: WorkflowPages.launch, button: 'btn_revoke' },
    params: IdParams,
    body: OpinionBody,
    handler: async ({ params, body, session }) => {
      await engine.revoke(params.id, body, session.userId);
      return answer(null, WorkflowMessages.revoked);
    },
  });

  // ----- todo, done, copied -----
  defineRoute(app, services, {
    method: 'GET',
    url: `${BASE}/FlowBefore/List/:category`,
    access: 'session',
    params: CategoryParams,
    query: FlowTaskListQuery,
    handler: async ({ params, query, session }) => {
      const page = {
        1: WorkflowPages.todo,
        2: WorkflowPages.done,
        3: WorkflowPages.circulate,
        4: WorkflowPages.todo,
      }[params.category];
      if (!page) throw badRequest('category：只能是 1 待办、2 已办、3 抄送、4 批量审批');
      if (!session.isAdministrator && !(await hasPermission(services.db, session.userId, page)))
        throw badRequest(Messages.permissionDenied);
      return lists.byCategory(params.category, session.userId, query);
    },
  });
  defineRoute(app, services, {
    method: 'GET',
    url: `${BASE}/FlowBefore/:id/Info`,
    access: 'session',
    params: IdParams,
    handler: ({ params, session }) => operatorLink(services.db, params.id, session.userId),
  });
  defineRoute(app, services, {
    method: 'GET',
    url: `${BASE}/FlowBefore/SubFlowInfo/:id`,
    access: 'session',
    params: IdParams,
    handler: async ({ params, session }) => {
      const children = await lists.childrenOf(params.id);
      const parentId = children[0]?.parentId;
      const allowed =
        session.isAdministrator ||
        (parentId !== undefined && (await lists.involved(parentId, session.userId))) ||
        (await hasPermission(services.db, session.userId, WorkflowPages.monitor));
      if (!allowed) throw badRequest(WorkflowMessages.taskMissing);
      return Promise.all(children.map((child) => lists.info(child.id, {})));
    },
  });
  defineRoute(app, services, {
    method: 'GET',
    url: `${BASE}/FlowBefore/:id`,
    access: 'session',
    params: IdParams,
    query: DetailQuery,
    handler: async ({ params, query, session }) => {
      if (params.id === '0') {
        // The launch form of a flow version, before a task exists.
        if (!query.flowId) throw badRequest('flowId：请选择要发起的流程');
        if (
          !session.isAdministrator &&
          !(await hasPermission(services.db, session.userId, WorkflowPages.launch))
        )
          throw badRequest(Messages.permissionDenied);
        return lists.launchInfo(query.flowId, (p) => engine.mayLaunch(services.db, session.userId, p));
      }
      const allowed =
        session.isAdministrator ||
        (await lists.involved(params.id, session.userId)) ||
        (await hasPermission(services.db, session.userId, WorkflowPages.monitor));
      if (!allowed) throw badRequest(WorkflowMessages.taskMissing);
      return lists.info(params.id, query);
    },
  });

  defineRoute(app, services, {
    method: 'POST',
    url: `${BASE}/FlowBefore/Candidates/:id`,
    access: 'session',
    params: IdParams,
    body: CandidatesBody,
    handler: async ({ params, body, session }) => {
      await assertCandidateAccess(params.id, session);
      return candidates.candidates(params.id, session.userId, body);
    },
  });
  defineRoute(app, services, {
    method: 'POST',
    url: `${BASE}/FlowBefore/CandidateUser/:id`,
    access: 'session',
    params: IdParams,
    body: CandidateUserBody,
    handler: async ({ params, body, session }) => {
      await assertCandidateAccess(params.id, session);
      return candidates.candidateUsers(params.id, session.userId, body);
    },
  });

  // ----- approver actions (the operator must be the caller's; checked in the engine) -----
  const todo = { module: WorkflowPages.todo } as const;
  defineRoute(app, services, {
    method: 'POST',
    url: `${BASE}/FlowBefore/Audit/:id`,
    access: todo,
    params: IdParams,
    body: AuditBody,
    handler: async ({ params, body, session }) => {
      await engine.audit(params.id, body, session.userId);
      return answer(null, WorkflowMessages.approved);
    },
  });
  defineRoute(app, services, {
    method: 'POST',
    url: `${BASE}/FlowBefore/Reject/:id`,
    access: todo,
    params: IdParams,
    body: RejectBody,
    handler: async ({ params, body, session }) => {
      await engine.reject(params.id, body, session.userId);
      return answer(null, WorkflowMessages.rejected);
    },
  });
  defineRoute(app, services, {
    method: 'GET',
    url: `${BASE}/FlowBefore/RejectList/:id`,
    access: todo,
    params: IdParams,
    handler: ({ params, session }) => engine.rejectChoices(params.id, session.userId),
  });
  defineRoute(app, services, {
    method: 'POST',
    url: `${BASE}/FlowBefore/SaveAudit/:id`,
    access: todo,
    params: IdParams,
    body: SaveAuditBody,
    handler: async ({ params, body, session }) => {
      await engine.saveDraft(params.id, body.formData, session.userId);
      return answer(null, WorkflowMessages.saved);
    },
  });
  defineRoute(app, services, {
    method: 'POST',
    url: `${BASE}/FlowBefore/Transfer/:id`,
    access: todo,
    params: IdParams,
    body: TransferBody,
    handler: async ({ params, body, session }) => {
      await engine.transfer(params.id, body, session.userId);
      return answer(null, WorkflowMessages.transferred);
    },
  });
  defineRoute(app, services, {
    method: 'POST',
    url: `${BASE}/FlowBefore/freeApprover/:id`,
    access: todo,
    params: IdParams,
    body: FreeApproverBody,
    handler: async ({ params, body, session }) => {
      await engine.addSigner(params.id, body, session.userId);
      return answer(null, WorkflowMessages.added);
    },
  });
  defineRoute(app, services, {
    method: 'POST',
    url: `${BASE}/FlowBefore/Recall/:id`,
    access: { module: WorkflowPages.done, button: 'btn_revoke' },
    params: IdParams,
    body: OpinionBody,
    handler: async ({ params, body, session }) => {
      await engine.recall(params.id, body, session.userId);
      return answer(null, WorkflowMessages.recalled);
    },
  });

  // ----- monitor -----
  defineRoute(app, services, {
    method: 'GET',
    url: `${BASE}/FlowMonitor`,
    access: { module: WorkflowPages.monitor },
    query: FlowTaskListQuery,
    handler: ({ query }) => lists.monitor(query),
  });
  defineRoute(app, services, {
    method: 'DELETE',
    url: `${BASE}/FlowMonitor`,
    access: { module: WorkflowPages.monitor, button: 'btn_remove' },
    body: IdsBody,
    handler: async ({ body, session }) => {
      await engine.deleteTasks(body.ids, session.userId);
      return answer(null, TemplateMessages.deleted);
    },
  });
  defineRoute(app, services, {
    method: 'POST',
    url: `${BASE}/FlowBefore/Cancel/:id`,
    access: { module: WorkflowPages.monitor, button: 'btn_cancel' },
    params: IdParams,
    body: OpinionBody,
    handler: async ({ params, body, session }) => {
      await engine.cancel(params.id, body, session.userId);
      return answer(null, WorkflowMessages.cancelled);
    },
  });
  defineRoute(app, services, {
    method: 'POST',
    url: `${BASE}/FlowBefore/Assign/:id`,
    access: { module: WorkflowPages.monitor },
    params: IdParams,
    body: AssignBody,
    handler: async ({ params, body, session }) => {
      await engine.assign(params.id, body, session.userId);
      return answer(null, WorkflowMessages.assigned);
    },
  });
  defineRoute(app, services, {
    method: 'GET',
    url: `${BASE}/FlowBefore/Suspend/:id`,
    access: { module: WorkflowPages.monitor },
    params: IdParams,
    handler: ({ params }) => engine.hasChildren(params.id),
  });
  defineRoute(app, services, {
    method: 'POST',
    url: `${BASE}/FlowBefore/Suspend/:id`,
    access: { module: WorkflowPages.monitor },
    params: IdParams,
    body: SuspendBody,
    handler: async ({ params, body, session }) => {
      await engine.suspend(params.id, body, session.userId);
      return answer(null, WorkflowMessages.suspended);
    },
  });
  defineRoute(app, services, {
    method: 'POST',
    url: `${BASE}/FlowBefore/Restore/:id`,
    access: { module: WorkflowPages.monitor },
    params: IdParams,
    body: OpinionBody,
    handler: async ({ params, body, session }) => {
      await engine.resume(params.id, body, session.userId);
      return answer(null, WorkflowMessages.resumed);
    },
  });
  defineRoute(app, services, {
    method: 'GET',
    url: `${BASE}/FlowBefore/Selector/:id`,
    access: { module: WorkflowPages.monitor },
    params: IdParams,
    handler: ({ params }) => engine.nodeChoices(params.id),
  });
  defineRoute(app, services, {
    method: 'POST',
    url: `${BASE}/FlowBefore/Change`,
    access: { module: WorkflowPages.monitor },
    body: ChangeBody,
    handler: async ({ body, session }) => {
      await engine.change(body, session.userId);
      return answer(null, body.resurgence ? WorkflowMessages.revived : WorkflowMessages.changed);
    },
  });
}
