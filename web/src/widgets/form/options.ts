import { useQuery } from '@tanstack/react-query';
import { Form } from 'antd';
import { useEffect, useMemo, useRef } from 'react';
import { http } from '../../base/api';
import { dictionaryKeys, fetchAllDictionaries } from '../dictionary-select/api';
import { type FieldOption, optionProps, toOptions } from './option-list';
import type { FormField } from './types';

export { type FieldOption, optionLabels, toOptions } from './option-list';

interface TemplateParam {
  field?: string;
  defaultValue?: unknown;
  relationField?: string;
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
