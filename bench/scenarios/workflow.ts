import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { call, login } from '../lib/http.js';
import { load, type Measurement } from '../lib/measure.js';
import { createDatabase, REDIS_URL, redisReachable } from '../lib/postgres.js';
import { BenchServer } from '../lib/server.js';
import type { Scenario, ScenarioContext, ScenarioOutput } from './types.js';

/**
 * Workflow (issue 13 must show 3). Approvals: one-node flows (start → one approver who is the
 * initiator) launched through POST FlowTask; then 50 approvers at once, each approving its own
 * todos one after the other through POST FlowBefore/Audit/{id}; answers of code 200 per second,
 * and afterwards no task node passed twice and every task approved exactly once. Todo list:
 * 100,000 running tasks written with INSERT … SELECT (task, node and pending operator), then
 * GET FlowBefore/List/1 (the todo list) with paging, 20 connections for 10 s after a 3 s warm-up.
 *
 * PostgreSQL: its own database and server, 50 users (granted the launch and todo pages) each
 * approving its own flows. PGlite (the shared server, no direct database access): the
 * administrator's flows approved by 50 concurrent requests, and its todo list of the launched
 * flows.
 */
const APPROVERS = 50;
const PG_FLOWS_EACH = 20;
const PGLITE_FLOWS = 500;
const PG_TASKS = 100_000;
const CONNECTIONS = 20;
/** The measured user holds every fifth seeded task; the others are spread over the approvers. */
const MEASURED_SHARE = 5;

interface Approver {
  token: string;
  todos: string[];
}

async function createFlow(baseUrl: string, token: string): Promise<string> {
  const tag = randomBytes(3).toString('hex');
  const form = await call<{ id: string }>(baseUrl, 'POST', '/api/flowForm/Form', {
    token,
    json: {
      fullName: `压测请假单${tag}`,
      enCode: `benchLeave${tag}`,
      formType: 2,
      flowType: 0,
      draftJson: JSON.stringify({
        size: 'small',
        labelWidth: 100,
        gutter: 15,
        fields: [
          {
            __config__: {
              jnpfKey: 'comInput',
              label: '请假事由',
              layout: 'colFormItem',
              span: 24,
              showLabel: true,
              visibility: ['pc', 'app'],
            },
            __vModel__: 'reason',
          },
        ],
      }),
    },
  });
  if (form.code !== 200) throw new Error(`flow form not created: ${form.msg}`);
  const released = await call(baseUrl, 'POST', `/api/flowForm/Form/Release/${form.data.id}?isRelease=1`, {
    token,
  });
  if (released.code !== 200) throw new Error(`flow form not released: ${released.msg}`);
  const root = {
    type: 'start',
    nodeId: 'benchStart',
    properties: { title: '流程发起', formId: form.data.id },
    childNode: {
      type: 'approver',
      nodeId: 'benchApprove',
      prevId: 'benchStart',
      properties: { title: '本人审批', assigneeType: 3 },
    },
  };
  const template = await call<{ id: string }>(baseUrl, 'POST', '/api/workflow/Engine/flowTemplate', {
    token,
    json: {
      fullName: `压测流程${tag}`,
      enCode: `benchFlow${tag}`,
      type: 0,
      sortCode: 0,
      flowTemplateJson: JSON.stringify([
        { id: '', flowId: `bench${tag}`, fullName: `压测流程${tag}`, flowTemplateJson: root },
      ]),
    },
  });
  if (template.code !== 200) throw new Error(`flow template not created: ${template.msg}`);
  const versions = await call<{ id: string }[]>(
    baseUrl,
    'GET',
    `/api/workflow/Engine/flowTemplate/FlowJsonList/${template.data.id}`,
    { token },
  );
  const version = versions.data[0];
  if (!version) throw new Error(`no launchable version: ${versions.msg}`);
  return version.id;
}

async function launch(baseUrl: string, token: string, flowId: string, n: number) {
  const answer = await call(baseUrl, 'POST', '/api/workflow/Engine/FlowTask', {
    token,
    json: { flowId, formData: { reason: `压测${n}` }, status: 0, flowUrgent: 1 },
  });
  if (answer.code !== 200) throw new Error(`launch failed: ${answer.code} ${answer.msg}`);
}

