import type { FormInstance, RowProps } from 'antd';
import type { ComponentType, ReactNode } from 'react';

/*
 * The form schema of forms.md 1 as the renderer reads it: structurally, so a component reads its
 * own props without narrowing. packages/shared's parseFormData (FieldOf<K>, FormDefinition)
 * validates a schema; its result is assignable to these types.
 */

/** One regList entry: a "/regex/flags" string and the message shown when it does not match. */
export interface RegRule {
  pattern: string;
  message: string;
}

/** `__config__` of a field (forms.md 1.1). */
export interface FieldConfig {
  jnpfKey: string;
  label?: string | null;
  tipLabel?: string | null;
  showLabel?: boolean | null;
  labelWidth?: number | null;
  formId?: number | string | null;
  layout?: string | null;
  span?: number | null;
  required?: boolean | null;
  regList?: RegRule[] | null;
  trigger?: string | readonly string[] | null;
  defaultValue?: unknown | null;
  noShow?: boolean | null;
  visibility?: string[] | null;
  children?: FormField[] | null;
  [key: string]: unknown;
}

/** A field or container of `fields` (forms.md 1.1). */
export interface FormField {
  __config__: FieldConfig;
  __vModel__?: string | null;
  __slot__?: {
    prepend?: string | null;
    append?: string | null;
    default?: string | null;
    options?: unknown[] | null;
  } | null;
  placeholder?: string | null;
  disabled?: boolean | null;
  readonly?: boolean | null;
  [key: string]: unknown;
}

/** The form definition: form config keys spread flat plus `fields` (forms.md 1). */
export interface FormSchema {
  fields: FormField[];
  size?: 'medium' | 'small' | 'mini' | string | null;
  labelPosition?: 'left' | 'right' | 'top' | string | null;
  labelWidth?: number | null;
  gutter?: number | null;
  disabled?: boolean | null;
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
  /** The sub-table row (its Form.List name) when the field is a cell of one. */
  rowIndex?: number;
}

/** What a layout container component receives (row, card, tab, collapse, tableGrid, ...). */
export interface ContainerProps<F extends FormField = FormField> {
  field: F;
  /** Renders child fields in a grid row with the renderer's layout, rules and permissions. */
  renderFields: (fields: FormField[], row?: RowProps) => ReactNode;
  readOnly: boolean;
}

export interface FormRendererProps {
  schema: FormSchema;
  /** The caller's form instance (submit with submitValues(form)). */
  form?: FormInstance;
  /** Stored values to show or edit; missing keys take the fields' defaults. */
  values?: Record<string, unknown>;
  /** Detail view: values as text, nothing editable. */
  readOnly?: boolean;
  /**
   * Form permission codes granted (widgets.md 6): a field with a value is shown only when its
   * __vModel__ is listed (sub-table columns as "table-field"). Undefined: every field is shown.
   */
  permissions?: readonly string[];
  onValuesChange?: (changed: Record<string, unknown>, all: Record<string, unknown>) => void;
}

export type FieldComponent = ComponentType<FieldProps>;

/** Shared by every field of one rendered form (read with useFormRuntime). */
export interface FormRuntime {
  schema: FormSchema;
  form: FormInstance;
  readOnly: boolean;
  /** Form permission (widgets.md 6): is a field code granted? Sub-table fields use "table-field". */
  isGranted: (code: string) => boolean;
  /** Renders fields in a grid row (containers use it). */
  renderFields: (fields: FormField[], row?: RowProps) => ReactNode;
  /**
   * The renderer's field registry and the renderer itself, for fields that render fields or forms
   * of their own (a sub-table's cells, a relation field's record viewer): handed down so that they
   * do not import the registry that loads them.
   */
  fieldComponent: (jnpfKey: string) => FieldComponent | undefined;
  FormRenderer: ComponentType<FormRendererProps>;
}
