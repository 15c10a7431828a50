import type { MonitorInfo } from '@console/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestDatabase,
  startServer,
  type TestDatabase,
  type TestServer,
} from '../../../../test/harness.js';
import { formatUptime } from './service.js';

let database: TestDatabase;
let server: TestServer;

beforeAll(async () => {
  database = await createTestDatabase();
  server = await startServer({ database });
});
afterAll(async () => {
  await server?.close();
  await database?.drop();
});

const percent = (text: string) => {
  expect(text).toMatch(/^\d+\.\d\d$/);
  const value = Number(text);
  expect(value).toBeGreaterThanOrEqual(0);
  expect(value).toBeLessThanOrEqual(100);
  return value;
};

describe('server monitor', () => {
  it('answers the figures of the host, the process, the database and Redis', async () => {
    const token = await server.adminToken();
    const answer = await server.request<MonitorInfo>('GET', '/api/system/Monitor', { token });
    expect(answer.code).toBe(200);
    const info = answer.data;
    expect(info.system.day).toMatch(/^\d{2,} 天 \d{2} 小时 \d{2} 分 \d{2} 秒$/);
    expect(info.cpu.logic).toMatch(/^\d+个逻辑CPU$/);
    expect(percent(info.cpu.used) + percent(info.cpu.idle)).toBeCloseTo(100, 1);
    percent(info.memory.usageRate);
    percent(info.disk.usageRate);
    expect(Number.parseFloat(info.memory.total)).toBeGreaterThan(0);
    expect(Number.parseFloat(info.disk.total)).toBeGreaterThan(0);
    expect(info.process.pid).toBe(process.pid);
    expect(info.database.kind).toBe(process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite');
    expect(Number.parseFloat(info.database.size)).toBeGreaterThan(0);
    if (process.env.TEST_DATABASE_URL) expect(info.database.connections).toBeGreaterThan(0);
    if (process.env.TEST_REDIS_URL) expect(info.redis?.version).toMatch(/^\d+\./);
    else expect(info.redis).toBeNull();
    expect(Math.abs(info.time - Date.now())).toBeLessThan(60_000);
  });

  it('needs the page', async () => {
    await server.addUser('monitornobody', 'Nobody123');
    const staff = await server.login('monitornobody', 'Nobody123');
    expect((await server.request('GET', '/api/system/Monitor', { token: staff })).code).toBe(400);
  });

  it('writes uptime as the page shows it', () => {
    expect(formatUptime(3 * 86_400 + 4 * 3600 + 10 * 60 + 5)).toBe('03 天 04 小时 10 分 05 秒');
  });
});
