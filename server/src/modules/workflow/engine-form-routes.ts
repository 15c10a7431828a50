import { FlowFormBody, FlowFormListQuery } from '@console/shared';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { badRequest } from '../../core/errors.js';
import { answer, defineRoute } from '../../core/route.js';
import type { Services } from '../../services.js';
import { FlowFormMessages, FlowFormService } from './forms.js';
import { WorkflowPages } from './pages.js';

const PATH = '/api/workflow/Engine/FlowEngineForm';
const IdParams = z.object({ id: z.string().trim().min(1).max(64) });
/** ListAll answers every form at once; a console holds far fewer. */
const LIST_ALL_MAX = 10_000;

/**
 * Flow form calls no page of ours makes yet, for the existing clients. FlowEngineForm (workflow.md 4.1): the existing clients' API file still names the flow forms
 * under this older path (list, ListAll, info, create, update with the id in the path, delete).
 * They are the flow forms of /api/flowForm/Form (table flow_engineform) with the same
 * permissions: the page workFlow/formDesign and its buttons.
 */
export function registerEngineFormRoutes(app: FastifyInstance, services: Services) {
  const forms = new FlowFormService(services.db);

  defineRoute(app, services, {
    method: 'GET',
    url: PATH,
    access: { module: WorkflowPages.form },
    query: FlowFormListQuery,
    handler: ({ query }) => forms.list(query),
  });
  defineRoute(app, services, {
    method: 'GET',
    url: `${PATH}/ListAll`,
    access: { module: WorkflowPages.form },
    handler: async () => ({
      list: (await forms.list({ currentPage: 1, pageSize: LIST_ALL_MAX, keyword: '' })).list,
    }),
  });
  defineRoute(app, services, {
    method: 'GET',
    url: `${PATH}/:id`,
    access: { module: WorkflowPages.form },
    params: IdParams,
    handler: ({ params }) => forms.info(params.id),
  });
  defineRoute(app, services, {
    method: 'POST',
    url: PATH,
    access: { module: WorkflowPages.form, button: 'btn_add' },
    body: FlowFormBody,
    handler: async ({ body, session }) =>
      answer(
        { id: await forms.create({ ...body, id: undefined }, session.userId) },
        FlowFormMessages.created,
      ),
  });
  defineRoute(app, services, {
    method: 'PUT',
    url: `${PATH}/:id`,
    access: { module: WorkflowPages.form, button: 'btn_edit' },
    params: IdParams,
    body: FlowFormBody,
    handler: async ({ params, body, session }) => {
      if (body.id && body.id !== params.id) throw badRequest('id：与地址中的表单编号不一致');
      await forms.update({ ...body, id: params.id }, session.userId);
      return answer(null, FlowFormMessages.updated);
    },
  });
  /** The flow form page's copy (GET, as the existing clients call it). */
  defineRoute(app, services, {
    method: 'GET',
    url: '/api/flowForm/Form/:id/Actions/Copy',
    access: { module: WorkflowPages.form, button: 'btn_copy' },
    params: IdParams,
    handler: async ({ params, session }) =>
      answer({ id: await forms.copy(params.id, session.userId) }, FlowFormMessages.copied),
  });
  defineRoute(app, services, {
    method: 'DELETE',
    url: `${PATH}/:id`,
    access: { module: WorkflowPages.form, button: 'btn_remove' },
    params: IdParams,
    handler: async ({ params, session }) => {
      await forms.remove(params.id, session.userId);
      return answer(null, FlowFormMessages.deleted);
    },
  });
}
