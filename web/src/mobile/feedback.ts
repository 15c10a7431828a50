import type { MessageInstance } from 'antd/es/message/interface';
import { Toast } from 'antd-mobile';
import { registerMessageApi } from '../base/api/feedback';

/**
 * The HTTP client reports failures through base/api/feedback, made for antd's message API; the
 * mobile app answers the three calls it makes with antd-mobile toasts instead.
 */
export function registerMobileToasts(): void {
  const show = (icon: 'fail' | 'success' | undefined) => (content: unknown) => {
    Toast.show({ icon, content: String(content) });
    return Promise.resolve(true);
  };
  const api = { error: show('fail'), warning: show(undefined), success: show('success') };
  registerMessageApi(api as unknown as MessageInstance);
}

export function toastOk(text: string): void {
  Toast.show({ icon: 'success', content: text });
}
