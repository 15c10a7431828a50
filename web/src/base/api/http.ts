/**
 * The one HTTP client of the console (fetch-based). It speaks the envelope `{ code, msg, data }` of
 * api-contract.md: code 200 resolves with `data`; session codes reset the session; any other code
 * shows the server's message (or the default one) and rejects with an ApiError.
 */

export interface Envelope<T = unknown> {
  code: number;
  msg: string;
  data: T;
}

/** Codes meaning the session is over: expired, signed in elsewhere / forced offline, invalid token. */
export const SESSION_CODES: ReadonlySet<number> = new Set([600, 601, 602]);

/** Calls whose session codes are answers for the page itself, not a reason to sign out. */
const SESSION_CHECK_EXEMPT = [/^\/oauth\/Login(?:$|[/?])/, /^\/oauth\/LockScreen(?:$|[/?])/];

/** code of an ApiError raised when no envelope came back (network down, bad gateway, not JSON). */
export const TRANSPORT_ERROR = -1;

export class ApiError<T = unknown> extends Error {
  readonly code: number;
  readonly msg: string;
  readonly data: T | null;
  /** The full answer (Login failures reject with it). */
  readonly response: Envelope<T> | null;
  /** Whether the user was already told about it (toast or sign-out). */
  readonly notified: boolean;

  constructor(code: number, msg: string, response: Envelope<T> | null, notified: boolean) {
    super(msg);
    this.name = 'ApiError';
    this.code = code;
    this.msg = msg;
    this.data = response?.data ?? null;
    this.response = response;
    this.notified = notified;
  }
}

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';
type Params = Record<string, unknown>;

export interface RequestOptions {
  method?: Method;
  /** Query parameters; for GET the payload (`data`) is sent this way too. */
  params?: Params;
  /**
   * Body: JSON, form-urlencoded when `form` is set, or multipart when it is a FormData (uploads).
   * For GET it becomes query parameters.
   */
  data?: unknown;
  form?: boolean;
  /** Do not show an error toast (the caller handles the failure). */
  silent?: boolean;
  /** Do not treat 600/601/602 as the end of the session. */
  skipSessionCheck?: boolean;
  signal?: AbortSignal;
}

export interface HttpClientDeps {
  /** e.g. '/api', or 'http://127.0.0.1:3000/api' in tests. */
  baseUrl: string;
  getToken(): string | null;
  clearToken(): void;
  notifyError(message: string): void;
  /** Called after the token was cleared because of a session code; should lead to /login. */
  onSessionExpired(message: string): void;
  /** The (translated) default error text: 请求出错，请重试. */
  defaultErrorMessage(): string;
  /** Clock for the `n` cache-busting parameter (unix seconds). */
  now?(): number;
  /** The interface language (zh-CN, zh-TW, en-US), sent as Accept-Language: menus come back in it. */
  language?(): string;
  fetch?: typeof fetch;
}

export interface HttpClient {
  /** Resolves with the whole envelope of a code-200 answer (when its `msg` is shown to the user). */
  send<T = unknown>(path: string, options?: RequestOptions): Promise<Envelope<T>>;
  request<T = unknown>(path: string, options?: RequestOptions): Promise<T>;
  get<T = unknown>(path: string, params?: Params, options?: RequestOptions): Promise<T>;
  post<T = unknown>(path: string, data?: unknown, options?: RequestOptions): Promise<T>;
  put<T = unknown>(path: string, data?: unknown, options?: RequestOptions): Promise<T>;
  delete<T = unknown>(path: string, data?: unknown, options?: RequestOptions): Promise<T>;
}

function appendParams(search: URLSearchParams, params: Params | undefined): void {
  if (!params) return;
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) {
      for (const item of value)
        search.append(key, typeof item === 'object' ? JSON.stringify(item) : String(item));
    } else if (typeof value === 'object') {
      search.append(key, JSON.stringify(value));
    } else {
      search.append(key, String(value));
    }
  }
}

export function buildUrl(
  baseUrl: string,
  path: string,
  params: Params | undefined,
  nowSeconds: number,
): string {
  const [pathname = '', query = ''] = path.split('?', 2);
  const search = new URLSearchParams(query);
  appendParams(search, params);
  search.set('n', String(nowSeconds));
  const base = baseUrl.replace(/\/+$/, '');
  const tail = pathname.startsWith('/') ? pathname : `/${pathname}`;
  return `${base}${tail}?${search.toString()}`;
}

