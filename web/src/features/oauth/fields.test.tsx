import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useFormValues } from './fields';

describe('useFormValues', () => {
  it('keeps every change made before React renders again', () => {
    const { result } = renderHook(() => useFormValues(() => ({ account: '', password: '' })));
    act(() => {
      // Two change events in one turn, as autofill or fast typing produce them.
      result.current[1]({ account: 'admin' });
      result.current[1]({ password: 'secret' });
    });
    expect(result.current[0]).toEqual({ account: 'admin', password: 'secret' });
  });
});
