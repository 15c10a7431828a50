import { Checkbox, Table } from 'antd';
import type { TFunction } from 'i18next';
import type { FormFieldOption } from '../api';
import type { Props } from '../tree';
import type { Setter } from './parts';

/** read / write / required of every form field on this node. */
export function FormOperates({
  p,
  set,
  t,
  fields,
  start,
}: {
  p: Props;
  set: Setter;
  t: TFunction;
  fields: FormFieldOption[];
  start: boolean;
}) {
  type Operate = {
    id: string;
    name: string;
    jnpfKey: string;
    read: boolean;
    write: boolean;
    required: boolean;
  };
  const stored = new Map(
    (Array.isArray(p.formOperates) ? (p.formOperates as Operate[]) : []).map((o) => [o.id, o]),
  );
  const rows: Operate[] = fields.map(
    (f) =>
      stored.get(f.id) ?? {
        id: f.id,
        name: f.name,
        jnpfKey: f.jnpfKey,
        read: true,
        write: start,
        required: false,
      },
  );
  const put = (id: string, key: 'read' | 'write' | 'required', value: boolean) =>
    set(
      'formOperates',
      rows.map((row) => (row.id === id ? { ...row, [key]: value } : row)),
    );
  const column = (key: 'read' | 'write' | 'required') => ({
    title: t(`operates.${key}`),
    key,
    width: 70,
    render: (_: unknown, row: Operate) => (
      <Checkbox
        checked={row[key]}
        onChange={(e) => put(row.id, key, e.target.checked)}
        aria-label={`${row.name} ${t(`operates.${key}`)}`}
      />
    ),
  });
  return (
    <Table<Operate>
      rowKey="id"
      size="small"
      pagination={false}
      dataSource={rows}
      locale={{ emptyText: t('operates.empty') }}
      columns={[
        { title: t('operates.field'), dataIndex: 'name', key: 'name' },
        column('read'),
        column('write'),
        column('required'),
      ]}
    />
  );
}
