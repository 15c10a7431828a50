import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/** Where a frame's code lives: a package, the server's own code, node internals, or the VM. */
function owner(url: string): string {
  if (!url) return '(vm: gc, idle, program)';
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (pkg) return pkg[1]!;
  if (url.startsWith('node:')) return 'node internals';
  const own = /\/(server|packages\/shared)\/dist\/(.*)$/.exec(url);
  if (own) return `${own[1]}: ${own[2]}`;
  return url;
}

/** Self time by owner and by function, in percent of the profile, biggest first. */
export async function summarise(file: string, top = 15): Promise<string> {
  const profile = JSON.parse(await readFile(file, 'utf8')) as CpuProfile;
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const selfUs = new Map<number, number>();
  profile.samples.forEach((id, i) => {
    selfUs.set(id, (selfUs.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0));
  });
  const total = [...selfUs.values()].reduce((a, b) => a + b, 0);
  const owners = new Map<string, number>();
  const functions = new Map<string, number>();
  for (const [id, us] of selfUs) {
    const frame = byId.get(id)!.callFrame;
    if (frame.functionName === '(idle)') continue;
    const who = owner(frame.url);
    owners.set(who, (owners.get(who) ?? 0) + us);
    const name = `${frame.functionName || '(anonymous)'} — ${who}:${frame.lineNumber + 1}`;
    functions.set(name, (functions.get(name) ?? 0) + us);
  }
  const idle = [...selfUs].filter(([id]) => byId.get(id)!.callFrame.functionName === '(idle)');
  const idleUs = idle.reduce((a, [, us]) => a + us, 0);
  const pct = (us: number) => `${((100 * us) / total).toFixed(1)}%`;
  const list = (map: Map<string, number>) =>
    [...map]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([name, us]) => `  ${pct(us).padStart(6)}  ${name}`);
  return [
    `${path.basename(file)}: ${(total / 1e6).toFixed(1)} s sampled, idle ${pct(idleUs)}`,
    'self time by owner:',
    ...list(owners),
    'self time by function:',
    ...list(functions),
  ].join('\n');
}

/** Profiles in the folder that were not there before (`before`), oldest first. */
export async function newProfiles(dir: string, before: ReadonlySet<string> = new Set()): Promise<string[]> {
  const files = (await readdir(dir).catch(() => [] as string[])).filter((f) => f.endsWith('.cpuprofile'));
  return files
    .filter((f) => !before.has(f))
    .sort()
    .map((f) => path.join(dir, f));
}
