import { http } from '../../base/api';

export interface LoginConfig {
  enableVerificationCode: 0 | 1 | number;
  verificationCodeNumber: number;
}

export interface LoginAnswer {
  /** Full Authorization header value: "Bearer <token>". */
  token: string;
  theme?: string | null;
}

export interface PasswordLoginInput {
  account: string;
  /** As typed; hashed here. */
  password: string;
  code?: string;
  timestamp?: number;
}

/** Whether the account must solve an image code, and its length. */
export function getLoginConfig(account: string): Promise<LoginConfig> {
  return http.get<LoginConfig>(`/oauth/getConfig/${encodeURIComponent(account)}`, undefined, {
    silent: true,
  });
}

/** Address of the login image code for a timestamp (the code is kept under it on the server). */
export function loginImageCodeUrl(length: number, timestamp: number): string {
  return `/api/oauth/ImageCode/${length}/${timestamp}`;
}

/** POST /api/oauth/Login, form-urlencoded; failures reject with the full answer (ApiError.response). */
export async function passwordLogin(input: PasswordLoginInput): Promise<LoginAnswer> {
  // Loaded on submit: keeps the hash out of what the sign-in page needs to become usable.
  const { md5 } = await import('js-md5');
  return http.post<LoginAnswer>(
    '/oauth/Login',
    {
      account: input.account,
      password: md5(input.password),
      code: input.code ?? '',
      timestamp: input.timestamp ?? '',
      origin: 'password',
      jnpf_ticket: '',
      grant_type: 'password',
    },
    { form: true },
  );
}
