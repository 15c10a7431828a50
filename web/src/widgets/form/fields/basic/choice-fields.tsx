import { Cascader, Checkbox, Radio, Select, TreeSelect } from 'antd';
import { type FieldOption, optionLabels, useFieldOptions } from '../../options';
import type { FieldProps } from '../../types';
import { ReadOnlyValue } from '../read-only';

type Choice = string | number;

interface CascaderProps {
  props?: { multiple?: boolean };
  multiple?: boolean;
}

/** radio: options inline or stacked, as buttons when optionType is "button". */
export function RadioField({ field, value, onChange, id, disabled, readOnly }: FieldProps<Choice>) {
  const { options } = useFieldOptions(field, onChange as (value: unknown) => void);
  if (readOnly) return <ReadOnlyValue>{optionLabels(options, value)}</ReadOnlyValue>;
  return (
    <Radio.Group
      id={id}
      value={value}
      onChange={(event) => onChange?.(event.target.value)}
      disabled={disabled}
      options={options.map(({ label, value }) => ({ label, value }))}
      optionType={field.optionType === 'button' ? 'button' : 'default'}
      vertical={field.direction === 'vertical'}
    />
  );
}

/** checkbox: several options, value string[] (default []). */
export function CheckboxField({ field, value, onChange, disabled, readOnly }: FieldProps<Choice[]>) {
  const { options } = useFieldOptions(field, onChange as (value: unknown) => void);
  if (readOnly) return <ReadOnlyValue>{optionLabels(options, value ?? [])}</ReadOnlyValue>;
  return (
    <Checkbox.Group
      value={value ?? []}
      onChange={(next) => onChange?.(next as Choice[])}
      disabled={disabled}
      options={options.map(({ label, value }) => ({ label, value }))}
      style={field.direction === 'vertical' ? { display: 'flex', flexDirection: 'column' } : undefined}
    />
  );
}

/** select (and the legacy dicSelect): one value, or a list when multiple; filterable by label. */
export function SelectField({
  field,
  value,
  onChange,
  id,
  disabled,
  readOnly,
}: FieldProps<Choice | Choice[]>) {
  const { options, loading } = useFieldOptions(field, onChange as (value: unknown) => void);
  if (readOnly) return <ReadOnlyValue>{optionLabels(options, value)}</ReadOnlyValue>;
  return (
    <Select
      id={id}
      value={value ?? undefined}
      onChange={(next) => onChange?.(next)}
      disabled={disabled}
      loading={loading}
      placeholder={field.placeholder ?? undefined}
      mode={field.multiple === true ? 'multiple' : undefined}
      allowClear={field.clearable !== false}
      showSearch={field.filterable === true ? { optionFilterProp: 'label' } : undefined}
      options={options.map(({ label, value }) => ({ label, value }))}
      style={{ width: '100%' }}
    />
  );
}

/** cascader: a path of ids (string[]), or several paths when multiple. */
export function CascaderField({
  field,
  value,
  onChange,
  id,
  disabled,
  readOnly,
}: FieldProps<Choice[] | Choice[][]>) {
  const { options } = useFieldOptions(field, onChange as (value: unknown) => void);
  const multiple =
    (field.props as CascaderProps | undefined)?.props?.multiple === true || field.multiple === true;
  const separator = typeof field.separator === 'string' ? field.separator : '/';
  if (readOnly) {
    const text = optionLabels(options, multiple ? value : value ? [value] : []);
    return <ReadOnlyValue>{separator === '/' ? text : text.replaceAll('/', separator)}</ReadOnlyValue>;
  }
  const common = {
    id,
    disabled,
    options: options as FieldOption[],
    placeholder: field.placeholder ?? undefined,
    allowClear: field.clearable !== false,
    showSearch: field.filterable === true,
    displayRender:
      field['show-all-levels'] === false
        ? (labels: string[]) => labels[labels.length - 1]
        : (labels: string[]) => labels.join(separator),
    style: { width: '100%' },
  };
  return multiple ? (
    <Cascader
      {...common}
      multiple
      value={(value as Choice[][] | undefined) ?? []}
      onChange={(next) => onChange?.(next as Choice[][])}
    />
  ) : (
    <Cascader
      {...common}
      value={(value as Choice[] | undefined) ?? undefined}
      onChange={(next) => onChange?.((next ?? []) as Choice[])}
    />
  );
}

/** treeSelect: one node id, or several when multiple. */
export function TreeSelectField({
  field,
  value,
  onChange,
  id,
  disabled,
  readOnly,
}: FieldProps<Choice | Choice[]>) {
  const { options } = useFieldOptions(field, onChange as (value: unknown) => void);
  if (readOnly) return <ReadOnlyValue>{optionLabels(options, value)}</ReadOnlyValue>;
  return (
    <TreeSelect
      id={id}
      value={value ?? undefined}
      onChange={(next) => onChange?.(next)}
      disabled={disabled}
      placeholder={field.placeholder ?? undefined}
      multiple={field.multiple === true}
      allowClear={field.clearable !== false}
      showSearch={field.filterable === true}
      treeNodeFilterProp="label"
      treeData={options}
      style={{ width: '100%' }}
    />
  );
}
