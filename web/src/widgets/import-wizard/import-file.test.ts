import { describe, expect, it } from 'vitest';
import { checkImportFile, IMPORT_MAX_BYTES } from './api';

describe('checkImportFile (widgets.md "Import file")', () => {
  it('accepts xls and xlsx up to 500 KB, whatever the case of the extension', () => {
    expect(checkImportFile({ name: 'users.xlsx', size: IMPORT_MAX_BYTES })).toBeNull();
    expect(checkImportFile({ name: 'USERS.XLS', size: 10 })).toBeNull();
  });
  it('refuses other types and files over 500 KB', () => {
    expect(checkImportFile({ name: 'users.csv', size: 10 })).toBe('badType');
    expect(checkImportFile({ name: 'xlsx', size: 10 })).toBe('badType');
    expect(checkImportFile({ name: 'users.xlsx', size: IMPORT_MAX_BYTES + 1 })).toBe('tooLarge');
  });
});
