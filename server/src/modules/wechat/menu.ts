/**
 * The official account's custom menu (自定义菜单): at most 3 top menus, each either an action or a
 * parent of at most 5 items; actions are click (key), view (web address) or miniprogram (appid,
 * pagepath and a web address for old clients). Checked here with messages a person can act on,
 * in WeChat's limits (names: top 16 bytes, items 60 bytes; key 128 bytes; url 1024 bytes).
 */
import { badRequest } from '../../core/errors.js';

export type MenuButtonType = 'click' | 'view' | 'miniprogram';
export interface MenuButton {
  name: string;
  type?: MenuButtonType;
  key?: string;
  url?: string;
  appid?: string;
  pagepath?: string;
  sub_button?: MenuButton[];
}
export interface WeChatMenu {
  button: MenuButton[];
}

export const MenuMessages = {
  notMenu: '菜单格式不正确：应为 {"button": [...]}',
  empty: '请至少添加一个菜单',
  tooManyTop: '一级菜单最多3个',
  tooManySub: (name: string) => `菜单「${name}」的子菜单最多5个`,
  noName: '请填写菜单名称',
  nameTooLong: (name: string, limit: number) =>
    `菜单名称「${name}」过长：最多${limit}个字节（约${(limit / 3) | 0}个汉字）`,
  badType: (name: string) => `菜单「${name}」请选择类型：点击（click）、链接（view）或小程序（miniprogram）`,
  noKey: (name: string) => `点击菜单「${name}」请填写菜单KEY（最多128个字节）`,
  badUrl: (name: string) => `菜单「${name}」的链接须以 http:// 或 https:// 开头，最多1024个字节`,
  noApp: (name: string) => `小程序菜单「${name}」请填写小程序AppID和页面路径`,
  nested: (name: string) => `子菜单「${name}」不能再有下级菜单`,
} as const;

const bytes = (text: string) => Buffer.byteLength(text, 'utf8');
const isUrl = (url: unknown) =>
  typeof url === 'string' && /^https?:\/\/\S+$/i.test(url) && bytes(url) <= 1024;

function action(raw: Record<string, unknown>, name: string): MenuButton {
  const type = raw.type;
  if (type === 'click') {
    const key = typeof raw.key === 'string' ? raw.key.trim() : '';
    if (!key || bytes(key) > 128) throw badRequest(MenuMessages.noKey(name));
    return { type, name, key };
  }
  if (type === 'view') {
    if (!isUrl(raw.url)) throw badRequest(MenuMessages.badUrl(name));
    return { type, name, url: raw.url as string };
  }
  if (type === 'miniprogram') {
    const appid = typeof raw.appid === 'string' ? raw.appid.trim() : '';
    const pagepath = typeof raw.pagepath === 'string' ? raw.pagepath.trim() : '';
    if (!appid || !pagepath) throw badRequest(MenuMessages.noApp(name));
    if (!isUrl(raw.url)) throw badRequest(MenuMessages.badUrl(name));
    return { type, name, url: raw.url as string, appid, pagepath };
  }
  throw badRequest(MenuMessages.badType(name));
}

function nameOf(raw: Record<string, unknown>, limit: number): string {
  const name = typeof raw.name === 'string' ? raw.name.trim() : '';
  if (!name) throw badRequest(MenuMessages.noName);
  if (bytes(name) > limit) throw badRequest(MenuMessages.nameTooLong(name, limit));
  return name;
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** The menu as WeChat takes it (menu/create body), or a 400 naming the first problem. */
export function checkMenu(input: unknown): WeChatMenu {
  if (!isObject(input) || !Array.isArray(input.button)) throw badRequest(MenuMessages.notMenu);
  const top = input.button;
  if (top.length === 0) throw badRequest(MenuMessages.empty);
  if (top.length > 3) throw badRequest(MenuMessages.tooManyTop);
  return {
    button: top.map((raw) => {
      if (!isObject(raw)) throw badRequest(MenuMessages.notMenu);
      const name = nameOf(raw, 16);
      const subs = raw.sub_button;
      if (Array.isArray(subs) && subs.length > 0) {
        if (subs.length > 5) throw badRequest(MenuMessages.tooManySub(name));
        return {
          name,
          sub_button: subs.map((sub) => {
            if (!isObject(sub)) throw badRequest(MenuMessages.notMenu);
            const subName = nameOf(sub, 60);
            if (Array.isArray(sub.sub_button) && sub.sub_button.length > 0)
              throw badRequest(MenuMessages.nested(subName));
            return action(sub, subName);
          }),
        };
      }
      return action(raw, name);
    }),
  };
}
