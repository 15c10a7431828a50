import { GeneratorClassName, GeneratorModuleName, GeneratorMessages as NameMessages } from '@console/shared';
import { badRequest } from '../../../core/errors.js';
import type { ColumnKind, DataModel, ModelField } from '../webDesign/model.js';

/**
 * The code generator's templates (other.md 3): a standalone module in this console's stack for
 * one design — a Fastify route file with zod schemas, the Drizzle tables of the design's main
 * and sub-tables, and a React + antd list page and form page.
 *
 * What a person wrote (labels, option names, the design's name) reaches the code only through
 * `lit`, as a JSON string literal, and never inside a comment or a template literal. Names
 * that become identifiers (class names, module) pass `checkName`; vModels and table names were
 * checked by the model (IDENTIFIER) and are written as string literals or quoted keys too.
 */

export const GeneratorMessages = {
  ...NameMessages,
  sameClass: (name: string) => `类名“${name}”重复：主表和子表的类名必须各不相同`,
  badIdentifier: (name: string) => `“${name}”不能用作代码中的名称`,
} as const;

export interface GeneratorOptions {
  module: string;
  className: string;
  subClassName: string[];
  description: string;
}

/** A generated file: its path inside the module folder and its text. */
export interface GeneratedFile {
  path: string;
  content: string;
}

/** A person's text as a TypeScript string literal (JSON escaping; `<` escaped for JSX hosts). */
export const lit = (text: string): string =>
  JSON.stringify(text)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

const PLAIN_KEY = /^[A-Za-z_][A-Za-z0-9_]*$/;
/** A checked name used as an object key or Drizzle column name (always quoted). */
function key(name: string): string {
  if (!PLAIN_KEY.test(name)) throw badRequest(GeneratorMessages.badIdentifier(name));
  return lit(name);
}

function checkName(name: string, pattern: RegExp, message: string): string {
  if (!pattern.test(name)) throw badRequest(message);
  return name;
}

interface SubClass {
  name: string;
  vModel: string;
  label: string;
  table: string;
  fields: ModelField[];
}

/** A design's parts the templates need. */
export interface GeneratorInput {
  fullName: string;
  model: DataModel;
  /** The list design's columns (vModel and heading), in order; empty: every main field. */
  columns: { prop: string; label: string }[];
  /** vModels the list searches by keyword. */
  searched: string[];
}

const DRIZZLE: Record<ColumnKind, string> = {
  text: 'text',
  json: 'text',
  number: 'numeric',
  int: 'integer',
  time: 'bigint',
};

function drizzleColumn(f: ModelField): string {
  const name = lit(f.column);
  if (f.kind === 'time') return `bigint(${name}, { mode: 'number' })`;
  return `${DRIZZLE[f.kind]}(${name})`;
}

function zodOf(f: ModelField): string {
  const required = f.field.__config__.required === true;
  const message = lit(`请输入${f.label}`);
  switch (f.kind) {
    case 'number':
      return required ? `z.coerce.string({ error: ${message} })` : 'z.coerce.string().nullish()';
    case 'int':
      return 'z.coerce.number().int().min(0).max(1).nullish()';
    case 'time':
      return required ? `z.number({ error: ${message} }).int()` : 'z.number().int().nullish()';
    case 'json':
      return 'z.array(z.unknown()).max(1000).nullish()';
    default:
      return required
        ? `z.string({ error: ${message} }).trim().min(1, ${message}).max(4000)`
        : 'z.string().max(4000).nullish()';
  }
}

const jsonKeys = (fields: ModelField[]) =>
  `[${fields
    .filter((f) => f.kind === 'json')
    .map((f) => key(f.vModel))
    .join(', ')}]`;

