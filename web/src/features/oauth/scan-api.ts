import { http } from '../../base/api';

export interface TicketAnswer {
  ticket: string;
  /** Lifetime in ms. */
  lifetimeMs: number;
}

/** 1 signed in (value = token), 2 waiting, 3 rejected, 4 account not bound, 5 expired. */
export interface TicketStatus {
  status: number;
  value?: string | null;
  theme?: string | null;
  ticketTimeout?: number | null;
}

/** GET /api/oauth/getTicket: data = ticket, msg = its lifetime in ms. */
export async function getTicket(): Promise<TicketAnswer> {
  const answer = await http.send<string>('/oauth/getTicket');
  return { ticket: answer.data, lifetimeMs: Number(answer.msg) || 0 };
}

export function getTicketStatus(ticket: string, signal?: AbortSignal): Promise<TicketStatus> {
  return http.get<TicketStatus>(`/oauth/getTicketStatus/${encodeURIComponent(ticket)}`, undefined, {
    silent: true,
    skipSessionCheck: true,
    ...(signal ? { signal } : {}),
  });
}

/** The address the QR code holds: this site's scan-confirm page for the ticket. */
export function scanUrl(ticket: string, location: Location = window.location): string {
  return `${location.origin}${location.pathname}#/scanLogin?ticket=${encodeURIComponent(ticket)}`;
}
