// @vitest-environment node
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * Issue #23 item 13: the zh-TW bundles are derived from zh-CN by a character-and-word converter,
 * which turns some words into a word of another meaning. Each row is one known mis-conversion: where
 * the zh-CN text has `source`, the zh-TW text must have `good`, and `bad` may appear only as often
 * as the zh-CN text has words that rightly become it (`badFrom`).
 */
const KNOWN: { source: string; good: string; bad: string; badFrom: string[] }[] = [
  { source: '城市运行', good: '城市運行', bad: '城市執行', badFrom: [] },
  { source: '运行时间', good: '運行時間', bad: '執行時間', badFrom: ['执行时间'] },
  { source: '运行状态', good: '運行狀態', bad: '執行狀態', badFrom: ['执行状态'] },
  { source: '对象', good: '對象', bad: '物件', badFrom: [] },
  { source: '实例', good: '實例', bad: '例項', badFrom: [] },
  { source: '端口', good: '連接埠', bad: '埠', badFrom: ['连接埠'] },
];

const here = dirname(fileURLToPath(import.meta.url));
type Tree = { [key: string]: string | Tree };
function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else for (const [k, v] of flatten(value, path)) out.set(k, v);
  }
  return out;
}
const read = (locale: string, file: string) =>
  flatten(JSON.parse(readFileSync(join(here, locale, file), 'utf8')) as Tree);
const occurrences = (text: string, word: string) => text.split(word).length - 1;

describe('zh-TW bundles: no known mis-conversion', () => {
  const files = readdirSync(join(here, 'zh-CN')).filter((name) => name.endsWith('.json'));

  it('every known mis-conversion is fixed in every bundle', () => {
    const found: string[] = [];
    for (const file of files) {
      const simplified = read('zh-CN', file);
      const traditional = read('zh-TW', file);
      for (const [key, source] of simplified) {
        const target = traditional.get(key) ?? '';
        for (const rule of KNOWN) {
          const want = occurrences(source, rule.source);
          // 連接埠 contains 埠: count the bad word outside the good one.
          const bad = occurrences(target.split(rule.good).join(''), rule.bad);
          const allowed = rule.badFrom.reduce((sum, word) => sum + occurrences(source, word), 0);
          if (occurrences(target, rule.good) < want || bad > allowed)
            found.push(`${file} ${key}: ${source} → ${target} (want ${rule.good}, not ${rule.bad})`);
        }
      }
    }
    expect(found).toEqual([]);
  });

  it('the phrases the issue names read right', () => {
    const authorize = read('zh-TW', 'authorize.json');
    expect([...authorize.values()].join()).toContain('授權對象');
    const systemData = read('zh-TW', 'systemData.json');
    expect(systemData.get('dataSource.fields.port')).toBe('連接埠');
    const cache = read('zh-TW', 'systemCache.json');
    expect(cache.get('confirm.clear')).toContain('實例');
  });
});