function isEnvelope(value: unknown): value is Envelope {
  return typeof value === 'object' && value !== null && typeof (value as Envelope).code === 'number';
}

/**
 * Says to the server that this is the console's own client (server oauth/clientPages.ts): a client
 * that does not send it is offered only the pages the 3.4.7 client has.
 */
export const CLIENT_HEADERS: Readonly<Record<string, string>> = { 'x-console-client': 'console-web' };

export function createHttpClient(deps: HttpClientDeps): HttpClient {
  const now = deps.now ?? (() => Math.floor(Date.now() / 1000));
  const doFetch = deps.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => fetch(input, init));

  async function send<T>(path: string, options: RequestOptions = {}): Promise<Envelope<T>> {
    const method = options.method ?? 'GET';
    const headers: Record<string, string> = { 'jnpf-origin': 'pc', ...CLIENT_HEADERS };
    const token = deps.getToken();
    if (token) headers.Authorization = token;
    const language = deps.language?.();
    if (language) headers['Accept-Language'] = language;

    let params = options.params;
    let body: string | FormData | undefined;
    if (method === 'GET') {
      if (options.data && typeof options.data === 'object')
        params = { ...(options.data as Params), ...params };
    } else if (options.data !== undefined) {
      if (options.data instanceof FormData) {
        // The browser sets the multipart content type with its boundary.
        body = options.data;
      } else if (options.form) {
        const form = new URLSearchParams();
        appendParams(form, options.data as Params);
        body = form.toString();
        headers['Content-Type'] = 'application/x-www-form-urlencoded;charset=UTF-8';
      } else {
        body = JSON.stringify(options.data);
        headers['Content-Type'] = 'application/json;charset=UTF-8';
      }
    }

    const fail = (code: number, message: string | undefined, response: Envelope<T> | null): ApiError<T> => {
      const text = message?.trim() ? message : deps.defaultErrorMessage();
      if (!options.silent) deps.notifyError(text);
      return new ApiError<T>(code, text, response, !options.silent);
    };

    let envelope: unknown;
    try {
      const init: RequestInit = { method, headers, credentials: 'same-origin' };
      if (body !== undefined) init.body = body;
      if (options.signal) init.signal = options.signal;
      const response = await doFetch(buildUrl(deps.baseUrl, path, params, now()), init);
      const text = await response.text();
      envelope = text ? JSON.parse(text) : null;
    } catch (error) {
      if (options.signal?.aborted) throw error;
      throw fail(TRANSPORT_ERROR, undefined, null);
    }

    if (!isEnvelope(envelope)) throw fail(TRANSPORT_ERROR, undefined, null);
    const answer = envelope as Envelope<T>;
    if (answer.code === 200) return answer;

    const exempt = options.skipSessionCheck || SESSION_CHECK_EXEMPT.some((pattern) => pattern.test(path));
    if (SESSION_CODES.has(answer.code) && !exempt) {
      deps.clearToken();
      const text = answer.msg?.trim() ? answer.msg : deps.defaultErrorMessage();
      deps.onSessionExpired(text);
      throw new ApiError<T>(answer.code, text, answer, true);
    }
    throw fail(answer.code, answer.msg, answer);
  }

  const request = <T>(path: string, options?: RequestOptions): Promise<T> =>
    send<T>(path, options).then((answer) => answer.data);

  return {
    send,
    request,
    get: (path, params, options) => request(path, { ...options, method: 'GET', params }),
    post: (path, data, options) => request(path, { ...options, method: 'POST', data }),
    put: (path, data, options) => request(path, { ...options, method: 'PUT', data }),
    delete: (path, data, options) => request(path, { ...options, method: 'DELETE', data }),
  };
}

/** A list answer: either `{ list }` or the bare array (the platform answers both ways). */
export type ListAnswer<T> = { list?: T[] | null } | T[] | null | undefined;

/** The rows of a list answer. */
export function listOf<T>(answer: ListAnswer<T>): T[] {
  if (Array.isArray(answer)) return answer;
  return answer?.list ?? [];
}
