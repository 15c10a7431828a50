/**
 * Bridge between non-React code (the HTTP client, the live socket) and antd's context-aware message
 * API. One message holder serves the whole app for its whole life: app/providers.tsx mounts it
 * (widgets/antd-provider.tsx, `MessageHost`) at the root of the React tree the first time it is
 * wanted, and it is never unmounted, so no change of route (the sign-in page into the shell, a
 * sign-out) can leave the toasts with a holder that is gone. It is wanted as soon as a page with
 * antd mounts (`AntdProvider`) or a toast is asked for; the sign-in page's password mode has no
 * antd, so its first load carries none until a toast is needed (a refused password). Toasts asked
 * for before the holder is registered wait for it and are shown once it is.
 *
 * The first antd-free sign-in page (6e05ba2, reverted in df9f6e6) had every antd provider register
 * a holder of its own on a stack (the sign-in page's phone mode, the shell's layout, and a second
 * React root made for toasts on the sign-in page), so which holder showed a toast depended on the
 * order they mounted and unmounted in; a shell toast after a phone-code sign-in was missed once in
 * CI (e2e 31), which was not reproduced since. One holder for the page's life leaves no such order.
 */
import type { MessageInstance } from 'antd/es/message/interface';

/** Toast duration of console.md 9, in seconds (antd's unit). */
export const TOAST_SECONDS = 1.5;

type Show = (api: MessageInstance) => void;

let current: MessageInstance | null = null;
const waiting: Show[] = [];
let wanted = false;
const listeners = new Set<() => void>();

/**
 * Registers the app's message API (the host's, or the mobile app's toasts); a later registration
 * replaces it. Toasts waiting for a holder are shown on it. The returned function removes it again
 * if it is still the registered one.
 */
export function registerMessageApi(api: MessageInstance): () => void {
  current = api;
  for (const show of waiting.splice(0)) show(api);
  return () => {
    if (current === api) current = null;
  };
}

/** Asks for the message holder to be mounted (once; app/providers.tsx renders it). */
export function wantMessageHost(): void {
  if (wanted) return;
  wanted = true;
  for (const listener of listeners) listener();
}

/** For useSyncExternalStore: whether the holder is wanted, and a subscription to that. */
export function messageHostWanted(): boolean {
  return wanted;
}

export function subscribeMessageHost(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function withApi(show: Show): void {
  if (current) {
    show(current);
    return;
  }
  waiting.push(show);
  wantMessageHost();
}

export function toastError(text: string, seconds = TOAST_SECONDS): void {
  withApi((api) => void api.error(text, seconds));
}

export function toastWarning(text: string): void {
  withApi((api) => void api.warning(text, TOAST_SECONDS));
}

export function toastSuccess(text: string, seconds = TOAST_SECONDS): void {
  withApi((api) => void api.success(text, seconds));
}

export function toastInfo(text: string, seconds = TOAST_SECONDS): void {
  // The mobile app's toasts (mobile/feedback.ts) answer error, warning and success only.
  withApi((api) => void (api.info ? api.info(text, seconds) : api.success(text, seconds)));
}

/** Tests only: back to the state of a fresh page. */
export function resetFeedbackForTests(): void {
  current = null;
  waiting.length = 0;
  wanted = false;
  listeners.clear();
}
