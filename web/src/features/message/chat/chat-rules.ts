/** Chat image limit of widgets.md 5: under 5 MB, image types only. */
export const CHAT_IMAGE_MAX_BYTES = 5 * 1024 * 1024;
/** Page sizes of widgets.md 9: the open chat and the history panel. */
export const LIVE_PAGE_SIZE = 30;
export const HISTORY_PAGE_SIZE = 50;
/** Scroll distances (px) that load more: history panel, contacts. */
export const HISTORY_LOAD_WITHIN = 100;
export const CONTACTS_LOAD_WITHIN = 300;
export const CONTACTS_PAGE_SIZE = 20;

export type ImageCheck = 'ok' | 'notImage' | 'tooLarge';

export function checkChatImage(file: Pick<File, 'type' | 'size'>): ImageCheck {
  if (!file.type.startsWith('image/')) return 'notImage';
  if (file.size >= CHAT_IMAGE_MAX_BYTES) return 'tooLarge';
  return 'ok';
}

/** The text to send: trimmed; null when nothing is left (an empty message is not sent). */
export function textToSend(text: string): string | null {
  const trimmed = text.trim();
  return trimmed ? trimmed : null;
}

export interface ChatImage {
  src: string;
  width: number;
  height: number;
}

/** The image of a chat message: stored `{path, width, height}` (or `{name}` of the IM folder). */
export function chatImage(content: unknown): ChatImage | null {
  let value = content;
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value);
    } catch {
      return null;
    }
  }
  if (!value || typeof value !== 'object') return null;
  const { path, name, width, height } = value as Record<string, unknown>;
  const src =
    typeof path === 'string' && path
      ? path
      : typeof name === 'string' && name
        ? `/api/file/Image/IM/${encodeURIComponent(name)}`
        : null;
  if (!src) return null;
  return { src, width: Number(width) || 0, height: Number(height) || 0 };
}

/** Display size of a chat image: its own size, scaled down to fit within max px. */
export function fitImage(width: number, height: number, max = 200): { width: number; height: number } {
  if (!width || !height) return { width: max, height: max };
  const scale = Math.min(1, max / Math.max(width, height));
  return { width: Math.round(width * scale), height: Math.round(height * scale) };
}

/** A small built-in emoji set (no emoji library). */
export const EMOJIS = [
  '😀',
  '😁',
  '😂',
  '🤣',
  '😊',
  '😍',
  '😘',
  '😎',
  '🤔',
  '😐',
  '😴',
  '😭',
  '😡',
  '😱',
  '🥳',
  '😅',
  '🙂',
  '🙃',
  '😉',
  '😇',
  '🤗',
  '🤝',
  '👍',
  '👎',
  '👏',
  '🙏',
  '💪',
  '👌',
  '✌️',
  '👋',
  '❤️',
  '💔',
  '🎉',
  '🔥',
  '⭐',
  '✅',
  '❌',
  '❓',
  '☕',
  '🌹',
];
