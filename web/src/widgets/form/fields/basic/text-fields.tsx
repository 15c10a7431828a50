import { Input, Space } from 'antd';
import type { FieldProps } from '../../types';
import { ReadOnlyValue } from '../read-only';

/** comInput (and the legacy PsdInput): a line of text with optional prepend/append text. */
export function InputField({ field, value, onChange, id, disabled, readOnly }: FieldProps<string>) {
  const password = field.__config__.jnpfKey === 'PsdInput' || field['show-password'] === true;
  if (readOnly) return <ReadOnlyValue>{password && value ? '******' : value}</ReadOnlyValue>;
  const { prepend, append } = field.__slot__ ?? {};
  const props = {
    id,
    value: value ?? '',
    onChange: (event: { target: { value: string } }) => onChange?.(event.target.value),
    disabled,
    readOnly: field.readonly === true,
    placeholder: field.placeholder ?? undefined,
    maxLength: typeof field.maxlength === 'number' ? field.maxlength : undefined,
    showCount: field['show-word-limit'] === true && typeof field.maxlength === 'number',
    allowClear: field.clearable !== false && !field.readonly,
  };
  const input = password ? <Input.Password {...props} /> : <Input {...props} />;
  if (!prepend && !append) return input;
  return (
    <Space.Compact block>
      {prepend ? <Space.Addon>{prepend}</Space.Addon> : null}
      {input}
      {append ? <Space.Addon>{append}</Space.Addon> : null}
    </Space.Compact>
  );
}

interface Autosize {
  minRows?: number;
  maxRows?: number;
}

/** textarea: several lines, 4 rows by default, word count shown unless turned off. */
export function TextareaField({ field, value, onChange, id, disabled, readOnly }: FieldProps<string>) {
  if (readOnly) return <ReadOnlyValue>{value}</ReadOnlyValue>;
  const autosize = (field.autosize as Autosize | undefined) ?? { minRows: 4, maxRows: 4 };
  const maxLength = typeof field.maxlength === 'number' ? field.maxlength : undefined;
  return (
    <Input.TextArea
      id={id}
      value={value ?? ''}
      onChange={(event) => onChange?.(event.target.value)}
      disabled={disabled}
      readOnly={field.readonly === true}
      placeholder={field.placeholder ?? undefined}
      maxLength={maxLength}
      showCount={field['show-word-limit'] !== false && maxLength !== undefined}
      autoSize={autosize}
    />
  );
}
