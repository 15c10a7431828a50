import type { Page } from 'playwright-core';

/** The kinds of antd message toasts, and 'notification' for antd notifications (corner cards). */
export type ToastKind = 'success' | 'error' | 'info' | 'warning' | 'notification';

interface SeenToast {
  kind: string;
  text: string;
}

declare global {
  interface Window {
    __toasts?: SeenToast[];
  }
}

/**
 * Installed in every page before the app runs: writes down each antd toast (and notification) as it
 * appears. Success toasts last 1.5 s, and a loaded machine can spend that long between two test
 * steps, so looking for the toast on the screen afterwards can miss one the user did see.
 */
export function recordToasts(): void {
  // Kept inside: the function is serialised into the page.
  const KINDS = ['success', 'error', 'info', 'warning'];
  const seen: SeenToast[] = [];
  window.__toasts = seen;
  const recorded = new WeakMap<Element, string>();
  const scan = () => {
    for (const shown of Array.from(
      document.querySelectorAll(
        [...KINDS.map((kind) => `.ant-message-${kind}`), '.ant-notification-notice'].join(),
      ),
    )) {
      const text = shown.textContent ?? '';
      // antd adds a notice before its text: an empty record would satisfy a later wait for any toast.
      if (!text.trim() || recorded.get(shown) === text) continue;
      recorded.set(shown, text);
      const kind = shown.classList.contains('ant-notification-notice')
        ? 'notification'
        : (KINDS.find((kind) => shown.classList.contains(`ant-message-${kind}`)) ?? '');
      seen.push({ kind, text });
    }
  };
  new MutationObserver(scan).observe(document, { childList: true, subtree: true, characterData: true });
}

/**
 * Waits until a toast of this kind (containing `text`, if given) has been shown since the last
 * one this matched, and consumes it, so the same toast cannot satisfy a later step.
 */
export async function toast(page: Page, kind: ToastKind, text?: string | RegExp): Promise<void> {
  const pattern = text instanceof RegExp ? { source: text.source, flags: text.flags } : null;
  await waitForToast(page, kind, text, pattern).catch(async (error: Error) => {
    // Say what the user saw instead: an error toast names the cause of most such failures.
    const seen = await page.evaluate(() => window.__toasts ?? []).catch(() => []);
    const shown = seen.map((one) => `${one.kind}: ${one.text}`).join(' | ') || 'none';
    throw new Error(`no ${kind} toast ${text ?? ''} (toasts not yet matched: ${shown}); ${error.message}`);
  });
}

function waitForToast(
  page: Page,
  kind: ToastKind,
  text: string | RegExp | undefined,
  pattern: { source: string; flags: string } | null,
) {
  return page.waitForFunction(
    ({ kind, plain, pattern }) => {
      const list = window.__toasts ?? [];
      const index = list.findIndex(
        (seen) =>
          seen.kind === kind &&
          (pattern
            ? new RegExp(pattern.source, pattern.flags).test(seen.text)
            : plain === null || seen.text.includes(plain)),
      );
      if (index < 0) return false;
      list.splice(index, 1);
      return true;
    },
    { kind, plain: typeof text === 'string' ? text : null, pattern },
  );
}
