import type { AuthorizeTab, AuthorizeValues, GrantObjectType } from '@console/shared';
import { http } from '../../../base/api';

const BASE = '/permission/Authority';

export const authorizeKeys = {
  all: ['authorize'] as const,
  values: (objectType: string, objectId: string, tab: AuthorizeTab, moduleIds: string) =>
    ['authorize', objectType, objectId, tab, moduleIds] as const,
};

/**
 * One tab's tree for the object, narrowed by the applications (menu tab) or menus (item tabs) chosen.
 * With nothing chosen the tree is empty: the server reads an empty list as "all" (3.4.7), which would
 * show menus of applications the object is not given.
 */
export function fetchAuthorizeValues(
  objectType: GrantObjectType,
  objectId: string,
  type: AuthorizeTab,
  moduleIds: readonly string[],
): Promise<AuthorizeValues> {
  if (type !== 'system' && moduleIds.length === 0) return Promise.resolve({ list: [], ids: [], all: [] });
  return http.post<AuthorizeValues>(`${BASE}/Data/${objectId}/Values`, {
    type,
    moduleIds: moduleIds.join(','),
    objectType,
  });
}

export type GrantPayload = Partial<
  Record<'systemIds' | 'module' | 'button' | 'column' | 'form' | 'resource', string[]>
>;

/** Replaces the object's grants of every tab sent. */
export async function saveAuthorize(
  objectType: GrantObjectType,
  objectId: string,
  payload: GrantPayload,
): Promise<string> {
  return (await http.send(`${BASE}/Data/${objectId}`, { method: 'PUT', data: { objectType, ...payload } }))
    .msg;
}
