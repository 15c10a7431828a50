/** Test support for the knowledge tests: fixtures of every document type, grants, uploads, a model stand-in. */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { KbDocStatus, type KbDocumentRow } from '@console/shared';
import { Document, HeadingLevel, Packer, Paragraph } from 'docx';
import { and, eq, inArray } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import type { TestServer } from '../../../test/harness.js';
import { newId } from '../../core/ids.js';
import { authorizes, moduleButtons, modules, roles, userRelations } from '../../db/schema/index.js';

export async function docxBytes(paragraphs: { heading?: boolean; text: string }[]): Promise<Buffer> {
  const doc = new Document({
    sections: [
      {
        children: paragraphs.map(
          (p) => new Paragraph({ text: p.text, heading: p.heading ? HeadingLevel.HEADING_1 : undefined }),
        ),
      },
    ],
  });
  return Packer.toBuffer(doc);
}

export async function xlsxBytes(sheet: string, rows: (string | number)[][]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const worksheet = workbook.addWorksheet(sheet);
  for (const row of rows) worksheet.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** A one-page PDF whose lines are drawn in Helvetica (ASCII text), with a correct cross-reference table. */
export function pdfBytes(lines: string[]): Buffer {
  const pdfString = (s: string) => s.replace(/[\\()]/g, (c) => `\\${c}`);
  const stream = `BT /F1 12 Tf 72 720 Td 14 TL ${lines.map((l) => `(${pdfString(l)}) Tj T*`).join(' ')} ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${Buffer.byteLength(stream)} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(Buffer.byteLength(body));
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = Buffer.byteLength(body);
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

/** Grants pages (by enCode) with the given buttons to a user, through a new role. */
export async function grantPages(server: TestServer, userId: string, pages: Record<string, string[]>) {
  const db = server.services.db;
  const roleId = newId();
  await db
    .insert(roles)
    .values({ id: roleId, fullName: `知识${roleId}`, enCode: `kb${roleId.replaceAll('-', '')}` });
  await db.insert(userRelations).values({ id: newId(), userId, objectType: 'Role', objectId: roleId });
  const found = await db
    .select()
    .from(modules)
    .where(inArray(modules.enCode, Object.keys(pages)));
  const items: { itemType: string; itemId: string }[] = [];
  for (const page of found) {
    items.push({ itemType: 'module', itemId: page.id });
    const codes = pages[page.enCode] ?? [];
    if (codes.length === 0) continue;
    const buttons = await db
      .select()
      .from(moduleButtons)
      .where(and(eq(moduleButtons.moduleId, page.id), inArray(moduleButtons.enCode, codes)));
    for (const b of buttons) items.push({ itemType: 'button', itemId: b.id });
  }
  await db
    .insert(authorizes)
    .values(items.map((i) => ({ id: newId(), ...i, objectType: 'Role', objectId: roleId })));
  return roleId;
}

export const KB_PAGE = 'questionAnswering.zskManagement';
export const CHAT_PAGE = 'questionAnswering.chat';
export const ALL_BUTTONS = [
  'btn_add',
  'btn_edit',
  'btn_remove',
  'btn_upload',
  'btn_download',
  'btn_reindex',
  'btn_state',
];

/** POST …/Document as multipart, the way the page sends it. */
export async function upload(
  server: TestServer,
  token: string,
  baseId: string,
  name: string,
  bytes: Buffer | string,
): Promise<{ code: number; msg: string; data: { id: string } | null }> {
  const form = new FormData();
  form.append('file', new Blob([typeof bytes === 'string' ? Buffer.from(bytes) : bytes]), name);
  const response = await fetch(`${server.baseUrl}/api/knowledge/Base/${baseId}/Document`, {
    method: 'POST',
    headers: { authorization: token },
    body: form,
  });
  return (await response.json()) as { code: number; msg: string; data: { id: string } | null };
}

/** Waits (polling the list, as the page does) until the document is ready or failed. */
export async function waitForDocument(
  server: TestServer,
  token: string,
  baseId: string,
  documentId: string,
): Promise<KbDocumentRow> {
  for (let i = 0; i < 600; i++) {
    const list = await server.request<{ list: KbDocumentRow[] }>(
      'GET',
      `/api/knowledge/Base/${baseId}/Document?pageSize=100`,
      { token },
    );
    const doc = list.data.list.find((d) => d.id === documentId);
    if (doc && (doc.status === KbDocStatus.Ready || doc.status === KbDocStatus.Failed)) return doc;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`document ${documentId} was not indexed`);
}

export async function createBase(
  server: TestServer,
  token: string,
  body: Record<string, unknown>,
): Promise<string> {
  const created = await server.request<{ id: string }>('POST', '/api/knowledge/Base', { token, json: body });
  if (created.code !== 200) throw new Error(`base not created: ${created.msg}`);
  return created.data.id;
}

/** Reads a server-sent-event answer into its events, in order. */
export async function readEvents(response: Response): Promise<{ event: string; data: unknown }[]> {
  const text = await response.text();
  return text
    .split('\n\n')
    .filter((block) => block.trim())
    .map((block) => {
      const event = /^event: (.*)$/m.exec(block)?.[1] ?? '';
      const data = /^data: (.*)$/m.exec(block)?.[1] ?? 'null';
      return { event, data: JSON.parse(data) };
    });
}

export interface RecordedRequest {
  path: string;
  authorization: string | undefined;
  body: {
    model?: string;
    stream?: boolean;
    input?: string[];
    messages?: { role: string; content: string }[];
  };
}

/**
 * An OpenAI-compatible stand-in on loopback: /v1/chat/completions (whole or streamed) answers
 * `reply(request)`, /v1/embeddings answers a small vector per input from `vectorOf`. Every
 * request is recorded.
 */
export class ModelStandIn {
  readonly requests: RecordedRequest[] = [];
  reply: (request: RecordedRequest) => string = () => '';
  vectorOf: (text: string) => number[] = () => [1, 0, 0];
  private server: Server | undefined;

  get url() {
    return `http://127.0.0.1:${(this.server!.address() as AddressInfo).port}/v1`;
  }

  get host() {
    return `127.0.0.1:${(this.server!.address() as AddressInfo).port}`;
  }

  async start() {
    this.server = createServer(async (req, res) => {
      const recorded: RecordedRequest = {
        path: req.url ?? '',
        authorization: req.headers.authorization,
        body: JSON.parse(await readBody(req)),
      };
      this.requests.push(recorded);
      if (req.url === '/v1/embeddings') {
        const data = (recorded.body.input ?? []).map((text, index) => ({
          index,
          embedding: this.vectorOf(text),
        }));
        res.setHeader('content-type', 'application/json');
        res.end(JSON.stringify({ data }));
        return;
      }
      const answer = this.reply(recorded);
      if (!recorded.body.stream) {
        res.setHeader('content-type', 'application/json');
        res.end(JSON.stringify({ choices: [{ message: { role: 'assistant', content: answer } }] }));
        return;
      }
      res.setHeader('content-type', 'text/event-stream');
      // Several pieces, split inside words, as real endpoints stream.
      for (let i = 0; i < answer.length; i += 3) {
        res.write(
          `data: ${JSON.stringify({ choices: [{ delta: { content: answer.slice(i, i + 3) } }] })}\n\n`,
        );
      }
      res.end('data: [DONE]\n\n');
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
  }

  async close() {
    await new Promise((resolve) => this.server?.close(resolve));
  }
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8') || '{}';
}
