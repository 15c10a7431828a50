/** "Remember account" of the sign-in page, kept locally. */
const ACCOUNT_KEY = 'console_login_account';

export function rememberedAccount(): string | null {
  try {
    return localStorage.getItem(ACCOUNT_KEY);
  } catch {
    return null;
  }
}

export function rememberAccount(account: string | null): void {
  try {
    if (account) localStorage.setItem(ACCOUNT_KEY, account);
    else localStorage.removeItem(ACCOUNT_KEY);
  } catch {
    // storage unavailable: nothing is remembered
  }
}

/** Only same-app paths are followed after sign-in. */
export function safeRedirect(redirect: string | null): string {
  if (!redirect?.startsWith('/') || redirect.startsWith('//')) return '/';
  if (redirect === '/login' || redirect.startsWith('/login?')) return '/';
  return redirect;
}

/** Whether a failed Login answer asks for the image code. */
export function asksForCode(msg: string | undefined): boolean {
  return !!msg && /验证码|驗證碼|verification code|captcha/i.test(msg);
}

/** "Remember phone number" of the phone-code mode, kept locally like the account. */
const MOBILE_KEY = 'console_login_mobile';

export function rememberedMobile(): string | null {
  try {
    return localStorage.getItem(MOBILE_KEY);
  } catch {
    return null;
  }
}

export function rememberMobile(mobile: string | null): void {
  try {
    if (mobile) localStorage.setItem(MOBILE_KEY, mobile);
    else localStorage.removeItem(MOBILE_KEY);
  } catch {
    // storage unavailable: nothing is remembered
  }
}
