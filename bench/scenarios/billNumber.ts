import { availableParallelism, loadavg } from 'node:os';
import { call, login } from '../lib/http.js';
import { load } from '../lib/measure.js';
import type { Scenario } from './types.js';

/**
 * Bill numbers per second: GET /api/system/BillRule/BillNumber/{code} with 50 connections for
 * 15 s after an uncounted 3 s warm-up. Each answer is one atomic UPDATE … RETURNING on the
 * rule's row, so all requests queue on one row lock: this measures the serialised path.
 * Afterwards 50 concurrent clients take 1,000 more numbers and the scenario fails unless all
 * are distinct, and unless the rule's counter equals the answers with code 200 plus at most
 * one request per connection still in flight when each load run stopped.
 */
const CONNECTIONS = 50;
const CHECK_CLIENTS = 50;
const CHECK_PER_CLIENT = 20;

export const billNumber: Scenario = {
  name: 'billNumber',
  title: 'Bill number (GET /api/system/BillRule/BillNumber/{code})',
  section: 'billNumber',
  async run(ctx) {
    const baseUrl = ctx.server.baseUrl;
    const token = await login(baseUrl, 'admin', ctx.adminPassword);
    const categories = await call<{ list: { id: string }[] }>(
      baseUrl,
      'GET',
      '/api/system/DictionaryData/businessType/Data/Selector',
      { token },
    );
    const category = categories.data?.list?.[0]?.id;
    if (!category) throw new Error(`no business category: ${categories.code} ${categories.msg}`);
    const code = `BENCH${Date.now().toString(36).toUpperCase()}`;
    const created = await call<{ id: string }>(baseUrl, 'POST', '/api/system/BillRule', {
      token,
      json: {
        fullName: '压测单据',
        enCode: code,
        category,
        prefix: 'BN',
        dateFormat: 'yyyyMMdd',
        digit: 9,
        startNumber: '1',
      },
    });
    if (created.code !== 200) throw new Error(`rule not created: ${created.code} ${created.msg}`);

    const options = {
      url: `${baseUrl}/api/system/BillRule/BillNumber/${code}`,
      headers: { authorization: token },
      connections: CONNECTIONS,
    };
    const warmup = await load({ ...options, durationS: ctx.quick ? 1 : 3 });
    if (warmup.non200Total > 0)
      throw new Error(`warm-up had non-200 answers: ${JSON.stringify(warmup.non200)}`);
    const measured = await load({ ...options, durationS: ctx.quick ? 3 : 15 });

    // Distinctness under concurrency, checked number by number.
    const numbers = (
      await Promise.all(
        Array.from({ length: CHECK_CLIENTS }, async () => {
          const taken: string[] = [];
          for (let i = 0; i < CHECK_PER_CLIENT; i++) {
            const answer = await call<string>(baseUrl, 'GET', `/api/system/BillRule/BillNumber/${code}`, {
              token,
            });
            if (answer.code !== 200) throw new Error(`BillNumber answered ${answer.code} ${answer.msg}`);
            taken.push(answer.data);
          }
          return taken;
        }),
      )
    ).flat();
    const distinct = new Set(numbers).size;
    if (distinct !== numbers.length) throw new Error(`${numbers.length - distinct} repeated bill numbers`);

    // Every answer with code 200 advanced the counter by exactly one.
    const rule = await call<{ outputNumber: string }>(
      baseUrl,
      'GET',
      `/api/system/BillRule/${created.data.id}`,
      {
        token,
      },
    );
    const counter = Number(rule.data.outputNumber.slice(-9));
    const answered200 =
      warmup.requests - warmup.non200Total + (measured.requests - measured.non200Total) + numbers.length;
    // Requests still in flight when a load run stops are served (and take a number) but not
    // counted by the load generator: at most one per connection for each of the two runs.
    const inFlight = counter - answered200;
    if (inFlight < 0 || inFlight > 2 * CONNECTIONS)
      throw new Error(`counter ${counter} but ${answered200} numbers answered with code 200`);

    const [load1] = loadavg();
    return {
      ...measured,
      notes: [
        `machine load average (1 min) at the end of the run: ${load1!.toFixed(1)} on ${availableParallelism()} cores`,
        `one row-locked UPDATE … RETURNING per number; ${numbers.length} numbers from ${CHECK_CLIENTS} concurrent clients all distinct; counter ${counter} = ${answered200} answers with code 200 counted + ${inFlight} in flight when the load runs stopped (≤ ${2 * CONNECTIONS})`,
      ],
    };
  },
};
