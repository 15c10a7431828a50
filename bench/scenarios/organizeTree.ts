import { call, login } from '../lib/http.js';
import { load } from '../lib/measure.js';
import type { Scenario } from './types.js';

/**
 * The organisation tree of 5,000 units (GET /api/permission/Organize, the administrator's full
 * tree): 10 companies, 10 departments in each, the remaining 4,890 sections spread under those
 * departments, all created through POST Organize and POST Organize/Department. Measured one
 * request at a time (the page's wait) and with 10 connections for 10 s after a 3 s warm-up.
 * Goal (issue 4): under 100 ms on PostgreSQL.
 */
const UNITS = 5_000;
const COMPANIES = 10;
const DEPARTMENTS_PER_COMPANY = 10;
const SEED_WORKERS = 16;
const CONNECTIONS = 10;

interface Node {
  children?: Node[];
}
const countNodes = (nodes: Node[]): number =>
  nodes.reduce((n, node) => n + 1 + countNodes(node.children ?? []), 0);

async function createAll(
  baseUrl: string,
  token: string,
  requests: { path: string; parentId: string; fullName: string; enCode: string }[],
): Promise<string[]> {
  const ids = new Array<string>(requests.length);
  let next = 0;
  const worker = async () => {
    while (next < requests.length) {
      const index = next++;
      const { path, ...body } = requests[index]!;
      const answer = await call<{ id: string }>(baseUrl, 'POST', path, { token, json: body });
      if (answer.code !== 200)
        throw new Error(`unit ${body.enCode} not created: ${answer.code} ${answer.msg}`);
      ids[index] = answer.data.id;
    }
  };
  await Promise.all(Array.from({ length: SEED_WORKERS }, worker));
  return ids;
}

export const organizeTree: Scenario = {
  name: 'organizeTree',
  title: 'Organisation tree of 5,000 units (GET /api/permission/Organize)',
  section: 'organizeTree',
  async run(ctx) {
    const baseUrl = ctx.server.baseUrl;
    const token = await login(baseUrl, 'admin', ctx.adminPassword);
    const seedStarted = Date.now();
    const tag = Date.now().toString(36).toUpperCase();
    const companies = await createAll(
      baseUrl,
      token,
      Array.from({ length: COMPANIES }, (_, i) => ({
        path: '/api/permission/Organize',
        parentId: '0',
        fullName: `压测公司${i + 1}`,
        enCode: `BC${tag}-${i}`,
      })),
    );
    const departments = await createAll(
      baseUrl,
      token,
      companies.flatMap((parentId, c) =>
        Array.from({ length: DEPARTMENTS_PER_COMPANY }, (_, d) => ({
          path: '/api/permission/Organize/Department',
          parentId,
          fullName: `压测部门${c + 1}-${d + 1}`,
          enCode: `BD${tag}-${c}-${d}`,
        })),
      ),
    );
    const sections = UNITS - companies.length - departments.length;
    await createAll(
      baseUrl,
      token,
      Array.from({ length: sections }, (_, s) => ({
        path: '/api/permission/Organize/Department',
        parentId: departments[s % departments.length]!,
        fullName: `压测科室${s + 1}`,
        enCode: `BS${tag}-${s}`,
      })),
    );
    const seedS = Math.round((Date.now() - seedStarted) / 100) / 10;

    const probe = await call<{ list: Node[] }>(baseUrl, 'GET', '/api/permission/Organize', { token });
    if (probe.code !== 200) throw new Error(`Organize answered ${probe.code} ${probe.msg}`);
    const nodes = countNodes(probe.data.list);
    if (nodes < UNITS) throw new Error(`the tree has ${nodes} units, expected at least ${UNITS}`);

    const single: number[] = [];
    for (let i = 0; i < 30; i++) {
      const t0 = performance.now();
      await call(baseUrl, 'GET', '/api/permission/Organize', { token });
      single.push(performance.now() - t0);
    }
    single.sort((a, b) => a - b);
    const unloadedP50Ms = Math.round(single[15]! * 10) / 10;
    const unloadedP95Ms = Math.round(single[28]! * 10) / 10;

    const options = {
      url: `${baseUrl}/api/permission/Organize`,
      headers: { authorization: token },
      connections: CONNECTIONS,
    };
    const warmup = await load({ ...options, durationS: ctx.quick ? 1 : 3 });
    if (warmup.non200Total > 0)
      throw new Error(`warm-up had non-200 answers: ${JSON.stringify(warmup.non200)}`);
    const measured = await load({ ...options, durationS: ctx.quick ? 3 : 10 });
    return {
      ...measured,
      bodyBytes: probe.bytes,
      unloadedP50Ms,
      notes: [
        `${nodes} units (${companies.length} companies, ${departments.length} departments, ${sections} sections), seeded through the API in ${seedS} s`,
        `one request at a time: p50 ${unloadedP50Ms} ms, p95 ${unloadedP95Ms} ms; ${probe.bytes} body bytes uncompressed`,
      ],
    };
  },
};
