import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { appUrl, screenshots } from '../support/browser';
import { toast } from '../support/toasts';
import { unique } from '../support/unique';
import { signInAdmin } from './5x-support';
import { api, setPassword, signInUser, specBrowser, userIdOf } from './6x-support';
import { type MenuNode, menuByCode } from './8x-support';

/** The seeded 部门预算执行数据 interface (rows of dept, budget, spent). */
const BUDGET_INTERFACE = '0190f0a0-0000-7000-8000-000000000511';
/** The seeded demo screen the menu 城市运行大屏 opens. */
const DEMO_SCREEN = '0190f0a0-0000-7000-8000-000000000601';

const designOf = (RUN: string) => ({
  width: 1920,
  height: 1080,
  background: { color: '#06142b' },
  components: [
    {
      id: 'map',
      type: 'map',
      x: 40,
      y: 40,
      w: 800,
      h: 600,
      style: { mapCode: '100001' },
      data: { kind: 'static', json: JSON.stringify([{ area: '100001001', people: 81200 }]) },
      mapping: { category: 'area', series: ['people'] },
    },
    {
      id: 'budget',
      type: 'bar',
      x: 900,
      y: 40,
      w: 900,
      h: 500,
      data: { kind: 'interface', interfaceId: BUDGET_INTERFACE, params: [] },
      mapping: { category: 'dept', series: ['budget'] },
      refresh: 5,
    },
    {
      id: 'list',
      type: 'scrollTable',
      x: 900,
      y: 600,
      w: 900,
      h: 400,
      data: { kind: 'static', json: JSON.stringify([{ title: `通知${RUN}`, date: '12-07' }]) },
    },
  ],
});

