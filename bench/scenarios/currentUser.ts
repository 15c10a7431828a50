import { call, login } from '../lib/http.js';
import { load } from '../lib/measure.js';
import type { Scenario } from './types.js';

/**
 * The answer every page load asks for first: session resolution, then the user's menus,
 * permissions, systems and settings (administrator: everything). 50 connections for 15 s
 * after a 3 s warm-up (JIT, connection pool, caches) that is not counted.
 */
export const currentUser: Scenario = {
  name: 'currentUser',
  title: 'CurrentUser (GET /api/oauth/CurrentUser)',
  section: 'foundation',
  async run(ctx) {
    const baseUrl = ctx.server.baseUrl;
    const token = await login(baseUrl, 'admin', ctx.adminPassword);
    const probe = await call(baseUrl, 'GET', '/api/oauth/CurrentUser', { token });
    if (probe.code !== 200) throw new Error(`CurrentUser answered ${probe.code} ${probe.msg}`);
    const options = {
      url: `${baseUrl}/api/oauth/CurrentUser`,
      headers: { authorization: token },
      connections: 50,
    };
    const warmup = await load({ ...options, durationS: ctx.quick ? 1 : 3 });
    if (warmup.non200Total > 0)
      throw new Error(`warm-up had non-200 answers: ${JSON.stringify(warmup.non200)}`);
    const measured = await load({ ...options, durationS: ctx.quick ? 3 : 15 });
    return {
      ...measured,
      bodyBytes: probe.bytes,
      notes: [`administrator (sees every menu); ${probe.bytes} body bytes uncompressed`],
    };
  },
};
