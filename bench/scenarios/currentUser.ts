import { call, login } from '../lib/http.js';
import { load } from '../lib/measure.js';
import type { Scenario } from './types.js';

/**
 * The answer every page load asks for first: session resolution, then the user's menus,
 * permissions, systems and settings (administrator: everything). 50 connections for 15 s
 * after a 3 s warm-up (JIT, connection pool, caches) that is not counted.
 */
interface MenuShape {
  children?: MenuShape[];
}
interface CurrentUserShape {
  routerList: MenuShape[];
  permissionList: { button: unknown[]; column: unknown[]; form: unknown[]; resource: unknown[] }[];
}

const countNodes = (nodes: MenuShape[]): number =>
  nodes.reduce((sum, node) => sum + 1 + countNodes(node.children ?? []), 0);

function describe(data: CurrentUserShape): string {
  const items = data.permissionList.reduce(
    (sum, p) => sum + p.button.length + p.column.length + p.form.length + p.resource.length,
    0,
  );
  const menus = data.routerList.reduce((sum, system) => sum + countNodes(system.children ?? []), 0);
  return `${data.routerList.length} systems, ${menus} menu nodes, ${data.permissionList.length} modules with ${items} permission items`;
}

export const currentUser: Scenario = {
  name: 'currentUser',
  title: 'CurrentUser (GET /api/oauth/CurrentUser)',
  section: 'foundation',
  async run(ctx) {
    const baseUrl = ctx.server.baseUrl;
    const token = await login(baseUrl, 'admin', ctx.adminPassword);
    const probe = await call<CurrentUserShape>(baseUrl, 'GET', '/api/oauth/CurrentUser', { token });
    if (probe.code !== 200) throw new Error(`CurrentUser answered ${probe.code} ${probe.msg}`);
    const shape = describe(probe.data);
    // One request at a time: the cost of one answer without queueing behind others.
    const single: number[] = [];
    for (let i = 0; i < 30; i++) {
      const t0 = performance.now();
      await call(baseUrl, 'GET', '/api/oauth/CurrentUser', { token });
      single.push(performance.now() - t0);
    }
    single.sort((a, b) => a - b);
    const unloadedP50Ms = Math.round(single[15]! * 10) / 10;
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
      unloadedP50Ms,
      notes: [
        `administrator (sees every menu): ${shape}; ${probe.bytes} body bytes uncompressed`,
        `one request at a time: p50 ${unloadedP50Ms} ms`,
      ],
    };
  },
};
