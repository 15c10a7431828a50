import { describe, expect, it } from 'vitest';
import { adminList, NO_RIGHTS, rightsOf, setRight } from './rights';

describe('grade administrator rights', () => {
  it('checking add, edit or delete of a layer checks seeing that layer', () => {
    const next = setRight(NO_RIGHTS, 'subLayerEdit', true);
    expect(next).toMatchObject({ subLayerEdit: 1, subLayerSelect: 1, thisLayerSelect: 0 });
  });

  it('unchecking seeing a layer clears its add, edit and delete only', () => {
    let rights = setRight(NO_RIGHTS, 'thisLayerAdd', true);
    rights = setRight(rights, 'thisLayerDelete', true);
    rights = setRight(rights, 'subLayerAdd', true);
    const next = setRight(rights, 'thisLayerSelect', false);
    expect(next).toMatchObject({ thisLayerSelect: 0, thisLayerAdd: 0, thisLayerDelete: 0, subLayerAdd: 1 });
  });

  it('sends only units with a right', () => {
    const units = new Map([
      ['A', setRight(NO_RIGHTS, 'thisLayerSelect', true)],
      ['B', NO_RIGHTS],
      ['C', rightsOf({ subLayerAdd: 1, subLayerSelect: '1' })],
    ]);
    expect(adminList(units).map((unit) => unit.organizeId)).toEqual(['A', 'C']);
    expect(adminList(units)[1]).toMatchObject({ subLayerSelect: 1, subLayerAdd: 1, thisLayerSelect: 0 });
  });
});
