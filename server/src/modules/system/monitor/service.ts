import { readFile, statfs } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { MonitorInfo } from '@console/shared';
import { sql } from 'drizzle-orm';
import { RedisStore } from '../../../core/kv/redis.js';
import type { Services } from '../../../services.js';

const GB = 1024 ** 3;
const MB = 1024 ** 2;
const gb = (bytes: number) => `${(bytes / GB).toFixed(2)}G`;
const mb = (bytes: number) => `${(bytes / MB).toFixed(1)}M`;
const percent = (part: number, whole: number) => (whole > 0 ? ((part / whole) * 100).toFixed(2) : '0.00');

/** "03 天 04 小时 10 分 05 秒", as the 3.4.7 page shows uptime. */
export function formatUptime(seconds: number): string {
  const s = Math.floor(seconds);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(Math.floor(s / 86_400))} 天 ${pad(Math.floor((s % 86_400) / 3600))} 小时 ${pad(Math.floor((s % 3600) / 60))} 分 ${pad(s % 60)} 秒`;
}

function firstAddress(): string {
  for (const list of Object.values(os.networkInterfaces())) {
    for (const item of list ?? []) if (item.family === 'IPv4' && !item.internal) return item.address;
  }
  return '127.0.0.1';
}

/** Physical packages and cores from /proc/cpuinfo (Linux); elsewhere one package of logical cores. */
async function cpuTopology(logical: number): Promise<{ packages: number; cores: number }> {
  try {
    const text = await readFile('/proc/cpuinfo', 'utf8');
    const cores = new Set<string>();
    const packages = new Set<string>();
    let physical = '0';
    for (const line of text.split('\n')) {
      const [name = '', value = ''] = line.split(':').map((part) => part.trim());
      if (name === 'physical id') {
        physical = value;
        packages.add(value);
      } else if (name === 'core id') cores.add(`${physical}:${value}`);
    }
    return { packages: Math.max(1, packages.size), cores: cores.size || logical };
  } catch {
    return { packages: 1, cores: logical };
  }
}

/** Memory a new program could use: MemAvailable on Linux (free + reclaimable caches), else free. */
async function availableMemory(): Promise<number> {
  try {
    const text = await readFile('/proc/meminfo', 'utf8');
    const kb = /^MemAvailable:\s+(\d+)\s+kB/m.exec(text)?.[1];
    if (kb) return Number(kb) * 1024;
  } catch {
    // not Linux
  }
  return os.freemem();
}

interface CpuSample {
  at: number;
  idle: number;
  total: number;
}
const sampleCpu = (): CpuSample => {
  let idle = 0;
  let total = 0;
  for (const cpu of os.cpus()) {
    const t = cpu.times;
    idle += t.idle;
    total += t.user + t.nice + t.sys + t.idle + t.irq;
  }
  return { at: Date.now(), idle, total };
};

/**
 * CPU use between two samples: the previous answer's (the page polls every 5 s), or, when that
 * is missing or old, one taken 200 ms earlier.
 */
export class CpuMeter {
  private last: CpuSample | undefined;

  async usage(): Promise<number> {
    let previous = this.last;
    if (!previous || Date.now() - previous.at > 60_000) {
      previous = sampleCpu();
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    const current = sampleCpu();
    this.last = current;
    const total = current.total - previous.total;
    return total > 0
      ? Math.min(100, Math.max(0, ((total - (current.idle - previous.idle)) / total) * 100))
      : 0;
  }
}

async function databaseFigures(services: Services): Promise<MonitorInfo['database']> {
  const kind = services.database.kind === 'postgres' ? 'PostgreSQL' : 'PGlite';
  const result = await services.db.execute(
    sql`select version() as version, pg_database_size(current_database())::bigint as size`,
  );
  const row = (result as unknown as { rows: { version: string; size: string | number }[] }).rows[0];
  let connections: number | null = null;
  if (services.database.kind === 'postgres') {
    const active = await services.db.execute(
      sql`select count(*)::int as n from pg_stat_activity where datname = current_database()`,
    );
    connections = Number((active as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0);
  }
  return {
    kind,
    version: String(row?.version ?? '').split(' on ')[0] ?? '',
    size: mb(Number(row?.size ?? 0)),
    connections,
  };
}

/** Figures from Redis INFO; null when the console runs without Redis. */
async function redisFigures(services: Services): Promise<MonitorInfo['redis']> {
  if (!(services.kv instanceof RedisStore)) return null;
  const client = services.kv.client;
  const [info, keys] = await Promise.all([client.info(), client.dbsize()]);
  const fields = new Map(
    info
      .split(/\r?\n/)
      .filter((line) => line.includes(':') && !line.startsWith('#'))
      .map((line) => [line.slice(0, line.indexOf(':')), line.slice(line.indexOf(':') + 1)] as const),
  );
  const hits = Number(fields.get('keyspace_hits') ?? 0);
  const misses = Number(fields.get('keyspace_misses') ?? 0);
  return {
    version: fields.get('redis_version') ?? '',
    uptime: formatUptime(Number(fields.get('uptime_in_seconds') ?? 0)),
    connectedClients: Number(fields.get('connected_clients') ?? 0),
    usedMemory: mb(Number(fields.get('used_memory') ?? 0)),
    keys,
    hitRate: percent(hits, hits + misses),
  };
}

export async function monitorInfo(services: Services, cpu: CpuMeter): Promise<MonitorInfo> {
  const cpus = os.cpus();
  const logical = cpus.length;
  const [topology, used, available, disk, database, redis] = await Promise.all([
    cpuTopology(logical),
    cpu.usage(),
    availableMemory(),
    statfs(path.resolve(services.config.DATA_DIR)).catch(() => statfs('/')),
    databaseFigures(services),
    redisFigures(services).catch(() => null),
  ]);
  const totalMemory = os.totalmem();
  const diskTotal = disk.blocks * disk.bsize;
  const diskAvailable = disk.bavail * disk.bsize;
  const memory = process.memoryUsage();
  return {
    system: {
      os: `${os.type()} ${os.release()}`,
      day: formatUptime(os.uptime()),
      ip: firstAddress(),
      hostname: os.hostname(),
    },
    cpu: {
      name: cpus[0]?.model.trim() ?? '',
      package: `${topology.packages}个物理CPU`,
      core: `${topology.cores}个物理核心`,
      coreNumber: topology.cores,
      logic: `${logical}个逻辑CPU`,
      used: used.toFixed(2),
      idle: (100 - used).toFixed(2),
      loadAverage: os
        .loadavg()
        .map((n) => n.toFixed(2))
        .join(' / '),
    },
    memory: {
      total: gb(totalMemory),
      available: gb(available),
      used: gb(totalMemory - available),
      usageRate: percent(totalMemory - available, totalMemory),
    },
    disk: {
      total: gb(diskTotal),
      available: gb(diskAvailable),
      used: gb(diskTotal - diskAvailable),
      usageRate: percent(diskTotal - diskAvailable, diskTotal),
    },
    process: {
      pid: process.pid,
      nodeVersion: process.version,
      uptime: formatUptime(process.uptime()),
      rss: mb(memory.rss),
      heapUsed: mb(memory.heapUsed),
      heapTotal: mb(memory.heapTotal),
    },
    database,
    redis,
    time: Date.now(),
  };
}
