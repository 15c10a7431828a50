import type { KbGrantLevel as GrantLevel, KbObjectType as GrantObjectType } from '@console/shared';
import { splitTypedId, typedId } from '../../../widgets/org-picker';
import { CURRENT_USER } from '../../../widgets/org-picker/selection';
import type { KnowledgeGrant } from './api';

/** Picker node kind of each grant object type (units are stored as departments: resolved by id). */
const KIND_OF: Record<GrantObjectType, string | null> = {
  User: null,
  Role: 'role',
  Position: 'position',
  Organize: 'department',
};

const TYPE_OF: Record<string, GrantObjectType> = {
  role: 'Role',
  position: 'Position',
  company: 'Organize',
  department: 'Organize',
};

/** The multiple user picker's value (users plain, the rest id--kind) for the grants of one level. */
export function pickerValueOf(grants: readonly KnowledgeGrant[], level: GrantLevel): string[] {
  return grants
    .filter((grant) => grant.level === level)
    .map((grant) => {
      const kind = KIND_OF[grant.objectType];
      return kind ? typedId(grant.objectId, kind) : grant.objectId;
    });
}

/**
 * Grants of one level from the picker's value. Kinds a base cannot be granted to (groups, the current-user variable) are
 * answered in `refused` so that the form can say so instead of dropping them silently.
 */
export function grantsOf(
  value: readonly string[] | undefined,
  level: GrantLevel,
): { grants: KnowledgeGrant[]; refused: string[] } {
  const grants: KnowledgeGrant[] = [];
  const refused: string[] = [];
  const seen = new Set<string>();
  for (const key of value ?? []) {
    const { id, type } = splitTypedId(key);
    const objectType = type === undefined ? 'User' : TYPE_OF[type];
    if (!objectType || key === CURRENT_USER) {
      refused.push(key);
      continue;
    }
    if (seen.has(`${objectType}:${id}`)) continue;
    seen.add(`${objectType}:${id}`);
    grants.push({ objectType, objectId: id, level });
  }
  return { grants, refused };
}
