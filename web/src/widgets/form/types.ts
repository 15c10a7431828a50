import type { FormInstance, RowProps } from 'antd';
import type { ReactNode } from 'react';

/*
 * The form schema of forms.md 1 as the renderer sees it. Until packages/shared/src/form (F1) is
 * committed this is a loose structural type; every component imports it from here, so switching
 * to the shared zod types changes this file only.
 */

/** One regList entry: a "/regex/flags" string and the message shown when it does not match. */
export interface RegRule {
  pattern: string;
  message: string;
}

/** `__config__` of a field (forms.md 1.1). */
export interface FieldConfig {
  jnpfKey: string;
  label?: string;
  tipLabel?: string;
  showLabel?: boolean;
  labelWidth?: number;
  formId?: number;
  layout?: string;
  span?: number;
  required?: boolean;
  regList?: RegRule[];
  trigger?: string | string[];
  defaultValue?: unknown;
  noShow?: boolean;
  visibility?: string[];
  children?: FormField[];
  [key: string]: unknown;
}

/** A field or container of `fields` (forms.md 1.1). */
export interface FormField {
  __config__: FieldConfig;
  __vModel__?: string;
  __slot__?: { prepend?: string; append?: string; default?: string; options?: unknown[] };
  placeholder?: string;
  disabled?: boolean;
  readonly?: boolean;
  [key: string]: unknown;
}

/** The form definition: form config keys spread flat plus `fields` (forms.md 1). */
export interface FormSchema {
  fields: FormField[];
  size?: 'medium' | 'small' | 'mini' | string;
  labelPosition?: 'left' | 'right' | 'top' | string;
  labelWidth?: number;
  gutter?: number;
  disabled?: boolean;
  [key: string]: unknown;
}

/**
 * What every leaf field component receives. The renderer wraps it in an antd Form.Item named by
 * `__vModel__`, which supplies `value`, `onChange` and `id`; the rest comes from the schema.
 */
export interface FieldProps<V = unknown, F extends FormField = FormField> {
  field: F;
  value?: V;
  onChange?: (value: V) => void;
  id?: string;
  /** The field or the whole form is disabled (inputs shown greyed). */
  disabled: boolean;
  /** Detail view: show the value as text, no inputs. */
  readOnly: boolean;
}

/** What a layout container component receives (row, card, tab, collapse, tableGrid, ...). */
export interface ContainerProps<F extends FormField = FormField> {
  field: F;
  /** Renders child fields in a grid row with the renderer's layout, rules and permissions. */
  renderFields: (fields: FormField[], row?: RowProps) => ReactNode;
  readOnly: boolean;
}

/** Shared by every field of one rendered form (read with useFormRuntime). */
export interface FormRuntime {
  schema: FormSchema;
  form: FormInstance;
  readOnly: boolean;
  /** Form permission (widgets.md 6): is a field code granted? Sub-table fields use "table-field". */
  isGranted: (code: string) => boolean;
  /** Renders fields in a grid row (containers use it). */
  renderFields: (fields: FormField[], row?: RowProps) => ReactNode;
}
