import type { DictionaryDataNode, DictionaryTypeNode } from '@console/shared';
import { describe, expect, it } from 'vitest';
import { suiteServer } from '../../../../test/harness.js';
import { taiwanChinese } from './menuNames.js';

/**
 * Issue #23 item 12: names the product seeded itself (menus, dictionary types and entries) come in
 * the reader's language (Accept-Language); names an administrator entered stay as entered.
 */
const suite = suiteServer();

const get = <T>(path: string, language: string) =>
  suite.server.request<T>('GET', path, { token: suite.admin, headers: { 'accept-language': language } });
const flatten = <T extends { children?: T[] | null }>(nodes: T[]): T[] =>
  nodes.flatMap((n) => [n, ...flatten(n.children ?? [])]);
const CJK = /[\u3400-\u9fff]/;

interface MenuNode {
  enCode: string;
  fullName: string;
  children?: MenuNode[];
}

describe('seeded names in the reader language', () => {
  it('every seeded menu has an English name (系统模板 and 短信模板 too)', async () => {
    const answer = await get<{ menuList: MenuNode[] }>('/api/oauth/CurrentUser', 'en-US');
    const menus = flatten(answer.data.menuList);
    expect(menus.length).toBeGreaterThan(50);
    const untranslated = menus.filter((m) => CJK.test(m.fullName)).map((m) => `${m.enCode} ${m.fullName}`);
    expect(untranslated).toEqual([]);
    const names = menus.map((m) => m.fullName);
    expect(names).toContain('System Templates');
    expect(names).toContain('SMS Templates');
  });

  it('zh-TW menu names avoid the converter’s known mis-conversions (城市運行大屏, not 城市執行大屏)', async () => {
    const answer = await get<{ menuList: MenuNode[] }>('/api/oauth/CurrentUser', 'zh-TW');
    const names = flatten(answer.data.menuList).map((m) => m.fullName);
    expect(names).toContain('城市運行大屏');
    for (const wrong of ['城市執行', '物件', '例項'])
      expect(names.filter((n) => n.includes(wrong))).toEqual([]);
    expect(taiwanChinese('授权对象、缓存实例、SMTP端口、城市运行大屏、执行方式')).toBe(
      '授權對象、快取實例、SMTP連接埠、城市運行大屏、執行方式',
    );
  });

  it('dictionary types and entries: English and Taiwan Chinese for seeded names', async () => {
    const en = flatten(
      (await get<{ list: DictionaryTypeNode[] }>('/api/system/DictionaryType', 'en-US')).data.list,
    );
    const byCode = (list: DictionaryTypeNode[], code: string) => list.find((t) => t.enCode === code)!;
    expect(byCode(en, 'baseData').fullName).toBe('Basic Data');
    expect(byCode(en, 'sex').fullName).toBe('Sex');
    expect(byCode(en, 'certificateType').fullName).toBe('ID Document Types');
    expect(en.filter((t) => CJK.test(t.fullName)).map((t) => t.enCode)).toEqual([]);

    const tw = flatten(
      (await get<{ list: DictionaryTypeNode[] }>('/api/system/DictionaryType', 'zh-TW')).data.list,
    );
    expect(byCode(tw, 'baseData').fullName).toBe('基礎資料');
    expect(byCode(tw, 'certificateType').fullName).toBe('證件類型');

    const cn = flatten(
      (await get<{ list: DictionaryTypeNode[] }>('/api/system/DictionaryType', 'zh-CN')).data.list,
    );
    expect(byCode(cn, 'sex').fullName).toBe('性别');

    const sex = byCode(cn, 'sex').id;
    const entries = await get<{ list: DictionaryDataNode[] }>(`/api/system/DictionaryData/${sex}`, 'en-US');
    expect(entries.data.list.map((e) => e.fullName)).toEqual(['Male', 'Female', 'Unknown']);
    const selector = await get<{ list: DictionaryDataNode[] }>(
      '/api/system/DictionaryData/sex/Data/Selector',
      'en-US',
    );
    expect(selector.data.list.map((e) => e.fullName)).toEqual(['Male', 'Female', 'Unknown']);
    const all = await get<{ list: { enCode: string; dictionaryList: { fullName: string }[] }[] }>(
      '/api/system/DictionaryData/All',
      'en-US',
    );
    const sexAll = all.data.list.find((t) => t.enCode === 'sex')!;
    expect(sexAll.dictionaryList.map((e) => e.fullName)).toEqual(['Male', 'Female', 'Unknown']);
  });

  it('a name entered by an administrator stays as entered in every language', async () => {
    const cn = flatten(
      (await get<{ list: DictionaryTypeNode[] }>('/api/system/DictionaryType', 'zh-CN')).data.list,
    );
    const urgency = cn.find((t) => t.enCode === 'Urgency')!;
    const renamed = await suite.server.request('PUT', `/api/system/DictionaryType/${urgency.id}`, {
      token: suite.admin,
      json: { ...urgency, fullName: '缓急程度' },
    });
    expect(renamed.code, renamed.msg).toBe(200);
    for (const language of ['en-US', 'zh-TW', 'zh-CN']) {
      const list = flatten(
        (await get<{ list: DictionaryTypeNode[] }>('/api/system/DictionaryType', language)).data.list,
      );
      expect(list.find((t) => t.enCode === 'Urgency')?.fullName, language).toBe('缓急程度');
    }
    // The edit dialog reads the stored name, never a translation.
    const sex = cn.find((t) => t.enCode === 'sex')!;
    const info = await get<{ fullName: string }>(`/api/system/DictionaryType/${sex.id}`, 'en-US');
    expect(info.data.fullName).toBe('性别');
  });
});