function schemaFile(main: string, model: DataModel, subs: SubClass[]): string {
  const kinds = new Set<ColumnKind>(['text', 'int', 'time']);
  for (const f of [...model.fields, ...subs.flatMap((s) => s.fields)]) kinds.add(f.kind);
  const imports = [...new Set([...kinds].map((k) => DRIZZLE[k]))].sort();
  const columns = (fields: ModelField[]) =>
    fields.map((f) => `  ${key(f.vModel)}: ${drizzleColumn(f)},\n`).join('');
  return `import { ${['index', ...imports, 'pgTable'].sort().join(', ')} } from 'drizzle-orm/pg-core';

/** The main table. */
export const ${main}Table = pgTable(
  ${lit(model.mainTable)},
  {
    id: text('f_id').primaryKey(),
    version: integer('f_version').notNull().default(0),
    creatorUserId: text('f_creatoruserid'),
    creatorTime: bigint('f_creatortime', { mode: 'number' }).notNull(),
    lastModifyUserId: text('f_lastmodifyuserid'),
    lastModifyTime: bigint('f_lastmodifytime', { mode: 'number' }),
${columns(model.fields)
  .split('\n')
  .map((line) => (line ? `  ${line}` : line))
  .join('\n')}  },
  (t) => [index(${lit(`${model.mainTable}_ctime`.slice(0, 63))}).on(t.creatorTime, t.id)],
);
${subs
  .map(
    (s) => `
/** Sub-table rows, linked to the main row by foreignId. */
export const ${s.name}Table = pgTable(
  ${lit(s.table)},
  {
    id: text('f_id').primaryKey(),
    foreignId: text('f_foreignid').notNull(),
    sortCode: integer('f_sortcode').notNull().default(0),
${columns(s.fields)
  .split('\n')
  .map((line) => (line ? `  ${line}` : line))
  .join('\n')}  },
  (t) => [index(${lit(`${s.table}_fk`.slice(0, 63))}).on(t.foreignId)],
);
`,
  )
  .join('')}`;
}

function routesFile(o: GeneratorOptions, input: GeneratorInput, subs: SubClass[]): string {
  const main = o.className;
  const fields = input.model.fields;
  const searched = fields.filter(
    (f) => input.searched.includes(f.vModel) && (f.kind === 'text' || f.kind === 'json'),
  );
  const bodyKeys = (list: ModelField[]) => list.map((f) => `  ${key(f.vModel)}: ${zodOf(f)},\n`).join('');
  const subSchemas = subs
    .map(
      (s) => `const ${s.name}Row = z.object({
${bodyKeys(s.fields)}});
`,
    )
    .join('\n');
  const tableImports = [`${main}Table`, ...subs.map((s) => `${s.name}Table`)].join(', ');
  const subBody = subs
    .map((s) => `  ${key(s.vModel)}: z.array(${s.name}Row).max(1000).default([]),\n`)
    .join('');
  const subWrites = subs
    .map(
      (s) => `    await tx.delete(${s.name}Table).where(eq(${s.name}Table.foreignId, id));
    if (body[${lit(s.vModel)}].length > 0)
      await tx.insert(${s.name}Table).values(
        body[${lit(s.vModel)}].map((row, sortCode) => ({ ...encode(row, ${jsonKeys(s.fields)}), id: randomUUID(), foreignId: id, sortCode })),
      );
`,
    )
    .join('');
  const subReads = subs
    .map(
      (s) => `    ${key(s.vModel)}: (
      await db.select().from(${s.name}Table).where(eq(${s.name}Table.foreignId, id)).orderBy(asc(${s.name}Table.sortCode))
    ).map((row) => decode(row, ${jsonKeys(s.fields)})),
`,
    )
    .join('');
  const keyword =
    searched.length > 0
      ? `query.keyword
      ? or(${searched.map((f) => `ilike(${main}Table[${lit(f.vModel)}], \`%\${escapeLike(query.keyword)}%\`)`).join(', ')})
      : undefined`
      : 'undefined';
  return `import { randomUUID } from 'node:crypto';
import { and, asc, count, desc, eq${searched.length ? ', ilike, or' : ''} } from 'drizzle-orm';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ${tableImports} } from './${main}.schema';

${subSchemas}
/** What a create or update sends. */
export const ${main}Body = z.object({
${bodyKeys(fields)}${subBody}});
export type ${main}Body = z.infer<typeof ${main}Body>;

