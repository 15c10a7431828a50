import type {
  AuthorizeNode,
  CurrentBaseInfo,
  SignImgEntry,
  SignInRecord,
  SubordinateNode,
  UploadResult,
  UserMembership,
} from '@console/shared';
import { http, listOf } from '../../../base/api';

export type {
  AuthorizeNode,
  CurrentBaseInfo,
  SignImgEntry,
  SignInRecord,
  SubordinateNode,
  UploadResult,
  UserMembership,
};

const CURRENT = '/permission/Users/Current';

/** The editable fields of the base-info form (PUT BaseInfo accepts these and `version` only). */
export type EditableBaseInfo = Pick<
  CurrentBaseInfo,
  | 'realName'
  | 'nickName'
  | 'gender'
  | 'birthday'
  | 'mobilePhone'
  | 'email'
  | 'nation'
  | 'nativePlace'
  | 'certificatesType'
  | 'certificatesNumber'
  | 'education'
  | 'telePhone'
  | 'landline'
  | 'urgentContacts'
  | 'urgentTelePhone'
  | 'postalAddress'
  | 'signature'
  | 'description'
>;

export interface Paged<T> {
  list: T[];
  pagination: { currentPage: number; pageSize: number; total: number };
}

export const profileKeys = {
  baseInfo: ['profile', 'baseInfo'] as const,
  signImgs: ['profile', 'signImgs'] as const,
  subordinates: (id: string) => ['profile', 'subordinates', id] as const,
  authorize: ['profile', 'authorize'] as const,
  log: (query: SystemLogParams) => ['profile', 'log', query] as const,
  organizes: ['profile', 'organizes'] as const,
  positions: ['profile', 'positions'] as const,
  roles: ['profile', 'roles'] as const,
};

export const getBaseInfo = () => http.get<CurrentBaseInfo>(`${CURRENT}/BaseInfo`);

/** Resolves with the server's msg; a stale version rejects with code 400. */
export async function saveBaseInfo(values: EditableBaseInfo & { version: number }): Promise<string> {
  return (await http.send(`${CURRENT}/BaseInfo`, { method: 'PUT', data: values })).msg;
}

export async function setAvatar(name: string): Promise<string> {
  return (await http.send(`${CURRENT}/Avatar/${encodeURIComponent(name)}`, { method: 'PUT' })).msg;
}

export async function setSystemTheme(theme: string): Promise<string> {
  return (await http.send(`${CURRENT}/SystemTheme`, { method: 'PUT', data: { theme } })).msg;
}

export async function setSystemLanguage(language: string): Promise<string> {
  return (await http.send(`${CURRENT}/SystemLanguage`, { method: 'PUT', data: { language } })).msg;
}

export const getSubordinates = (id: string) =>
  http
    .get<SubordinateNode[] | { list: SubordinateNode[] }>(`${CURRENT}/Subordinate/${encodeURIComponent(id)}`)
    .then(listOf);

export const getAuthorize = () =>
  http.get<AuthorizeNode[] | { list: AuthorizeNode[] }>(`${CURRENT}/Authorize`).then(listOf);

export interface SystemLogParams {
  currentPage: number;
  pageSize: number;
  keyword?: string;
  startTime?: number;
  endTime?: number;
}

export const getSystemLog = (params: SystemLogParams) =>
  http.get<Paged<SignInRecord>>(`${CURRENT}/SystemLog`, { ...params });

export const getUserOrganizes = () =>
  http.get<UserMembership[] | { list: UserMembership[] }>(`${CURRENT}/getUserOrganizes`).then(listOf);
export const getUserPositions = () =>
  http.get<UserMembership[] | { list: UserMembership[] }>(`${CURRENT}/getUserPositions`).then(listOf);
export const getUserRoles = () =>
  http.get<UserMembership[] | { list: UserMembership[] }>(`${CURRENT}/getUserRoles`).then(listOf);

export async function switchMajor(majorId: string, majorType: 'Organize' | 'Position'): Promise<string> {
  return (await http.send(`${CURRENT}/major`, { method: 'PUT', data: { majorId, majorType } })).msg;
}

export const getSignImgs = () =>
  http.get<SignImgEntry[] | { list: SignImgEntry[] }>(`${CURRENT}/SignImg`).then(listOf);

export async function addSignImg(signImg: string, isDefault: boolean): Promise<string> {
  return (await http.send(`${CURRENT}/SignImg`, { method: 'POST', data: { signImg, isDefault } })).msg;
}

export async function setDefaultSignImg(id: string): Promise<string> {
  return (await http.send(`${CURRENT}/${encodeURIComponent(id)}/SignImg`, { method: 'PUT' })).msg;
}

export async function deleteSignImg(id: string): Promise<string> {
  return (await http.send(`${CURRENT}/${encodeURIComponent(id)}/SignImg`, { method: 'DELETE' })).msg;
}

/** Upload limits of the avatar and signature tabs. */
export const IMAGE_MAX_BYTES = 5 * 1024 * 1024;
export const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/bmp', 'image/webp'];

/** POST /api/file/Uploader/{type}, multipart `file`, through the console's client. */
export function uploadImage(type: 'userAvatar' | 'signImg', file: File): Promise<UploadResult> {
  const body = new FormData();
  body.append('file', file);
  return http.post<UploadResult>(`/file/Uploader/${type}`, body);
}
