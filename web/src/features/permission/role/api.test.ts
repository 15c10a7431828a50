import { describe, expect, it } from 'vitest';
import type { PickerNode } from '../../../widgets/org-picker/selection';
import { unitIdsOf, unitPaths } from './api';

const units: PickerNode[] = [
  {
    id: 'A',
    fullName: 'A',
    type: 'company',
    organizeIds: ['A'],
    children: [{ id: 'A1', fullName: 'A1', type: 'department', organizeIds: ['A', 'A1'] }],
  },
];

describe('role units', () => {
  it('turns picked unit ids into id paths and back', () => {
    expect(unitPaths(['A1', 'A'], units)).toEqual([['A', 'A1'], ['A']]);
    // a unit the tree does not hold (yet) is sent as a one-step path
    expect(unitPaths(['X'], units)).toEqual([['X']]);
    expect(unitIdsOf([['A', 'A1'], ['A'], []])).toEqual(['A1', 'A']);
  });
});
