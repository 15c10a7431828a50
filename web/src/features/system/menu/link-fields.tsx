import { DATA_FIELD_TYPES } from '@console/shared';
import { useQueries, useQuery } from '@tanstack/react-query';
import { AutoComplete, Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchLinkFields, fetchLinkTables, type LinkField, linkKeys } from './api';

/** A picked field and the table it came from. */
export interface PickedField extends LinkField {
  table: string;
}

/** The data-rule field type (DATA_FIELD_TYPES) of a column's catalog type, or undefined. */
export function dataFieldTypeOf(catalogType: string): (typeof DATA_FIELD_TYPES)[number] | undefined {
  const type = catalogType.toLowerCase();
  if (/^(big ?int|int8)/.test(type)) return 'bigint';
  if (/^(int|integer|smallint|tinyint|mediumint|int4|int2)/.test(type)) return 'int';
  if (/^(numeric|decimal|double|float|real)/.test(type)) return 'decimal';
  if (/^(timestamp|datetime|date)/.test(type)) return 'datetime';
  if (/^(text|longtext|mediumtext)/.test(type)) return 'text';
  if (/^(varchar|char|character|string)/.test(type)) return 'varchar';
  return DATA_FIELD_TYPES.includes(type as (typeof DATA_FIELD_TYPES)[number])
    ? (type as (typeof DATA_FIELD_TYPES)[number])
    : undefined;
}

/** Whether a field matches what was typed: its name or its label, in any case. */
export const fieldMatches = (field: Pick<LinkField, 'field' | 'fieldName'>, typed: string) => {
  const text = typed.trim().toLowerCase();
  return !text || field.field.toLowerCase().includes(text) || field.fieldName.toLowerCase().includes(text);
};

/** The tables the editors of a page pick from, and each one's fields (ModuleDataAuthorizeLink). */
export function useLinkFields(moduleId: string, type: number, enabled = true) {
  const tables = useQuery({
    queryKey: linkKeys.tables(moduleId, type),
    queryFn: () => fetchLinkTables(moduleId, type),
    enabled,
  });
  const linkId = tables.data?.linkId ?? '';
  const names = tables.data?.linkTables ?? [];
  const fields = useQueries({
    queries: names.map((table) => ({
      queryKey: linkKeys.fields(moduleId, type, linkId, table),
      queryFn: () => fetchLinkFields(moduleId, type, linkId, table),
      enabled,
    })),
  });
  const groups = names.map((table, i) => ({ table, fields: fields[i]?.data ?? [] }));
  return { groups, loading: tables.isFetching || fields.some((f) => f.isFetching) };
}

/**
 * The field name input of the list, form and data-rule editors: a search over the fields of the
 * page's linked tables (grouped by table) that still takes a typed name, as the reference's
 * FieldModal does. Picking a field also reports its table and label.
 */
export function LinkFieldInput({
  moduleId,
  type,
  value,
  onChange,
  onPick,
  id,
  maxLength,
}: {
  moduleId: string;
  type: number;
  value?: string;
  onChange?(value: string): void;
  onPick(field: PickedField): void;
  id?: string;
  maxLength?: number;
}) {
  const { t } = useTranslation('menu');
  const { groups, loading } = useLinkFields(moduleId, type);
  const typed = value ?? '';
  const options = useMemo(
    () =>
      groups
        .map(({ table, fields }) => ({
          label: <span data-testid={`link-table-${table}`}>{table}</span>,
          options: fields
            .filter((f) => fieldMatches(f, typed))
            .map((f) => ({
              key: `${table}:${f.field}`,
              value: `${table}\u0000${f.field}`,
              label: (
                <span className="menu-link-field">
                  <span>{f.field}</span>
                  {f.fieldName && <Typography.Text type="secondary">{f.fieldName}</Typography.Text>}
                </span>
              ),
            })),
        }))
        .filter((group) => group.options.length > 0),
    [groups, typed],
  );
  const empty = !loading && groups.length === 0;
  return (
    <>
      <AutoComplete
        id={id}
        style={{ width: '100%' }}
        value={typed}
        options={options}
        placeholder={t('link.fieldPlaceholder')}
        onChange={(next: string) => {
          // A picked option arrives as "table\0field": onSelect reports it, the input shows the field.
          if (!next.includes('\u0000')) onChange?.(next);
        }}
        onSelect={(picked: string) => {
          const [table, name] = picked.split('\u0000') as [string, string];
          const field = groups.find((g) => g.table === table)?.fields.find((f) => f.field === name);
          onChange?.(name);
          if (field) onPick({ ...field, table });
        }}
        maxLength={maxLength}
        allowClear
        showSearch={{ filterOption: false }}
        notFoundContent={loading ? t('link.loading') : null}
      />
      {empty && (
        <Typography.Text type="secondary" className="menu-link-hint">
          {t('link.noTables')}
        </Typography.Text>
      )}
    </>
  );
}
