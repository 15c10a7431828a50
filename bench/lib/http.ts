import { createHash } from 'node:crypto';

/** Lower-case hex MD5: what the sign-in page sends instead of the typed password. */
export const md5 = (text: string) => createHash('md5').update(text).digest('hex');

/** Every request says it comes from the PC client, as the web client does. */
export const ORIGIN_HEADERS = { 'jnpf-origin': 'pc' } as const;

export interface Envelope<T = unknown> {
  status: number;
  code: number | undefined;
  msg: string | undefined;
  data: T;
  bytes: number;
}

/** One request over loopback; answers the parsed envelope. */
export async function call<T = unknown>(
  baseUrl: string,
  method: string,
  path: string,
  options: { token?: string; json?: unknown; form?: Record<string, string> } = {},
): Promise<Envelope<T>> {
  const headers: Record<string, string> = { ...ORIGIN_HEADERS };
  if (options.token) headers.authorization = options.token;
  let body: string | undefined;
  if (options.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.json);
  } else if (options.form) {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    body = new URLSearchParams(options.form).toString();
  }
  const response = await fetch(`${baseUrl}${path}`, { method, headers, body });
  const text = await response.text();
  const parsed = text.startsWith('{') ? JSON.parse(text) : { data: text };
  return {
    status: response.status,
    code: parsed.code,
    msg: parsed.msg,
    data: parsed.data as T,
    bytes: Buffer.byteLength(text),
  };
}

/** The sign-in form of the contract (Sign-in): password is the MD5 of what was typed. */
export const loginForm = (account: string, password: string) => ({
  account,
  password: md5(password),
  code: '',
  timestamp: '',
  origin: 'password',
  grant_type: 'password',
});

export async function login(baseUrl: string, account: string, password: string): Promise<string> {
  const answer = await call<{ token: string }>(baseUrl, 'POST', '/api/oauth/Login', {
    form: loginForm(account, password),
  });
  if (answer.code !== 200) throw new Error(`sign-in as ${account} failed: ${answer.code} ${answer.msg}`);
  return answer.data.token;
}
