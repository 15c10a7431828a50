#!/usr/bin/env node
// Reports what the browser transfers before a route's page is usable: the entry chunk, its static
// imports, the route's lazy chunk with its static imports, CSS, and the route's locale chunks
// (for one language). Reads dist/.vite/manifest.json of `vite build`.
//
//   node scripts/route-size.mjs [route source, default src/features/oauth/login-page.tsx] [--max=<bytes>]
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import process from 'node:process';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const dist = join(root, 'dist');
const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8'));
const args = process.argv.slice(2);
const route = args.find((arg) => !arg.startsWith('--')) ?? 'src/features/oauth/login-page.tsx';
const max = Number(args.find((arg) => arg.startsWith('--max='))?.slice(6) ?? 0);
const namespaces = ['common', 'login'];
const locale = 'zh-CN';

const files = new Set(['index.html']);
function collect(key) {
  const chunk = manifest[key];
  if (!chunk || files.has(chunk.file)) return;
  files.add(chunk.file);
  for (const css of chunk.css ?? []) files.add(css);
  for (const imported of chunk.imports ?? []) collect(imported);
}
const entry = Object.keys(manifest).find((key) => manifest[key].isEntry);
collect(entry);
collect(route);
for (const ns of namespaces) collect(`src/locales/${locale}/${ns}.json`);
const antdLocale = Object.keys(manifest).find((key) => key.endsWith('locale/zh_CN.js'));
if (antdLocale) collect(antdLocale);

let raw = 0;
let gzip = 0;
const rows = [];
for (const file of files) {
  const content = readFileSync(join(dist, file));
  const size = gzipSync(content, { level: 9 }).length;
  raw += content.length;
  gzip += size;
  rows.push([file, content.length, size]);
}
rows.sort((a, b) => b[2] - a[2]);
for (const [file, size, zipped] of rows)
  console.log(`${String(zipped).padStart(8)} gz ${String(size).padStart(9)} raw  ${file}`);
console.log(`route ${route}: ${files.size} files, ${raw} bytes raw, ${gzip} bytes gzip`);
if (max > 0 && gzip > max) {
  console.error(`over budget: ${gzip} > ${max} bytes gzip`);
  process.exit(1);
}
