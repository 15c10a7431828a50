import { DatePicker, Form, Input, Selector, Switch, TextArea } from 'antd-mobile';
import dayjs from 'dayjs';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AllDictionary } from '../widgets/dictionary-select/api';
import { initialValues } from '../widgets/form/defaults';
import type { FieldOption } from '../widgets/form/option-list';
import type { FormField } from '../widgets/form/types';
import {
  allDictionaries,
  dateFormat,
  fieldOptions,
  isMobileKey,
  labelOf,
  shownOnPhone,
  valueFields,
} from './form-schema';

/** A flow form's fields rendered for the phone with antd-mobile, from the same form JSON as the desktop. */
type MobileFormInstance = ReturnType<typeof Form.useForm>[0];

/**
 * The dictionaries that dictionary fields among `fields` draw their entries from: read (once per
 * page life) only when there is such a field; empty until then, so options and labels show later.
 */
export function useFieldDictionaries(fields: readonly FormField[]): AllDictionary[] {
  const [dictionaries, setDictionaries] = useState<AllDictionary[]>([]);
  const needed = fields.some((field) => field.__config__.dataType === 'dictionary');
  useEffect(() => {
    if (needed)
      allDictionaries()
        .then(setDictionaries)
        .catch(() => undefined);
  }, [needed]);
  return dictionaries;
}

export function MobileForm({ form, fields }: { form: MobileFormInstance; fields: FormField[] }) {
  const { t } = useTranslation('mobile');
  const shown = useMemo(() => valueFields(fields).filter(shownOnPhone), [fields]);
  const defaults = useMemo(() => initialValues(fields), [fields]);
  const dictionaries = useFieldDictionaries(shown);

  return (
    <Form form={form} layout="vertical" mode="card" initialValues={defaults} className="m-form">
      {shown.map((field) => {
        const key = field.__config__.jnpfKey;
        const name = field.__vModel__ ?? '';
        const label = labelOf(field);
        if (!isMobileKey(key))
          return (
            <Form.Item key={name} label={label} description={t('launch.desktopOnly')}>
              <span className="m-form__unsupported">—</span>
            </Form.Item>
          );
        return (
          <Form.Item
            key={name}
            name={name}
            label={label}
            required={field.__config__.required === true}
            rules={fieldRules(field, label, t)}
            valuePropName={key === 'switch' ? 'checked' : 'value'}
          >
            {fieldInput(field, key, dictionaries, t)}
          </Form.Item>
        );
      })}
    </Form>
  );
}

type Translate = (key: string, options?: Record<string, unknown>) => string;

/** The field's required and pattern checks (forms.md 1.1 required, regList). */
function fieldRules(field: FormField, label: string, t: Translate) {
  const config = field.__config__;
  const rules: { required?: boolean; message: string; pattern?: RegExp }[] = [];
  if (config.required === true) rules.push({ required: true, message: t('launch.required', { label }) });
  for (const rule of config.regList ?? []) {
    const match = /^\/(.*)\/([a-z]*)$/.exec(rule.pattern ?? '');
    if (!match) continue;
    try {
      rules.push({ pattern: new RegExp(match[1] ?? '', match[2]), message: rule.message });
    } catch {
      // a pattern the browser cannot read is left to the server
    }
  }
  return rules;
}

function fieldInput(field: FormField, key: string, dictionaries: AllDictionary[], t: Translate) {
  const placeholder = typeof field.placeholder === 'string' ? field.placeholder : t('launch.input');
  const id = `m_field_${field.__vModel__}`;
  const maxLength = typeof field.maxlength === 'number' ? field.maxlength : undefined;
  switch (key) {
    case 'textarea':
      return <TextArea id={id} placeholder={placeholder} maxLength={maxLength} autoSize={{ minRows: 3 }} />;
    case 'numInput':
    case 'JNPFAmount':
      return <NumberInput id={id} placeholder={placeholder} />;
    case 'date':
      return <DateInput id={id} field={field} placeholder={t('launch.choose')} />;
    case 'switch':
      return <SwitchInput field={field} />;
    case 'select':
    case 'dicSelect':
    case 'radio':
    case 'checkbox':
      return (
        <ChoiceInput
          options={fieldOptions(field, dictionaries)}
          multiple={key === 'checkbox' || field.multiple === true}
        />
      );
    default:
      return (
        <Input
          id={id}
          placeholder={placeholder}
          maxLength={maxLength}
          type={key === 'PsdInput' ? 'password' : 'text'}
          clearable
        />
      );
  }
}

/** A number: typed as text, kept as a number (empty: no value). */
function NumberInput({
  id,
  value,
  onChange,
  placeholder,
}: {
  id: string;
  value?: number | null;
  onChange?(value: number | undefined): void;
  placeholder: string;
}) {
  const [text, setText] = useState(value === null || value === undefined ? '' : String(value));
  useEffect(() => {
    if (value !== undefined && value !== null && Number(text) !== value) setText(String(value));
  }, [value, text]);
  return (
    <Input
      id={id}
      type="number"
      inputMode="decimal"
      placeholder={placeholder}
      value={text}
      onChange={(next) => {
        setText(next);
        const number = Number(next);
        onChange?.(next.trim() === '' || Number.isNaN(number) ? undefined : number);
      }}
    />
  );
}

/** A date: epoch ms as the desktop keeps it, picked in a bottom sheet, shown with the field's format. */
function DateInput({
  id,
  field,
  value,
  onChange,
  placeholder,
}: {
  id: string;
  field: FormField;
  value?: number | null;
  onChange?(value: number | null): void;
  placeholder: string;
}) {
  const [open, setOpen] = useState(false);
  const format = dateFormat(field);
  const precision = /s/.test(format)
    ? 'second'
    : /m/.test(format)
      ? 'minute'
      : /H/.test(format)
        ? 'hour'
        : 'day';
  const current = typeof value === 'number' ? new Date(value) : null;
  return (
    <>
      <button type="button" id={id} className="m-form__picker" onClick={() => setOpen(true)}>
        {current ? dayjs(current).format(format) : <span className="m-form__placeholder">{placeholder}</span>}
      </button>
      <DatePicker
        visible={open}
        value={current}
        precision={precision}
        min={new Date(1950, 0, 1)}
        max={new Date(2100, 11, 31)}
        onClose={() => setOpen(false)}
        onConfirm={(date) => onChange?.(date.getTime())}
      />
    </>
  );
}

function SwitchInput({
  field,
  checked,
  onChange,
}: {
  field: FormField;
  checked?: unknown;
  onChange?(value: unknown): void;
}) {
  const on = field['active-value'] ?? 1;
  const off = field['inactive-value'] ?? 0;
  return <Switch checked={String(checked) === String(on)} onChange={(next) => onChange?.(next ? on : off)} />;
}

/** select, radio and checkbox as tappable options (one value, or a list when multiple). */
function ChoiceInput({
  options,
  multiple,
  value,
  onChange,
}: {
  options: FieldOption[];
  multiple: boolean;
  value?: unknown;
  onChange?(value: unknown): void;
}) {
  const chosen = (Array.isArray(value) ? value : value === undefined || value === null ? [] : [value]) as (
    | string
    | number
  )[];
  return (
    <Selector
      className="m-form__choice"
      columns={options.length > 4 ? 2 : Math.max(options.length, 1)}
      multiple={multiple}
      options={options.map((option) => ({ label: option.label, value: option.value }))}
      value={chosen}
      onChange={(next) => onChange?.(multiple ? next : next[0])}
    />
  );
}
