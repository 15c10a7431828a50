import { CloseCircleFilled, SearchOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { AutoComplete, Form, Input, Tag } from 'antd';
import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormRuntime } from '../../../runtime';
import type { FieldProps, FormField } from '../../../types';
import {
  columnOptions,
  fetchInterfaceRows,
  fetchInterfaceRowsByIds,
  fetchModelRecord,
  fetchModelRows,
  paramList,
  type Row,
  relationKeys,
  relationVModel,
} from './api';
import { RelationPopup } from './relation-popup';
import '../advanced.css';
import { ReadOnlyValue } from '../../read-only';

const FormViewer = lazy(async () => ({ default: (await import('../../../viewer/form-viewer')).FormViewer }));

const STALE = 60_000;
const text = (value: unknown) => (value === null || value === undefined ? '' : String(value));
const str = (value: unknown, fallback = '') => (typeof value === 'string' && value ? value : fallback);
const ids = (value: unknown): string[] =>
  (Array.isArray(value) ? value : [value])
    .filter((id): id is string | number => id !== null && id !== undefined && id !== '')
    .map(String);

/** The field of this form whose __vModel__ is `vModel`, looked up through containers. */
export function findField(fields: readonly FormField[], vModel: string): FormField | undefined {
  for (const field of fields) {
    if (field.__vModel__ === vModel) return field;
    const found = field.__config__.children ? findField(field.__config__.children, vModel) : undefined;
    if (found) return found;
  }
  return undefined;
}

/** The parameters of a field's data interface, filled from the current form values. */
function useParams(field: FormField) {
  const { form } = useFormRuntime();
  const values = Form.useWatch([], form) as Row | undefined;
  return useMemo(() => paramList(field.templateJson, values ?? {}), [field.templateJson, values]);
}

/** The box of a relation field: the shown text, a search icon that opens the popup, clear. */
function RelationBox({
  id,
  shown,
  placeholder,
  disabled,
  clearable,
  onOpen,
  onClear,
}: {
  id?: string;
  shown: string[];
  placeholder: string;
  disabled: boolean;
  clearable: boolean;
  onOpen(): void;
  onClear(): void;
}) {
  const { t } = useTranslation('formAdvanced');
  const filled = shown.length > 0;
  return (
    <Input
      id={id}
      readOnly
      disabled={disabled}
      value={shown.join(', ')}
      placeholder={placeholder}
      onClick={() => !disabled && onOpen()}
      suffix={
        filled && clearable && !disabled ? (
          <CloseCircleFilled
            aria-label={t('relation.clear')}
            className="form-advanced__clear"
            onClick={(event) => {
              event.stopPropagation();
              onClear();
            }}
          />
        ) : (
          <SearchOutlined />
        )
      }
      data-testid="relation-field"
    />
  );
}

/** relationForm: a record of another form (modelId), shown by its relationField. */
export function RelationFormField({ field, value, onChange, id, disabled, readOnly }: FieldProps) {
  const { t } = useTranslation('formAdvanced');
  const [open, setOpen] = useState(false);
  const [viewing, setViewing] = useState(false);
  const { FormRenderer } = useFormRuntime();
  const modelId = str(field.modelId);
  const relationField = str(field.relationField);
  const recordId = ids(value)[0] ?? '';
  const record = useQuery({
    queryKey: relationKeys.modelRecord(modelId, recordId),
    queryFn: () => fetchModelRecord(modelId, recordId),
    enabled: Boolean(modelId && recordId),
    staleTime: STALE,
  });
  const shown = recordId ? [text(record.data?.[relationField]) || recordId] : [];
  const columns = useMemo(() => columnOptions(field.columnOptions), [field.columnOptions]);
  if (readOnly)
    return recordId ? (
      <>
        <button type="button" className="form-advanced__link" onClick={() => setViewing(true)}>
          {shown[0]}
        </button>
        {viewing && (
          <Suspense fallback={null}>
            <FormViewer
              modelId={modelId}
              recordId={recordId}
              onClose={() => setViewing(false)}
              Renderer={FormRenderer}
            />
          </Suspense>
        )}
      </>
    ) : (
      <ReadOnlyValue />
    );
  const box = (
    <RelationBox
      id={id}
      shown={shown}
      placeholder={field.placeholder || t('relation.placeholder')}
      disabled={disabled}
      clearable={field.clearable !== false}
      onOpen={() => setOpen(true)}
      onClear={() => onChange?.('')}
    />
  );
  const popup = open && (
    <RelationPopup
      anchor={box}
      title={str(field.popupTitle, t('relation.title'))}
      popupType={str(field.popupType, 'dialog')}
      width={str(field.popupWidth)}
      columns={columns}
      sourceKey={['model', modelId, relationField]}
      load={(query) => fetchModelRows(modelId, relationField, columns, query)}
      rowKey="id"
      hasPage={field.hasPage !== false}
      pageSize={typeof field.pageSize === 'number' ? field.pageSize : undefined}
      initialKeys={recordId ? [recordId] : []}
      onCancel={() => setOpen(false)}
      onConfirm={(rows) => {
        onChange?.(text(rows[0]?.id));
        setOpen(false);
      }}
    />
  );
  // A popover opens under the field, so it wraps it.
  if (popup && str(field.popupType) === 'popover') return popup;
  return (
    <>
      {box}
      {popup}
    </>
  );
}

