import { useQuery } from '@tanstack/react-query';
import { Form } from 'antd';
import { useEffect, useMemo, useRef } from 'react';
import { http } from '../../base/api';
import { dictionaryKeys, fetchAllDictionaries } from '../dictionary-select/api';
import type { FormField } from './types';

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

interface TemplateParam {
  field?: string;
  defaultValue?: unknown;
  relationField?: string;
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
function optionProps(field: FormField): OptionProps {
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

const EMPTY: FieldOption[] = [];

/**
 * Options of radio, checkbox, select, cascader and treeSelect from the source of forms.md 6:
 * "static" the field's options, "dictionary" the type's entries of DictionaryData/All (cached),
 * "dynamic" a data interface preview with the field's templateJson parameters. When a parameter
 * takes its value from another field, a change of that field clears this one and reloads.
 */
export function useFieldOptions(
  field: FormField,
  onChange?: (value: unknown) => void,
): { options: FieldOption[]; loading: boolean } {
  const config = field.__config__;
  const dataType = (config.dataType as string | undefined) ?? 'static';
  const form = Form.useFormInstance();
  const templateJson = (Array.isArray(config.templateJson) ? config.templateJson : []) as TemplateParam[];
  const relations = templateJson.map((param) => param.relationField).filter((name): name is string => !!name);
  // Watches the related fields (an empty list watches nothing).
  const relationValues = Form.useWatch(
    (values: Record<string, unknown>) => JSON.stringify(relations.map((name) => values?.[name] ?? null)),
    form,
  );

  const dictionaries = useQuery({
    queryKey: dictionaryKeys.allData(),
    queryFn: fetchAllDictionaries,
    staleTime: 300_000,
    enabled: dataType === 'dictionary',
  });

  const interfaceId = typeof config.propsUrl === 'string' ? config.propsUrl : '';
  const dynamic = useQuery({
    queryKey: ['form', 'dataInterface', interfaceId, relationValues ?? ''],
    queryFn: async () => {
      const values = form.getFieldsValue(true) as Record<string, unknown>;
      const paramList = templateJson.map((param) => ({
        ...param,
        defaultValue: param.relationField ? values[param.relationField] : param.defaultValue,
      }));
      const answer = await http.post<unknown>(
        `/system/DataInterface/${encodeURIComponent(interfaceId)}/Actions/Preview`,
        { paramList },
        { silent: true },
      );
      return Array.isArray(answer) ? answer : [];
    },
    enabled: dataType === 'dynamic' && interfaceId !== '',
    staleTime: 60_000,
  });

  // A related field changed after the first render: this field's choice no longer applies.
  const first = useRef(relationValues);
  const changed = useRef(onChange);
  changed.current = onChange;
  useEffect(() => {
    const before = first.current;
    first.current = relationValues;
    // useWatch answers undefined before it subscribes: that is no change of a related field.
    if (relationValues === before || before === undefined || relations.length === 0) return;
    changed.current?.(Array.isArray(config.defaultValue) ? [] : undefined);
  }, [relationValues, config.defaultValue, relations.length]);

  const dictionaryType = config.dictionaryType;
  const options = useMemo(() => {
    const props = optionProps(field);
    if (dataType === 'dictionary') {
      const type = dictionaries.data?.find(
        (item) => item.id === dictionaryType || item.enCode === dictionaryType,
      );
      return type ? toOptions(type.dictionaryList, props) : EMPTY;
    }
    if (dataType === 'dynamic') return dynamic.data ? toOptions(dynamic.data, props) : EMPTY;
    return toOptions(field.options ?? field.__slot__?.options, props);
  }, [dataType, dictionaries.data, dictionaryType, dynamic.data, field]);

  return { options, loading: dictionaries.isLoading || dynamic.isLoading };
}
