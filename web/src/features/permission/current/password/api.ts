import { http } from '../../../../base/api';

export interface PasswordChangeInput {
  oldPassword: string;
  newPassword: string;
  code: string;
  timestamp: number;
}

/** Sends a password change; resolves with the server's msg. */
export type PasswordChangeSender = (input: PasswordChangeInput) => Promise<string>;

/** Address of the dialog's image code (the server keeps the code under the timestamp). */
export function imageCodeUrl(timestamp: number): string {
  return `/api/file/ImageCode/${timestamp}`;
}

/** Both calls take the same body: the passwords as MD5 hex, the image code and its timestamp. */
async function sendChange(path: string, input: PasswordChangeInput): Promise<string> {
  const { md5 } = await import('js-md5');
  const answer = await http.send(path, {
    method: 'POST',
    data: {
      oldPassword: md5(input.oldPassword),
      password: md5(input.newPassword),
      code: input.code,
      timestamp: input.timestamp,
    },
  });
  return answer.msg;
}

/** POST /api/oauth/updatePasswordMessage (the mandatory change after sign-in). */
export const changePassword: PasswordChangeSender = (input) =>
  sendChange('/oauth/updatePasswordMessage', input);

/** POST /api/permission/Users/Current/Actions/ModifyPassword (personal profile). */
export const modifyPassword: PasswordChangeSender = (input) =>
  sendChange('/permission/Users/Current/Actions/ModifyPassword', input);