/** Rows of a field's data interface for the stored ids (their shown text). */
function useInterfaceRows(field: FormField, keys: string[], params: ReturnType<typeof paramList>) {
  const interfaceId = str(field.interfaceId);
  const source = {
    propsValue: str(field.propsValue, 'id'),
    relationField: str(field.relationField, 'fullName'),
    params,
  };
  return useQuery({
    queryKey: relationKeys.interfaceRows(interfaceId, keys, source),
    queryFn: () => fetchInterfaceRowsByIds(interfaceId, keys, source),
    enabled: Boolean(interfaceId) && keys.length > 0,
    staleTime: STALE,
  });
}

/**
 * popupSelect (one row) and popupTableSelect (one or, with `multiple`, several rows) of a data
 * interface: the value is the propsValue of the row(s), shown by relationField.
 */
export function PopupSelectField({ field, value, onChange, id, disabled, readOnly }: FieldProps) {
  const { t } = useTranslation('formAdvanced');
  const [open, setOpen] = useState(false);
  const params = useParams(field);
  const multiple = field.__config__.jnpfKey === 'popupTableSelect' && field.multiple === true;
  const keys = ids(value);
  const propsValue = str(field.propsValue, 'id');
  const relationField = str(field.relationField, 'fullName');
  const interfaceId = str(field.interfaceId);
  const known = useInterfaceRows(field, keys, params);
  const shown = keys.map(
    (key) => text(known.data?.find((row) => text(row[propsValue]) === key)?.[relationField]) || key,
  );
  const columns = useMemo(() => {
    const list = columnOptions(field.columnOptions);
    return list.length > 0
      ? list
      : [{ value: relationField, label: field.__config__.label ?? relationField }];
  }, [field.columnOptions, relationField, field.__config__.label]);
  if (readOnly)
    return (
      <ReadOnlyValue>
        {shown.length === 0 ? '-' : multiple ? shown.map((item) => <Tag key={item}>{item}</Tag>) : shown[0]}
      </ReadOnlyValue>
    );
  const box = (
    <RelationBox
      id={id}
      shown={shown}
      placeholder={field.placeholder || t('relation.placeholder')}
      disabled={disabled}
      clearable={field.clearable !== false}
      onOpen={() => setOpen(true)}
      onClear={() => onChange?.(multiple ? [] : '')}
    />
  );
  const popup = open && (
    <RelationPopup
      anchor={box}
      title={str(field.popupTitle, t('relation.title'))}
      popupType={str(field.popupType, 'dialog')}
      width={str(field.popupWidth)}
      columns={columns}
      sourceKey={['interface', interfaceId, params]}
      load={(query) => fetchInterfaceRows(interfaceId, { propsValue, relationField, columns, params }, query)}
      rowKey={propsValue}
      multiple={multiple}
      hasPage={field.hasPage !== false}
      pageSize={typeof field.pageSize === 'number' ? field.pageSize : undefined}
      initialKeys={keys}
      onCancel={() => setOpen(false)}
      onConfirm={(rows) => {
        const picked = rows.map((row) => text(row[propsValue]));
        onChange?.(multiple ? picked : (picked[0] ?? ''));
        setOpen(false);
      }}
    />
  );
  // A popover opens under the field, so it wraps it.
  if (popup && str(field.popupType) === 'popover') return popup;
  return (
    <>
      {box}
      {popup}
    </>
  );
}

