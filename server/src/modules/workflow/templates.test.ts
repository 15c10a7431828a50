import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestDatabase,
  startServer,
  type TestDatabase,
  type TestServer,
} from '../../../test/harness.js';
import { approver, chain, createFlow, flowUser } from './testing.js';

let database: TestDatabase;
let server: TestServer;
let admin: string;
let user: { id: string; token: string };

beforeAll(async () => {
  database = await createTestDatabase();
  server = await startServer({ database });
  admin = await server.adminToken();
  user = await flowUser(server, 'tpl_user');
}, 120_000);
afterAll(async () => {
  await server?.close();
  await database?.drop();
});

const T = '/api/workflow/Engine/flowTemplate';

describe('GET flowTemplate/getFlowIdByCode/{code}', () => {
  it('answers the id of an enabled template to any signed-in user, and a 400 once it is stopped', async () => {
    const { templateId } = await createFlow(server, admin, chain(approver('经理', [user.id])), '订单审批');
    const info = await server.request<{ enCode: string }>('GET', `${T}/${templateId}`, { token: admin });
    const code = info.data.enCode;

    const found = await server.request<string>('GET', `${T}/getFlowIdByCode/${code}`, { token: user.token });
    expect(found.code, found.msg).toBe(200);
    expect(found.data).toBe(templateId);

    expect((await server.request('POST', `${T}/Stop/${templateId}`, { token: admin })).code).toBe(200);
    const stopped = await server.request('GET', `${T}/getFlowIdByCode/${code}`, { token: user.token });
    expect(stopped.code).toBe(400);
    expect(stopped.msg).toBe(`编码为“${code}”的流程不存在或未启用`);
  });

  it('answers 400 for an unknown code and 602 (sign in again) without a session', async () => {
    const unknown = await server.request('GET', `${T}/getFlowIdByCode/no_such_flow`, { token: user.token });
    expect(unknown.code).toBe(400);
    expect(unknown.msg).toContain('no_such_flow');
    const anonymous = await server.request('GET', `${T}/getFlowIdByCode/no_such_flow`);
    expect(anonymous.code).toBe(602);
  });
});

