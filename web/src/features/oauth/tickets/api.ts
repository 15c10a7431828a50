import { http } from '../../../base/api';

/** POST /api/oauth/ConfirmTicket/{ticket}: the signed-in user lets the waiting page in. Resolves with msg. */
export async function confirmTicket(ticket: string): Promise<string> {
  return (await http.send(`/oauth/ConfirmTicket/${encodeURIComponent(ticket)}`, { method: 'POST' })).msg;
}

/** POST /api/oauth/RejectTicket/{ticket}. Resolves with msg. */
export async function rejectTicket(ticket: string): Promise<string> {
  return (await http.send(`/oauth/RejectTicket/${encodeURIComponent(ticket)}`, { method: 'POST' })).msg;
}
