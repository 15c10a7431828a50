import { http } from '../../base/api';
import type { LoginAnswer } from './api';

/** One provider the sign-in page offers (getLoginConfig's socialsList). */
export interface SocialProvider {
  enname: 'wechat_enterprise' | 'dingtalk' | 'feishu' | string;
  name: string;
  icon: string;
  /** Opened in a window with JNPF_TICKET replaced by the page's ticket. */
  renderUrl: string;
}

interface LoginPageConfig {
  socialsList?: SocialProvider[];
}

/** GET /api/oauth/getLoginConfig: the configured social providers (empty when none). */
export async function getSocialProviders(): Promise<SocialProvider[]> {
  const config = await http.get<LoginPageConfig>('/oauth/getLoginConfig', undefined, { silent: true });
  return config.socialsList ?? [];
}

/** POST /api/oauth/Login/socials: the console password binds the provider user the ticket carries. */
export async function bindAndSignIn(input: {
  account: string;
  password: string;
  ticket: string;
}): Promise<LoginAnswer> {
  const { md5 } = await import('js-md5');
  return http.post<LoginAnswer>(
    '/oauth/Login/socials',
    {
      account: input.account,
      password: md5(input.password),
      origin: 'password',
      jnpf_ticket: input.ticket,
      grant_type: 'password',
    },
    { form: true },
  );
}
