import type { KeyValueStore } from '../../core/kv/index.js';
import type { Metrics } from '../../core/metrics.js';
import type { SysConfigService } from '../system/sysConfig/service.js';

const IP_WINDOW_MS = 15 * 60_000;
/** An address shared by many staff (a NAT) gets more room than one account. */
const IP_FACTOR = 4;

export interface SignInState {
  codeRequired: boolean;
  /** Minutes until the lock ends, or 0. */
  lockedMinutes: number;
}

/**
 * Counts failed sign-ins per account name and per address. Unknown account names are
 * counted like real ones, so answers never reveal which accounts exist. After
 * passwordErrorsNumber failures the image code is required; as many more lock the account
 * name for lockTime minutes. Locks live in the shared store only: an attacker's failures
 * never end the real user's open sessions.
 */
export class SignInGuard {
  constructor(
    private readonly kv: KeyValueStore,
    private readonly sysConfig: SysConfigService,
    private readonly metrics: Metrics,
  ) {}

  private static accountKey(account: string) {
    return account.trim().toLowerCase();
  }

  async state(account: string, ip: string): Promise<SignInState> {
    const config = await this.sysConfig.get();
    const key = SignInGuard.accountKey(account);
    const [lockedUntil, accountFailures, ipFailures] = await Promise.all([
      this.kv.get(`signin:lock:${key}`),
      this.kv.get(`signin:fail:account:${key}`),
      this.kv.get(`signin:fail:ip:${ip}`),
    ]);
    const lockedMinutes = lockedUntil
      ? Math.max(1, Math.ceil((Number(lockedUntil) - Date.now()) / 60_000))
      : 0;
    const limit = config.passwordErrorsNumber;
    const codeRequired =
      config.enableVerificationCode === 1 ||
      Number(accountFailures ?? 0) >= limit ||
      Number(ipFailures ?? 0) >= limit * IP_FACTOR;
    return { codeRequired, lockedMinutes };
  }

  /** Records a failure; returns the minutes of the lock it caused, or 0. */
  async fail(account: string, ip: string): Promise<number> {
    const config = await this.sysConfig.get();
    const key = SignInGuard.accountKey(account);
    const lockMs = config.lockTime * 60_000;
    const [failures] = await Promise.all([
      this.kv.increment(`signin:fail:account:${key}`, Math.max(lockMs, IP_WINDOW_MS)),
      this.kv.increment(`signin:fail:ip:${ip}`, IP_WINDOW_MS),
    ]);
    this.metrics.signInFailures.inc();
    if (failures < config.passwordErrorsNumber * 2) return 0;
    await this.kv.set(`signin:lock:${key}`, String(Date.now() + lockMs), lockMs);
    await this.kv.del(`signin:fail:account:${key}`);
    this.metrics.signInLockouts.inc();
    return config.lockTime;
  }

  async succeed(account: string): Promise<void> {
    await this.kv.del(`signin:fail:account:${SignInGuard.accountKey(account)}`);
  }

  /** An administrator's unlock. */
  async unlock(account: string): Promise<void> {
    const key = SignInGuard.accountKey(account);
    await Promise.all([this.kv.del(`signin:lock:${key}`), this.kv.del(`signin:fail:account:${key}`)]);
  }
}
