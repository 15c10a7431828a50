/**
 * The live socket of api-contract.md "Live socket": connects with the session token, sends
 * OnConnection, hands every JSON frame to the app and reconnects with a capped exponential
 * backoff when the connection drops. The server's logout / closeSocket / refresh frames end it.
 */

/** A frame of the socket protocol: a JSON object with a `method`. */
export interface SocketFrame {
  method: string;
  [key: string]: unknown;
}

/** Default text of a logout push without a message (widgets.md 8). */
export const LOGOUT_DEFAULT_TEXT = '登录过期,请重新登录';
/** Delay between the logout message and the reload (console.md 9). */
export const LOGOUT_RELOAD_MS = 1000;

export interface SocketClientDeps {
  /** Socket address for a token, e.g. ws://host/api/message/websocket/<token>. */
  url(token: string): string;
  getToken(): string | null;
  onFrame(frame: SocketFrame): void;
  /** Shows the logout push's text (error, 1 s). */
  showLogout(text: string): void;
  /** Forgets the session token. */
  resetToken(): void;
  reload(): void;
  /** Reloads for a refresh push (grants changed); the shell waits for open forms first. */
  refresh(): void;
  /** First reconnect delay and the cap (ms). */
  backoff?: { initialMs: number; maxMs: number };
  WebSocket?: typeof WebSocket;
  setTimeout?: (fn: () => void, ms: number) => unknown;
  clearTimeout?: (handle: unknown) => void;
}

/** The n-th reconnect delay (0-based): initial * 2^n, capped. */
export function backoffDelay(attempt: number, initialMs: number, maxMs: number): number {
  return Math.min(maxMs, initialMs * 2 ** Math.min(attempt, 30));
}

/** Tokens are compared without the `Bearer ` prefix (the push may carry either form). */
export function sameToken(a: string | null | undefined, b: string | null | undefined): boolean {
  const bare = (token: string | null | undefined) => (token ?? '').replace(/^Bearer\s+/i, '');
  return bare(a) === bare(b);
}

export interface SocketClient {
  /** Opens the socket for the current token (no-op when already open or connecting). */
  start(): void;
  /** Closes for good: no reconnect until start() is called again. */
  close(): void;
  /** Sends a frame when open; answers whether it went out. */
  send(frame: SocketFrame): boolean;
  readonly connected: boolean;
}

export function createSocketClient(deps: SocketClientDeps): SocketClient {
  const { initialMs, maxMs } = deps.backoff ?? { initialMs: 1000, maxMs: 30_000 };
  const WebSocketImpl = deps.WebSocket ?? globalThis.WebSocket;
  const later = deps.setTimeout ?? ((fn: () => void, ms: number) => globalThis.setTimeout(fn, ms));
  const cancel = deps.clearTimeout ?? ((handle: unknown) => globalThis.clearTimeout(handle as number));

  let socket: WebSocket | null = null;
  let wanted = false;
  let attempt = 0;
  let retry: unknown = null;

  const stopRetry = () => {
    if (retry !== null) cancel(retry);
    retry = null;
  };

  const shutdown = () => {
    wanted = false;
    stopRetry();
    const current = socket;
    socket = null;
    if (current && current.readyState <= 1) current.close(1000);
  };

  const scheduleRetry = () => {
    if (!wanted || retry !== null) return;
    const delay = backoffDelay(attempt, initialMs, maxMs);
    attempt += 1;
    retry = later(() => {
      retry = null;
      open();
    }, delay);
  };

  const onLogout = (frame: SocketFrame) => {
    shutdown();
    const current = deps.getToken();
    const pushed = typeof frame.token === 'string' ? frame.token : '';
    if (pushed && current && !sameToken(pushed, current)) {
      // Another session of this browser ended: this page's own session goes on.
      deps.reload();
      return;
    }
    deps.showLogout(typeof frame.msg === 'string' && frame.msg ? frame.msg : LOGOUT_DEFAULT_TEXT);
    deps.resetToken();
    later(() => deps.reload(), LOGOUT_RELOAD_MS);
  };

  const handle = (frame: SocketFrame) => {
    // Accepted by the server: the next drop starts the backoff over. (Not on open: a server that
    // accepts the upgrade and drops at once must not be hammered.)
    if (frame.method === 'initMessage') attempt = 0;
    if (frame.method === 'logout') onLogout(frame);
    else if (frame.method === 'closeSocket') shutdown();
    else if (frame.method === 'refresh') deps.refresh();
    deps.onFrame(frame);
  };

  function open() {
    const token = deps.getToken();
    if (!wanted || !token) {
      wanted = false;
      return;
    }
    const ws = new WebSocketImpl(deps.url(token));
    socket = ws;
    ws.onopen = () => {
      if (socket !== ws) return;
      ws.send(JSON.stringify({ method: 'OnConnection', token, mobileDevice: false }));
    };
    ws.onmessage = (event: MessageEvent) => {
      if (socket !== ws) return;
      let frame: unknown;
      try {
        frame = JSON.parse(String(event.data));
      } catch {
        return;
      }
      if (frame && typeof frame === 'object' && typeof (frame as SocketFrame).method === 'string')
        handle(frame as SocketFrame);
    };
    ws.onclose = () => {
      if (socket !== ws) return;
      socket = null;
      scheduleRetry();
    };
    // An error is followed by close, which schedules the retry.
    ws.onerror = () => undefined;
  }

  return {
    start() {
      wanted = true;
      if (socket || retry !== null) return;
      attempt = 0;
      open();
    },
    close: shutdown,
    send(frame) {
      if (socket?.readyState !== 1) return false;
      socket.send(JSON.stringify(frame));
      return true;
    },
    get connected() {
      return !!socket && socket.readyState === 1;
    },
  };
}
