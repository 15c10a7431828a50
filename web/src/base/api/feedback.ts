/**
 * Bridge between non-React code (the HTTP client) and antd's context-aware message API. A mounted
 * antd provider registers its instance (`message.useMessage()`); the last one registered is used.
 * Pages without antd (the sign-in page keeps antd out of its first load) have none: the first
 * toast then asks the loader the app set (`setMessageApiLoader`) to mount one, and is shown as
 * soon as it registers.
 */
import type { MessageInstance } from 'antd/es/message/interface';

/** Toast duration of console.md 9, in seconds (antd's unit). */
export const TOAST_SECONDS = 1.5;

type Show = (api: MessageInstance) => void;

const registered: MessageInstance[] = [];
const waiting: Show[] = [];
let loader: (() => void) | null = null;
let loading = false;

/** Registers a message API; the returned function removes it again. */
export function registerMessageApi(api: MessageInstance): () => void {
  registered.push(api);
  for (const show of waiting.splice(0)) show(api);
  return () => {
    const at = registered.lastIndexOf(api);
    if (at >= 0) registered.splice(at, 1);
  };
}

/** What mounts an antd message holder when a toast is asked for and none is registered. */
export function setMessageApiLoader(load: (() => void) | null): void {
  loader = load;
  loading = false;
}

function withApi(show: Show, fallback?: () => void): void {
  const api = registered[registered.length - 1];
  if (api) {
    show(api);
    return;
  }
  if (!loader) {
    fallback?.();
    return;
  }
  waiting.push(show);
  if (!loading) {
    loading = true;
    loader();
  }
}

export function toastError(text: string, seconds = TOAST_SECONDS): void {
  withApi(
    (api) => void api.error(text, seconds),
    () => console.error(text),
  );
}

export function toastWarning(text: string): void {
  withApi((api) => void api.warning(text, TOAST_SECONDS));
}

export function toastSuccess(text: string, seconds = TOAST_SECONDS): void {
  withApi((api) => void api.success(text, seconds));
}

export function toastInfo(text: string, seconds = TOAST_SECONDS): void {
  withApi((api) => void api.info(text, seconds));
}
