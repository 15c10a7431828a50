import type { Rule } from 'antd/es/form';
import type { TFunction } from 'i18next';
import type { FieldConfig } from './types';

/** Empty as widgets.md 5 defines it: null/undefined, an empty string or an empty array. */
export function isEmptyValue(value: unknown): boolean {
  return (
    value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0)
  );
}

/** A regList pattern "/body/flags" (or a bare body) as a RegExp; null when it does not compile. */
export function parsePattern(pattern: string): RegExp | null {
  const slashed = /^\/(.*)\/([a-z]*)$/s.exec(pattern);
  // 'g' and 'y' make test() stateful: a field validated twice would alternate.
  const flags = (slashed?.[2] ?? '').replace(/[gy]/g, '');
  try {
    return new RegExp(slashed ? (slashed[1] ?? '') : pattern, flags);
  } catch {
    return null;
  }
}

function triggers(trigger: FieldConfig['trigger']): string[] | undefined {
  const list = Array.isArray(trigger) ? trigger : trigger ? [trigger] : [];
  const mapped = list.flatMap((name) =>
    name === 'blur' ? ['onBlur'] : name === 'change' ? ['onChange'] : [],
  );
  return mapped.length ? mapped : undefined;
}

/**
 * The antd rules of a field (forms.md 6): required (not null, not '', not []) with
 * "{label} cannot be empty", then each regList pattern, checked only when there is a value,
 * with its own message. Rules run on the field's trigger(s) and always on submit.
 */
export function fieldRules(config: FieldConfig, t: TFunction): Rule[] {
  const validateTrigger = triggers(config.trigger);
  const rules: Rule[] = [];
  if (config.required) {
    const message = config.label
      ? t('form:rule.requiredNamed', { label: config.label })
      : t('form:rule.required');
    rules.push({
      required: true,
      validateTrigger,
      validator: (_rule, value) =>
        isEmptyValue(value) ? Promise.reject(new Error(message)) : Promise.resolve(),
    });
  }
  for (const entry of config.regList ?? []) {
    const regex = entry?.pattern ? parsePattern(entry.pattern) : null;
    if (!regex) continue;
    const message = entry.message || t('form:rule.pattern');
    rules.push({
      validateTrigger,
      validator: (_rule, value) => {
        if (isEmptyValue(value) || typeof value === 'object') return Promise.resolve();
        return regex.test(String(value)) ? Promise.resolve() : Promise.reject(new Error(message));
      },
    });
  }
  return rules;
}
