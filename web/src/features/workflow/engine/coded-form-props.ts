import type { FormInstance } from 'antd';

// Its own module so that a coded form (extend/crmOrder) can name its props without importing the
// registry (coded-forms.tsx) that loads it.

/** What a coded flow form component gets from the flow detail page. */
export interface CodedFormProps {
  form: FormInstance;
  values: Record<string, unknown>;
  readOnly: boolean;
}
