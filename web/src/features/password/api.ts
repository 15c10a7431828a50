import { http } from '../../api';

export interface PasswordChangeInput {
  oldPassword: string;
  newPassword: string;
  code: string;
  timestamp: number;
}

/** Address of the dialog's image code (the server keeps the code under the timestamp). */
export function imageCodeUrl(timestamp: number): string {
  return `/api/file/ImageCode/${timestamp}`;
}

/** POST /api/oauth/updatePasswordMessage; passwords are MD5-hashed. Resolves with the server's msg. */
export async function changePassword(input: PasswordChangeInput): Promise<string> {
  const { md5 } = await import('js-md5');
  const answer = await http.send('/oauth/updatePasswordMessage', {
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