describe('data screens (#25)', () => {
  const spec = specBrowser('129');

  it('a screen with a map, a bar chart on a data interface and a scrolling table: designed, released, viewed full screen', async () => {
    // A retry starts from its own screen.
    const RUN = unique();
    const SCREEN = `运行大屏${RUN}`;
    const design = designOf(RUN);
    const page = await spec.page();
    await signInAdmin(page);

    const made = await api<{ id: string }>(page, 'POST', '/api/visualdev/DataScreen', {
      fullName: SCREEN,
      category: '测试',
      design: JSON.stringify(design),
    });
    expect(made.code, made.msg).toBe(200);
    const id = made.data.id;

    // The list page and its designer: a title dropped from the palette is saved.
    await page.goto(appUrl('/onlineDev/dataScreen'));
    const list = page.getByTestId('data-screen-page');
    const row = list.locator('tr.ant-table-row').filter({ hasText: SCREEN });
    await row.getByRole('button', { name: /设\s?计/ }).click();
    const designer = page.getByTestId('screen-designer');
    await designer.locator('.dsd-palette-item[data-type="title"]').click();
    await designer.locator('[data-component="title1"]').waitFor();
    await designer.screenshot({ path: join(screenshots, '129-designer.png') });
    await designer.getByRole('button', { name: /保\s?存/ }).click();
    await toast(page, 'success', '保存成功');
    await designer.getByRole('button', { name: /关\s?闭/ }).click();
    await row.getByRole('button', { name: /发\s?布/ }).click();
    await toast(page, 'success', '发布成功');

    // Offered to menus of type 6 through the 3.4.7 picker.
    const picker = await api<{ list: { fullName: string; children: { id: string }[] }[] }>(
      page,
      'GET',
      '/api/blade-visual/visual/Selector',
    );
    expect(picker.data.list.flatMap((c) => c.children).some((s) => s.id === id)).toBe(true);

    // The viewer: full screen, no token in the address, the interface's rows in the bar chart.
    await page.goto(appUrl(`/dataScreen/view/${id}`));
    expect(page.url()).not.toContain('token=');
    const screen = page.locator('.ds-screen');
    await screen.locator('[data-component="title1"]').waitFor();
    await expect
      .poll(async () => Number(await screen.locator('[data-chart="bar"]').getAttribute('data-rows')), {
        timeout: 20_000,
      })
      .toBeGreaterThan(0);
    await screen.locator('[data-chart="map"] canvas').waitFor({ timeout: 20_000 });
    await expect.poll(() => screen.locator('.ds-table').innerText()).toContain(`通知${RUN}`);
    await page.screenshot({ path: join(screenshots, '129-viewer.png') });

    // The seeded 城市运行大屏 shows its streets' figures.
    await page.goto(appUrl(`/dataScreen/view/${DEMO_SCREEN}`));
    await page.locator('.ds-screen [data-chart="map"] canvas').waitFor({ timeout: 20_000 });
    await expect.poll(() => page.locator('.ds-screen .ds-table').innerText()).toContain('冬季供暖');
    await page.screenshot({ path: join(screenshots, '129-demo-screen.png') });
  }, 240_000);

  it('a type 6 menu shows the screen to a user granted it, refuses one without, and a share link with a password opens it signed out', async () => {
    const RUN = unique();
    const admin = await spec.page();
    await signInAdmin(admin);
    const made = await api<{ id: string }>(admin, 'POST', '/api/visualdev/DataScreen', {
      fullName: `菜单大屏${RUN}`,
      category: '测试',
      design: JSON.stringify(designOf(RUN)),
    });
    expect(made.code, made.msg).toBe(200);
    const id = made.data.id;
    const released = await api(admin, 'PUT', `/api/visualdev/DataScreen/${id}/Actions/Release`);
    expect(released.code, released.msg).toBe(200);

    // A menu of type 6 showing it, opened in the console.
    const systems = await api<{ list: { id: string; isMain: number }[] }>(admin, 'GET', '/api/system/System');
    const systemId = systems.data.list.find((system) => system.isMain === 1)?.id;
    const demo = await menuByCode(admin, 'demo');
    const menuCode = `screen${RUN}`.replace(/[^A-Za-z0-9]/g, '');
    const menu = await api<{ id: string }>(admin, 'POST', '/api/system/Menu', {
      systemId,
      parentId: demo.id,
      category: 'Web',
      type: 6,
      fullName: `大屏菜单${RUN}`,
      enCode: menuCode,
      urlAddress: `/dataScreen/view/${id}`,
      linkTarget: '_self',
      propertyJson: JSON.stringify({ moduleId: id }),
      sortCode: 999,
      enabledMark: 1,
    });
    expect(menu.code, menu.msg).toBe(200);

    // Two new users: one granted the menu, one granted another page only.
    const units = await api<{ list: { id: string }[] }>(admin, 'GET', '/api/permission/Organize');
    // The other user holds the seeded screen's menu only.
    const otherScreen = await menuByCode(admin, 'demo.dataScreen');
    const users: { account: string; id: string }[] = [];
    for (const [n, modules] of [
      [1, [demo.id, menu.data.id]],
      [2, [demo.id, otherScreen.id]],
    ] as const) {
      const account = `screen${n}${RUN}`.replace(/[^A-Za-z0-9]/g, '').toLowerCase();
      const created = await api(admin, 'POST', '/api/permission/Users', {
        account,
        realName: `大屏用户${n}`,
        gender: 1,
        organizeId: [units.data.list[0]?.id],
      });
      expect(created.code, created.msg).toBe(200);
      const userId = await userIdOf(admin, account);
      const granted = await api(admin, 'POST', '/api/permission/Authority/Data/Batch', {
        userIds: [userId],
        systemIds: [systemId],
        module: modules,
      });
      expect(granted.code, granted.msg).toBe(200);
      await setPassword(admin, account, 'Start#2026s');
      users.push({ account, id: userId });
    }

    // The granted user has the menu and opens it: the interface's rows in the bar chart.
    const viewer = await spec.page();
    await signInUser(viewer, users[0]!.account, 'Start#2026s', 'Screen#2026v');
    const own = (await menuByCode(viewer, menuCode)) as MenuNode & { type?: number };
    expect(own.type).toBe(6);
    await viewer.goto(appUrl(`/dataScreen/view/${id}`));
    const screen = viewer.locator('.ds-screen');
    await expect
      .poll(async () => Number(await screen.locator('[data-chart="bar"]').getAttribute('data-rows')), {
        timeout: 30_000,
      })
      .toBeGreaterThan(0);
    await expect.poll(() => screen.locator('.ds-table').innerText()).toContain(`通知${RUN}`);
    await viewer.screenshot({ path: join(screenshots, '129-menu-viewer.png') });

    // The user without the grant is refused.
    const outsider = await spec.page();
    await signInUser(outsider, users[1]!.account, 'Start#2026s', 'Screen#2026o');
    await expect(menuByCode(outsider, menuCode)).rejects.toThrow();
    await outsider.goto(appUrl(`/dataScreen/view/${id}`));
    await expect
      .poll(() => outsider.locator('.ds-view-page [role="alert"]').innerText(), { timeout: 20_000 })
      .toContain('没有此操作的权限');
    await expect(outsider.locator('.ds-screen').count()).resolves.toBe(0);

    // A share link with a password, made in the list page's dialog.
    await admin.goto(appUrl('/onlineDev/dataScreen'));
    const row = admin
      .getByTestId('data-screen-page')
      .locator('tr.ant-table-row')
      .filter({ hasText: `菜单大屏${RUN}` });
    await row.getByRole('button', { name: /共\s?享/ }).click();
    const dialog = admin.getByRole('dialog');
    await dialog.getByTestId('screen-share-dialog').waitFor();
    await dialog.getByRole('switch', { name: '访问密码' }).click();
    await dialog.getByLabel('密码', { exact: true }).fill('wall-2026');
    await dialog.getByRole('button', { name: '生成链接' }).click();
    await toast(admin, 'success', '共享链接已保存');
    const linkBox = dialog.getByTestId('screen-share-link');
    await expect.poll(() => linkBox.inputValue()).toContain('/dataScreenShare?encryption=');
    const link = await linkBox.inputValue();
    await admin.screenshot({ path: join(screenshots, '129-share-dialog.png') });
    await row.getByRole('button', { name: /共享中/ }).waitFor();

    // Signed out (a fresh context): the password first, a wrong one refused, then the screen.
    const wall = await spec.page();
    await wall.goto(link);
    const step = wall.getByTestId('screen-share-password');
    await step.waitFor();
    expect(wall.url()).not.toContain('/login');
    await step.getByLabel('密码').fill('wrong-guess');
    await step.getByRole('button', { name: /进\s?入/ }).click();
    await step.getByText('密码错误').waitFor();
    await step.getByLabel('密码').fill('wall-2026');
    await step.getByRole('button', { name: /进\s?入/ }).click();
    const shared = wall.locator('.ds-screen');
    await expect
      .poll(async () => Number(await shared.locator('[data-chart="bar"]').getAttribute('data-rows')), {
        timeout: 30_000,
      })
      .toBeGreaterThan(0);
    await shared.locator('[data-chart="map"] canvas').waitFor({ timeout: 20_000 });
    await expect.poll(() => shared.locator('.ds-table').innerText()).toContain(`通知${RUN}`);
    await wall.screenshot({ path: join(screenshots, '129-share-viewer.png') });
  }, 300_000);
});
