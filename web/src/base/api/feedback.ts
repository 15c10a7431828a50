/**
 * Bridge between non-React code (the HTTP client) and antd's context-aware message API. The
 * providers register the instance from `App.useApp()`; until then messages go to the console.
 */
import type { MessageInstance } from 'antd/es/message/interface';

/** Toast duration of console.md 9, in seconds (antd's unit). */
export const TOAST_SECONDS = 1.5;

let instance: MessageInstance | null = null;

export function registerMessageApi(api: MessageInstance | null): void {
  instance = api;
}

export function toastError(text: string): void {
  if (instance) void instance.error(text, TOAST_SECONDS);
  else console.error(text);
}

export function toastWarning(text: string): void {
  if (instance) void instance.warning(text, TOAST_SECONDS);
}

export function toastSuccess(text: string, seconds = TOAST_SECONDS): void {
  if (instance) void instance.success(text, seconds);
}
