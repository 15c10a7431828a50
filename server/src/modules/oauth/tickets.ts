import { randomBytes } from 'node:crypto';
import { TicketStatus, type TicketStatusResult } from '@console/shared';
import { badRequest } from '../../core/errors.js';
import type { KeyValueStore } from '../../core/kv/index.js';
import { Messages } from '../../core/messages.js';
import type { ClientInfo } from '../../core/request.js';

/** How long a scan-code ticket waits for a confirmation. */
export const TICKET_TTL_MS = 3 * 60_000;
/** Tickets one address may ask for a minute (a login page asks for one per three minutes). */
const TICKETS_PER_IP_PER_MINUTE = 30;

export const TicketMessages = {
  invalid: '二维码已失效，请刷新后重新扫码',
  confirmed: '已确认登录',
  rejected: '已取消登录',
} as const;

interface TicketState {
  status: TicketStatus;
  /** The token once signed in. */
  value: string;
  theme: string;
  expiresAt: number;
  /** The waiting device, so that its session records its own address and browser. */
  client: ClientInfo;
}

const key = (ticket: string) => `ticket:${ticket}`;

/**
 * Scan-code sign-in tickets, in the shared store so that the waiting page, the confirming
 * phone and the instance that serves each can all differ.
 */
export class TicketService {
  constructor(private readonly kv: KeyValueStore) {}

  async create(client: ClientInfo): Promise<{ ticket: string; ttlMs: number }> {
    if ((await this.kv.increment(`ticket:rate:${client.ip}`, 60_000)) > TICKETS_PER_IP_PER_MINUTE) {
      throw badRequest(Messages.tooManyRequests);
    }
    const ticket = randomBytes(24).toString('base64url');
    const state: TicketState = {
      status: TicketStatus.Waiting,
      value: '',
      theme: '',
      expiresAt: Date.now() + TICKET_TTL_MS,
      client,
    };
    await this.kv.set(key(ticket), JSON.stringify(state), TICKET_TTL_MS);
    return { ticket, ttlMs: TICKET_TTL_MS };
  }

  private async read(ticket: string): Promise<TicketState | null> {
    const raw = await this.kv.get(key(ticket));
    return raw ? (JSON.parse(raw) as TicketState) : null;
  }

  /** What the waiting page sees. A signed-in ticket is handed out once, then it is gone. */
  async status(ticket: string): Promise<TicketStatusResult> {
    const expired = { status: TicketStatus.Expired, value: '', theme: '', ticketTimeout: 0 } as const;
    const state = await this.read(ticket);
    if (!state) return expired;
    if (state.status === TicketStatus.SignedIn) {
      // take() is atomic: of two polls racing, one gets the token.
      const taken = await this.kv.take(key(ticket));
      if (!taken) return expired;
      const final = JSON.parse(taken) as TicketState;
      return { status: final.status, value: final.value, theme: final.theme, ticketTimeout: final.expiresAt };
    }
    // A failed or unbound ticket says why (the provider, or the refusal), for the sign-in page.
    const value = state.status === TicketStatus.Waiting ? '' : state.value;
    return { status: state.status, value, theme: '', ticketTimeout: state.expiresAt };
  }

  /**
   * Claims a waiting ticket for confirmation or refusal. Only the first claim wins, so two
   * phones scanning one code cannot both sign it in.
   */
  async claim(ticket: string): Promise<TicketState> {
    const state = await this.read(ticket);
    const remaining = state ? state.expiresAt - Date.now() : 0;
    if (!state || state.status !== TicketStatus.Waiting || remaining <= 0) {
      throw badRequest(TicketMessages.invalid);
    }
    if ((await this.kv.increment(`ticket:claim:${ticket}`, TICKET_TTL_MS)) > 1) {
      throw badRequest(TicketMessages.invalid);
    }
    return state;
  }

  async settle(ticket: string, state: TicketState, outcome: Partial<TicketState>): Promise<void> {
    const next: TicketState = { ...state, ...outcome };
    // Kept until the waiting page reads it, at most the ticket's own lifetime.
    await this.kv.set(key(ticket), JSON.stringify(next), Math.max(1, state.expiresAt - Date.now()));
  }
}
