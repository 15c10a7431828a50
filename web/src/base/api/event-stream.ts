/**
 * Server-sent events over POST (the knowledge chat's streamed answers). EventSource cannot POST
 * nor send the token header, so this reads the fetch body with a stream reader and parses the
 * text/event-stream format itself. Token, session codes and error toasts work as in http.ts: an
 * answer that is an envelope instead of a stream is handled the same way.
 */
import {
  ApiError,
  buildUrl,
  CLIENT_HEADERS,
  type Envelope,
  type HttpClientDeps,
  SESSION_CODES,
  TRANSPORT_ERROR,
} from './http';

export interface ServerEvent {
  /** 'message' when the server named none. */
  event: string;
  data: string;
}

/**
 * Incremental parser of the event-stream format (WHATWG HTML "server-sent events"): text arrives
 * in arbitrary pieces; `push` answers the events completed by a piece, `end` the last one if the
 * stream ended without its blank line.
 */
export function createEventParser() {
  let buffer = '';
  let event = '';
  let data: string[] = [];
  let hasData = false;

  const dispatch = (out: ServerEvent[]) => {
    if (hasData) out.push({ event: event || 'message', data: data.join('\n') });
    event = '';
    data = [];
    hasData = false;
  };

  const line = (text: string, out: ServerEvent[]) => {
    if (text === '') return dispatch(out);
    if (text.startsWith(':')) return;
    const colon = text.indexOf(':');
    const field = colon < 0 ? text : text.slice(0, colon);
    let value = colon < 0 ? '' : text.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'event') event = value;
    else if (field === 'data') {
      data.push(value);
      hasData = true;
    }
  };

  return {
    push(chunk: string): ServerEvent[] {
      const out: ServerEvent[] = [];
      buffer += chunk;
      // A trailing \r may be the first half of \r\n: keep it until the next piece.
      const pattern = /\r\n|\n|\r(?=[^\n])/g;
      let start = 0;
      for (let match = pattern.exec(buffer); match; match = pattern.exec(buffer)) {
        line(buffer.slice(start, match.index), out);
        start = match.index + match[0].length;
      }
      buffer = buffer.slice(start);
      return out;
    },
    end(): ServerEvent[] {
      const out: ServerEvent[] = [];
      if (buffer !== '') line(buffer.replace(/\r$/, ''), out);
      buffer = '';
      dispatch(out);
      return out;
    },
  };
}

export interface StreamOptions {
  /** JSON body of the POST. */
  data?: unknown;
  signal?: AbortSignal;
  /** Each event as it arrives. */
  onEvent(event: ServerEvent): void;
}

/** POSTs and streams the answer's events; resolves when the stream ends, rejects like http.ts. */
export type EventStreamClient = (path: string, options: StreamOptions) => Promise<void>;

export function createEventStreamClient(deps: HttpClientDeps): EventStreamClient {
  const now = deps.now ?? (() => Math.floor(Date.now() / 1000));
  const doFetch = deps.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => fetch(input, init));

  const fail = (code: number, message: string | undefined, response: Envelope | null): ApiError => {
    const text = message?.trim() ? message : deps.defaultErrorMessage();
    if (SESSION_CODES.has(code)) {
      deps.clearToken();
      deps.onSessionExpired(text);
    } else {
      deps.notifyError(text);
    }
    return new ApiError(code, text, response, true);
  };

  return async (path, { data, signal, onEvent }) => {
    const headers: Record<string, string> = {
      'jnpf-origin': 'pc',
      ...CLIENT_HEADERS,
      Accept: 'text/event-stream',
      'Content-Type': 'application/json;charset=UTF-8',
    };
    const token = deps.getToken();
    if (token) headers.Authorization = token;
    const init: RequestInit = {
      method: 'POST',
      headers,
      credentials: 'same-origin',
      body: JSON.stringify(data ?? {}),
    };
    if (signal) init.signal = signal;

    let response: Response;
    try {
      response = await doFetch(buildUrl(deps.baseUrl, path, undefined, now()), init);
    } catch (error) {
      if (signal?.aborted) throw error;
      throw fail(TRANSPORT_ERROR, undefined, null);
    }

    if (!(response.headers.get('content-type') ?? '').includes('text/event-stream') || !response.body) {
      // Refused before streaming (validation, permission, session): an ordinary envelope.
      let envelope: Envelope | null = null;
      try {
        envelope = JSON.parse(await response.text()) as Envelope;
      } catch {
        // not JSON
      }
      if (envelope && typeof envelope.code === 'number') throw fail(envelope.code, envelope.msg, envelope);
      throw fail(TRANSPORT_ERROR, undefined, null);
    }

    const parser = createEventParser();
    const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        for (const event of parser.push(value)) onEvent(event);
      }
    } catch (error) {
      if (signal?.aborted) throw error;
      throw fail(TRANSPORT_ERROR, undefined, null);
    }
    for (const event of parser.end()) onEvent(event);
  };
}
