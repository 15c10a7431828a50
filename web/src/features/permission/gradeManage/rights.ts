import { GRADE_RIGHTS, type GradeRight, type GradeUnitRights } from '@console/shared';

export type Rights = Record<GradeRight, 0 | 1>;

export const NO_RIGHTS: Rights = Object.fromEntries(GRADE_RIGHTS.map((key) => [key, 0])) as Rights;

const LAYERS = ['thisLayer', 'subLayer'] as const;

/**
 * Sets one right of a unit. Adding, editing or deleting in a layer needs seeing it, so checking
 * one of them checks 'select' of that layer, and unchecking 'select' clears the others.
 */
export function setRight(rights: Rights, key: GradeRight, checked: boolean): Rights {
  const next: Rights = { ...rights, [key]: checked ? 1 : 0 };
  const layer = LAYERS.find((prefix) => key.startsWith(prefix));
  if (!layer) return next;
  if (checked && !key.endsWith('Select')) next[`${layer}Select`] = 1;
  if (!checked && key.endsWith('Select')) {
    next[`${layer}Add`] = 0;
    next[`${layer}Edit`] = 0;
    next[`${layer}Delete`] = 0;
  }
  return next;
}

export function hasAnyRight(rights: Rights): boolean {
  return GRADE_RIGHTS.some((key) => rights[key] === 1);
}

export function rightsOf(source: Partial<Record<GradeRight, unknown>>): Rights {
  return Object.fromEntries(GRADE_RIGHTS.map((key) => [key, Number(source[key]) === 1 ? 1 : 0])) as Rights;
}

/** The body's unit list: every unit with at least one right, in the order given. */
export function adminList(byUnit: ReadonlyMap<string, Rights>): GradeUnitRights[] {
  const out: GradeUnitRights[] = [];
  for (const [organizeId, rights] of byUnit) if (hasAnyRight(rights)) out.push({ organizeId, ...rights });
  return out;
}