const ${main}Update = ${main}Body.extend({ version: z.number().int().min(0) });
const ListQuery = z.object({
  keyword: z.string().trim().max(100).default(''),
  currentPage: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
const IdParams = z.object({ id: z.string().min(1).max(64) });

const escapeLike = (text: string) => text.replace(/[\\\\%_]/g, (c) => \`\\\\\${c}\`);

/** List values (checkboxes, uploads…) are kept as JSON text. */
function encode<T extends Record<string, unknown>, K extends keyof T & string>(row: T, jsonKeys: readonly K[]) {
  const out: Record<string, unknown> = { ...row };
  for (const k of jsonKeys) out[k] = row[k] == null ? null : JSON.stringify(row[k]);
  return out as Omit<T, K> & { [P in K]: string | null };
}
function decode<T extends Record<string, unknown>, K extends keyof T & string>(row: T, jsonKeys: readonly K[]) {
  const out: Record<string, unknown> = { ...row };
  for (const k of jsonKeys) out[k] = typeof row[k] === 'string' ? (JSON.parse(row[k]) as unknown) : null;
  return out as Omit<T, K> & { [P in K]: unknown };
}

/** 400 with a message a person can act on, in the {code, msg, data} envelope. */
function parse<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value);
  if (!result.success) throw new InputError(result.error.issues[0]?.message ?? 'invalid input');
  return result.data;
}
class InputError extends Error {}

/** The routes, as a plugin: app.register(${main}Routes, { db, prefix: '/api/${o.module}' }). */
export async function ${main}Routes(app: FastifyInstance, { db }: { db: NodePgDatabase }) {
  const base = ${lit(`/${main}`)};
  app.setErrorHandler((error, _req, reply) => {
    if (error instanceof InputError) return reply.send({ code: 400, msg: error.message, data: null });
    app.log.error(error);
    return reply.send({ code: 500, msg: 'server error', data: null });
  });

  app.get(base, async (req) => {
    const query = parse(ListQuery, req.query);
    const where = ${keyword};
    const rows = await db
      .select()
      .from(${main}Table)
      .where(where)
      .orderBy(desc(${main}Table.creatorTime), desc(${main}Table.id))
      .limit(query.pageSize)
      .offset((query.currentPage - 1) * query.pageSize);
    const [total] = await db.select({ n: count() }).from(${main}Table).where(where);
    return {
      code: 200,
      msg: 'Success',
      data: {
        list: rows.map((row) => decode(row, ${jsonKeys(fields)})),
        pagination: { currentPage: query.currentPage, pageSize: query.pageSize, total: total?.n ?? 0 },
      },
    };
  });

  app.get(\`\${base}/:id\`, async (req) => {
    const { id } = parse(IdParams, req.params);
    const [row] = await db.select().from(${main}Table).where(eq(${main}Table.id, id));
    if (!row) throw new InputError(${lit('记录不存在')});
    return { code: 200, msg: 'Success', data: { ...decode(row, ${jsonKeys(fields)}),
${subReads}    } };
  });

  app.post(base, async (req) => {
    const body = parse(${main}Body, req.body);
    const id = randomUUID();
    await db.transaction(async (tx) => {
      const { ${subs.map((s) => `${key(s.vModel)}: _${s.name}`).join(', ')}${subs.length ? ', ' : ''}...values } = body;
      await tx.insert(${main}Table).values({ ...encode(values, ${jsonKeys(fields)}), id, creatorTime: Date.now() });
${subWrites.replace(/^ {4}/gm, '      ')}    });
    return { code: 200, msg: ${lit('新建成功')}, data: { id } };
  });

  app.put(\`\${base}/:id\`, async (req) => {
    const { id } = parse(IdParams, req.params);
    const body = parse(${main}Update, req.body);
    await db.transaction(async (tx) => {
      const { version, ${subs.map((s) => `${key(s.vModel)}: _${s.name}`).join(', ')}${subs.length ? ', ' : ''}...values } = body;
      const changed = await tx
        .update(${main}Table)
        .set({ ...encode(values, ${jsonKeys(fields)}), version: version + 1, lastModifyTime: Date.now() })
        .where(and(eq(${main}Table.id, id), eq(${main}Table.version, version)))
        .returning({ id: ${main}Table.id });
      if (changed.length === 0) throw new InputError(${lit('记录已被他人修改或已删除，请刷新后再试')});
${subWrites.replace(/^ {4}/gm, '      ')}    });
    return { code: 200, msg: ${lit('修改成功')}, data: null };
  });

  app.delete(\`\${base}/:id\`, async (req) => {
    const { id } = parse(IdParams, req.params);
    await db.transaction(async (tx) => {
${subs.map((s) => `      await tx.delete(${s.name}Table).where(eq(${s.name}Table.foreignId, id));\n`).join('')}      await tx.delete(${main}Table).where(eq(${main}Table.id, id));
    });
    return { code: 200, msg: ${lit('删除成功')}, data: null };
  });
}
`;
}

/** The antd control of a field, with the props its kind needs. */
function control(f: ModelField): string {
  const field = f.field as unknown as Record<string, unknown>;
  const key = f.field.__config__.jnpfKey;
  const options = Array.isArray(field.options)
    ? (field.options as Record<string, unknown>[]).map((o) => ({
        value: String(o.id ?? o.value ?? ''),
        label: String(o.fullName ?? o.label ?? o.id ?? ''),
      }))
    : [];
  const optionList = `[${options.map((o) => `{ value: ${lit(o.value)}, label: ${lit(o.label)} }`).join(', ')}]`;
  if (key === 'textarea') return '<Input.TextArea />';
  if (f.kind === 'number') return "<InputNumber style={{ width: '100%' }} stringMode />";
  if (f.kind === 'int') return '<Switch />';
  if (key === 'radio') return `<Radio.Group options={${optionList}} />`;
  if (key === 'checkbox') return `<Checkbox.Group options={${optionList}} />`;
  if (key === 'select') return `<Select allowClear options={${optionList}} />`;
  return '<Input />';
}

function formItem(f: ModelField, indent: string, name: string): string {
  const required = f.field.__config__.required === true;
  const rules = required ? ` rules={[{ required: true, message: ${lit(`请输入${f.label}`)} }]}` : '';
  const valueProps =
    f.kind === 'int'
      ? ` valuePropName="checked" getValueProps={(v) => ({ checked: v === 1 })} normalize={(v: boolean) => (v ? 1 : 0)}`
      : f.kind === 'time'
        ? ` getValueProps={(v) => ({ value: v ? dayjs(v) : undefined })} normalize={(v?: Dayjs | null) => (v ? v.valueOf() : null)}`
        : '';
  const input = f.kind === 'time' ? "<DatePicker style={{ width: '100%' }} />" : control(f);
  return `${indent}<Form.Item name={${name}} label={${lit(f.label)}}${rules}${valueProps}>
${indent}  ${input}
${indent}</Form.Item>`;
}

function formFile(o: GeneratorOptions, input: GeneratorInput, subs: SubClass[]): string {
  const main = o.className;
  const hasTime = [...input.model.fields, ...subs.flatMap((s) => s.fields)].some((f) => f.kind === 'time');
  const items = input.model.fields.map((f) => formItem(f, '        ', lit(f.vModel))).join('\n');
  const subItems = subs
    .map(
      (s) => `        <Form.List name={${lit(s.vModel)}}>
          {(rows, { add, remove }) => (
            <Card size="small" title={${lit(s.label)}}>
              {rows.map((row) => (
                <Space key={row.key} align="baseline" wrap>
${s.fields.map((f) => formItem(f, '                  ', `[row.name, ${lit(f.vModel)}]`)).join('\n')}
                  <Button danger onClick={() => remove(row.name)}>
                    {${lit('删除')}}
                  </Button>
                </Space>
              ))}
              <Button type="dashed" onClick={() => add()}>
                {${lit('添加')}}
              </Button>
            </Card>
          )}
        </Form.List>`,
    )
    .join('\n');
  return `import { Button, Card, Checkbox, DatePicker, Form, Input, InputNumber, message, Modal, Radio, Select, Space, Switch } from 'antd';
${hasTime ? "import dayjs, { type Dayjs } from 'dayjs';\n" : ''}import { useEffect, useState } from 'react';

export const ${main}Api = ${lit(`/api/${o.module}/${main}`)};

interface Envelope<T> {
  code: number;
  msg: string;
  data: T;
}

/** Calls the module's API; answers data, or throws with the server's message. */
export async function call<T>(path: string, init?: RequestInit): Promise<T> {
  const response = await fetch(path, { ...init, headers: { 'Content-Type': 'application/json', ...init?.headers } });
  const body = (await response.json()) as Envelope<T>;
  if (body.code !== 200) throw new Error(body.msg);
  return body.data;
}

/** The add and edit dialog of ${main}: id null adds a record. */
export function ${main}Form({ id, onClose }: { id: string | null; onClose(saved: boolean): void }) {
  const [form] = Form.useForm();
  const [version, setVersion] = useState<number | undefined>();
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (!id) return;
    call<Record<string, unknown> & { version: number }>(\`\${${main}Api}/\${id}\`)
      .then((record) => {
        setVersion(record.version);
        form.setFieldsValue(record);
      })
      .catch((error: Error) => void message.error(error.message));
  }, [id, form]);

  const save = async () => {
    const values = await form.validateFields();
    setSaving(true);
    try {
      await call(id ? \`\${${main}Api}/\${id}\` : ${main}Api, {
        method: id ? 'PUT' : 'POST',
        body: JSON.stringify(id ? { ...values, version } : values),
      });
      onClose(true);
    } catch (error) {
      void message.error((error as Error).message);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal open title={${lit(input.fullName)}} confirmLoading={saving} onOk={() => void save()} onCancel={() => onClose(false)} width={800}>
      <Form form={form} layout="vertical">
${items}
${subItems}
      </Form>
    </Modal>
  );
}

`;
}

function listFile(o: GeneratorOptions, input: GeneratorInput): string {
  const main = o.className;
  const byVModel = new Map(input.model.fields.map((f) => [f.vModel, f]));
  const shown = (
    input.columns.length > 0
      ? input.columns.filter((c) => byVModel.has(c.prop))
      : input.model.fields.map((f) => ({ prop: f.vModel, label: f.label }))
  ).map((c) => ({ ...c, field: byVModel.get(c.prop)! }));
  const render = (f: ModelField) =>
    f.kind === 'time'
      ? `, render: (v: number | null) => (v ? dayjs(v).format('YYYY-MM-DD') : '')`
      : f.kind === 'json'
        ? `, render: (v: unknown) => (Array.isArray(v) ? v.join(', ') : '')`
        : f.kind === 'int'
          ? `, render: (v: number | null) => (v === 1 ? ${lit('是')} : ${lit('否')})`
          : '';
  const columns = shown
    .map(
      (c) =>
        `    { title: ${lit(c.label)}, dataIndex: ${key(c.prop)}, key: ${key(c.prop)}${render(c.field)} },`,
    )
    .join('\n');
  const hasTime = shown.some((c) => c.field.kind === 'time');
  return `import { Button, Input, message, Popconfirm, Space, Table, type TableColumnsType } from 'antd';
${hasTime ? "import dayjs from 'dayjs';\n" : ''}import { useCallback, useEffect, useState } from 'react';
import { call, ${main}Api, ${main}Form } from './${main}Form';

interface Row {
  id: string;
  [field: string]: unknown;
}

interface Page {
  list: Row[];
  pagination: { currentPage: number; pageSize: number; total: number };
}

/** The list page of ${main}: keyword search, paging, add, edit and delete. */
export function ${main}List() {
  const [page, setPage] = useState<Page>({ list: [], pagination: { currentPage: 1, pageSize: 20, total: 0 } });
  const [query, setQuery] = useState({ keyword: '', currentPage: 1, pageSize: 20 });
  const [loading, setLoading] = useState(false);
  const [editing, setEditing] = useState<{ id: string | null } | null>(null);

  const load = useCallback(async () => {
    setLoading(true);
    try {
      const params = new URLSearchParams({
        keyword: query.keyword,
        currentPage: String(query.currentPage),
        pageSize: String(query.pageSize),
      });
      setPage(await call<Page>(\`\${${main}Api}?\${params}\`));
    } catch (error) {
      void message.error((error as Error).message);
    } finally {
      setLoading(false);
    }
  }, [query]);

  useEffect(() => {
    void load();
  }, [load]);

  const remove = async (id: string) => {
    try {
      await call(\`\${${main}Api}/\${id}\`, { method: 'DELETE' });
      await load();
    } catch (error) {
      void message.error((error as Error).message);
    }
  };

  const columns: TableColumnsType<Row> = [
${columns}
    {
      title: ${lit('操作')},
      key: 'actions',
      render: (_: unknown, row: Row) => (
        <Space>
          <Button type="link" onClick={() => setEditing({ id: row.id })}>
            {${lit('编辑')}}
          </Button>
          <Popconfirm title={${lit('确定删除这条记录吗？')}} onConfirm={() => void remove(row.id)}>
            <Button type="link" danger>
              {${lit('删除')}}
            </Button>
          </Popconfirm>
        </Space>
      ),
    },
  ];

  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Space>
        <Input.Search
          aria-label={${lit('关键词')}}
          placeholder={${lit('请输入关键词查询')}}
          allowClear
          onSearch={(keyword) => setQuery({ ...query, keyword, currentPage: 1 })}
        />
        <Button type="primary" onClick={() => setEditing({ id: null })}>
          {${lit('新增')}}
        </Button>
      </Space>
      <Table<Row>
        rowKey="id"
        loading={loading}
        columns={columns}
        dataSource={page.list}
        pagination={{
          current: page.pagination.currentPage,
          pageSize: page.pagination.pageSize,
          total: page.pagination.total,
          onChange: (currentPage, pageSize) => setQuery({ ...query, currentPage, pageSize }),
        }}
      />
      {editing && (
        <${main}Form
          id={editing.id}
          onClose={(saved) => {
            setEditing(null);
            if (saved) void load();
          }}
        />
      )}
    </Space>
  );
}
`;
}

function readme(o: GeneratorOptions, input: GeneratorInput, subs: SubClass[]): string {
  const tables = [input.model.mainTable, ...subs.map((s) => s.table)];
  return `# ${o.className}

${o.description.replace(/[\r\n]+/g, ' ')}

Generated from the design "${input.fullName.replace(/[\r\n]+/g, ' ')}".

- \`server/${o.className}.schema.ts\`: Drizzle tables ${tables.map((t) => `\`${t}\``).join(', ')}
- \`server/${o.className}.routes.ts\`: \`app.register(${o.className}Routes, { db, prefix: '/api/${o.module}' })\` — list, read, create,
  update (with the version read) and delete under \`/api/${o.module}/${o.className}\`
- \`web/${o.className}List.tsx\`, \`web/${o.className}Form.tsx\`: the list page and the form dialog
`;
}

/** The module's files for one design. Throws 400 when a name cannot be used. */
export function generateModule(input: GeneratorInput, options: GeneratorOptions): GeneratedFile[] {
  const main = checkName(options.className, GeneratorClassName, GeneratorMessages.className);
  checkName(options.module, GeneratorModuleName, GeneratorMessages.moduleName);
  const used = new Set([main]);
  const subs: SubClass[] = input.model.subTables.map((s, i) => {
    const name = checkName(
      options.subClassName[i] || `${main}Sub${i + 1}`,
      GeneratorClassName,
      GeneratorMessages.className,
    );
    if (used.has(name)) throw badRequest(GeneratorMessages.sameClass(name));
    used.add(name);
    return { name, vModel: s.vModel, label: s.label, table: s.table, fields: s.fields };
  });
  const o = { ...options, className: main };
  return [
    { path: 'README.md', content: readme(o, input, subs) },
    { path: `server/${main}.schema.ts`, content: schemaFile(main, input.model, subs) },
    { path: `server/${main}.routes.ts`, content: routesFile(o, input, subs) },
    { path: `web/${main}Form.tsx`, content: formFile(o, input, subs) },
    { path: `web/${main}List.tsx`, content: listFile(o, input) },
  ];
}
