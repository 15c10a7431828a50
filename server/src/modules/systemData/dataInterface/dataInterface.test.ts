import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { DataInterfaceItem, DataInterfaceLogItem, DictionaryDataNode } from '@console/shared';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestDatabase,
  startServer,
  type TestDatabase,
  type TestServer,
} from '../../../../test/harness.js';
import { dataInterfaceLogs, dataInterfaces } from '../../../db/schema/index.js';
import { createGenTable } from '../dataModel/ddl.js';
import { signCall } from '../interfaceOauth/verify.js';
import { runDataInterface } from './run.js';

let database: TestDatabase;
let server: TestServer;
let token: string;
let category: string;
let upstream: Server;
let upstreamUrl: string;

beforeAll(async () => {
  upstream = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    if (url.pathname === '/to-metadata') {
      res.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data/' });
      res.end();
      return;
    }
    let body = '';
    req.on('data', (c) => {
      body += c;
    });
    req.on('end', () => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify([
          {
            code: 'a',
            name: `${req.method} ${url.pathname} q=${url.searchParams.get('q') ?? ''} body=${body}`,
          },
        ]),
      );
    });
  });
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
  const port = (upstream.address() as AddressInfo).port;
  upstreamUrl = `http://127.0.0.1:${port}`;
  database = await createTestDatabase();
  server = await startServer({ database, env: { OUTBOUND_ALLOW: `127.0.0.1:${port}` } });
  token = await server.adminToken();
  const categories = await server.request<{ list: DictionaryDataNode[] }>(
    'GET',
    '/api/system/DictionaryData/DataInterfaceType/Data/Selector',
    { token },
  );
  category = categories.data.list[0]!.id;
  await createGenTable(server.services.db, {
    table: 'staff',
    tableName: '员工',
    fields: [
      { field: 'id', fieldName: '主键', dataType: 'varchar', primaryKey: 1 },
      { field: 'name', fieldName: '姓名', dataType: 'varchar' },
      { field: 'age', fieldName: '年龄', dataType: 'int' },
    ],
  });
  await server.services.db.execute(
    (await import('drizzle-orm'))
      .sql`INSERT INTO gen.staff VALUES ('1', '张三', 30), ('2', '李四', 40), ('3', '王五', 50)`,
  );
});
afterAll(async () => {
  await server?.close();
  await database?.drop();
  await new Promise((resolve) => upstream?.close(resolve));
});

const send = <T = unknown>(method: string, path: string, json?: unknown) =>
  server.request<T>(method, path, { token, json });
const interfaceCount = async () =>
  (await server.services.db.select({ n: count() }).from(dataInterfaces))[0]!.n;

const sqlBody = (query: string, extra: Record<string, unknown> = {}) => ({
  categoryId: category,
  fullName: '员工查询',
  enCode: `staff${Math.random().toString(36).slice(2, 8)}`,
  dataType: 1,
  requestMethod: '3',
  dbLinkId: '0',
  query,
  requestParameters: JSON.stringify([
    { field: 'minAge', fieldName: '最小年龄', dataType: 'int', required: 1 },
  ]),
  ...extra,
});

async function create(body: Record<string, unknown>): Promise<string> {
  const answer = await send<{ id: string }>('POST', '/api/system/DataInterface', body);
  if (answer.code !== 200) throw new Error(answer.msg);
  return answer.data.id;
}

