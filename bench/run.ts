/**
 * Benchmarks of the built server over loopback: `npm run bench [-- <scenario>...] [--write-docs]`.
 * Runs each selected scenario against a fresh PGlite server, then against a fresh PostgreSQL
 * database with Redis (skipped with a note when PostgreSQL is not reachable).
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { createDatabase, REDIS_URL, redisReachable } from './lib/postgres.js';
import { newProfiles, summarise } from './lib/profile.js';
import { goalLines, machineLine, markdownTable, type Report, type Skipped, writeDocs } from './lib/report.js';
import { BENCH_PASSWORD, BenchServer, REPO_ROOT, type ServerOptions } from './lib/server.js';
import { SCENARIOS } from './scenarios/index.js';
import type { DatabaseKind, Scenario, ScenarioResult } from './scenarios/types.js';

const USAGE = `usage: npm run bench [-- <scenario>...] [--write-docs] [--db=pglite|postgres] [--quick] [--cpu-prof]
scenarios: ${SCENARIOS.map((s) => s.name).join(', ')} (none named: all)
(through the root script npm turns --flags into npm_config_* variables; both are read)`;

interface Args {
  scenarios: Scenario[];
  writeDocs: boolean;
  databases: DatabaseKind[];
  quick: boolean;
  /** Profiles the server (node --cpu-prof) into bench/results/profiles and summarises it. */
  cpuProf: boolean;
}

function parseArgs(argv: string[]): Args {
  const env = process.env;
  const flag = (name: string) =>
    argv.includes(`--${name}`) || env[`npm_config_${name.replace(/-/g, '_')}`] === 'true';
  const dbArg = argv.find((a) => a.startsWith('--db='))?.slice(5) ?? env.npm_config_db;
  if (argv.includes('--help') || argv.includes('-h')) {
    console.log(USAGE);
    process.exit(0);
  }
  const names = argv.filter((a) => !a.startsWith('-'));
  const scenarios = names.map((name) => {
    const found = SCENARIOS.find((s) => s.name.toLowerCase() === name.toLowerCase());
    if (!found) {
      console.error(`unknown scenario '${name}'\n${USAGE}`);
      process.exit(2);
    }
    return found;
  });
  // A scenario named on the command line must run; of all of them, those that cannot are left out.
  const chosen = scenarios.length > 0 ? scenarios : SCENARIOS;
  const unavailable = chosen.flatMap((s) => {
    const reason = s.unavailable?.();
    return reason ? [`${s.name}: ${reason}`] : [];
  });
  if (scenarios.length > 0 && unavailable.length > 0) {
    console.error(unavailable.join('\n'));
    process.exit(2);
  }
  for (const line of unavailable) console.log(`note: skipping ${line}`);
  const databases: DatabaseKind[] =
    dbArg === 'pglite' || dbArg === 'postgres' ? [dbArg] : ['pglite', 'postgres'];
  return {
    scenarios: chosen.filter((s) => !s.unavailable?.()),
    writeDocs: flag('write-docs'),
    databases,
    quick: flag('quick'),
    cpuProf: flag('cpu-prof'),
  };
}