/**
 * relationFormAttr / popupAttr: shows showField of the record or row chosen in the relationForm
 * or popupSelect field that relationField names; with isStorage 2 the shown value is also stored.
 */
export function RelationAttrField({ field, value, onChange, id, readOnly }: FieldProps) {
  const { schema, form } = useFormRuntime();
  const sourceName = relationVModel(field.relationField);
  const source = useMemo(() => findField(schema.fields, sourceName), [schema.fields, sourceName]);
  const sourceValue = Form.useWatch(sourceName || '', form);
  const key = ids(sourceValue)[0] ?? '';
  const showField = str(field.showField);
  const fromForm = source?.__config__.jnpfKey === 'relationForm';
  const modelId = str(source?.modelId);
  const interfaceId = str(source?.interfaceId);
  const record = useQuery({
    queryKey: relationKeys.modelRecord(modelId, key),
    queryFn: () => fetchModelRecord(modelId, key),
    enabled: fromForm && Boolean(modelId && key),
    staleTime: STALE,
  });
  const propsValue = str(source?.propsValue, 'id');
  const row = useQuery({
    queryKey: relationKeys.interfaceRows(interfaceId, [key], propsValue),
    queryFn: () =>
      fetchInterfaceRowsByIds(interfaceId, [key], {
        propsValue,
        relationField: str(source?.relationField, 'fullName'),
        params: [],
      }),
    enabled: !fromForm && Boolean(interfaceId && key),
    staleTime: STALE,
  });
  const mirrored = key
    ? text(
        fromForm
          ? record.data?.[showField]
          : row.data?.find((item) => text(item[propsValue]) === key)?.[showField],
      )
    : '';
  const stored = Number(field.__config__.isStorage) === 2;
  const shown = stored && !key ? text(value) : mirrored;
  useEffect(() => {
    if (stored && !readOnly && key && mirrored !== text(value)) onChange?.(mirrored);
  }, [stored, readOnly, key, mirrored, value, onChange]);
  if (readOnly) return <ReadOnlyValue>{shown}</ReadOnlyValue>;
  return <Input id={id} readOnly disabled value={shown} />;
}

/**
 * autoComplete: suggestions from a data interface while typing (a '@keyword' parameter gets the
 * typed text), at most `total` (default 10, widgets.md: up to 50), duplicates by display removed.
 */
export function AutoCompleteField({ field, value, onChange, id, disabled, readOnly }: FieldProps) {
  const typed = text(value);
  const [keyword, setKeyword] = useState('');
  const base = useParams(field);
  const interfaceId = str(field.interfaceId);
  const relationField = str(field.relationField, 'fullName');
  const params = useMemo(
    () =>
      base.map((param) => (param.defaultValue === '@keyword' ? { ...param, defaultValue: keyword } : param)),
    [base, keyword],
  );
  const limit = Math.min(typeof field.total === 'number' && field.total > 0 ? field.total : 10, 50);
  const suggestions = useQuery({
    queryKey: ['formRelation', 'autoComplete', interfaceId, keyword, params],
    queryFn: () =>
      fetchInterfaceRows(
        interfaceId,
        { propsValue: relationField, relationField, columns: [], params },
        { keyword, currentPage: 1, pageSize: 10_000 },
      ),
    enabled: Boolean(interfaceId) && keyword !== '',
    staleTime: STALE,
  });
  const options = useMemo(() => {
    const seen = new Set<string>();
    for (const row of suggestions.data?.list ?? []) {
      const label = text(row[relationField]);
      if (label) seen.add(label);
      if (seen.size >= limit) break;
    }
    return [...seen].map((label) => ({ value: label }));
  }, [suggestions.data, relationField, limit]);
  if (readOnly) return <ReadOnlyValue>{typed}</ReadOnlyValue>;
  return (
    <AutoComplete
      id={id}
      value={typed}
      options={options}
      disabled={disabled}
      allowClear={field.clearable !== false}
      placeholder={field.placeholder || undefined}
      onSearch={setKeyword}
      onChange={(next) => onChange?.(next ?? '')}
      style={{ width: '100%' }}
    />
  );
}
