import { createContext, useContext } from 'react';
import type { FormRuntime } from './types';

export const FormRuntimeContext = createContext<FormRuntime | null>(null);

/** The runtime of the form a field sits in: schema, antd form instance, read-only flag, grants. */
export function useFormRuntime(): FormRuntime {
  const runtime = useContext(FormRuntimeContext);
  if (!runtime) throw new Error('useFormRuntime outside a FormRenderer');
  return runtime;
}
