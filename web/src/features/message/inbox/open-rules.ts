import type { MessageDetail } from './api';

/** Where opening a message leads (console.md 2.5). */
export type MessageTarget = { kind: 'dialog' } | { kind: 'route'; path: string } | { kind: 'none' };

function parseBody(bodyText: string | null | undefined): Record<string, unknown> {
  if (!bodyText) return {};
  try {
    const parsed: unknown = JSON.parse(bodyText);
    return parsed && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** Base64 of the UTF-8 bytes of a text (the flow detail page's `config` parameter). */
export function encodeBody(text: string): string {
  const bytes = new TextEncoder().encode(text);
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/**
 * Schedule (4): the schedule view unless the body's inner type is 3; flow (2): the entrust page
 * for flowType 2, else the flow detail with the encoded body; notice (1) and system (3): the detail
 * dialog.
 */
export function messageTarget(message: Pick<MessageDetail, 'type' | 'flowType' | 'bodyText'>): MessageTarget {
  const type = Number(message.type);
  if (type === 4) {
    const body = parseBody(message.bodyText);
    if (Number(body.type) === 3 || !body.id) return { kind: 'none' };
    const query = new URLSearchParams({ id: String(body.id) });
    if (body.groupId) query.set('groupId', String(body.groupId));
    return { kind: 'route', path: `/extend/schedule?${query}` };
  }
  if (type === 2) {
    if (Number(message.flowType) === 2) return { kind: 'route', path: '/workFlow/entrust' };
    return {
      kind: 'route',
      path: `/workFlowDetail?config=${encodeURIComponent(encodeBody(message.bodyText ?? '{}'))}`,
    };
  }
  return { kind: 'dialog' };
}
