// @vitest-environment node
import { describe, expect, it } from 'vitest';
import type { KnowledgeGrant } from './api';
import { grantsOf, pickerValueOf } from './grants';

describe('knowledge base grants and the user picker', () => {
  const grants: KnowledgeGrant[] = [
    { objectType: 'Role', objectId: 'r1', level: 'use' },
    { objectType: 'User', objectId: 'u1', level: 'manage' },
    { objectType: 'Organize', objectId: 'o1', level: 'use' },
    { objectType: 'Position', objectId: 'p1', level: 'use' },
  ];

  it('turns the grants of one level into picker keys', () => {
    expect(pickerValueOf(grants, 'use')).toEqual(['r1--role', 'o1--department', 'p1--position']);
    expect(pickerValueOf(grants, 'manage')).toEqual(['u1']);
  });

  it('reads picker keys back, companies and departments both as units, without duplicates', () => {
    const { grants: back, refused } = grantsOf(
      ['r1--role', 'o1--department', 'c1--company', 'p1--position', 'u2', 'u2'],
      'use',
    );
    expect(back).toEqual([
      { objectType: 'Role', objectId: 'r1', level: 'use' },
      { objectType: 'Organize', objectId: 'o1', level: 'use' },
      { objectType: 'Organize', objectId: 'c1', level: 'use' },
      { objectType: 'Position', objectId: 'p1', level: 'use' },
      { objectType: 'User', objectId: 'u2', level: 'use' },
    ]);
    expect(refused).toEqual([]);
  });

  it('refuses groups and the current-user variable instead of dropping them', () => {
    expect(grantsOf(['g1--group', 'u1', 'currentUser'], 'manage')).toEqual({
      grants: [{ objectType: 'User', objectId: 'u1', level: 'manage' }],
      refused: ['g1--group', 'currentUser'],
    });
  });
});
