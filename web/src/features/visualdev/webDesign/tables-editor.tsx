import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Radio, Select, Space, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { rowIndexKey } from '../../../widgets/list/row-key';
import { type DesignTable, fetchTableFields, fetchTables, webDesignKeys } from './api';

/** Tables the server created from the form (forms.md 4.1: `mt…` main, `ct…` per sub-table). */
export function generatedTables(tables: DesignTable[]): boolean {
  return tables.length > 0 && tables.every((table) => /^(mt|ct)[0-9a-z]+$/i.test(table.table));
}

/** Columns of one table, for the link columns of a sub-table. */
function FieldSelect({
  dbLinkId,
  table,
  value,
  onChange,
  label,
}: {
  dbLinkId: string;
  table: string;
  value: string;
  onChange(value: string): void;
  label: string;
}) {
  const fields = useQuery({
    queryKey: [...webDesignKeys.tables(dbLinkId), 'fields', table],
    queryFn: () => fetchTableFields(dbLinkId, table),
    enabled: Boolean(table),
  });
  return (
    <Select
      size="small"
      aria-label={label}
      value={value || undefined}
      style={{ width: '100%' }}
      loading={fields.isFetching}
      showSearch
      options={(fields.data ?? []).map((field) => ({
        value: field.field,
        label: field.fieldName ? `${field.field} (${field.fieldName})` : field.field,
      }))}
      onChange={onChange}
    />
  );
}

/**
 * The tables of a design (forms.md 4 / 4.1): none, and the server creates them from the form on
 * save; or a main table and sub-tables of the data source, each sub-table linked by its foreign-key
 * column to a main-table column.
 */
export function TablesEditor({
  dbLinkId,
  value,
  onChange,
}: {
  dbLinkId: string;
  value: DesignTable[];
  onChange(value: DesignTable[]): void;
}) {
  const { t } = useTranslation('webDesign');
  const generated = generatedTables(value);
  const auto = value.length === 0 || generated;
  const tables = useQuery({
    queryKey: webDesignKeys.tables(dbLinkId),
    queryFn: () => fetchTables(dbLinkId),
    enabled: !auto,
  });
  const options = (tables.data ?? []).map((table) => ({
    value: table.table,
    label: table.tableName ? `${table.table} (${table.tableName})` : table.table,
  }));
  const main = value.find((table) => table.typeId === '1');
  const subs = value.filter((table) => table.typeId === '0');
  const nameOf = (table: string) => tables.data?.find((item) => item.table === table)?.tableName ?? '';
  const setMain = (table: string) =>
    onChange([
      { table, tableName: nameOf(table), typeId: '1', relationTable: '', relationField: '', tableField: '' },
      ...subs.map((sub) => ({ ...sub, relationTable: table })),
    ]);
  const setSub = (index: number, patch: Partial<DesignTable>) =>
    onChange([...(main ? [main] : []), ...subs.map((sub, i) => (i === index ? { ...sub, ...patch } : sub))]);

  return (
    <div className="tables-editor" data-testid="tables-editor">
      <Radio.Group
        value={auto ? 'auto' : 'choose'}
        onChange={(event) =>
          onChange(
            event.target.value === 'auto'
              ? []
              : [
                  {
                    table: '',
                    tableName: '',
                    typeId: '1',
                    relationTable: '',
                    relationField: '',
                    tableField: '',
                  },
                ],
          )
        }
        options={[
          { value: 'auto', label: t('tables.auto') },
          { value: 'choose', label: t('tables.choose') },
        ]}
      />
      {auto ? (
        <Alert
          type="info"
          showIcon
          title={
            generated
              ? t('tables.generated', { tables: value.map((table) => table.table).join(', ') })
              : t('tables.autoHint')
          }
          style={{ marginTop: 8 }}
        />
      ) : (
        <Space orientation="vertical" style={{ width: '100%', marginTop: 8 }}>
          {tables.isError && <Alert type="error" showIcon title={t('tables.loadFailed')} />}
          <Space>
            <span>{t('tables.main')}</span>
            <Select
              aria-label={t('tables.main')}
              value={main?.table || undefined}
              style={{ width: 320 }}
              showSearch
              loading={tables.isFetching}
              options={options}
              onChange={setMain}
            />
          </Space>
          <Table<DesignTable>
            size="small"
            rowKey={rowIndexKey(subs)}
            pagination={false}
            dataSource={subs}
            locale={{ emptyText: t('tables.noSubTables') }}
            columns={[
              {
                title: t('tables.subTable'),
                dataIndex: 'table',
                render: (table: string, _, index) => (
                  <Select
                    size="small"
                    aria-label={t('tables.subTable')}
                    value={table || undefined}
                    style={{ width: '100%' }}
                    showSearch
                    options={options.filter((option) => option.value !== main?.table)}
                    onChange={(next) =>
                      setSub(index, { table: next, tableName: nameOf(next), tableField: '' })
                    }
                  />
                ),
              },
              {
                title: t('tables.tableField'),
                dataIndex: 'tableField',
                render: (field: string, row, index) => (
                  <FieldSelect
                    dbLinkId={dbLinkId}
                    table={row.table}
                    value={field}
                    label={t('tables.tableField')}
                    onChange={(next) => setSub(index, { tableField: next })}
                  />
                ),
              },
              {
                title: t('tables.relationField'),
                dataIndex: 'relationField',
                render: (field: string, _, index) => (
                  <FieldSelect
                    dbLinkId={dbLinkId}
                    table={main?.table ?? ''}
                    value={field}
                    label={t('tables.relationField')}
                    onChange={(next) => setSub(index, { relationField: next })}
                  />
                ),
              },
              {
                key: 'remove',
                width: 48,
                render: (_, __, index) => (
                  <Button
                    size="small"
                    type="text"
                    danger
                    icon={<DeleteOutlined />}
                    aria-label={t('tables.removeSub')}
                    onClick={() =>
                      onChange([...(main ? [main] : []), ...subs.filter((__, i) => i !== index)])
                    }
                  />
                ),
              },
            ]}
          />
          <Button
            size="small"
            type="dashed"
            icon={<PlusOutlined />}
            disabled={!main?.table}
            onClick={() =>
              onChange([
                ...value,
                {
                  table: '',
                  tableName: '',
                  typeId: '0',
                  relationTable: main?.table ?? '',
                  relationField: '',
                  tableField: '',
                },
              ])
            }
          >
            {t('tables.addSub')}
          </Button>
        </Space>
      )}
    </div>
  );
}

/** What is missing in chosen tables (nothing when the server creates them). */
export function tableProblems(tables: DesignTable[]): string[] {
  if (tables.length === 0 || generatedTables(tables)) return [];
  const problems: string[] = [];
  if (!tables.some((table) => table.typeId === '1' && table.table)) problems.push('tables.mainRequired');
  for (const sub of tables.filter((table) => table.typeId === '0'))
    if (!sub.table || !sub.tableField || !sub.relationField) problems.push('tables.subIncomplete');
  return [...new Set(problems)];
}
