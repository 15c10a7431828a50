import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sampleColumnData, sampleForm } from '@console/shared';
import { unzipSync } from 'fflate';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestDatabase,
  startServer,
  type TestDatabase,
  type TestServer,
} from '../../../../test/harness.js';
import { grantPages } from '../../knowledge/testing.js';

let database: TestDatabase;
let server: TestServer;
let token: string;
let category: string;

const BASE = '/api/visualdev/Base';
const GEN = '/api/visualdev/Generater';
const HOSTILE_LABEL = "'); process.exit(1); //";
// biome-ignore lint/suspicious/noTemplateCurlyInString: a label written to break out of a template literal
const TEMPLATE_LABEL = '${process.env}`';
const OPTION_NAME = '"}]; require("child_process"); //</script>';

interface FileTree {
  list: { fileName: string; children: { fileName: string; fileContent: string }[] }[];
}

beforeAll(async () => {
  database = await createTestDatabase();
  server = await startServer({ database });
  token = await server.adminToken();
  const categories = await server.request<{ list: { id: string }[] }>(
    'GET',
    '/api/system/DictionaryData/businessType/Data/Selector',
    { token },
  );
  category = categories.data.list[0]!.id;
});
afterAll(async () => {
  await server?.close();
  await database?.drop();
});

const send = <T = unknown>(method: string, path: string, json?: unknown, as = token) =>
  server.request<T>(method, path, { token: as, json });

/** The sample leave form with hostile labels, an option name and a design name. */
function hostileForm() {
  const form = sampleForm();
  const fields = form.fields as unknown as {
    __config__: { label: string };
    options?: { fullName: string }[];
  }[];
  fields[0]!.__config__.label = HOSTILE_LABEL;
  fields[1]!.__config__.label = TEMPLATE_LABEL;
  fields[2]!.options![0]!.fullName = OPTION_NAME;
  // A list value (JSON text in its column).
  fields.splice(3, 0, {
    ...structuredClone(fields[2]!),
    __config__: { ...fields[2]!.__config__, jnpfKey: 'checkbox', label: '标签', formId: 130, renderKey: 130 },
    __vModel__: 'tags',
  } as (typeof fields)[number]);
  return form;
}

async function createDesign(type: number) {
  const columns = sampleColumnData();
  columns.columnList[0]!.label = HOSTILE_LABEL;
  const created = await send<{ id: string }>('POST', BASE, {
    fullName: `*/ ${HOSTILE_LABEL}`,
    enCode: `gen${Math.random().toString(36).slice(2, 8)}`,
    category,
    type,
    webType: 2,
    tables: '[]',
    formData: JSON.stringify(hostileForm()),
    columnData: JSON.stringify(columns),
  });
  expect(created.code, created.msg).toBe(200);
  return created.data.id;
}

const options = { module: 'example', className: 'LeaveRequest', subClassName: ['LeaveItem'] };
const filesOf = (tree: FileTree) =>
  tree.list.flatMap((folder) =>
    folder.children.map((file) => ({
      path: folder.fileName === '.' ? file.fileName : `${folder.fileName}/${file.fileName}`,
      content: file.fileContent,
    })),
  );

