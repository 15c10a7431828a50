import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { md5, suiteServer } from '../../../../test/harness.js';
import { newId } from '../../../core/ids.js';
import {
  authorizes,
  dataInterfaceLogs,
  dataInterfaces,
  dataScreens,
  moduleButtons,
  modules,
  roles,
  userRelations,
  users,
} from '../../../db/schema/index.js';
import { ShortLinkMessages } from '../shortLink/service.js';
import { ShareMessages } from './share.js';

const BASE = '/api/visualdev/DataScreen';
const SHARE = `${BASE}/Share`;
const suite = suiteServer();
const { send } = suite;
const anonymous = <T = unknown>(method: string, path: string, json?: unknown) =>
  suite.server.request<T>(method, path, { json });
const q = (encryption: string, more: Record<string, string> = {}) =>
  `?${new URLSearchParams({ encryption, ...more })}`;
const tokenOf = (link: string) => new URLSearchParams(link.split('?')[1]).get('encryption')!;

interface ShareInfo {
  enabled: boolean;
  passUse: boolean;
  expiresAt: number | null;
  link: string;
  owner: string | null;
}

/** Setup: a released screen with a static chart, a chart on an enabled data interface, a SQL table and a map. */
async function releasedScreen() {
  const iface = newId();
  await suite.server.services.db.insert(dataInterfaces).values({
    id: iface,
    categoryId: 'test',
    fullName: '共享大屏接口',
    enCode: `share${iface.slice(-8)}`,
    dataType: 2,
    query: JSON.stringify([{ dept: '东城', budget: 12 }]),
    enabledMark: 1,
  });
  const box = { x: 10, y: 10, w: 300, h: 200 };
  const design = {
    width: 1920,
    height: 1080,
    components: [
      { id: 'bar1', type: 'bar', ...box, data: { kind: 'static', json: '[{"name":"A","value":3}]' } },
      { id: 'bar2', type: 'bar', ...box, data: { kind: 'interface', interfaceId: iface, params: [] } },
      {
        id: 'sql1',
        type: 'scrollTable',
        ...box,
        data: { kind: 'sql', dbLinkId: '0', sql: 'SELECT 1 AS value', params: [] },
      },
      { id: 'map1', type: 'map', ...box, style: { mapCode: '100001' } },
    ],
  };
  const made = await send<{ id: string }>('POST', BASE, {
    fullName: `共享大屏${newId().slice(-6)}`,
    category: '共享',
    design: JSON.stringify(design),
  });
  expect(made.code, made.msg).toBe(200);
  expect((await send('PUT', `${BASE}/${made.data.id}/Actions/Release`)).code).toBe(200);
  return { id: made.data.id, iface };
}

/** Setup: a user holding the design page and its share button, not a data interface manager. */
async function sharer() {
  const account = `sharer${newId().slice(-8)}`;
  const userId = await suite.server.addUser(account, 'Passw0rd1');
  const db = suite.server.services.db;
  const [menu] = await db.select().from(modules).where(eq(modules.enCode, 'onlineDev.dataScreen'));
  const roleId = newId();
  await db.insert(roles).values({ id: roleId, fullName: `角色${account}`, enCode: `role${account}` });
  await db.insert(userRelations).values({ id: newId(), userId, objectType: 'Role', objectId: roleId });
  await db
    .insert(authorizes)
    .values({ id: newId(), itemType: 'module', itemId: menu!.id, objectType: 'Role', objectId: roleId });
  const share = (await db.select().from(moduleButtons).where(eq(moduleButtons.moduleId, menu!.id))).find(
    (b) => b.enCode === 'btn_share',
  );
  await db
    .insert(authorizes)
    .values({ id: newId(), itemType: 'button', itemId: share!.id, objectType: 'Role', objectId: roleId });
  return { userId, token: await suite.server.login(account, 'Passw0rd1') };
}

const setShare = (id: string, body: Record<string, unknown>, token?: string) =>
  send<ShareInfo>('PUT', `${BASE}/${id}/Share`, body, token);