describe('data interfaces: refused at save', () => {
  it('refuses SQL that is not exactly one read-only SELECT, with 400 and nothing stored', async () => {
    const before = await interfaceCount();
    const cases: [string, RegExp][] = [
      ['DELETE FROM gen.staff', /不允许DELETE/],
      ['DROP TABLE gen.staff', /不允许DROP/],
      ['SELECT 1; SELECT 2', /一条SELECT/],
      ['SELECT * FROM staff; DELETE FROM staff', /一条SELECT/],
      ["SELECT pg_read_file('/etc/passwd')", /pg_read_file/],
      ["COPY gen.staff TO PROGRAM 'id'", /不允许COPY/],
      ['WITH gone AS (DELETE FROM staff RETURNING *) SELECT * FROM gone', /修改数据/],
      ['WITH x AS (UPDATE staff SET age = 1 RETURNING *) SELECT 1', /修改数据/],
      ['SELECT * INTO copied FROM staff', /INTO/],
      ['SELECT * FROM staff FOR UPDATE', /FOR UPDATE/],
      ["SELECT lo_import('/etc/passwd')", /lo_import/],
      ["SELECT dblink('host=x', 'select 1')", /dblink/],
      ['SELECT pg_sleep(10)', /pg_sleep/],
      ['SELECT * FROM pg_authid', /系统表/],
      ['SELECT password FROM public.base_user', /base_user/],
      ["SELECT current_setting('data_directory')", /current_setting/],
      ['SELECT * FROM staff WHERE id = $1', /占位符/],
      ['SELECT * FROM staff WHERE id = {nope}', /未定义的参数/],
      ['SELEC * FROM staff', /语法错误/],
    ];
    for (const [query, message] of cases) {
      const answer = await send('POST', '/api/system/DataInterface', sqlBody(query));
      expect({ query, code: answer.code }).toEqual({ query, code: 400 });
      expect(answer.msg).toMatch(message);
    }
    // The paging count SQL is held to the same rules.
    const counted = await send(
      'POST',
      '/api/system/DataInterface',
      sqlBody('SELECT * FROM staff', {
        checkType: 1,
        propertyJson: JSON.stringify({ countSql: 'DELETE FROM staff' }),
      }),
    );
    expect(counted.code).toBe(400);
    expect(counted.msg).toMatch(/统计SQL/);
    expect(await interfaceCount()).toBe(before);
  });

  it('refuses HTTP interfaces to loopback, link-local and private addresses however written', async () => {
    const before = await interfaceCount();
    for (const path of [
      'http://127.0.0.1/api',
      'http://169.254.169.254/latest/meta-data/',
      'http://[::1]:8080/x',
      'http://0x7f000001/x',
      'http://2130706433/x',
      'http://10.0.0.8/x',
      'http://[::ffff:127.0.0.1]/x',
      'file:///etc/passwd',
      'http://{host}/x',
    ]) {
      const answer = await send('POST', '/api/system/DataInterface', {
        categoryId: category,
        fullName: '外部接口',
        enCode: `http${Math.random().toString(36).slice(2, 8)}`,
        dataType: 3,
        requestMethod: '6',
        path,
      });
      expect({ path, code: answer.code }).toEqual({ path, code: 400 });
    }
    expect(await interfaceCount()).toBe(before);
  });

  it('refuses a data-processing script (no user JavaScript runs on the server) and bad lists', async () => {
    const before = await interfaceCount();
    const script = await send(
      'POST',
      '/api/system/DataInterface',
      sqlBody('SELECT 1', { dataProcessing: '(data) => process.exit(1)' }),
    );
    expect(script.code).toBe(400);
    const params = await send(
      'POST',
      '/api/system/DataInterface',
      sqlBody('SELECT 1', { requestParameters: '{"x":1}' }),
    );
    expect(params.code).toBe(400);
    const category_ = await send(
      'POST',
      '/api/system/DataInterface',
      sqlBody('SELECT 1', { categoryId: 'nope' }),
    );
    expect(category_.code).toBe(400);
    expect(await interfaceCount()).toBe(before);
  });
});

