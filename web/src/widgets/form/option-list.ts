import type { FormField } from './types';

// Options of choice fields and the labels of chosen values, without React or antd: the desktop
// renderer (options.ts) and the mobile app (src/mobile) both read them.

/** An option as antd's Select, Radio, Checkbox, Cascader and TreeSelect take it. */
export interface FieldOption {
  label: string;
  value: string | number;
  children?: FieldOption[];
}

interface OptionProps {
  label?: string;
  value?: string;
  children?: string;
}

/** Maps a source tree to options with the field's props.props names (default fullName / id / children). */
export function toOptions(items: unknown, props: OptionProps = {}): FieldOption[] {
  if (!Array.isArray(items)) return [];
  const labelKey = props.label || 'fullName';
  const valueKey = props.value || 'id';
  const childrenKey = props.children || 'children';
  return items.flatMap((item) => {
    if (!item || typeof item !== 'object') return [];
    const record = item as Record<string, unknown>;
    const value = record[valueKey];
    if (typeof value !== 'string' && typeof value !== 'number') return [];
    const children = toOptions(record[childrenKey], props);
    return [{ label: String(record[labelKey] ?? value), value, ...(children.length ? { children } : {}) }];
  });
}

/** The option-label names of a field: `props.props` (forms.md 2.1) or `props` directly. */
export function optionProps(field: FormField): OptionProps {
  const props = field.props as ({ props?: OptionProps } & OptionProps) | undefined;
  return props?.props ?? props ?? {};
}

/** Labels of the chosen values (a value, a list, or cascader paths), for the detail view. */
export function optionLabels(options: FieldOption[], value: unknown): string {
  const index = new Map<string | number, string>();
  const walk = (list: FieldOption[]) => {
    for (const option of list) {
      index.set(option.value, option.label);
      if (option.children) walk(option.children);
    }
  };
  walk(options);
  const label = (item: unknown): string =>
    Array.isArray(item)
      ? item.map(label).join('/')
      : typeof item === 'string' || typeof item === 'number'
        ? (index.get(item) ?? String(item))
        : '';
  if (!Array.isArray(value)) return label(value);
  // A multiple cascader holds paths: join each path with '/', the paths with ', '.
  return value.map(label).join(', ');
}