describe('data screen share links', () => {
  it('opens a released screen signed out behind its password, with data run as the link owner', async () => {
    const { id } = await releasedScreen();
    const owner = await sharer();
    const saved = await setShare(
      id,
      { enabled: true, passUse: true, password: md5('wall-pass'), expiresAt: Date.now() + 3_600_000 },
      owner.token,
    );
    expect(saved.code, saved.msg).toBe(200);
    expect(saved.data.enabled).toBe(true);
    expect(saved.data.passUse).toBe(true);
    expect(JSON.stringify(saved.data)).not.toContain(md5('wall-pass'));
    const encryption = tokenOf(saved.data.link);
    expect(encryption.length).toBeGreaterThanOrEqual(32);
    const [row] = await suite.server.services.db.select().from(dataScreens).where(eq(dataScreens.id, id));
    expect(row!.sharePassword).toMatch(/^\$argon2id\$/);
    expect(row!.shareUserId).toBe(owner.userId);

    const info = await anonymous<{ fullName: string; passUse: boolean }>(
      'GET',
      `${SHARE}/Info${q(encryption)}`,
    );
    expect(info.code, info.msg).toBe(200);
    expect(info.data.passUse).toBe(true);

    // Nothing without the password's pass, nor with a forged one.
    for (const pass of [undefined, `${Date.now() + 60_000}.forged`]) {
      const more: Record<string, string> = pass ? { pass } : {};
      const refused = [
        await anonymous('GET', `${SHARE}/View${q(encryption, more)}`),
        await anonymous('POST', `${SHARE}/Data/bar1${q(encryption, more)}`, {}),
        await anonymous('GET', `${SHARE}/Geo${q(encryption, { ...more, code: '100001' })}`),
      ];
      for (const answer of refused) {
        expect(answer.code).toBe(400);
        expect(answer.msg).toBe(ShareMessages.passwordNeeded);
      }
    }
    const wrong = await anonymous('POST', `${SHARE}/Password`, { encryption, password: md5('guess') });
    expect(wrong.code).toBe(400);
    expect(wrong.msg).toBe(ShortLinkMessages.wrongPassword);
    const right = await anonymous<{ pass: string }>('POST', `${SHARE}/Password`, {
      encryption,
      password: md5('wall-pass'),
    });
    expect(right.code, right.msg).toBe(200);
    const pass = right.data.pass;

    const view = await anonymous<{ design: { components: { id: string }[] } }>(
      'GET',
      `${SHARE}/View${q(encryption, { pass })}`,
    );
    expect(view.code, view.msg).toBe(200);
    expect(view.data.design.components.map((c) => c.id)).toEqual(['bar1', 'bar2', 'sql1', 'map1']);
    expect((await anonymous('POST', `${SHARE}/Data/bar1${q(encryption, { pass })}`, {})).data).toEqual([
      { name: 'A', value: 3 },
    ]);
    const bound = await anonymous('POST', `${SHARE}/Data/bar2${q(encryption, { pass })}`, {});
    expect(bound.code, bound.msg).toBe(200);
    expect(bound.data).toEqual([{ dept: '东城', budget: 12 }]);
    // The owner may not write SQL data sets, so the link does not show one (the administrator saved it).
    const sql = await anonymous('POST', `${SHARE}/Data/sql1${q(encryption, { pass })}`, {});
    expect(sql.code).toBe(400);
    expect(sql.msg).toBe(ShareMessages.ownerSqlDenied('sql1'));
    const geo = await anonymous('GET', `${SHARE}/Geo${q(encryption, { pass, code: '100001' })}`);
    expect(geo.code, geo.msg).toBe(200);
    expect((geo.data as { type: string }).type).toBe('FeatureCollection');
    expect((await anonymous('GET', `${SHARE}/Geo${q(encryption, { pass, code: '110000' })}`)).msg).toBe(
      ShareMessages.mapNotUsed,
    );

    // A new password ends the passes answered for the old one; the token stays.
    const changed = await setShare(
      id,
      { enabled: true, passUse: true, password: md5('wall-pass-2') },
      owner.token,
    );
    expect(changed.code, changed.msg).toBe(200);
    expect(tokenOf(changed.data.link)).toBe(encryption);
    expect((await anonymous('GET', `${SHARE}/View${q(encryption, { pass })}`)).msg).toBe(
      ShareMessages.passwordNeeded,
    );
    // Without a password it opens at once; the owner disabled, it stops.
    expect((await setShare(id, { enabled: true, passUse: false }, owner.token)).code).toBe(200);
    expect((await anonymous('GET', `${SHARE}/View${q(encryption)}`)).code).toBe(200);
    await suite.server.services.db.update(users).set({ enabledMark: 0 }).where(eq(users.id, owner.userId));
    expect((await anonymous('GET', `${SHARE}/View${q(encryption)}`)).msg).toBe(ShareMessages.ownerLost);
  }, 300_000);

  it('refuses bad settings with 400, changing nothing; expired and revoked links stop opening', async () => {
    const { id } = await releasedScreen();
    const refusals: [Record<string, unknown>, string][] = [
      [{ enabled: true, passUse: true }, ShareMessages.setPassword],
      [{ enabled: true, passUse: true, password: 'plain-text' }, '密码格式不正确'],
      [{ enabled: true, expiresAt: Date.now() - 1000 }, ShareMessages.expiresPast],
    ];
    for (const [body, msg] of refusals) {
      const answer = await setShare(id, body);
      expect(answer.code, msg).toBe(400);
      expect(answer.msg).toContain(msg);
    }
    const unset = await send<ShareInfo>('GET', `${BASE}/${id}/Share`);
    expect(unset.data).toMatchObject({ enabled: false, passUse: false, link: '' });

    const saved = await setShare(id, { enabled: true, expiresAt: Date.now() + 60_000 });
    expect(saved.code, saved.msg).toBe(200);
    const encryption = tokenOf(saved.data.link);
    expect((await anonymous('GET', `${SHARE}/View${q(encryption)}`)).code).toBe(200);
    // Its expiry passed (set in the database: the route refuses a past one).
    await suite.server.services.db
      .update(dataScreens)
      .set({ shareExpires: Date.now() - 1 })
      .where(eq(dataScreens.id, id));
    for (const answer of [
      await anonymous('GET', `${SHARE}/Info${q(encryption)}`),
      await anonymous('GET', `${SHARE}/View${q(encryption)}`),
      await anonymous('POST', `${SHARE}/Data/bar1${q(encryption)}`, {}),
    ]) {
      expect(answer.code).toBe(400);
      expect(answer.msg).toBe(ShareMessages.expired);
    }

    expect((await setShare(id, { enabled: true, expiresAt: null })).code).toBe(200);
    expect((await anonymous('GET', `${SHARE}/View${q(encryption)}`)).code).toBe(200);
    const revoked = await send<ShareInfo>('DELETE', `${BASE}/${id}/Share`);
    expect(revoked.code, revoked.msg).toBe(200);
    expect(revoked.data.enabled).toBe(false);
    for (const token of [encryption, 'A'.repeat(32)]) {
      const answer = await anonymous('GET', `${SHARE}/View${q(token)}`);
      expect(answer.code).toBe(400);
      expect(answer.msg).toBe(ShareMessages.invalid);
    }
    expect((await anonymous('GET', `${SHARE}/View`)).code).toBe(400);
    // Set again: a new token; the revoked one stays dead.
    const again = await setShare(id, { enabled: true });
    expect(tokenOf(again.data.link)).not.toBe(encryption);
    expect((await anonymous('GET', `${SHARE}/View${q(encryption)}`)).msg).toBe(ShareMessages.invalid);
  }, 300_000);

  it('stops password guessing after ten wrong tries per address and link', async () => {
    const { id } = await releasedScreen();
    const saved = await setShare(id, { enabled: true, passUse: true, password: md5('right') });
    const encryption = tokenOf(saved.data.link);
    const check = (password: string) =>
      anonymous('POST', `${SHARE}/Password`, { encryption, password: md5(password) });
    for (let i = 0; i < 10; i++) expect((await check(`wrong${i}`)).msg).toBe(ShortLinkMessages.wrongPassword);
    const blocked = await check('right');
    expect(blocked.code).toBe(400);
    expect(blocked.msg).toContain('密码错误次数过多');
  }, 300_000);

  it('runs a component once for viewers asking the same within its refresh, apart for another user', async () => {
    const { id, iface } = await releasedScreen();
    const runs = async () =>
      (
        await suite.server.services.db
          .select({ n: count() })
          .from(dataInterfaceLogs)
          .where(eq(dataInterfaceLogs.interfaceId, iface))
      )[0]!.n;
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => send('POST', `${BASE}/${id}/Data/bar2`, {})),
    );
    for (const answer of answers) expect(answer.data).toEqual([{ dept: '东城', budget: 12 }]);
    expect(await runs()).toBe(1);
    expect((await send('POST', `${BASE}/${id}/Data/bar2`, {})).code).toBe(200);
    expect(await runs()).toBe(1);
    // Another user (the link's owner) has runs of their own; the draft preview is never shared.
    const owner = await sharer();
    const saved = await setShare(id, { enabled: true }, owner.token);
    expect((await anonymous('POST', `${SHARE}/Data/bar2${q(tokenOf(saved.data.link))}`, {})).code).toBe(200);
    expect(await runs()).toBe(2);
    expect((await send('POST', `${BASE}/${id}/Data/bar2?draft=1`, {})).code).toBe(200);
    expect(await runs()).toBe(3);
  }, 300_000);

  it('answers the last answer while the next run of a due refresh is under way, then the new one', async () => {
    const { id, iface } = await releasedScreen();
    const db = suite.server.services.db;
    const runs = async () =>
      (
        await db
          .select({ n: count() })
          .from(dataInterfaceLogs)
          .where(eq(dataInterfaceLogs.interfaceId, iface))
      )[0]!.n;
    const ask = () => send('POST', `${BASE}/${id}/Data/bar2`, {});
    expect((await ask()).data).toEqual([{ dept: '东城', budget: 12 }]);
    await db
      .update(dataInterfaces)
      .set({ query: JSON.stringify([{ dept: '西城', budget: 7 }]) })
      .where(eq(dataInterfaces.id, iface));
    // Within the refresh (5 s, less a second) the answer is the kept one, without a run.
    expect((await ask()).data).toEqual([{ dept: '东城', budget: 12 }]);
    expect(await runs()).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 4_200));
    // Due: this call starts the next run and is answered the last answer meanwhile.
    expect((await ask()).data).toEqual([{ dept: '东城', budget: 12 }]);
    await expect.poll(runs, { timeout: 10_000 }).toBe(2);
    await expect
      .poll(async () => (await ask()).data, { timeout: 10_000 })
      .toEqual([{ dept: '西城', budget: 7 }]);
    expect(await runs()).toBe(2);
  }, 300_000);
});
