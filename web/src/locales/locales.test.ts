// @vitest-environment node
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const here = dirname(fileURLToPath(import.meta.url));
const LOCALES = ['zh-CN', 'zh-TW', 'en-US'] as const;

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

function namespaces(locale: string): string[] {
  return readdirSync(join(here, locale))
    .filter((name) => name.endsWith('.json'))
    .map((name) => name.replace(/\.json$/, ''))
    .sort();
}

function load(locale: string, ns: string): Map<string, string> {
  return flatten(JSON.parse(readFileSync(join(here, locale, `${ns}.json`), 'utf8')) as Tree);
}

const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();

describe('locale files', () => {
  const reference = namespaces('zh-CN');

  it('has the same namespaces in every language', () => {
    for (const locale of LOCALES) expect(namespaces(locale), locale).toEqual(reference);
  });

  for (const ns of reference) {
    it(`${ns}: every key exists in every language, non-empty, with the same placeholders`, () => {
      const source = load('zh-CN', ns);
      for (const locale of LOCALES) {
        const target = load(locale, ns);
        expect([...target.keys()].sort(), `${locale}/${ns}.json keys`).toEqual([...source.keys()].sort());
        for (const [key, text] of target) {
          expect(text.trim(), `${locale}/${ns}.json ${key} is empty`).not.toBe('');
          expect(placeholders(text), `${locale}/${ns}.json ${key} placeholders`).toEqual(
            placeholders(source.get(key) ?? ''),
          );
        }
      }
    });
  }

  it('zh-TW is up to date with zh-CN (npm run derive:zh-tw -w web)', () => {
    const script = join(here, '..', '..', 'scripts', 'derive-zh-tw.mjs');
    expect(() => execFileSync(process.execPath, [script, '--check'], { stdio: 'pipe' })).not.toThrow();
  });
});
