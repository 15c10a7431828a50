import { http } from '../../../base/api';

/** A row of the user list. */
export interface UserRow {
  id: string;
  account: string;
  realName: string;
  gender?: number | null;
  mobilePhone?: string | null;
  organizeName?: string | null;
  organize?: string | null;
  enabledMark: number;
  creatorTime?: number | null;
  sortCode?: number;
}

/** The user form (POST / PUT /api/permission/Users). Relations travel as comma-joined ids. */
export interface UserForm {
  id?: string;
  account: string;
  realName: string;
  nickName?: string;
  gender?: number | null;
  headIcon?: string;
  organizeId: string;
  managerId?: string | null;
  positionId?: string;
  roleId?: string;
  groupId?: string;
  mobilePhone?: string;
  telePhone?: string;
  landline?: string;
  email?: string;
  entryDate?: number | null;
  birthday?: number | null;
  nation?: string;
  nativePlace?: string;
  certificatesType?: string;
  certificatesNumber?: string;
  education?: string;
  urgentContacts?: string;
  urgentTelePhone?: string;
  postalAddress?: string;
  sortCode?: number;
  enabledMark?: number;
  description?: string;
  version?: number;
}

export interface UserQuery {
  keyword: string;
  currentPage: number;
  pageSize: number;
  organizeId?: string;
}

export interface Paged<T> {
  list: T[];
  pagination: { currentPage: number; pageSize: number; total: number };
}

/** A unit of the organisation tree (company or department). */
export interface OrganizeNode {
  id: string;
  parentId: string;
  fullName: string;
  type?: string;
  category?: string;
  hasChildren?: boolean;
  children?: OrganizeNode[];
}

export const USERS = '/permission/Users';

export const userKeys = {
  all: ['permissionUser'] as const,
  list: (query: UserQuery) => ['permissionUser', 'list', query] as const,
  tree: ['permissionUser', 'organizeTree'] as const,
};

export function fetchUsers(query: UserQuery): Promise<Paged<UserRow>> {
  return http.get<Paged<UserRow>>(USERS, { ...query });
}

/**
 * Companies and departments the signed-in administrator may manage (a grade administrator sees
 * their subtree, its ancestors marked disabled).
 */
export async function fetchOrganizeTree(): Promise<OrganizeNode[]> {
  const data = await http.get<{ list: OrganizeNode[] }>('/permission/Organize/Department/SelectorByAuth/0');
  return data.list ?? [];
}

export function fetchUser(id: string): Promise<UserForm> {
  return http.get<UserForm>(`${USERS}/${id}`);
}

/**
 * Saves the user form. A new user's answer carries the one-time initial password the server
 * generated (data.password): it is shown once, the user changes it at the first sign-in.
 */
export async function saveUser(form: UserForm): Promise<{ msg: string; password?: string }> {
  if (form.id) return { msg: (await http.send(`${USERS}/${form.id}`, { method: 'PUT', data: form })).msg };
  const answer = await http.send<{ id: string; password?: string } | null>(USERS, {
    method: 'POST',
    data: form,
  });
  return { msg: answer.msg, password: answer.data?.password };
}

export async function deleteUser(id: string): Promise<string> {
  return (await http.send(`${USERS}/${id}`, { method: 'DELETE' })).msg;
}

export async function toggleUser(id: string): Promise<string> {
  return (await http.send(`${USERS}/${id}/Actions/State`, { method: 'PUT' })).msg;
}

export async function unlockUser(id: string): Promise<string> {
  return (await http.send(`${USERS}/${id}/Actions/unlock`, { method: 'PUT' })).msg;
}

/**
 * Resets a password: the administrator's choice (sent twice as MD5 like every password), or, with
 * neither sent, a random one the server generates and answers once as data.password.
 */
export async function resetPassword(
  id: string,
  choice: { random: true } | { password: string },
): Promise<{ msg: string; password?: string }> {
  let data: Record<string, unknown> = {};
  if (!('random' in choice)) {
    const { md5 } = await import('js-md5');
    const hashed = md5(choice.password);
    data = { userPassword: hashed, validatePassword: hashed };
  }
  const answer = await http.send<{ password?: string } | null>(`${USERS}/${id}/Actions/ResetPassword`, {
    method: 'POST',
    data,
  });
  return { msg: answer.msg, password: answer.data?.password };
}

/** Exports the users matching the list's filter; the answer names the file. */
export function exportUsers(
  query: Omit<UserQuery, 'currentPage' | 'pageSize'>,
): Promise<{ name: string; url: string }> {
  return http.get<{ name: string; url: string }>(`${USERS}/ExportExcel`, { ...query, dataType: 1 });
}