async function todoIds(baseUrl: string, token: string): Promise<string[]> {
  const page = await call<{ list: { id: string }[] }>(
    baseUrl,
    'GET',
    '/api/workflow/Engine/FlowBefore/List/1?currentPage=1&pageSize=10000',
    { token },
  );
  if (page.code !== 200) throw new Error(`todo list answered ${page.code} ${page.msg}`);
  return page.data.list.map((row) => row.id);
}

/** Every approver works through its own todos; answers the load figures of the audits. */
async function approveAll(baseUrl: string, approvers: Approver[]): Promise<Measurement> {
  const latencies: number[] = [];
  const non200: Record<string, number> = {};
  let errors = 0;
  const started = performance.now();
  await Promise.all(
    approvers.map(async ({ token, todos }) => {
      for (const id of todos) {
        const t0 = performance.now();
        try {
          const answer = await call(baseUrl, 'POST', `/api/workflow/Engine/FlowBefore/Audit/${id}`, {
            token,
            json: { handleOpinion: '同意' },
          });
          latencies.push(performance.now() - t0);
          if (answer.code !== 200) non200[String(answer.code)] = (non200[String(answer.code)] ?? 0) + 1;
        } catch {
          errors++;
        }
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const at = (p: number) =>
    Math.round(latencies[Math.min(latencies.length - 1, Math.ceil(p * latencies.length) - 1)]! * 100) / 100;
  const non200Total = Object.values(non200).reduce((a, b) => a + b, 0);
  return {
    connections: approvers.length,
    durationS: Math.round(seconds * 10) / 10,
    requests: latencies.length,
    requestsPerSec: Math.round(((latencies.length - non200Total) / seconds) * 10) / 10,
    latencyMs: {
      p50: at(0.5),
      p95: at(0.95),
      p99: at(0.99),
      mean: Math.round((latencies.reduce((a, b) => a + b, 0) / latencies.length) * 100) / 100,
      max: at(1),
    },
    non200,
    non200Total,
    errors,
    wireBytesPerAnswer: 0,
  };
}

/** The todo list, page 3 of 20 rows, under load. */
async function measureTodo(baseUrl: string, token: string, quick: boolean) {
  const path = '/api/workflow/Engine/FlowBefore/List/1?currentPage=3&pageSize=20';
  const probe = await call<{ list: unknown[]; pagination: { total: number } }>(baseUrl, 'GET', path, {
    token,
  });
  if (probe.code !== 200 || probe.data.list.length !== 20)
    throw new Error(`todo list answered ${probe.code} ${probe.msg}`);
  const single: number[] = [];
  for (let i = 0; i < 40; i++) {
    const t0 = performance.now();
    await call(baseUrl, 'GET', path, { token });
    single.push(performance.now() - t0);
  }
  single.sort((a, b) => a - b);
  const options = { url: `${baseUrl}${path}`, headers: { authorization: token }, connections: CONNECTIONS };
  const warmup = await load({ ...options, durationS: quick ? 1 : 3 });
  if (warmup.non200Total > 0)
    throw new Error(`warm-up had non-200 answers: ${JSON.stringify(warmup.non200)}`);
  const measured = await load({ ...options, durationS: quick ? 3 : 10 });
  return {
    measured,
    total: probe.data.pagination.total,
    p50: Math.round(single[20]! * 10) / 10,
    p95: Math.round(single[37]! * 10) / 10,
  };
}

const line = (m: Measurement) =>
  `${m.requestsPerSec} req/s, p50 ${m.latencyMs.p50} ms, p95 ${m.latencyMs.p95} ms, p99 ${m.latencyMs.p99} ms`;

/** 50 users who sign in with the administrator's password, granted the launch and todo pages. */
async function seedApprovers(client: pg.Client): Promise<void> {
  await client.query(
    `INSERT INTO base_user (id, account, real_name, password_hash, change_password_date, creator_time)
     SELECT 'bench-wf-' || n, 'benchwf' || n, '压测审批人' || n,
            (SELECT password_hash FROM base_user WHERE account = 'admin'), $2, $2
     FROM generate_series(1, $1) AS n`,
    [APPROVERS, Date.now()],
  );
  await client.query(
    `INSERT INTO base_authorize (id, item_type, item_id, object_type, object_id, creator_time)
     SELECT 'bench-wf-grant-' || m.en_code || '-' || n, 'module', m.id, 'User', 'bench-wf-' || n, $2
     FROM generate_series(1, $1) AS n
     CROSS JOIN base_module m WHERE m.en_code IN ('workFlow.flowLaunch', 'workFlow.flowTodo')`,
    [APPROVERS, Date.now()],
  );
}

/** 100,000 running tasks of the flow, each waiting at its approver with one pending operator. */
async function seedTasks(client: pg.Client, flowId: string): Promise<number> {
  const started = Date.now();
  await client.query('BEGIN');
  await client.query(
    `INSERT INTO flow_task (id, process_id, full_name, flow_urgent, flow_id, template_id, flow_code, flow_name,
       flow_type, flow_category, flow_form, flow_form_content_json, flow_template_json, flow_version,
       start_time, this_step, this_step_id, status, completion, creator_user_id, creator_time, version, delete_mark)
     SELECT 'bench-task-' || n, 'bench-task-' || n, v.full_name || '压测' || n, 1, v.id, v.template_id, t.en_code,
       v.full_name, 0, t.category, NULL, jsonb_build_object('reason', '压测' || n), v.flow_template_json, v.flow_version,
       $3::bigint - n * 1000, '本人审批', 'benchApprove', 1, 0, 'bench-wf-' || (n % $4 + 1), $3::bigint - n * 1000, 0, 0
     FROM generate_series(1, $1) AS n, flow_template_json v JOIN flow_template t ON t.id = v.template_id
     WHERE v.id = $2`,
    [PG_TASKS, flowId, Date.now(), APPROVERS],
  );
  await client.query(
    `INSERT INTO flow_task_node (id, task_id, node_code, node_name, node_type, completion, state, creator_time)
     SELECT 'bench-node-' || n, 'bench-task-' || n, 'benchApprove', '本人审批', 'approver', 0, 0, $2::bigint - n * 1000
     FROM generate_series(1, $1) AS n`,
    [PG_TASKS, Date.now()],
  );
  await client.query(
    `INSERT INTO flow_task_operator (id, task_id, task_node_id, node_code, node_name, handle_id, completion, state,
       waiting, creator_time)
     SELECT 'bench-op-' || n, 'bench-task-' || n, 'bench-node-' || n, 'benchApprove', '本人审批',
       CASE WHEN n % $3 = 0 THEN 'bench-wf-1' ELSE 'bench-wf-' || (n % $4 + 1) END, 0, 0, 0, $2::bigint - n * 1000
     FROM generate_series(1, $1) AS n`,
    [PG_TASKS, Date.now(), MEASURED_SHARE, APPROVERS],
  );
  await client.query('COMMIT');
  await client.query('VACUUM ANALYZE flow_task, flow_task_node, flow_task_operator');
  return Math.round((Date.now() - started) / 100) / 10;
}

/** Nodes approved more than once, and tasks not approved exactly once. */
async function doubleCheck(client: pg.Client): Promise<{ nodesTwice: number; notOnce: number }> {
  const twice = await client.query<{ n: string }>(
    `SELECT count(*) AS n FROM (SELECT task_node_id FROM flow_task_record WHERE handle_status = 1
       GROUP BY task_node_id HAVING count(*) > 1) AS x`,
  );
  const notOnce = await client.query<{ n: string }>(
    `SELECT count(*) AS n FROM flow_task t WHERE t.status <> 2 OR (SELECT count(*) FROM flow_task_record r
       WHERE r.task_id = t.id AND r.handle_status = 1) <> 1`,
  );
  return { nodesTwice: Number(twice.rows[0]!.n), notOnce: Number(notOnce.rows[0]!.n) };
}

async function onPostgres(ctx: ScenarioContext): Promise<ScenarioOutput> {
  const database = await createDatabase();
  if ('unavailable' in database) throw new Error(`PostgreSQL not reachable: ${database.unavailable}`);
  const env: Record<string, string> = {
    DATABASE_URL: database.localUrl,
    REDIS_PREFIX: `bench:workflow:${randomBytes(4).toString('hex')}:`,
  };
  if (await redisReachable()) env.REDIS_URL = REDIS_URL;
  let server: BenchServer | undefined;
  const client = new pg.Client({ connectionString: database.url });
  try {
    server = await BenchServer.start({ env, nodeArgs: ctx.nodeArgs });
    await server.prepareAdmin();
    const baseUrl = server.baseUrl;
    const adminToken = await login(baseUrl, 'admin', ctx.adminPassword);
    const flowId = await createFlow(baseUrl, adminToken);
    await client.connect();
    await seedApprovers(client);
    const tokens: string[] = [];
    for (let n = 1; n <= APPROVERS; n++) tokens.push(await login(baseUrl, `benchwf${n}`, ctx.adminPassword));

    const launchStarted = performance.now();
    await Promise.all(
      tokens.map(async (token, i) => {
        for (let k = 0; k < PG_FLOWS_EACH; k++) await launch(baseUrl, token, flowId, i * PG_FLOWS_EACH + k);
      }),
    );
    const launchS = (performance.now() - launchStarted) / 1000;
    const approvers = await Promise.all(
      tokens.map(async (token) => ({ token, todos: await todoIds(baseUrl, token) })),
    );
    const approvals = await approveAll(baseUrl, approvers);
    const check = await doubleCheck(client);
    if (check.nodesTwice > 0 || check.notOnce > 0)
      throw new Error(
        `approvals went wrong: ${check.nodesTwice} nodes passed twice, ${check.notOnce} tasks not approved once`,
      );

    const seedS = await seedTasks(client, flowId);
    const todo = await measureTodo(baseUrl, tokens[0]!, ctx.quick);
    return {
      ...approvals,
      notes: [
        `${APPROVERS} users each launched ${PG_FLOWS_EACH} one-node flows (${APPROVERS * PG_FLOWS_EACH} in all, ${Math.round(((APPROVERS * PG_FLOWS_EACH) / launchS) * 10) / 10} launches/s with ${APPROVERS} at once), then approved their own todos, ${APPROVERS} at once: ${approvals.requests} approvals in ${approvals.durationS} s; afterwards 0 nodes passed twice and every task approved exactly once`,
        `todo list (GET FlowBefore/List/1, page 3 of 20) of a user holding ${todo.total.toLocaleString('en')} of ${PG_TASKS.toLocaleString('en')} running tasks (written with INSERT … SELECT in ${seedS} s), ${CONNECTIONS} connections: ${line(todo.measured)}${todo.measured.non200Total + todo.measured.errors ? `, ${todo.measured.non200Total} non-200 and ${todo.measured.errors} errors or timeouts` : ''}`,
        `todo list one request at a time: p50 ${todo.p50} ms, p95 ${todo.p95} ms`,
      ],
    };
  } finally {
    await client.end().catch(() => undefined);
    await server?.stop();
    await database.drop();
  }
}

async function onPglite(ctx: ScenarioContext): Promise<ScenarioOutput> {
  const baseUrl = ctx.server.baseUrl;
  const token = await login(baseUrl, 'admin', ctx.adminPassword);
  const flowId = await createFlow(baseUrl, token);
  const launchStarted = performance.now();
  for (let n = 0; n < PGLITE_FLOWS; n++) await launch(baseUrl, token, flowId, n);
  const launchS = (performance.now() - launchStarted) / 1000;
  const todo = await measureTodo(baseUrl, token, ctx.quick);
  const ids = await todoIds(baseUrl, token);
  const approvers = Array.from({ length: APPROVERS }, (_, i) => ({
    token,
    todos: ids.filter((_, k) => k % APPROVERS === i),
  }));
  const approvals = await approveAll(baseUrl, approvers);
  const left = await todoIds(baseUrl, token);
  if (left.length > 0) throw new Error(`${left.length} todos left after approving`);
  return {
    ...approvals,
    notes: [
      `the administrator launched ${PGLITE_FLOWS} one-node flows one after the other (${Math.round((PGLITE_FLOWS / launchS) * 10) / 10} launches/s) and approved them through ${APPROVERS} concurrent requests: ${approvals.requests} approvals in ${approvals.durationS} s, none left in the todo list`,
      `todo list of ${todo.total} (page 3 of 20), ${CONNECTIONS} connections: ${line(todo.measured)}; one request at a time p50 ${todo.p50} ms; the 100,000-task figure is measured on PostgreSQL`,
    ],
  };
}

export const workflow: Scenario = {
  name: 'workflow',
  title: 'Workflow approvals by 50 concurrent approvers (POST FlowBefore/Audit/{id}); todo list',
  section: 'workflow',
  run: (ctx) => (ctx.database === 'postgres' ? onPostgres(ctx) : onPglite(ctx)),
};
