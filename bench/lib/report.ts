import { readFile, writeFile } from 'node:fs/promises';
import os from 'node:os';
import type { ScenarioResult } from '../scenarios/types.js';

export interface Skipped {
  database: string;
  reason: string;
}

export interface Report {
  date: string;
  machine: string;
  quick: boolean;
  results: ScenarioResult[];
  skipped: Skipped[];
}

export function machineLine(): string {
  const cpus = os.cpus();
  const memory = (os.totalmem() / 1024 ** 3).toFixed(1);
  return `${cpus[0]?.model.trim() ?? 'unknown CPU'}, ${cpus.length} cores, ${memory} GiB RAM, Node ${process.version} (${os.platform()} ${os.arch()})`;
}

const ms = (value: number) => (Number.isFinite(value) ? value.toFixed(1) : '–');

export function markdownTable(results: ScenarioResult[]): string {
  const lines: string[] = [
    '| Scenario | Database | Conns | Duration | Req/s | p50 ms | p95 ms | p99 ms | Bytes/answer | Non-200 |',
    '| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
  ];
  for (const r of results) {
    const bytes =
      r.bodyBytes !== undefined
        ? `${r.bodyBytes} (${r.wireBytesPerAnswer} wire)`
        : `${r.wireBytesPerAnswer} wire`;
    const bad = r.non200Total + r.errors;
    const badText =
      bad === 0 ? '0' : `**${bad}** ${JSON.stringify(r.non200)}${r.errors ? ` +${r.errors} socket` : ''}`;
    lines.push(
      `| ${r.title} | ${r.database} | ${r.connections} | ${r.durationS} s | ${r.requestsPerSec.toFixed(1)} | ${ms(r.latencyMs.p50)} | ${ms(r.latencyMs.p95)} | ${ms(r.latencyMs.p99)} | ${bytes} | ${badText} |`,
    );
  }
  return lines.join('\n');
}

/** The issue's goal: CurrentUser p99 under 20 ms on PostgreSQL on the 2-core machine. */
export const CURRENT_USER_P99_GOAL_MS = 20;

export function goalLines(results: ScenarioResult[]): string[] {
  const lines: string[] = [];
  for (const r of results.filter((x) => x.scenario === 'currentUser')) {
    const met = r.latencyMs.p99 < CURRENT_USER_P99_GOAL_MS;
    const target = r.database === 'postgres' ? 'goal' : 'goal (stated for PostgreSQL; PGlite for comparison)';
    lines.push(
      `- CurrentUser p99 on ${r.database}: ${ms(r.latencyMs.p99)} ms — ${met ? 'meets' : '**misses**'} the ${target} of < ${CURRENT_USER_P99_GOAL_MS} ms at ${r.connections} connections.`,
    );
  }
  return lines;
}

/** The text that goes between a section's markers. */
export function sectionText(report: Report, results: ScenarioResult[]): string {
  const parts = [`Measured ${report.date} on: ${report.machine}.`, ''];
  if (report.quick) parts.push('**Quick smoke run (--quick): shortened durations, not comparable.**', '');
  parts.push(
    markdownTable(results),
    '',
    ...goalLines(results),
    ...results.flatMap((r) => r.notes.map((note) => `- ${r.scenario} (${r.database}): ${note}`)),
    ...report.skipped.map((s) => `- ${s.database} run skipped: ${s.reason}`),
  );
  return parts.join('\n');
}

/**
 * Rewrites the text between `<!-- bench:<section>:start -->` and `<!-- bench:<section>:end -->`
 * for every section that has results; a missing section is an error (the doc says where).
 */
export async function writeDocs(file: string, report: Report): Promise<string[]> {
  let doc = await readFile(file, 'utf8');
  const sections = [...new Set(report.results.map((r) => r.section))];
  for (const section of sections) {
    const start = `<!-- bench:${section}:start -->`;
    const end = `<!-- bench:${section}:end -->`;
    const from = doc.indexOf(start);
    const to = doc.indexOf(end);
    if (from < 0 || to < from) throw new Error(`${file} has no ${start} … ${end} markers`);
    const body = sectionText(
      report,
      report.results.filter((r) => r.section === section),
    );
    doc = `${doc.slice(0, from + start.length)}\n${body}\n${doc.slice(to)}`;
  }
  await writeFile(file, doc);
  return sections;
}
