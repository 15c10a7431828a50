import { describe, expect, it } from 'vitest';
import { classNameOf } from './code-dialog';

describe('classNameOf', () => {
  it('makes a class name the server accepts from a design code', () => {
    expect(classNameOf('leave_form.v2')).toBe('LeaveFormV2');
    expect(classNameOf('leaveForm')).toBe('LeaveForm');
    expect(classNameOf('2024_report')).toBe('Report');
    expect(classNameOf('___')).toBe('GeneratedForm');
    expect(classNameOf('a'.repeat(60))).toBe('GeneratedForm');
  });
});
