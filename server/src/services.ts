import type { Config } from './config.js';
import { type MessageBus, openMessageBus } from './core/bus/index.js';
import { Health } from './core/health.js';
import type { KeyValueStore } from './core/kv/index.js';
import { Metrics } from './core/metrics.js';
import { setOutboundAllow } from './core/outbound.js';
import { SessionService } from './core/sessions.js';
import type { Database, Db } from './db/client.js';
import { CaptchaService } from './modules/captcha/service.js';
import { SignInGuard } from './modules/oauth/signInGuard.js';
import { SysConfigService } from './modules/system/sysConfig/service.js';

/** What the feature modules share; built once per app instance. */
export interface Services {
  config: Config;
  database: Database;
  db: Db;
  kv: KeyValueStore;
  /** Events between instances (sockets, ended sessions); closed with the app. */
  bus: MessageBus;
  sysConfig: SysConfigService;
  sessions: SessionService;
  captcha: CaptchaService;
  signInGuard: SignInGuard;
  /** This instance's Prometheus metrics (/metrics). */
  metrics: Metrics;
  /** Readiness (/readyz) and the graceful-stop flag. */
  health: Health;
}

export function createServices(config: Config, database: Database, kv: KeyValueStore): Services {
  setOutboundAllow(config.OUTBOUND_ALLOW);
  const sysConfig = new SysConfigService(database.db, kv);
  const bus = openMessageBus({ redisUrl: config.REDIS_URL, prefix: config.REDIS_PREFIX });
  const metrics = new Metrics();
  return {
    config,
    database,
    db: database.db,
    kv,
    bus,
    sysConfig,
    sessions: new SessionService(database.db, config.SESSION_MAX_HOURS * 3_600_000, bus),
    captcha: new CaptchaService(kv, config.CAPTCHA_ECHO),
    signInGuard: new SignInGuard(kv, sysConfig, metrics),
    metrics,
    health: new Health(database, kv),
  };
}