/** Type-checks the files with the workspace's own packages (fastify, drizzle, zod, react, antd). */
function typeCheck(files: { path: string; content: string }[]): string[] {
  // Inside node_modules so that imports resolve to the installed packages; git ignores it.
  const root = join(dirname(fileURLToPath(import.meta.url)), '../../../../../node_modules/.cache');
  mkdirSync(root, { recursive: true });
  const dir = mkdtempSync(join(root, 'generated-'));
  try {
    const names = files
      .filter((f) => /\.tsx?$/.test(f.path))
      .map((f) => {
        const name = join(dir, f.path);
        mkdirSync(dirname(name), { recursive: true });
        writeFileSync(name, f.content);
        return name;
      });
    const program = ts.createProgram(names, {
      strict: true,
      noEmit: true,
      skipLibCheck: true,
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.ESNext,
      moduleResolution: ts.ModuleResolutionKind.Bundler,
      jsx: ts.JsxEmit.ReactJSX,
      types: ['node'],
    });
    return ts
      .getPreEmitDiagnostics(program)
      .map(
        (d) =>
          `${d.file ? d.file.fileName.slice(dir.length) : ''}: ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`,
      );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Every string a program holds, and whether `process` is named anywhere outside a string. */
function stringsAndNames(file: { path: string; content: string }) {
  const source = ts.createSourceFile(
    file.path,
    file.content,
    ts.ScriptTarget.ES2022,
    true,
    ts.ScriptKind.TSX,
  );
  const strings: string[] = [];
  const names = new Set<string>();
  const visit = (node: ts.Node) => {
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) strings.push(node.text);
    if (ts.isIdentifier(node)) names.add(node.text);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return { strings, names };
}

describe('code generator (/api/visualdev/Generater)', () => {
  it('answers the module folders', async () => {
    const answer = await send<string[]>('GET', `${GEN}/AreasName`);
    expect(answer.code).toBe(200);
    expect(answer.data).toContain('example');
  });

  it('previews a standalone module whose TypeScript compiles, with every label kept as a string', async () => {
    const id = await createDesign(4);
    const answer = await send<FileTree>('POST', `${GEN}/${id}/Actions/CodePreview`, options);
    expect(answer.code, answer.msg).toBe(200);
    const files = filesOf(answer.data);
    expect(files.map((f) => f.path).sort()).toEqual([
      'README.md',
      'server/LeaveRequest.routes.ts',
      'server/LeaveRequest.schema.ts',
      'web/LeaveRequestForm.tsx',
      'web/LeaveRequestList.tsx',
    ]);
    const schema = files.find((f) => f.path.endsWith('.schema.ts'))!.content;
    expect(schema).toContain('export const LeaveItemTable = pgTable(');
    expect(schema).toMatch(/"title": text\("title"\)/);

    for (const file of files.filter((f) => f.path.endsWith('.ts') || f.path.endsWith('.tsx'))) {
      const { diagnostics } = ts.transpileModule(file.content, {
        reportDiagnostics: true,
        fileName: file.path,
        compilerOptions: { jsx: ts.JsxEmit.ReactJSX, module: ts.ModuleKind.ESNext },
      });
      expect(
        diagnostics?.map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n')),
        file.path,
      ).toEqual([]);
      const { strings, names } = stringsAndNames(file);
      // The hostile text is data: it never names `process` or `require` in the code.
      expect(names.has('process'), file.path).toBe(false);
      expect(names.has('require'), file.path).toBe(false);
      if (file.path.startsWith('web/')) expect(strings, file.path).toContain(HOSTILE_LABEL);
    }
    const form = stringsAndNames(files.find((f) => f.path === 'web/LeaveRequestForm.tsx')!).strings;
    expect(form).toContain(TEMPLATE_LABEL);
    expect(form).toContain(OPTION_NAME);
    expect(typeCheck(files)).toEqual([]);
    // The check itself fails on a type error.
    expect(typeCheck([{ path: 'server/wrong.ts', content: "export const n: number = 'one';" }])).toHaveLength(
      1,
    );
  }, 240_000);

  it('downloads the module as a zip of the same files', async () => {
    const id = await createDesign(3);
    const answer = await send<{ name: string; url: string }>('POST', `${GEN}/${id}/Actions/DownloadCode`, {
      ...options,
      description: '请假',
      modulePackageName: 'jnpf',
    });
    expect(answer.code, answer.msg).toBe(200);
    expect(answer.data.name).toBe('LeaveRequest.zip');
    const response = await fetch(`${server.baseUrl}${answer.data.url}`);
    expect(response.headers.get('content-type')).toBe('application/zip');
    const zip = unzipSync(new Uint8Array(await response.arrayBuffer()));
    expect(Object.keys(zip).sort()).toEqual([
      'LeaveRequest/README.md',
      'LeaveRequest/server/LeaveRequest.routes.ts',
      'LeaveRequest/server/LeaveRequest.schema.ts',
      'LeaveRequest/web/LeaveRequestForm.tsx',
      'LeaveRequest/web/LeaveRequestList.tsx',
    ]);
  });

  it('refuses bad names, a design of the web designer and an unknown design with 400, issuing nothing', async () => {
    const id = await createDesign(4);
    const webDesign = await createDesign(1);
    const keysBefore = (await server.services.kv.keys('download:*', 1000)).length;
    const cases: [string, unknown, string][] = [
      [id, { ...options, className: "A'); process.exit(1); //" }, '类名只能由字母和数字组成'],
      [id, { ...options, className: 'leaveRequest' }, '类名只能由字母和数字组成'],
      [id, { ...options, className: '' }, '请输入类名'],
      [id, { ...options, module: '../etc' }, '模块名只能由字母和数字组成'],
      [id, { ...options, subClassName: [TEMPLATE_LABEL] }, '类名只能由字母和数字组成'],
      [id, { ...options, subClassName: ['LeaveRequest'] }, '类名“LeaveRequest”重复'],
      [webDesign, options, '只有代码生成的功能表单和流程表单可以生成代码'],
      ['no-such-design', options, ''],
    ];
    for (const [design, body, message] of cases) {
      for (const action of ['CodePreview', 'DownloadCode']) {
        const answer = await send('POST', `${GEN}/${design}/Actions/${action}`, body);
        expect(answer.code, `${action} ${JSON.stringify(body)}`).toBe(400);
        expect(answer.msg).toContain(message);
      }
    }
    expect((await server.services.kv.keys('download:*', 1000)).length).toBe(keysBefore);
  });

  it('lets a user preview and download only with the generator page of the design type and its buttons', async () => {
    const webForm = await createDesign(4);
    const flowForm = await createDesign(3);
    const userId = await server.addUser('coder', 'coder123');
    await grantPages(server, userId, { 'generator.webForm': ['btn_preview'] });
    const coder = await server.login('coder', 'coder123');
    const preview = (design: string) => send('POST', `${GEN}/${design}/Actions/CodePreview`, options, coder);
    expect((await preview(webForm)).code).toBe(200);
    expect((await preview(flowForm)).msg).toBe('您没有此操作的权限，请联系管理员');
    const download = await send('POST', `${GEN}/${webForm}/Actions/DownloadCode`, options, coder);
    expect(download.code).toBe(400);
    expect(download.msg).toBe('您没有此操作的权限，请联系管理员');
    expect((await send('POST', `${GEN}/${webForm}/Actions/CodePreview`, options, '')).code).not.toBe(200);
  });
});

describe('designs on the generator pages (/api/visualdev/Base)', () => {
  it('lets a user with only 代码生成 功能表单 list and change type-4 designs, and nothing else', async () => {
    const webForm = await createDesign(4);
    const flowForm = await createDesign(3);
    const web = await createDesign(1);
    const userId = await server.addUser('formcoder', 'formcoder123');
    await grantPages(server, userId, { 'generator.webForm': ['btn_edit', 'btn_copy'] });
    const coder = await server.login('formcoder', 'formcoder123');
    const list = (type?: number) =>
      send<{ list: { id: string }[] }>(
        'GET',
        `${BASE}?pageSize=100${type ? `&type=${type}` : ''}`,
        undefined,
        coder,
      );
    const listed = await list(4);
    expect(listed.code, listed.msg).toBe(200);
    expect(listed.data.list.map((d) => d.id)).toContain(webForm);
    expect(listed.data.list.map((d) => d.id)).not.toContain(web);
    expect((await send('GET', `${BASE}/${webForm}`, undefined, coder)).code).toBe(200);
    for (const refused of [await list(3), await list(1), await list()]) {
      expect(refused.code).toBe(400);
      expect(refused.msg).toBe('您没有此操作的权限，请联系管理员');
    }
    expect((await send('GET', `${BASE}/${flowForm}`, undefined, coder)).code).not.toBe(200);
    expect((await send('GET', `${BASE}/${web}`, undefined, coder)).code).not.toBe(200);

    const before = await send<{ fullName: string; type: number }>('GET', `${BASE}/${web}`);
    const count = async () =>
      (await send<{ pagination: { total: number } }>('GET', BASE)).data.pagination.total;
    const total = await count();
    // another type's design: no copy, edit, delete; its own design not turned into a web design
    expect((await send('POST', `${BASE}/${web}/Actions/Copy`, undefined, coder)).code).not.toBe(200);
    expect((await send('POST', `${BASE}/${flowForm}/Actions/Copy`, undefined, coder)).code).not.toBe(200);
    const body = { ...before.data, id: web, fullName: 'changed' };
    expect((await send('PUT', `${BASE}/${web}`, body, coder)).code).not.toBe(200);
    expect((await send('DELETE', `${BASE}/${web}`, undefined, coder)).code).not.toBe(200);
    expect((await send('DELETE', `${BASE}/${webForm}`, undefined, coder)).code).not.toBe(200); // no btn_remove
    const own = await send<Record<string, unknown>>('GET', `${BASE}/${webForm}`);
    const retype = await send('PUT', `${BASE}/${webForm}`, { ...own.data, id: webForm, type: 1 }, coder);
    expect(retype.code).not.toBe(200);
    const create = await send(
      'POST',
      BASE,
      { fullName: 'x', enCode: 'xCoder', category, type: 4, tables: '[]' },
      coder,
    );
    expect(create.code).not.toBe(200); // no btn_add
    expect(await count()).toBe(total);
    expect((await send<{ fullName: string }>('GET', `${BASE}/${web}`)).data.fullName).toBe(
      before.data.fullName,
    );
    expect((await send<{ type: number }>('GET', `${BASE}/${webForm}`)).data.type).toBe(4);

    // its own type with its buttons: copy and edit go through
    const copied = await send('POST', `${BASE}/${webForm}/Actions/Copy`, undefined, coder);
    expect(copied.code, copied.msg).toBe(200);
    const edited = await send(
      'PUT',
      `${BASE}/${webForm}`,
      { ...own.data, id: webForm, fullName: '改名' },
      coder,
    );
    expect(edited.code, edited.msg).toBe(200);
    expect((await send('GET', BASE, undefined, '')).code).not.toBe(200);
  });
});
