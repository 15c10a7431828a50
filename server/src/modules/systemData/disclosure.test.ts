import type { DictionaryDataNode } from '@console/shared';
import { describe, expect, it } from 'vitest';
import { suiteServer } from '../../../test/harness.js';

// Issue #22: what data interfaces and data sources show to whoever may call them.
const suite = suiteServer();
const { send } = suite;

/** A signed-in user holding no page. */
async function staffToken() {
  const account = `viewer${Math.random().toString(36).slice(2, 8)}`;
  await suite.server.addUser(account, 'Passw0rd1');
  return suite.server.login(account, 'Passw0rd1');
}

describe('a failing data interface', () => {
  it('answers the database’s message without the statement or its parameters', async () => {
    const categories = await send<{ list: DictionaryDataNode[] }>(
      'GET',
      '/api/system/DictionaryData/DataInterfaceType/Data/Selector',
    );
    const created = await send<{ id: string }>('POST', '/api/system/DataInterface', {
      categoryId: categories.data.list[0]!.id,
      fullName: '除零',
      enCode: 'divideByZero',
      dataType: 1,
      requestMethod: '3',
      dbLinkId: '0',
      query: 'SELECT name FROM no_such_table WHERE name <> {skip}',
      requestParameters: JSON.stringify([{ field: 'skip', dataType: 'varchar', defaultValue: 'nobody' }]),
    });
    expect(created.code, created.msg).toBe(200);
    const staff = await staffToken();
    for (const token of [staff, suite.admin]) {
      const answer = await send(
        'POST',
        `/api/system/DataInterface/${created.data.id}/Actions/Preview`,
        {},
        token,
      );
      expect(answer.code).toBe(400);
      expect(answer.msg).toBe('执行失败：relation "no_such_table" does not exist');
    }
  });
});

describe('the data source picker', () => {
  it('answers each source’s id, name and type, not where it lives', async () => {
    const created = await send('POST', '/api/system/DataSource', {
      fullName: '业务库',
      dbType: 'PostgreSQL',
      host: 'db.internal.example',
      port: 5433,
      userName: 'reader',
      password: 'secret-pass',
      serviceName: 'business',
    });
    expect(created.code, created.msg).toBe(200);
    const picker = await send<{ list: { children: Record<string, unknown>[] }[] }>(
      'GET',
      '/api/system/DataSource/Selector',
      undefined,
      await staffToken(),
    );
    const sources = picker.data.list.flatMap((group) => group.children);
    expect(sources.find((s) => s.fullName === '业务库')).toEqual({
      id: expect.any(String),
      fullName: '业务库',
      dbType: 'PostgreSQL',
    });
    const text = JSON.stringify(picker.data);
    for (const secret of ['db.internal.example', '5433', 'business', 'reader', 'secret-pass'])
      expect(text).not.toContain(secret);
  });
});

describe('the data interface list', () => {
  it('answers 400 for a sort field, as every list in a fixed order does', async () => {
    const answer = await send('GET', '/api/system/DataInterface?sidx=nope');
    expect(answer.code).toBe(400);
    expect(answer.msg).toMatch(/sidx/);
    expect((await send('GET', '/api/system/DataInterface?sidx=')).code).toBe(200);
  });
});
