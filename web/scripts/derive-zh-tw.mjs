#!/usr/bin/env node
// Derives src/locales/zh-TW/*.json from src/locales/zh-CN/*.json with OpenCC (Simplified → Taiwan
// Traditional with phrases). The output is committed and reviewed; reviewed corrections go in
// src/locales/zh-TW.overrides.json and win over
// the converter. Interpolation placeholders ({{name}}) are never converted.
// Overrides file shape: { "sourcePhrases": { "<zh-CN phrase>": "<Taiwan wording>" },
//                         "phrases": { "<converter output>": "<preferred Taiwan wording>" },
//                         "keys": { "<namespace>": { "<dotted.key>": "<text>" } } }
// sourcePhrases are taken out of the text before conversion and put back as given: the converter
// turns some words into another word that only fits one of their meanings (运行 → 執行, 对象 → 物件,
// 实例 → 例項, 端口 → 埠), which a fix of its output cannot undo.
//
//   node scripts/derive-zh-tw.mjs          rewrite the zh-TW files
//   node scripts/derive-zh-tw.mjs --check  exit 1 (and list them) if a zh-TW file is stale
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import process from 'node:process';
import { fileURLToPath } from 'node:url';
import * as OpenCC from 'opencc-js';

const localesDir = join(dirname(fileURLToPath(import.meta.url)), '..', 'src', 'locales');
const sourceDir = join(localesDir, 'zh-CN');
const targetDir = join(localesDir, 'zh-TW');
const overridesFile = join(localesDir, 'zh-TW.overrides.json');

const convert = OpenCC.Converter({ from: 'cn', to: 'twp' });

const escapeRegExp = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Converts text (sourcePhrases as given, the rest through the converter) but keeps {{placeholders}}. */
function convertText(text, phrases, sourcePhrases) {
  const sources = Object.keys(sourcePhrases).sort((a, b) => b.length - a.length);
  const fixed = sources.length > 0 ? new RegExp(`(${sources.map(escapeRegExp).join('|')})`) : null;
  const convertPart = (part) => {
    let converted = convert(part);
    for (const [from, to] of Object.entries(phrases)) converted = converted.split(from).join(to);
    return converted;
  };
  return text
    .split(/(\{\{[^}]*\}\})/)
    .map((part) => {
      if (part.startsWith('{{')) return part;
      if (!fixed) return convertPart(part);
      return part
        .split(fixed)
        .map((piece, index) => (index % 2 === 1 ? sourcePhrases[piece] : piece ? convertPart(piece) : ''))
        .join('');
    })
    .join('');
}

function convertValue(value, overrides, path) {
  if (typeof value === 'string') {
    const override = overrides.keys[path.join('.')];
    return typeof override === 'string'
      ? override
      : convertText(value, overrides.phrases, overrides.sourcePhrases);
  }
  if (Array.isArray(value)) {
    return value.map((item, index) => convertValue(item, overrides, [...path, String(index)]));
  }
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [key, convertValue(item, overrides, [...path, key])]),
    );
  }
  return value;
}

export function deriveAll() {
  const overrides = existsSync(overridesFile) ? JSON.parse(readFileSync(overridesFile, 'utf8')) : {};
  const files = readdirSync(sourceDir).filter((name) => name.endsWith('.json'));
  return files.map((name) => {
    const namespace = name.replace(/\.json$/, '');
    const source = JSON.parse(readFileSync(join(sourceDir, name), 'utf8'));
    const derived = convertValue(
      source,
      {
        phrases: overrides.phrases ?? {},
        sourcePhrases: overrides.sourcePhrases ?? {},
        keys: overrides.keys?.[namespace] ?? {},
      },
      [],
    );
    return { name, text: `${JSON.stringify(derived, null, 2)}\n` };
  });
}

const check = process.argv.includes('--check');
const stale = [];
for (const { name, text } of deriveAll()) {
  const target = join(targetDir, name);
  const current = existsSync(target) ? readFileSync(target, 'utf8') : null;
  if (current === text) continue;
  stale.push(name);
  if (!check) writeFileSync(target, text);
}
const extra = readdirSync(targetDir).filter(
  (name) => name.endsWith('.json') && !existsSync(join(sourceDir, name)),
);

if (check) {
  if (stale.length > 0 || extra.length > 0) {
    for (const name of stale) console.error(`zh-TW/${name} is stale: run npm run derive:zh-tw -w web`);
    for (const name of extra) console.error(`zh-TW/${name} has no zh-CN source`);
    process.exit(1);
  }
  console.log('zh-TW locales are up to date');
} else {
  console.log(stale.length > 0 ? `derived zh-TW: ${stale.join(', ')}` : 'zh-TW locales already up to date');
}
