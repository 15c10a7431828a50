import { message } from 'antd';
import { create } from 'zustand';
import { clearToken, getToken } from '../api/token';
import { i18n } from '../i18n';
import { reloadWhenNoFormOpen } from './refresh';
import { createSocketClient, type SocketClient, type SocketFrame } from './socket-client';
import { applyFrame, INITIAL_LIVE, type LiveState, openConversation } from './unread';

interface LiveStore extends LiveState {
  apply(frame: SocketFrame): void;
  /** Opens (or, with null, leaves) a conversation: its unread count drops to 0. */
  setActiveChat(userId: string | null): void;
  /** Replaces the counts (after reading one message or all of them). */
  setCounts(update: (counts: LiveState['counts']) => LiveState['counts']): void;
  reset(): void;
}

/** Unread counts, online users and chat unread state fed by the live socket. */
export const useLive = create<LiveStore>()((set) => ({
  ...INITIAL_LIVE,
  apply: (frame) => set((state) => applyFrame(state, frame)),
  setActiveChat: (userId) => set((state) => openConversation(state, userId)),
  setCounts: (update) => set((state) => ({ counts: update(state.counts) })),
  reset: () => set(INITIAL_LIVE),
}));

type FrameListener = (frame: SocketFrame) => void;
const listeners = new Set<FrameListener>();

/** Lets a component see every frame (chat windows follow sendMessage, receiveMessage, messageList). */
export function onSocketFrame(listener: FrameListener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The socket address of api-contract.md for the page's origin (ws or wss). */
export function socketUrl(token: string, origin = window.location.origin): string {
  return `${origin.replace(/^http/, 'ws')}/api/message/websocket/${encodeURIComponent(token)}`;
}

let client: SocketClient | null = null;

function liveClient(): SocketClient {
  client ??= createSocketClient({
    url: (token) => socketUrl(token),
    getToken,
    onFrame(frame) {
      useLive.getState().apply(frame);
      for (const listener of listeners) listener(frame);
    },
    showLogout: (text) => void message.error(text, 1),
    resetToken: clearToken,
    reload: () => window.location.reload(),
    refresh: () =>
      reloadWhenNoFormOpen({
        reload: () => window.location.reload(),
        notify: () => void message.info(i18n.t('shell:socket.refreshPending'), 6),
      }),
  });
  return client;
}

/** Connects the live socket for the signed-in user (idempotent). */
export function startSocket(): void {
  liveClient().start();
}

/** Closes the socket for good (sign-out) and forgets the live state. */
export function closeSocket(): void {
  client?.close();
  useLive.getState().reset();
}

/** Sends a frame with the current token added; answers whether the socket was open. */
export function sendFrame(frame: SocketFrame): boolean {
  return liveClient().send({ ...frame, token: getToken() ?? '' });
}
