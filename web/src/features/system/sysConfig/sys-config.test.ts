import { describe, expect, it } from 'vitest';
import { pickSettings } from './sys-config-page';

describe('system configuration', () => {
  it('sends only the settings the page edits and the server knows', () => {
    const loaded = { sysName: 'A', tokenTimeout: 120, qyhCorpId: '' };
    const values = { sysName: 'B', tokenTimeout: 60, qyhCorpId: null, dingSynAppKey: 'k', other: 'x' };
    expect(pickSettings(values, loaded)).toEqual({ sysName: 'B', tokenTimeout: 60, qyhCorpId: '' });
  });
});
