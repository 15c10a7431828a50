import { loginForm } from '../lib/http.js';
import { load } from '../lib/measure.js';
import type { Scenario } from './types.js';

/**
 * Sign-in throughput with the right password. Each sign-in verifies an argon2id hash
 * (19 MiB, 2 passes), so this measures the hash's cost on the machine, plus a session row
 * and a login-log row per answer. Brute-force protection counts failures only, so correct
 * sign-ins are never slowed down or locked.
 */
export const login: Scenario = {
  name: 'login',
  title: 'Login (POST /api/oauth/Login)',
  section: 'foundation',
  async run(ctx) {
    const durationS = ctx.quick ? 3 : 10;
    const measured = await load({
      url: `${ctx.server.baseUrl}/api/oauth/Login`,
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(loginForm('admin', ctx.adminPassword)).toString(),
      connections: 10,
      durationS,
    });
    return {
      ...measured,
      notes: ['argon2id-bound: one hash verification per request'],
    };
  },
};
