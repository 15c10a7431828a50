import { GeneratorCodeBody, VisualDevType } from '@console/shared';
import type { FastifyInstance } from 'fastify';
import { strToU8, zipSync } from 'fflate';
import { z } from 'zod';
import { badRequest } from '../../../core/errors.js';
import { Messages } from '../../../core/messages.js';
import { defineRoute } from '../../../core/route.js';
import type { Session } from '../../../core/sessions.js';
import type { Services } from '../../../services.js';
import { issueDownload, registerDownload } from '../../file/download.js';
import { hasPermission } from '../../permission/grants.js';
import { modelOf } from '../webDesign/model.js';
import { VisualDevService } from '../webDesign/service.js';
import { type GeneratedFile, type GeneratorInput, generateModule } from './templates.js';

/** The code generator's page of each design type (menus generator/webForm, generator/flowForm). */
const PAGE_OF_TYPE: ReadonlyMap<number, string> = new Map([
  [VisualDevType.CodeGenWeb, 'generator.webForm'],
  [VisualDevType.FlowForm, 'generator.flowForm'],
]);

/** Module folders a generated module may go to (GET /Generater/AreasName). */
export const GENERATOR_AREAS = ['example', 'extend', 'form', 'system', 'workflow'] as const;

export const GeneratorRouteMessages = {
  notGenerator: '只有代码生成的功能表单和流程表单可以生成代码',
  noForm: '请先设计表单再生成代码',
} as const;

const KIND = 'generatedCode';
const IdParams = z.object({ id: z.string().min(1).max(64) });

function listOf(text: string, key: 'columnList' | 'searchList'): Record<string, unknown>[] {
  if (!text) return [];
  try {
    const value = (JSON.parse(text) as Record<string, unknown>)[key];
    return Array.isArray(value) ? (value as Record<string, unknown>[]) : [];
  } catch {
    return [];
  }
}

/** The file tree of CodePreview: one folder per top-level directory, files with their text. */
function tree(files: GeneratedFile[]) {
  const folders = new Map<
    string,
    { fileName: string; children: { fileName: string; fileContent: string }[] }
  >();
  for (const file of files) {
    const slash = file.path.lastIndexOf('/');
    const folder = slash < 0 ? '' : file.path.slice(0, slash);
    const entry = folders.get(folder) ?? { fileName: folder || '.', children: [] };
    entry.children.push({ fileName: file.path.slice(slash + 1), fileContent: file.content });
    folders.set(folder, entry);
  }
  return [...folders.values()];
}

export function registerGeneratorRoutes(app: FastifyInstance, services: Services) {
  const designs = new VisualDevService(services);

  /** The design, after checking the caller holds its generator page (by its type) and button. */
  const designFor = async (session: Session, id: string, button: string) => {
    const row = await designs.get(id);
    const page = PAGE_OF_TYPE.get(row.type);
    if (!page) throw badRequest(GeneratorRouteMessages.notGenerator);
    if (!session.isAdministrator && !(await hasPermission(services.db, session.userId, page, button)))
      throw badRequest(Messages.permissionDenied);
    return row;
  };

  const filesOf = (row: Awaited<ReturnType<VisualDevService['get']>>, body: GeneratorCodeBody) => {
    if (!row.formData) throw badRequest(GeneratorRouteMessages.noForm);
    const input: GeneratorInput = {
      fullName: row.fullName,
      model: modelOf(row.formData, row.tables),
      columns: listOf(row.columnData, 'columnList').map((c) => ({
        prop: String(c.prop ?? ''),
        label: String(c.label ?? c.prop ?? ''),
      })),
      searched: listOf(row.columnData, 'searchList').map((c) => String(c.prop ?? '')),
    };
    return generateModule(input, { ...body, description: body.description || row.fullName });
  };

  // The ticket was issued after the page check; the archive is made from the design as it is now.
  registerDownload(KIND, async (_s, payload) => {
    const { id, body } = payload as { id: string; body: GeneratorCodeBody };
    const files = filesOf(await designs.get(id), body);
    const zip = zipSync(
      Object.fromEntries(files.map((f) => [`${body.className}/${f.path}`, strToU8(f.content)])),
    );
    return { body: Buffer.from(zip), contentType: 'application/zip' };
  });

  defineRoute(app, services, {
    method: 'GET',
    url: '/api/visualdev/Generater/AreasName',
    access: 'session',
    handler: async () => [...GENERATOR_AREAS],
  });

  defineRoute(app, services, {
    method: 'POST',
    url: '/api/visualdev/Generater/:id/Actions/CodePreview',
    // The page (generator.webForm or generator.flowForm) follows the design's type: checked in generate.
    access: 'session',
    params: IdParams,
    body: GeneratorCodeBody,
    handler: async ({ params, body, session }) => ({
      list: tree(filesOf(await designFor(session, params.id, 'btn_preview'), body)),
    }),
  });

  defineRoute(app, services, {
    method: 'POST',
    url: '/api/visualdev/Generater/:id/Actions/DownloadCode',
    access: 'session',
    params: IdParams,
    body: GeneratorCodeBody,
    handler: async ({ params, body, session }) => {
      // Generated once now, so a refused or bad request gets no download address.
      filesOf(await designFor(session, params.id, 'btn_download'), body);
      return issueDownload(services, {
        kind: KIND,
        fileName: `${body.className}.zip`,
        payload: { id: params.id, body },
        userId: session.userId,
      });
    },
  });
}