describe('data interfaces: running', () => {
  it('binds parameters (never concatenated), previews, pages, maps fields and logs', async () => {
    const id = await create(
      sqlBody('SELECT id, name, age FROM staff WHERE age >= {minAge} AND name <> {skip} ORDER BY age', {
        requestParameters: JSON.stringify([
          { field: 'minAge', fieldName: '最小年龄', dataType: 'int', required: 1 },
          { field: 'skip', dataType: 'varchar', defaultValue: "' OR 1=1 --" },
        ]),
        fieldMapping: JSON.stringify([{ source: 'name', target: 'fullName' }]),
      }),
    );
    const preview = await send<Record<string, unknown>[]>(
      'POST',
      `/api/system/DataInterface/${id}/Actions/Preview`,
      {
        paramList: [{ field: 'minAge', defaultValue: 35 }],
      },
    );
    expect(preview.code).toBe(200);
    expect(preview.data).toEqual([
      { id: '2', fullName: '李四', age: 40 },
      { id: '3', fullName: '王五', age: 50 },
    ]);
    const missing = await send('POST', `/api/system/DataInterface/${id}/Actions/Preview`, { paramList: [] });
    expect(missing.code).toBe(400);
    expect(missing.msg).toMatch(/最小年龄/);
    const notNumber = await send('POST', `/api/system/DataInterface/${id}/Actions/Preview`, {
      paramList: [{ field: 'minAge', defaultValue: '1 OR 1=1' }],
    });
    expect(notNumber.code).toBe(400);

    const page = await send<{ list: unknown[]; pagination: { total: number } }>(
      'POST',
      `/api/system/DataInterface/${id}/Action/List`,
      {
        paramList: [{ field: 'minAge', defaultValue: 0 }],
        keyword: '李',
        relationField: 'fullName',
        pageSize: 10,
      },
    );
    expect(page.data.pagination.total).toBe(1);
    const echo = await send<unknown[]>('POST', `/api/system/DataInterface/${id}/Action/InfoByIds`, {
      ids: ['1', '3'],
      propsValue: 'id',
      paramList: [{ field: 'minAge', defaultValue: 0 }],
    });
    expect(echo.data).toHaveLength(2);
    const fields = await send<string[]>('POST', `/api/system/DataInterface/${id}/Actions/GetFields`, {
      paramList: [{ field: 'minAge', defaultValue: 0 }],
    });
    expect(fields.data).toEqual(['id', 'fullName', 'age']);

    const logs = await send<{ list: DataInterfaceLogItem[] }>('GET', `/api/system/DataInterfaceLog/${id}`);
    expect(logs.data.list.length).toBe(6);
    expect(logs.data.list.filter((l) => l.success === 0)).toHaveLength(2);

    // Other modules call the same runner.
    const direct = await runDataInterface(server.services, id, { minAge: 45 }, { userId: 'x' });
    expect(direct).toEqual([{ id: '3', fullName: '王五', age: 50 }]);
  });

  it('pages in SQL with @offsetSize/@pageSize and a count SQL', async () => {
    const id = await create(
      sqlBody('SELECT id FROM staff ORDER BY id LIMIT @pageSize OFFSET @offsetSize', {
        requestParameters: '[]',
        checkType: 1,
        propertyJson: JSON.stringify({ countSql: 'SELECT count(*) FROM staff' }),
      }),
    );
    const page = await send<{ list: { id: string }[]; pagination: { total: number } }>(
      'POST',
      `/api/system/DataInterface/${id}/Action/List`,
      { currentPage: 2, pageSize: 2 },
    );
    expect(page.data.list).toEqual([{ id: '3' }]);
    expect(page.data.pagination.total).toBe(3);
  });

  it('runs SQL read-only: a write that slipped past the checks would still fail', async () => {
    const id = await create(sqlBody('SELECT count(*) AS n FROM staff', { requestParameters: '[]' }));
    await server.services.db
      .update(dataInterfaces)
      .set({ query: 'DELETE FROM staff' })
      .where(eq(dataInterfaces.id, id));
    const answer = await send('POST', `/api/system/DataInterface/${id}/Actions/Preview`, {});
    expect(answer.code).toBe(400);
    const rows = await runDataInterface(
      server.services,
      (await create(sqlBody('SELECT count(*)::int AS n FROM staff', { requestParameters: '[]' }))) as string,
      {},
      null,
    );
    expect(rows).toEqual([{ n: 3 }]);
  });

  it('static data, HTTP through the outbound guard (redirects re-checked), copy, state, export and import', async () => {
    const staticId = await create({
      categoryId: category,
      fullName: '静态选项',
      enCode: 'staticOptions',
      dataType: 2,
      query: JSON.stringify([{ id: 1, fullName: '是' }]),
    });
    expect((await send('POST', `/api/system/DataInterface/staticOptions/Actions/Preview`, {})).data).toEqual([
      { id: 1, fullName: '是' },
    ]);

    const httpId = await create({
      categoryId: category,
      fullName: 'HTTP接口',
      enCode: 'httpOptions',
      dataType: 3,
      requestMethod: '7',
      path: `${upstreamUrl}/items/{kind}`,
      requestParameters: JSON.stringify([{ field: 'kind' }, { field: 'q' }]),
    });
    const called = await send<{ name: string }[]>(
      'POST',
      `/api/system/DataInterface/${httpId}/Actions/Preview`,
      {
        paramList: [
          { field: 'kind', defaultValue: 'a b' },
          { field: 'q', defaultValue: 'x' },
        ],
      },
    );
    expect(called.data[0]!.name).toBe('POST /items/a%20b q= body={"q":"x"}');
    const redirect = await create({
      categoryId: category,
      fullName: '跳转',
      enCode: 'redirecting',
      dataType: 3,
      requestMethod: '6',
      path: `${upstreamUrl}/to-metadata`,
    });
    const refused = await send('POST', `/api/system/DataInterface/${redirect}/Actions/Preview`, {});
    expect(refused.code).toBe(400);
    expect(refused.msg).toMatch(/无法连接/);

    const copy = await send<{ id: string }>('POST', `/api/system/DataInterface/${staticId}/Actions/Copy`);
    const copied = await send<DataInterfaceItem>('GET', `/api/system/DataInterface/${copy.data.id}`);
    expect(copied.data.fullName).toMatch(/^静态选项副本/);
    expect(copied.data.enabledMark).toBe(0);
    const toggled = await send('PUT', `/api/system/DataInterface/${copy.data.id}/Actions/State`);
    expect(toggled.code).toBe(200);

    const exported = await send<{ url: string }>(
      'GET',
      `/api/system/DataInterface/${staticId}/Action/Export`,
    );
    const file = await fetch(`${server.baseUrl}${exported.data.url}`).then((r) => r.text());
    const imported = await server.request('POST', '/api/system/DataInterface/Action/Import', {
      token,
      ...multipart('x.bd', file.replace('"staticOptions"', '"staticOptions2"')),
    });
    expect(imported.code).toBe(200);
    const again = await server.request('POST', '/api/system/DataInterface/Action/Import', {
      token,
      ...multipart('x.bd', file),
    });
    expect(again.code).toBe(400);
    expect(again.msg).toMatch(/编码已存在/);
  });
});