async function runAgainst(
  database: DatabaseKind,
  serverOptions: ServerOptions,
  args: Args,
): Promise<ScenarioResult[]> {
  const started = Date.now();
  const profileDir = path.join(REPO_ROOT, 'bench/results/profiles', database);
  let earlierProfiles = new Set<string>();
  if (args.cpuProf) {
    await mkdir(profileDir, { recursive: true });
    earlierProfiles = new Set((await newProfiles(profileDir)).map((f) => path.basename(f)));
    serverOptions.nodeArgs = ['--cpu-prof', `--cpu-prof-dir=${profileDir}`];
  }
  const server = await BenchServer.start(serverOptions);
  const results: ScenarioResult[] = [];
  try {
    console.log(`[${database}] server ready in ${Date.now() - started} ms at ${server.baseUrl}`);
    await server.prepareAdmin();
    for (const scenario of args.scenarios) {
      if (scenario.onlyOn && scenario.onlyOn !== database) continue;
      console.log(`[${database}] ${scenario.name} …`);
      const output = await scenario.run({
        server,
        database,
        adminPassword: BENCH_PASSWORD,
        quick: args.quick,
        nodeArgs: serverOptions.nodeArgs,
      });
      results.push({
        ...output,
        scenario: scenario.name,
        title: scenario.title,
        section: scenario.section,
        database,
      });
      const bad = output.non200Total + output.errors;
      console.log(
        `[${database}] ${scenario.name}: ${output.requestsPerSec} req/s, p99 ${output.latencyMs.p99} ms` +
          (bad ? `, ${bad} NON-200/ERRORS ${JSON.stringify(output.non200)}` : ''),
      );
    }
  } finally {
    await server.stop();
  }
  if (args.cpuProf) {
    // One profile per server process: the shared server's, and those scenarios started themselves.
    for (const file of await newProfiles(profileDir, earlierProfiles))
      console.log(`[${database}] server profile (whole life, set-up included):\n${await summarise(file)}`);
  }
  return results;
}

async function main() {
  const args = parseArgs(process.argv.slice(2));
  const results: ScenarioResult[] = [];
  const skipped: Skipped[] = [];

  // A database none of the chosen scenarios runs on is not started at all.
  const wanted = (kind: DatabaseKind) =>
    args.databases.includes(kind) && args.scenarios.some((s) => !s.onlyOn || s.onlyOn === kind);

  if (wanted('pglite')) {
    results.push(...(await runAgainst('pglite', {}, args)));
  }

  if (wanted('postgres')) {
    const database = await createDatabase();
    if ('unavailable' in database) {
      const reason = `PostgreSQL not reachable (${database.unavailable})`;
      console.log(`note: skipping the PostgreSQL run: ${reason}`);
      skipped.push({ database: 'postgres', reason });
    } else {
      try {
        const env: Record<string, string> = { DATABASE_URL: database.url };
        if (await redisReachable()) env.REDIS_URL = REDIS_URL;
        else
          console.log(
            `note: Redis not reachable at ${REDIS_URL}; the PostgreSQL run uses the in-process store`,
          );
        results.push(...(await runAgainst('postgres', { env }, args)));
      } finally {
        await database.drop();
      }
    }
  }

  const report: Report = {
    date: new Date().toISOString(),
    machine: machineLine(),
    quick: args.quick,
    results,
    skipped,
  };
  console.log(`\n${report.machine}\n`);
  console.log(markdownTable(results));
  for (const line of [...goalLines(results), ...skipped.map((s) => `- ${s.database} skipped: ${s.reason}`)])
    console.log(line);

  const resultsDir = path.join(REPO_ROOT, 'bench/results');
  await mkdir(resultsDir, { recursive: true });
  const latest = path.join(resultsDir, 'latest.json');
  await writeFile(latest, `${JSON.stringify(report, null, 2)}\n`);
  console.log(`\nfigures written to ${path.relative(process.cwd(), latest)}`);

  if (args.writeDocs) {
    const doc = path.join(REPO_ROOT, 'docs/benchmarks.md');
    const sections = await writeDocs(doc, report);
    console.log(`docs/benchmarks.md: rewrote section(s) ${sections.join(', ')}`);
  }

  const bad = results.reduce((sum, r) => sum + r.non200Total + r.errors, 0);
  if (bad > 0) {
    console.error(`\n${bad} answers were not code 200: these figures measure errors, not the service.`);
    process.exitCode = 1;
  }
  const overBudget = results.flatMap((r) => (r.budgetFailures ?? []).map((line) => `${r.scenario}: ${line}`));
  if (overBudget.length > 0) {
    console.error(`\nbudget exceeded:\n${overBudget.map((line) => `- ${line}`).join('\n')}`);
    process.exitCode = 1;
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exit(1);
});
