import type { ReactNode } from 'react';

/** How the detail view shows a value: plain text, '' when empty. */
export function ReadOnlyValue({ children }: { children?: ReactNode }) {
  return <div className="form-detail-value">{children}</div>;
}
