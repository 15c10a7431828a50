import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminPassword,
  appUrl,
  changeOwedPassword,
  closePrevLoginNotice,
  launchBrowser,
  newPage,
  rememberAdminPassword,
  screenshots,
  settled,
  signIn,
} from '../support/browser';
import { api, setPassword } from './6x-support';

const NEW_PASSWORD = 'Zq7#pLm2vTk9';

/**
 * A signed-in administrator on /home. When this spec runs alone the initial password is still
 * pending: change it as 02-sign-in does (and remember it for the other specs).
 */
async function signedIn(browser: Browser): Promise<{ context: BrowserContext; page: Page }> {
  const { context, page } = await newPage(browser);
  await signIn(page, 'admin', adminPassword());
  await page.waitForURL(/#\/home$/);
  const now = await changeOwedPassword(page, adminPassword(), NEW_PASSWORD);
  if (now !== adminPassword()) rememberAdminPassword(now);
  await closePrevLoginNotice(page);
  await page.getByTestId('sys-name').first().waitFor();
  return { context, page };
}

/** Chooses a layout in the settings drawer (the server keeps it for the next sign-in). */
async function useLayout(page: Page, layout: 'classic' | 'functional' | 'blend' | 'plain') {
  await openSettings(page);
  await chooseLayout(page, layout);
  await closeSettings(page);
}

/** Clicks a layout in the open settings drawer and waits until the server has stored it. */
async function chooseLayout(page: Page, layout: 'classic' | 'functional' | 'blend' | 'plain') {
  const current = await page.locator('.shell').getAttribute('data-layout');
  const stored =
    current === layout
      ? Promise.resolve()
      : page.waitForResponse(
          (answer) =>
            answer.url().includes('/Users/Current/SystemTheme') && answer.request().method() === 'PUT',
        );
  await page.getByTestId(`layout-${layout}`).click();
  await stored;
  await expect(page.locator('.shell').getAttribute('data-layout')).resolves.toBe(layout);
}

/** Opens the settings drawer and leaves it open. */
async function openSettings(page: Page) {
  await page.getByTestId('open-settings').click();
  await page.locator('.settings-drawer').waitFor();
}

async function closeSettings(page: Page) {
  await page.locator('.settings-drawer .ant-drawer-close').click();
  await page.locator('.settings-drawer').waitFor({ state: 'hidden' });
}

/** Turns a switch of the settings drawer on (by its label). */
async function switchOn(page: Page, label: string) {
  const toggle = page.locator('.settings-drawer').getByRole('switch', { name: label });
  if ((await toggle.getAttribute('aria-checked')) !== 'true') await toggle.click();
  await expect(toggle.getAttribute('aria-checked')).resolves.toBe('true');
}

/**
 * Clicks through a menu trail of the side menu: directories are opened unless they already are (the
 * ancestors of pages visited before stay open, and a click would close them), then the last item.
 */
async function openMenu(page: Page, ...trail: string[]) {
  const side = page.getByTestId('side-menu');
  for (const [index, name] of trail.entries()) {
    const item = side.getByRole('menuitem', { name, exact: true });
    if (index === trail.length - 1) {
      await item.click();
    } else if ((await item.getAttribute('aria-expanded')) !== 'true') {
      await item.click();
      await expect.poll(() => item.getAttribute('aria-expanded')).toBe('true');
    }
  }
}

const activeView = (page: Page) => page.locator('.shell-view:not([hidden])');

/** No notice over the page, no hover state under the pointer, no running transition. */
async function readyForPicture(page: Page) {
  const notices = page.locator('.ant-notification-notice');
  for (const close of await notices.locator('.ant-notification-notice-close').all()) await close.click();
  await notices.first().waitFor({ state: 'detached' });
  await page.mouse.move(720, 890);
  await settled(page);
}

/** The tab of a page in the tags view, by its exact title. */
const tab = (page: Page, title: string) =>
  page.locator('.tags-view__item').filter({ hasText: new RegExp(`^${title}$`) });

/** Waits until the tab of a page is shown as the active one (the view has committed). */
async function activeTab(page: Page, title: string) {
  await tab(page, title).and(page.locator('.tags-view__item--active')).waitFor();
}

/** Waits until the tags view shows exactly these tabs, in this order. */
async function expectTabs(page: Page, titles: string[]) {
  await expect
    .poll(() => page.locator('.tags-view__item').allTextContents(), { timeout: 10_000 })
    .toEqual(titles);
}

describe('application shell', () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
  });

  afterAll(async () => {
    // The server keeps the chosen layout for the next sign-in: leave the product default for later specs.
    if (browser) {
      const { context, page } = await signedIn(browser);
      await useLayout(page, 'functional');
      await context.close();
    }
    await browser?.close();
  });

  it('renders the four layouts with the seeded menus', async () => {
    const { context, page } = await signedIn(browser);
    await useLayout(page, 'functional');

    // Default layout: functional (top menu, no side menu), the rest under 'more'.
    const shell = page.locator('.shell');
    await expect(shell.getAttribute('data-layout')).resolves.toBe('functional');
    await page.locator('.top-menu').waitFor();
    await expect(page.getByTestId('side-menu').count()).resolves.toBe(0);
    const menuWidth = await page.locator('.top-menu').evaluate((element) => element.clientWidth);
    const topItems = page.locator('.top-menu__menu > li:not(.ant-menu-overflow-item-rest)');
    const shown = await topItems.count();
    expect(shown).toBeLessThanOrEqual(Math.floor(menuWidth / 116));
    await page.getByRole('menuitem', { name: /更多/ }).waitFor();

    // Tags view on for the pictures.
    await openSettings(page);
    await switchOn(page, '显示标签栏');
    await switchOn(page, '标签栏图标');
    await closeSettings(page);

    // Open a real page through the menus: 数据应用 / 字典管理.
    await page.goto(appUrl('/systemData/dictionary'));
    await page.getByTestId('dictionary-page').waitFor();
    await page.waitForLoadState('networkidle');
    // A category with items, so that the pictures show a filled list.
    await page.getByTestId('dictionary-page').getByText('性别', { exact: true }).click();
    await page.getByTestId('dictionary-table').locator('.ant-table-row').first().waitFor();
    await readyForPicture(page);
    await page.screenshot({ path: join(screenshots, 'layout-functional.png') });

    for (const layout of ['classic', 'blend', 'plain'] as const) {
      await openSettings(page);
      await chooseLayout(page, layout);
      await closeSettings(page);
      await expect(shell.getAttribute('data-layout')).resolves.toBe(layout);
      const side = page.getByTestId('side-menu');
      await side.waitFor();
      const width = await side.evaluate((element) => element.getBoundingClientRect().width);
      expect(width).toBe(layout === 'plain' ? 64 : 210);
      if (layout === 'blend') {
        await page.locator('.top-menu').waitFor();
        // The side menu holds the children of the chosen top item (数据应用).
        await side.getByRole('menuitem', { name: '字典管理' }).waitFor();
      }
      await readyForPicture(page);
      await page.screenshot({ path: join(screenshots, `layout-${layout}.png`) });
    }

    // Classic: the collapse toggle is remembered over a reload.
    await openSettings(page);
    await chooseLayout(page, 'classic');
    await closeSettings(page);
    const sideWidth = () =>
      page.getByTestId('side-menu').evaluate((element) => element.getBoundingClientRect().width);
    await page.getByTestId('sidebar-toggle').click();
    await expect.poll(sideWidth, { timeout: 5_000 }).toBe(64);
    await page.reload();
    await page.getByTestId('side-menu').waitFor();
    await settled(page);
    await expect(sideWidth()).resolves.toBe(64);
    await page.getByTestId('sidebar-toggle').click();
    await expect.poll(sideWidth, { timeout: 5_000 }).toBe(210);

    // Below 992 px the side menu is a drawer that closes on navigation.
    await page.setViewportSize({ width: 800, height: 900 });
    await page.getByTestId('side-menu').waitFor({ state: 'detached' });
    await page.getByRole('button', { name: '打开菜单' }).click();
    const drawer = page.locator('.shell-drawer');
    await drawer.waitFor();
    await drawer.getByRole('menuitem', { name: '系统管理' }).click();
    await drawer.getByRole('menuitem', { name: '行政区划' }).click();
    await page.waitForURL(/#\/system\/area$/);
    await drawer.waitFor({ state: 'hidden' });
    await context.close();
  });

  it('opens, closes and refreshes tabs, and keeps cached pages', async () => {
    const { context, page } = await signedIn(browser);
    await openSettings(page);
    await chooseLayout(page, 'classic');
    await switchOn(page, '显示标签栏');
    await switchOn(page, '页面缓存');
    await closeSettings(page);

    const tabs = page.locator('.tags-view__item');
    await expectTabs(page, ['首页']);
    await expect(tabs.first().locator('.tags-view__close').count()).resolves.toBe(0); // home is affix

    // A menu click changes the address at once, but the view (and its tab) commits once the lazily
    // loaded page is in: wait for the active tab before the next click.
    await openMenu(page, '数据应用', '字典管理');
    await page.waitForURL(/#\/systemData\/dictionary$/);
    await activeTab(page, '字典管理');
    await openMenu(page, '系统管理', '单据规则');
    await page.waitForURL(/#\/system\/billRule$/);
    await activeTab(page, '单据规则');
    await openMenu(page, '系统管理', '行政区划');
    await page.waitForURL(/#\/system\/area$/);
    await activeTab(page, '行政区划');
    await expectTabs(page, ['首页', '字典管理', '单据规则', '行政区划']);

    // Page cache: a typed search keyword survives switching tabs.
    const keyword = () => activeView(page).getByPlaceholder('请输入名称或编码');
    await tab(page, '字典管理').click();
    await page.waitForURL(/#\/systemData\/dictionary$/);
    await activeTab(page, '字典管理');
    await keyword().fill('缓存检查');
    await tab(page, '单据规则').click();
    await page.waitForURL(/#\/system\/billRule$/);
    await activeTab(page, '单据规则');
    await tab(page, '字典管理').click();
    await activeTab(page, '字典管理');
    await expect(keyword().inputValue()).resolves.toBe('缓存检查');

    // Refresh (context menu, through /redirect) remounts the view: the keyword is gone, the address stays.
    await tab(page, '字典管理').click({ button: 'right' });
    const contextMenu = page.getByRole('menu', { name: '标签操作' });
    await contextMenu.getByRole('menuitem', { name: '刷新' }).click();
    await expect.poll(() => keyword().inputValue(), { timeout: 10_000 }).toBe('');
    await page.waitForURL(/#\/systemData\/dictionary$/);
    await activeTab(page, '字典管理');

    // The home tab is affix: no close item, and a middle click leaves it.
    await tab(page, '首页').click({ button: 'right' });
    await contextMenu.getByRole('menuitem', { name: '刷新' }).waitFor();
    await expect(contextMenu.getByRole('menuitem', { name: '关闭', exact: true }).count()).resolves.toBe(0);
    await page.keyboard.press('Escape');
    await contextMenu.waitFor({ state: 'hidden' });
    await tab(page, '首页').click({ button: 'middle' });
    await expectTabs(page, ['首页', '字典管理', '单据规则', '行政区划']);

    // Closing the active tab (×) goes to the last remaining tab.
    await tab(page, '字典管理').getByRole('button', { name: '关闭 字典管理' }).click();
    await page.waitForURL(/#\/system\/area$/);
    await activeTab(page, '行政区划');
    await expectTabs(page, ['首页', '单据规则', '行政区划']);

    // Middle click closes an inactive tab and stays.
    await tab(page, '单据规则').click({ button: 'middle' });
    await expectTabs(page, ['首页', '行政区划']);
    await page.waitForURL(/#\/system\/area$/);

    // Close others keeps home (affix) and the chosen tab, and opens it.
    await openMenu(page, '系统管理', '单据规则');
    await page.waitForURL(/#\/system\/billRule$/);
    await activeTab(page, '单据规则');
    await tab(page, '行政区划').click({ button: 'right' });
    await contextMenu.getByRole('menuitem', { name: '关闭其他' }).click();
    await page.waitForURL(/#\/system\/area$/);
    await activeTab(page, '行政区划');
    await expectTabs(page, ['首页', '行政区划']);

    // Close all: only home is left, and it opens.
    await tab(page, '行政区划').click({ button: 'right' });
    await contextMenu.getByRole('menuitem', { name: '关闭所有' }).click();
    await page.waitForURL(/#\/home$/);
    await activeTab(page, '首页');
    await expectTabs(page, ['首页']);
    await context.close();
  });

  it('opens a page from the menu search (Enter opens the first hit)', async () => {
    const { context, page } = await signedIn(browser);
    await expect(page.getByRole('button', { name: '菜单搜索' }).count()).resolves.toBe(0); // off by default
    await openSettings(page);
    await switchOn(page, '显示菜单搜索');
    await closeSettings(page);
    await page.getByRole('button', { name: '菜单搜索' }).click();
    const box = page.getByRole('combobox', { name: '菜单搜索' });
    await box.fill('行政区');
    await page.getByRole('option', { name: /行政区划/ }).waitFor();
    await box.press('Enter');
    await page.waitForURL(/#\/system\/area$/);
    // Keyboard: ArrowDown moves; an outside click closes.
    await page.getByRole('button', { name: '菜单搜索' }).click();
    const again = page.getByRole('combobox', { name: '菜单搜索' });
    await again.fill('system');
    const options = page.getByRole('option');
    await options.nth(1).waitFor();
    await expect(options.first().getAttribute('aria-selected')).resolves.toBe('true');
    await again.press('ArrowDown');
    await expect.poll(() => options.nth(1).getAttribute('aria-selected')).toBe('true');
    await page.mouse.click(700, 600);
    await again.waitFor({ state: 'detached' });
    await context.close();
  });

  it('switches every shell string to English and keeps it after a reload', async () => {
    const { context, page } = await signedIn(browser);
    await useLayout(page, 'functional');
    await openSettings(page);
    await switchOn(page, '显示语言选择');
    await switchOn(page, '显示标签栏');
    await closeSettings(page);
    await page.getByRole('combobox', { name: '语言' }).click();
    await page.getByRole('option', { name: 'English' }).click();
    const check = async () => {
      await page.getByRole('button', { name: 'Interface settings' }).waitFor();
      await page.getByRole('button', { name: 'Lock screen' }).waitFor();
      await page.getByRole('button', { name: 'Full screen' }).waitFor();
      // Earlier specs may leave the administrator unread messages: the count is not the point here.
      await page.getByRole('button', { name: /^Notifications, \d+ unread$/ }).waitFor();
      await page.locator('.tags-view__item').getByText('Home', { exact: true }).waitFor();
      await page.getByRole('menuitem', { name: /More/ }).waitFor();
      await expect(page.title()).resolves.toMatch(/^Home - /);
      await page.locator('.shell__user').click();
      await page.getByRole('menuitem', { name: 'Sign out' }).waitFor();
      await page.getByRole('menuitem', { name: 'About the platform' }).waitFor();
      await page.keyboard.press('Escape');
    };
    await check();
    await openSettings(page);
    const drawerText = await page.locator('.settings-drawer').innerText();
    expect(drawerText).not.toMatch(/[\u4e00-\u9fff]/);
    await closeSettings(page);
    await page.reload();
    await check();
    await expect(page.evaluate(() => localStorage.getItem('console_language'))).resolves.toBe('en');
    await page.getByRole('combobox', { name: 'Language' }).click();
    await page.getByRole('option', { name: '简体中文' }).click();
    await page.getByRole('button', { name: '界面设置' }).waitFor();
    await context.close();
  });

  it('locks the screen, keeps every address on it, and unlocks with the password', async () => {
    const { context, page } = await signedIn(browser);
    await page.getByRole('button', { name: '锁定屏幕' }).first().click();
    await page.waitForURL(/#\/lockScreen$/);
    await expect(page.evaluate(() => localStorage.getItem('console_lock'))).resolves.toBe('1');
    await page.goto(appUrl('/system/area'));
    await page.waitForURL(/#\/lockScreen$/);
    await page.reload();
    await page.waitForURL(/#\/lockScreen$/);
    await page.locator('#lock-password').fill('wrong-password');
    await page.getByRole('button', { name: /解\s?锁/ }).click();
    await page.getByRole('alert').waitFor();
    await page.locator('#lock-password').fill(adminPassword());
    await page.getByRole('button', { name: /解\s?锁/ }).click();
    await page.waitForURL(/#\/home$/);
    await expect(page.evaluate(() => localStorage.getItem('console_lock'))).resolves.toBeNull();
    await context.close();
  });

  // TODO(shell): fails in the '_self' link step (menu trail click in the classic side menu); the routes
  // themselves were checked by hand through the screenshots' menus. To fix next.
  it('routes generated pages, inside links and unknown paths', async () => {
    const { context, page } = await signedIn(browser);
    await page.goto(appUrl('/demo/leaveApply'));
    // The demo menu opens its released design's generated list.
    await page.getByTestId('online-dev-page').locator('.ant-table').waitFor();
    await expect(page.title()).resolves.toMatch(/^请假申请 - /);
    // The demo dictionary menu (type 4, 政治面貌) opens its dictionary's entries, not "未找到该菜单对应的字典分类".
    await page.goto(appUrl('/demo/politicalStatus'));
    await page.getByRole('cell', { name: '中共预备党员', exact: true }).waitFor();
    await expect(page.getByTestId('dynamic-dictionary-missing').count()).resolves.toBe(0);
    // A hidden directory's page is routable (基础页面 / 个人信息 → /basic/profile).
    await page.goto(appUrl('/basic/profile'));
    await page.waitForURL(/#\/basic\/profile$/);
    // The '_self' link opens inside through /externalLink.
    await page.goto(appUrl('/home'));
    await useLayout(page, 'classic');
    await openMenu(page, '生成页面', '常用链接', '国务院政策文件库');
    await page.waitForURL(/#\/externalLink\?href=/);
    await page.locator('iframe.external-link__frame').waitFor();
    await page.getByRole('link', { name: /在新窗口打开/ }).waitFor();
    // Unknown paths, inside the shell or not, land on /404.
    await page.goto(appUrl('/permission/no-such-page'));
    await page.waitForURL(/#\/404$/);
    await context.close();
  });

  it('opens the scan-code confirmation (/scanLogin) signed in, after signing in when anonymous', async () => {
    // Make sure the administrator's password is settled (this spec may run alone).
    const first = await signedIn(browser);
    await first.context.close();

    const { context, page } = await newPage(browser);
    await page.goto(appUrl('/scanLogin?ticket=e2e-ticket'));
    await page.waitForURL(/#\/login\?redirect=%2FscanLogin%3Fticket%3De2e-ticket$/);
    await signIn(page, 'admin', adminPassword());
    await page.waitForURL(/#\/scanLogin\?ticket=e2e-ticket$/);
    await page.getByRole('button', { name: '确认登录' }).waitFor();
    await page.getByRole('button', { name: /拒\s?绝/ }).waitFor();
    await expect(page.title()).resolves.toMatch(/^确认登录 - /);
    // A phone page: outside the shell's frame.
    await expect(page.locator('.shell').count()).resolves.toBe(0);
    await context.close();
  });

  it('tells a user without menus on the sign-in page, after the owed password change (issue 23)', async () => {
    const admin = await signedIn(browser);
    const units = await api<{ list: { id: string }[] }>(admin.page, 'GET', '/api/permission/Organize');
    const account = `nomenu${Date.now().toString(36)}`;
    const created = await api(admin.page, 'POST', '/api/permission/Users', {
      account,
      realName: '无菜单用户',
      gender: 1,
      organizeId: [units.data.list[0]?.id],
    });
    expect(created.code).toBe(200);
    await setPassword(admin.page, account, 'NoMenu12345');
    await admin.context.close();

    const { context, page } = await newPage(browser);
    await page.goto(appUrl('/login'));
    await signIn(page, account, 'NoMenu12345');
    await page.locator('.change-password-dialog').waitFor();
    await changeOwedPassword(page, 'NoMenu12345', 'NoMenu67890');
    await page.waitForURL(/#\/login\?reason=noPages$/);
    await page.getByTestId('login-no-pages').getByText('请联系管理员').waitFor();
    await expect(page.evaluate(() => localStorage.getItem('console_token'))).resolves.toBeNull();
    await context.close();
  });
});