function multipart(name: string, content: string) {
  const boundary = `----b${Math.random().toString(16).slice(2)}`;
  const body = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n${content}\r\n--${boundary}--\r\n`;
  return { body, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

describe('data interfaces: who may run what', () => {
  it('lets any signed-in user run enabled interfaces (form options) but not disabled ones, nor manage them', async () => {
    await server.addUser('staff01', 'Passw0rd1');
    const staff = await server.login('staff01', 'Passw0rd1');
    const as = <T = unknown>(method: string, path: string, json?: unknown) =>
      server.request<T>(method, path, { token: staff, json });
    const id = await create({
      categoryId: category,
      fullName: '性别选项',
      enCode: 'sexOptions',
      dataType: 2,
      query: '[{"id":1}]',
    });
    expect((await as('POST', `/api/system/DataInterface/${id}/Actions/Preview`, {})).data).toEqual([
      { id: 1 },
    ]);
    await send('PUT', `/api/system/DataInterface/${id}/Actions/State`);
    const disabled = await as('POST', `/api/system/DataInterface/${id}/Actions/Preview`, {});
    expect(disabled.code).toBe(400);
    expect(disabled.msg).toMatch(/已停用/);
    // The page's holder (here the administrator) still previews it.
    expect((await send('POST', `/api/system/DataInterface/${id}/Actions/Preview`, {})).code).toBe(200);
    for (const [method, path] of [
      ['GET', '/api/system/DataInterface'],
      ['GET', `/api/system/DataInterface/${id}`],
      ['DELETE', `/api/system/DataInterface/${id}`],
      ['GET', `/api/system/DataInterfaceLog/${id}`],
      ['GET', '/api/system/DataSource'],
      ['GET', '/api/system/DataModel/0/TableAll'],
      ['GET', '/api/system/DataModel/0/Tables/staff/Fields'],
      ['GET', '/api/system/InterfaceOauth'],
    ] as const)
      expect({ path, code: (await as(method, path)).code }).toEqual({ path, code: 400 });
    expect((await send<DataInterfaceItem>('GET', `/api/system/DataInterface/${id}`)).data.fullName).toBe(
      '性别选项',
    );
  });
});

describe('interface auth (outside callers)', () => {
  it('lets a bound app call with its secret or an HMAC signature, refuses everything else, and logs each call', async () => {
    const target = await create({
      categoryId: category,
      fullName: '对外名单',
      enCode: 'outsideList',
      dataType: 2,
      query: JSON.stringify([{ a: 1 }]),
    });
    const other = await create({
      categoryId: category,
      fullName: '未授权',
      enCode: 'notBound',
      dataType: 2,
      query: '[]',
    });
    const secret = (await send<string>('GET', '/api/system/InterfaceOauth/getAppSecret')).data;
    expect(secret).toMatch(/^[0-9a-f]{32}$/);
    const created = await send<{ id: string }>('POST', '/api/system/InterfaceOauth', {
      appId: 'partner',
      appName: '合作方',
      appSecret: secret,
      verifySignature: 0,
      dataInterfaceIds: target,
    });
    expect(created.code).toBe(200);
    const app = created.data.id;
    const call = (id: string, headers: Record<string, string>, method = 'GET') =>
      server.request(method, `/api/system/DataInterface/${id}/Actions/Response`, { headers });

    expect((await call(target, { authorization: `partner::${secret}` })).data).toEqual([{ a: 1 }]);
    expect((await call(target, { authorization: 'partner::wrong' })).code).toBe(400);
    expect((await call(target, {})).code).toBe(400);
    expect((await call(other, { authorization: `partner::${secret}` })).msg).toMatch(/未被授权/);

    // Signature mode: HMAC-SHA256 of METHOD\npath\nYmDate\nHost\n keyed with the Base64-decoded secret.
    const info = await send<{ version: number; list: unknown[] }>('GET', `/api/system/InterfaceOauth/${app}`);
    expect(info.data.list).toHaveLength(1);
    const base = { appId: 'partner', appName: '合作方', appSecret: secret, dataInterfaceIds: target };
    expect(
      (
        await send('PUT', `/api/system/InterfaceOauth/${app}`, {
          ...base,
          verifySignature: 1,
          version: info.data.version,
        })
      ).code,
    ).toBe(200);
    const path = `/api/system/DataInterface/${target}/Actions/Response`;
    const host = new URL(server.baseUrl).host;
    const now = String(Date.now());
    // The harness adds ?n=… to every address; the signature covers the path only.
    const signed = await call(target, {
      authorization: `partner::${signCall(secret, 'GET', path, now, host)}`,
      ymdate: now,
    });
    expect(signed.code).toBe(200);
    expect((await call(target, { authorization: `partner::${secret}`, ymdate: now })).code).toBe(400);
    const old = String(Date.now() - 120_000);
    const stale = await call(target, {
      authorization: `partner::${signCall(secret, 'GET', path, old, host)}`,
      ymdate: old,
    });
    expect(stale.msg).toMatch(/YmDate/);
    const auth = await send<{ YmDate: string; Authorization: string }>(
      'POST',
      `/api/system/DataInterface/Actions/GetAuth?appId=partner&intefaceId=${target}&method=GET`,
    );
    expect(
      (await call(target, { authorization: auth.data.Authorization, ymdate: auth.data.YmDate })).code,
    ).toBe(200);

    // White list without the caller, then expiry.
    let version = (await send<{ version: number }>('GET', `/api/system/InterfaceOauth/${app}`)).data.version;
    await send('PUT', `/api/system/InterfaceOauth/${app}`, { ...base, whiteList: '10.0.0.0/8', version });
    expect((await call(target, { authorization: `partner::${secret}` })).msg).toMatch(/白名单/);
    version = (await send<{ version: number }>('GET', `/api/system/InterfaceOauth/${app}`)).data.version;
    await send('PUT', `/api/system/InterfaceOauth/${app}`, {
      ...base,
      whiteList: '127.0.0.1',
      usefulLife: Date.now() - 1000,
      version,
    });
    expect((await call(target, { authorization: `partner::${secret}` })).msg).toMatch(/有效期/);
    version = (await send<{ version: number }>('GET', `/api/system/InterfaceOauth/${app}`)).data.version;
    await send('PUT', `/api/system/InterfaceOauth/${app}`, { ...base, whiteList: '127.0.0.1', version });
    expect((await call(target, { authorization: `partner::${secret}` }, 'POST')).code).toBe(200);

    const logs = await send<{ list: DataInterfaceLogItem[]; pagination: { total: number } }>(
      'GET',
      `/api/system/InterfaceOauth/dataInterfaceLog/${app}`,
    );
    expect(logs.data.pagination.total).toBe(
      (
        await server.services.db
          .select({ n: count() })
          .from(dataInterfaceLogs)
          .where(eq(dataInterfaceLogs.oauthAppId, 'partner'))
      )[0]!.n,
    );
    expect(logs.data.list.some((l) => l.success === 0)).toBe(true);
    expect(logs.data.list[0]!.invokType).toBe('POST');

    // Bad input changes nothing.
    const bad = await send('PUT', `/api/system/InterfaceOauth/${app}`, {
      ...base,
      whiteList: 'not-an-ip',
      version: version + 1,
    });
    expect(bad.code).toBe(400);
    const badIds = await send('POST', '/api/system/InterfaceOauth', {
      ...base,
      appId: 'other',
      dataInterfaceIds: 'missing',
    });
    expect(badIds.code).toBe(400);
    const dup = await send('POST', '/api/system/InterfaceOauth', base);
    expect(dup.code).toBe(400);
    // An interface bound to an app is not deleted from under it.
    expect((await send('DELETE', `/api/system/DataInterface/${target}`)).code).toBe(400);
  });
});
