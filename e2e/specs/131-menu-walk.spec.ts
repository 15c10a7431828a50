import { join } from 'node:path';
import type { Browser, BrowserContext, ConsoleMessage, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, launchBrowser, newPage, screenshots, settled, sharedAdminToken } from '../support/browser';
import { signInAdmin } from './5x-support';

/**
 * Issue #23 items 11, 12 and 14: every menu page of the administrator opens in the default layout
 * (top menu) with no browser console error or warning, and shows its own name on screen and in the
 * document title; in English the top bar's parts do not overlap and the language select is legible.
 */

interface MenuNode {
  id: string;
  enCode: string;
  fullName: string;
  type: number;
  urlAddress?: string | null;
  propertyJson?: string | null;
  children?: MenuNode[];
}

/** Pages the walk does not open, and why. */
const SKIPPED: Record<string, string> = {
  'basic.lockScreen': 'locks the session (its own spec covers it)',
  'basic.externalLink': 'needs the address of the page to show (?href)',
};

const hidden = (node: MenuNode) => {
  try {
    return Number((JSON.parse(node.propertyJson || '{}') as { isHidden?: unknown }).isHidden) === 1;
  } catch {
    return false;
  }
};

/** The app address of a menu page as the shell routes it (base/session/menu.ts menuPath). */
function pathOf(node: MenuNode): string | null {
  const address = (node.urlAddress ?? '').split('?')[0]?.replace(/^\/+/, '');
  if (address) return `/${address}`;
  return node.enCode ? `/${node.enCode.replaceAll('.', '-')}` : null;
}

/** The visible menu pages (types 2, 3, 4, 5, 8), in menu order. */
function menuPages(nodes: MenuNode[]): { name: string; path: string; code: string }[] {
  const out: { name: string; path: string; code: string }[] = [];
  const walk = (list: MenuNode[]) => {
    for (const node of list) {
      if (hidden(node)) continue;
      if ([2, 3, 4, 5, 8].includes(node.type) && !SKIPPED[node.enCode]) {
        const path = pathOf(node);
        if (path) out.push({ name: node.fullName, path, code: node.enCode });
      }
      walk(node.children ?? []);
    }
  };
  walk(nodes);
  return out;
}

async function currentMenus(token: string, language: string): Promise<MenuNode[]> {
  const answer = await fetch(`${baseUrl()}/api/oauth/CurrentUser`, {
    // As our web client says who it is: without the header the server leaves out the pages the
    // 3.4.7 client has no view for (oauth/clientPages.ts).
    headers: {
      Authorization: token,
      'jnpf-origin': 'pc',
      'Accept-Language': language,
      'x-console-client': 'console-web',
    },
  });
  const body = (await answer.json()) as { data: { menuList: MenuNode[] } };
  return body.data.menuList;
}

/** Opens the app signed in with the default layout (and the language select shown) in `language`. */
async function openApp(page: Page, token: string, language: 'zh-CN' | 'en-US', hashPath = '/home') {
  await page.goto(`${baseUrl()}/api/oauth/getConfig/admin`);
  await page.evaluate(
    ([value, lang]) => {
      localStorage.setItem('console_token', value);
      localStorage.setItem('console_language', lang);
      localStorage.setItem(
        'console_settings',
        JSON.stringify({
          state: { layoutType: 'functional', slideClass: 'dark', showLanguage: true },
          version: 1,
        }),
      );
    },
    [token, language === 'en-US' ? 'en' : 'zh'] as const,
  );
  await page.goto(`${baseUrl()}/#${hashPath}`);
  await page.locator('.shell[data-layout="functional"]').waitFor({ timeout: 90_000 });
}

const box = async (locator: Locator) => {
  const found = await locator.boundingBox();
  if (!found) throw new Error(`no box for ${locator}`);
  return found;
};

