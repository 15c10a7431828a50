#!/usr/bin/env node
// The import rules of docs/architecture.md ("The map"), checked over the sources' relative imports:
//  1. no import circle in packages/shared, server or web (type-only and lazy imports count too:
//     a circle through them still ties the files together);
//  2. web layers, bottom to top: base < widgets < features < shell < app; a file imports only its
//     own layer or lower ones (test support in web/src/test is for tests only);
//  3. a web feature folder web/src/features/<area>/<feature> has a server counterpart
//     server/src/modules/<area>/<feature> (a folder or a .ts module), unless CLIENT_ONLY names it.
// Exits 1 and lists each breach; prints one line when all hold.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SOURCES = ['packages/shared/src', 'server/src', 'web/src'];

/** Web feature folders with no server folder of their own, and why. */
export const CLIENT_ONLY = {
  'extend/barCode': 'bar and QR codes are drawn in the browser',
  'extend/formDemo': 'static forms showing field kinds and validation',
  'extend/graphDemo': 'charts drawn in the browser from sample figures',
  'extend/map': 'map demo over systemData/map',
  'extend/printData': 'print samples over system/printDev',
  'extend/signature': 'hand signature drawn in the browser, saved through permission/current',
  'extend/signet': 'e-seal drawn in the browser',
  'extend/tableDemo': 'table demos over extend/tableExample (/api/extend/TableExample)',
  'system/icons': 'the icon catalogue ships with the client',
  'workflow/quickLaunch': 'launch cards over workflow/templates and workflow/engine',
};

const WEB_LAYERS = ['base', 'widgets', 'features', 'shell', 'app'];

function walk(dir, out = []) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) walk(full, out);
    else if (/\.(ts|tsx)$/.test(entry.name) && !entry.name.endsWith('.d.ts')) out.push(full);
  }
  return out;
}

const IMPORT =
  /(?:^|[\s;])(?:import|export)\s(?:type\s)?[^'";]*?from\s*['"](\.[^'"]*)['"]|import\s*\(\s*['"](\.[^'"]*)['"]\s*\)|^import\s+['"](\.[^'"]*)['"]/gm;

function resolve(from, spec) {
  const base = path.resolve(path.dirname(from), spec.replace(/\?.*$/, ''));
  const candidates = [
    base,
    base.replace(/\.js$/, '.ts'),
    base.replace(/\.js$/, '.tsx'),
    `${base}.ts`,
    `${base}.tsx`,
  ];
  candidates.push(path.join(base, 'index.ts'), path.join(base, 'index.tsx'));
  return candidates.find((file) => {
    try {
      return statSync(file).isFile();
    } catch {
      return false;
    }
  });
}

const rel = (file) => path.relative(ROOT, file);
const files = SOURCES.flatMap((dir) => walk(path.join(ROOT, dir)));
const graph = new Map();
for (const file of files) {
  const targets = new Set();
  for (const match of readFileSync(file, 'utf8').matchAll(IMPORT)) {
    const spec = match[1] ?? match[2] ?? match[3];
    const target = resolve(file, spec);
    if (target && /\.(ts|tsx)$/.test(target)) targets.add(target);
  }
  graph.set(file, [...targets]);
}

const breaches = [];

// 1. Circles: strongly connected components of more than one file (Tarjan).
let index = 0;
const stack = [];
const state = new Map();
function connect(node) {
  const entry = { index, low: index, onStack: true };
  index += 1;
  state.set(node, entry);
  stack.push(node);
  for (const next of graph.get(node) ?? []) {
    const seen = state.get(next);
    if (!seen) {
      connect(next);
      entry.low = Math.min(entry.low, state.get(next).low);
    } else if (seen.onStack) entry.low = Math.min(entry.low, seen.index);
  }
  if (entry.low === entry.index) {
    const component = [];
    let member;
    do {
      member = stack.pop();
      state.get(member).onStack = false;
      component.push(member);
    } while (member !== node);
    if (component.length > 1) breaches.push(`import circle: ${component.map(rel).sort().join(' ↔ ')}`);
  }
}
for (const file of graph.keys()) if (!state.has(file)) connect(file);

// 2. Web layers.
const WEB = path.join(ROOT, 'web/src');
function webLayer(file) {
  const [top] = path.relative(WEB, file).split(path.sep);
  if (top === 'main.tsx') return 'app';
  // The mobile web app (web/src/mobile, entry web/m/index.html) is an app of its own on the same layers.
  if (top === 'mobile') return 'app';
  return top;
}
for (const [file, targets] of graph) {
  if (!file.startsWith(WEB + path.sep)) continue;
  const from = webLayer(file);
  const isTest = /\.test\.tsx?$/.test(file) || from === 'test';
  for (const target of targets) {
    if (!target.startsWith(WEB + path.sep)) continue;
    const to = webLayer(target);
    if (to === 'test') {
      if (!isTest) breaches.push(`test support imported outside a test: ${rel(file)} → ${rel(target)}`);
      continue;
    }
    if (from === 'test' || from === 'locales' || to === 'locales') continue;
    const [a, b] = [WEB_LAYERS.indexOf(from), WEB_LAYERS.indexOf(to)];
    if (a < 0 || b < 0) breaches.push(`file outside the web layers: ${rel(a < 0 ? file : target)}`);
    else if (b > a) breaches.push(`${from} imports the higher layer ${to}: ${rel(file)} → ${rel(target)}`);
  }
}

// 3. Web feature folders mirror the server's modules.
const FEATURES = path.join(WEB, 'features');
const MODULES = path.join(ROOT, 'server/src/modules');
const exists = (file) => {
  try {
    statSync(file);
    return true;
  } catch {
    return false;
  }
};
for (const area of readdirSync(FEATURES, { withFileTypes: true })) {
  if (!area.isDirectory()) continue;
  if (!exists(path.join(MODULES, area.name))) {
    breaches.push(`web feature area without a server area: web/src/features/${area.name}`);
    continue;
  }
  for (const feature of readdirSync(path.join(FEATURES, area.name), { withFileTypes: true })) {
    if (!feature.isDirectory()) continue;
    const name = `${area.name}/${feature.name}`;
    const server = path.join(MODULES, area.name, feature.name);
    if (!exists(server) && !exists(`${server}.ts`) && !(name in CLIENT_ONLY))
      breaches.push(
        `web feature without a server folder (add it to CLIENT_ONLY if it has none): web/src/features/${name}`,
      );
  }
}
for (const name of Object.keys(CLIENT_ONLY))
  if (!exists(path.join(FEATURES, name))) breaches.push(`CLIENT_ONLY names a missing folder: ${name}`);

if (breaches.length > 0) {
  console.error(breaches.join('\n'));
  console.error(
    `\n${breaches.length} breach(es) of the import rules (scripts/check-layers.mjs, docs/architecture.md)`,
  );
  process.exit(1);
}
console.log(`import rules hold: ${files.length} files, no circle, web layers ${WEB_LAYERS.join(' < ')}`);
