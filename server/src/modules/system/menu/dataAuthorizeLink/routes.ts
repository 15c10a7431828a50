import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { badRequest } from '../../../../core/errors.js';
import { Messages } from '../../../../core/messages.js';
import { answer, defineRoute, holdsAny } from '../../../../core/route.js';
import type { Session } from '../../../../core/sessions.js';
import { parseInput } from '../../../../core/validation.js';
import type { Services } from '../../../../services.js';
import {
  type FieldListKind,
  FieldsQuery,
  LINK_BUTTON,
  LinkMessages,
  ModuleLinkService,
  SaveLinkBody,
} from './service.js';

/** The menu page (seed: system.menu); each link kind is gated by the button of its editor. */
const MODULE = 'system.menu';
const Id = z.string().trim().min(1).max(64);
/** The kind travels as text: the gate reads it before anything else is checked (validation.ts would answer a 400 first). */
const Type = z.string().trim().max(8);
const MenuTypeParams = z.object({ menuId: Id, type: Type });

export function registerModuleLinkRoutes(app: FastifyInstance, services: Services) {
  const links = new ModuleLinkService(services);
  /**
   * The kind's editor button (btn_column, btn_form, btn_resource), checked before the input is:
   * a caller holding none of the three is refused whatever it sends; an unknown kind is a 400.
   */
  const gate = async (session: Session, raw: unknown): Promise<number> => {
    const type = Number(raw);
    const button = LINK_BUTTON[type];
    const buttons = button ? [button] : Object.values(LINK_BUTTON);
    let held = false;
    for (const b of buttons) held ||= await holdsAny(services, session, [MODULE], b);
    if (!held) throw badRequest(Messages.permissionDenied);
    if (!button) throw badRequest(LinkMessages.badType);
    return type;
  };

  defineRoute(app, services, {
    method: 'GET',
    url: '/api/system/ModuleDataAuthorizeLink/getInfo/:menuId/:type',
    access: { module: MODULE },
    params: MenuTypeParams,
    handler: async ({ params, session }) => {
      return links.info(params.menuId, await gate(session, params.type));
    },
  });
  defineRoute(app, services, {
    method: 'GET',
    url: '/api/system/ModuleDataAuthorizeLink/getVisualTables/:menuId/:type',
    access: { module: MODULE },
    params: MenuTypeParams,
    handler: async ({ params, session }) => {
      return links.visualTables(params.menuId, await gate(session, params.type));
    },
  });
  defineRoute(app, services, {
    method: 'GET',
    url: '/api/system/ModuleDataAuthorizeLink/:linkId/Tables/:tableName/Fields/:menu/:type',
    access: { module: MODULE },
    params: z.object({ linkId: Id, tableName: z.string().trim().min(1).max(128), menu: Id, type: Type }),
    query: FieldsQuery,
    handler: async ({ params, query, session }) => {
      const type = await gate(session, params.type);
      return links.fields(params.linkId, params.tableName, params.menu, type, query);
    },
  });
  defineRoute(app, services, {
    method: 'POST',
    url: '/api/system/ModuleDataAuthorizeLink/saveLinkData',
    access: { module: MODULE },
    body: z.unknown(),
    handler: async ({ body: raw, session }) => {
      await gate(session, (raw as { dataType?: unknown } | null)?.dataType);
      await links.save(parseInput(SaveLinkBody, raw), session.userId);
      return answer(null, LinkMessages.saved);
    },
  });

  // GET /api/system/Module{Column|Form|DataAuthorize}/{menuId}/FieldList
  for (const [kind, base, button] of [
    ['column', '/api/system/ModuleColumn', 'btn_column'],
    ['form', '/api/system/ModuleForm', 'btn_form'],
    ['data', '/api/system/ModuleDataAuthorize', 'btn_resource'],
  ] as const satisfies readonly (readonly [FieldListKind, string, string])[]) {
    defineRoute(app, services, {
      method: 'GET',
      url: `${base}/:id/FieldList`,
      access: { module: MODULE, button },
      params: z.object({ id: Id }),
      handler: ({ params }) => links.fieldList(kind, params.id),
    });
  }
}
