#!/usr/bin/env node
// `npm start`: builds whatever is missing or older than its sources, then serves the API,
// the socket and the web app on one port, on the embedded database with the demo district.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Newest modification time of a file or below a folder (0 when it does not exist). */
function newest(folder) {
  if (!existsSync(folder)) return 0;
  if (statSync(folder).isFile()) return statSync(folder).mtimeMs;
  let latest = 0;
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const full = path.join(folder, entry.name);
    latest = Math.max(latest, entry.isDirectory() ? newest(full) : statSync(full).mtimeMs);
  }
  return latest;
}

const builds = [
  { workspace: 'packages/shared', output: 'packages/shared/dist/index.js', sources: ['packages/shared/src'] },
  { workspace: 'server', output: 'server/dist/main.js', sources: ['server/src', 'packages/shared/src'] },
  {
    workspace: 'web',
    output: 'web/dist/index.html',
    sources: ['web/src', 'web/index.html', 'packages/shared/src'],
  },
];

for (const build of builds) {
  const output = path.join(root, build.output);
  const builtAt = existsSync(output) ? statSync(output).mtimeMs : 0;
  const changedAt = Math.max(...build.sources.map((s) => newest(path.join(root, s))));
  if (builtAt >= changedAt) continue;
  console.log(`Building ${build.workspace}...`);
  const result = spawnSync('npm', ['run', 'build', '-w', build.workspace], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

process.env.DEMO_DATA ??= '1';
process.env.NODE_ENV ??= 'production';
process.env.DATA_DIR ??= path.join(root, 'data');
await import(pathToFileURL(path.join(root, 'server/dist/main.js')).href);