describe('menu walk (issue #23)', () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('opens every menu page with a clean console, its name on screen and in the title', async () => {
    const { context, page } = await newPage(browser);
    await signInAdmin(page);
    const token = await sharedAdminToken();
    const pages = menuPages(await currentMenus(token, 'zh-CN'));
    expect(pages.length).toBeGreaterThan(50);

    const problems: string[] = [];
    let where = '(start)';
    const onConsole = (message: ConsoleMessage) => {
      if (message.type() === 'error' || message.type() === 'warning')
        problems.push(`${where}: console ${message.type()}: ${message.text().slice(0, 400)}`);
    };
    page.on('console', onConsole);
    page.on('pageerror', (error) => problems.push(`${where}: page error: ${error.message.slice(0, 400)}`));
    await openApp(page, token, 'zh-CN');
    const appTitle = (await page.title()).split(' - ').at(-1) ?? '';

    const started = Date.now();
    for (const entry of pages) {
      where = `${entry.name} (${entry.path})`;
      await page.goto(`${baseUrl()}/#${entry.path}`);
      const view = page.locator('.shell-view:not([hidden])');
      try {
        // The page's own name on screen (title line above the page) and in the document title.
        await page
          .getByTestId('page-name')
          .filter({ hasText: new RegExp(`^${entry.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`) })
          .waitFor({ timeout: 15_000 });
        await expect.poll(() => page.title(), { timeout: 15_000 }).toBe(`${entry.name} - ${appTitle}`);
        // Its own content: the lazy page has replaced the loading spinner and its reads have answered.
        await view.waitFor({ timeout: 15_000 });
        await view.locator('.shell-view__spin').waitFor({ state: 'detached', timeout: 15_000 });
      } catch (error) {
        problems.push(`${where}: ${(error as Error).message.split('\n')[0]}`);
      }
    }
    const seconds = Math.round((Date.now() - started) / 1000);
    await page.screenshot({ path: join(screenshots, '131-last-page.png') });
    console.log(`menu walk: ${pages.length} pages in ${seconds} s`);
    page.off('console', onConsole);
    expect(problems, problems.join('\n')).toEqual([]);
    await context.close();
  }, 1_200_000);

  it('category addresses take no title of their own', async () => {
    const { context, page } = await newPage(browser);
    const token = await sharedAdminToken();
    await openApp(page, token, 'zh-CN');
    await page.goto(`${baseUrl()}/#/demo.generated`);
    await page.waitForURL((url) => url.hash !== '#/demo.generated');
    const leaf = decodeURIComponent(new URL(page.url()).hash.slice(1));
    const menus = menuPages(await currentMenus(token, 'zh-CN'));
    const first = menus.find((entry) => entry.path === leaf);
    expect(first, `the category led to ${leaf}`).toBeTruthy();
    await page.getByTestId('page-name').filter({ hasText: first!.name }).waitFor();
    await expect.poll(() => page.title()).toMatch(new RegExp(`^${first!.name} - `));
    await context.close();
  }, 240_000);

  it('in English the top bar does not overlap and the language select is legible', async () => {
    let context: BrowserContext | null = null;
    try {
      const opened = await newPage(browser, 'en-US');
      context = opened.context;
      const page = opened.page;
      const token = await sharedAdminToken();
      await openApp(page, token, 'en-US');
      const header = page.locator('.shell-header');
      await header.locator('.top-menu__menu').waitFor();
      // The menus have come in English (the first item, Home, is ASCII once they have).
      await expect
        .poll(() => header.locator('.top-menu__menu .ant-menu-title-content').first().textContent())
        .toMatch(/^[\x20-\x7e]+$/);
      await settled(page);
      await page.screenshot({ path: join(screenshots, '131-top-bar-english.png') });

      // The product name is whole (two lines at most, nothing cut).
      const name = header.getByTestId('sys-name');
      const cut = await name.evaluate(
        (el) => el.scrollHeight > el.clientHeight + 1 || el.scrollWidth > el.clientWidth + 1,
      );
      expect(cut, 'the product name is cut').toBe(false);

      // Left to right: logo, menu items (each label inside its item), the actions.
      const logo = await box(header.locator('.shell-logo'));
      const items = header.locator('.top-menu__menu > .ant-menu-item, .top-menu__menu > .ant-menu-submenu');
      const count = await items.count();
      expect(count).toBeGreaterThan(2);
      let right = logo.x + logo.width;
      for (let index = 0; index < count; index++) {
        const item = items.nth(index);
        const itemBox = await box(item);
        expect(itemBox.x, `menu item ${index} starts over the one before it`).toBeGreaterThanOrEqual(
          right - 1,
        );
        // antd wraps an item's label in .ant-menu-title-content; a submenu's label is our own span.
        const label = item.locator('.ant-menu-title-content, .menu-label').first();
        const labelBox = await box(label);
        expect(labelBox.x, `label of item ${index} starts before its item`).toBeGreaterThanOrEqual(
          itemBox.x - 1,
        );
        expect(labelBox.x + labelBox.width, `label of item ${index} runs past its item`).toBeLessThanOrEqual(
          itemBox.x + itemBox.width + 1,
        );
        // A label cut short ends in an ellipsis and names the whole entry as its tooltip.
        const cutLabel = await label.evaluate((el) => {
          const text = el.matches('.menu-label') ? el : (el.querySelector('.menu-label') ?? el);
          return el.scrollWidth > el.clientWidth + 1
            ? { ellipsis: getComputedStyle(el).textOverflow, tooltip: text.getAttribute('title') }
            : null;
        });
        if (cutLabel)
          expect(cutLabel, `label of item ${index} is cut`).toEqual({
            ellipsis: 'ellipsis',
            tooltip: (await label.textContent())?.trim(),
          });
        right = itemBox.x + itemBox.width;
      }
      const actions = await box(header.locator('.shell-actions'));
      expect(actions.x, 'the menu runs under the actions').toBeGreaterThanOrEqual(right - 1);

      // The language select's text on the dark header: contrast of at least 4.5:1.
      const contrast = await header.locator('.shell-language').evaluate((select) => {
        const luminance = (color: string) => {
          const [r, g, b] = (color.match(/[\d.]+/g) ?? ['0', '0', '0']).slice(0, 3).map((part) => {
            const c = Number(part) / 255;
            return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
          });
          return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
        };
        const text = Array.from(select.querySelectorAll<HTMLElement>('*')).find(
          (el) => el.childElementCount === 0 && (el.textContent ?? '').trim() === 'English',
        );
        const fg = getComputedStyle(text ?? select).color;
        const bg = getComputedStyle(select.closest('.shell-header') as HTMLElement).backgroundColor;
        const [light, dark] = [luminance(fg), luminance(bg)].sort((a, b) => b - a);
        return (light! + 0.05) / (dark! + 0.05);
      });
      expect(contrast, 'language select text against the header').toBeGreaterThanOrEqual(4.5);
    } finally {
      await context?.close();
    }
  }, 240_000);
});
