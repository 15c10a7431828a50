import { FlowTemplateListQuery } from '@console/shared';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { defineRoute } from '../../core/route.js';
import type { Services } from '../../services.js';
import type { TemplateService } from './templates.js';

const BASE = '/api/workflow/Engine/flowTemplate';
const TemplateIds = z
  .array(z.string().trim().min(1, 'templateIds：编号不能为空').max(64, 'templateIds：编号格式错误'), {
    message: 'templateIds：请传入流程模板编号的数组',
  })
  .max(1000, 'templateIds：最多1000个');

/**
 * The delegate flow picker of the existing clients (workflow.md 4.1): every signed-in user may
 * delegate, so both answer any session, with the templates' picker fields only.
 */
export function registerFlowPickerRoutes(
  app: FastifyInstance,
  services: Services,
  { templates }: { templates: TemplateService },
) {
  /** GET getflowAll: a page of the released templates (keyword, category). */
  defineRoute(app, services, {
    method: 'GET',
    url: `${BASE}/getflowAll`,
    access: 'session',
    query: FlowTemplateListQuery,
    handler: async ({ query }) => {
      const page = await templates.list(query, true);
      return {
        // The picker's fields (pickerItem): category stays the entry id.
        list: page.list.map(
          ({
            creatorUser: _user,
            creatorTime: _time,
            hasAssistBtn: _assist,
            category: _name,
            categoryId,
            ...row
          }) => ({ ...row, category: categoryId }),
        ),
        pagination: page.pagination,
      };
    },
  });

  /** POST getflowList [templateIds]: those templates, in the given order. */
  defineRoute(app, services, {
    method: 'POST',
    url: `${BASE}/getflowList`,
    access: 'session',
    body: TemplateIds,
    handler: ({ body }) => templates.byIds(body),
  });
}
