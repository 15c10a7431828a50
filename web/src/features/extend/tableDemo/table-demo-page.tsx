import { DeleteOutlined, PrinterOutlined } from '@ant-design/icons';
import type { TableDemo } from '@console/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Button,
  Card,
  DatePicker,
  Dropdown,
  Form,
  Input,
  InputNumber,
  Layout,
  List,
  Modal,
  Select,
  Space,
  Table,
  Tree,
  Typography,
} from 'antd';
import type { ColumnType } from 'antd/es/table';
import dayjs from 'dayjs';
import { type ComponentType, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toastSuccess } from '../../../base/api/feedback';
import { AuthButton, PermissionScope } from '../../../widgets/list/permission';
import {
  addPostil,
  deletePostil,
  deleteRow,
  fetchAllRows,
  fetchCities,
  fetchPostils,
  fetchProvinces,
  fetchRows,
  fetchRowsOfType,
  fetchTypes,
  type IndustryNode,
  saveRow,
  saveRowInPlace,
  type TableExampleRow,
  type TableQuery,
  tableKeys,
  updateSign,
} from './api';
import { ProjectDialog, ProjectFields, toForm, typeOptions } from './project-dialog';

const day = (v: number | null) => (v ? dayjs(v).format('YYYY-MM-DD') : '');
/** Amounts with two decimals; group rows (no amount) show nothing. */
const money = (v: number | undefined) =>
  typeof v !== 'number'
    ? ''
    : v.toLocaleString('zh-CN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const MARK_COLOURS = ['#ff625c', '#f9a646', '#f4ce4a', '#6dcc51', '#4bb8f3', '#d088e1', '#a5a5a8'];

const flatten = (nodes: IndustryNode[]): IndustryNode[] => nodes.flatMap((n) => [n, ...flatten(n.children)]);

function useTypes() {
  const types = useQuery({ queryKey: tableKeys.types, queryFn: fetchTypes, staleTime: 300_000 });
  const names = useMemo(
    () => new Map(flatten(types.data ?? []).map((n) => [n.id, n.fullName])),
    [types.data],
  );
  return { tree: types.data ?? [], names };
}

type T = (key: string, options?: Record<string, unknown>) => string;

function baseColumns(t: T, names: Map<string, string>, demo: TableDemo): ColumnType<TableExampleRow>[] {
  const sortable = !['groupingTable', 'mergeTable', 'redactTable'].includes(demo);
  const col = (
    key: keyof TableExampleRow,
    width: number,
    render?: (v: unknown, row: TableExampleRow) => React.ReactNode,
  ): ColumnType<TableExampleRow> => ({
    title: t(`fields.${key}`),
    dataIndex: key,
    key,
    width,
    ellipsis: true,
    sorter: sortable,
    ...(render ? { render } : {}),
  });
  return [
    col('projectName', 200),
    col('projectCode', 130),
    col('projectType', 150, (v) => names.get(v as string) ?? ''),
    col('projectPhase', 100),
    col('customerName', 180),
    col('principal', 90),
    col('jackStands', 90),
    col('interactionDate', 110, (v) => day(v as number | null)),
    { ...col('costAmount', 130, (v) => money(v as number)), align: 'right' as const },
    { ...col('tunesAmount', 130, (v) => money(v as number)), align: 'right' as const },
    { ...col('projectedIncome', 130, (v) => money(v as number)), align: 'right' as const },
    col('registrant', 90),
    col('registerDate', 110, (v) => day(v as number | null)),
    col('description', 200),
  ];
}

/** Paged rows (of a type when `typeId` is given) with keyword, sort and page state. */
function usePagedRows(typeId?: string) {
  const [query, setQuery] = useState<TableQuery>({ currentPage: 1, pageSize: 20, keyword: '', sort: 'desc' });
  const rows = useQuery({
    queryKey: tableKeys.list(query, typeId ?? ''),
    queryFn: () => (typeId ? fetchRowsOfType(typeId, query) : fetchRows(query)),
    enabled: typeId !== '',
  });
  return {
    query,
    setQuery,
    rows,
    tableProps: {
      loading: rows.isLoading,
      dataSource: rows.data?.list ?? [],
      rowKey: 'id',
      size: 'middle' as const,
      pagination: {
        current: query.currentPage,
        pageSize: query.pageSize,
        total: rows.data?.pagination.total ?? 0,
        showSizeChanger: true,
      },
      onChange: (
        p: { current?: number; pageSize?: number },
        _f: unknown,
        s: { field?: unknown; order?: 'ascend' | 'descend' | null } | unknown[],
      ) => {
        const sorter = Array.isArray(s) ? undefined : s;
        setQuery((q) => ({
          ...q,
          currentPage: p.current ?? 1,
          pageSize: p.pageSize ?? q.pageSize,
          sidx: sorter?.order ? String(sorter.field) : '',
          sort: sorter?.order === 'ascend' ? 'asc' : 'desc',
        }));
      },
    },
  };
}

function SearchRow({ onSearch, extra }: { onSearch(keyword: string): void; extra?: React.ReactNode }) {
  const { t } = useTranslation('extendTableDemo');
  return (
    <Space style={{ marginBottom: 12, width: '100%', justifyContent: 'space-between' }} wrap>
      <Input.Search
        allowClear
        placeholder={t('keyword')}
        onSearch={onSearch}
        style={{ width: 280 }}
        enterButton
      />
      <Space>{extra}</Space>
    </Space>
  );
}

/** Postil (批注) dialog: the notes of a row, newest first; add and remove. */
function PostilDialog({ row, onClose }: { row: TableExampleRow; onClose(): void }) {
  const { t } = useTranslation('extendTableDemo');
  const queryClient = useQueryClient();
  const [text, setText] = useState('');
  const notes = useQuery({ queryKey: tableKeys.postils(row.id), queryFn: () => fetchPostils(row.id) });
  const reload = () => queryClient.invalidateQueries({ queryKey: tableKeys.all });
  const send = async () => {
    if (!text.trim()) return;
    toastSuccess(await addPostil(row.id, text));
    setText('');
    await reload();
  };
  return (
    <Modal
      open
      title={t('postil.title', { name: row.projectName })}
      onCancel={onClose}
      onOk={send}
      okText={t('postil.send')}
      cancelText={t('actions.close')}
      okButtonProps={{ disabled: !text.trim() }}
    >
      <Input.TextArea
        rows={3}
        value={text}
        maxLength={500}
        placeholder={t('postil.placeholder')}
        onChange={(e) => setText(e.target.value)}
        aria-label={t('postil.placeholder')}
      />
      <List
        className="postil-list"
        loading={notes.isLoading}
        dataSource={notes.data ?? []}
        locale={{ emptyText: t('postil.empty') }}
        renderItem={(note, index) => (
          <List.Item
            actions={[
              <Button
                key="del"
                type="link"
                danger
                icon={<DeleteOutlined />}
                onClick={async () => {
                  toastSuccess(await deletePostil(row.id, index));
                  await reload();
                }}
              >
                {t('actions.delete')}
              </Button>,
            ]}
          >
            <List.Item.Meta
              title={note.text}
              description={t('postil.by', {
                user: note.userId,
                time: dayjs(note.creatorTime).format('YYYY-MM-DD HH:mm'),
              })}
            />
          </List.Item>
        )}
      />
    </Modal>
  );
}

/** Prints the given table element alone, through a hidden frame. */
function printElement(element: HTMLElement | null, title: string) {
  if (!element) return;
  const frame = document.createElement('iframe');
  frame.style.position = 'fixed';
  frame.style.width = '0';
  frame.style.height = '0';
  frame.style.border = '0';
  document.body.appendChild(frame);
  const doc = frame.contentDocument;
  if (!doc) return;
  const table = element.querySelector('table');
  doc.open();
  doc.write('<!doctype html><html><head><meta charset="utf-8"></head><body></body></html>');
  doc.close();
  const style = doc.createElement('style');
  style.textContent =
    'table{border-collapse:collapse;width:100%;font-size:12px}th,td{border:1px solid #999;padding:4px 6px;text-align:left}h3{text-align:center}';
  doc.head.appendChild(style);
  const h = doc.createElement('h3');
  h.textContent = title;
  doc.body.appendChild(h);
  if (table) doc.body.appendChild(doc.importNode(table, true));
  frame.contentWindow?.focus();
  frame.contentWindow?.print();
  setTimeout(() => frame.remove(), 1000);
}

function TableDemoPage({ demo }: { demo: TableDemo }) {
  const { t } = useTranslation('extendTableDemo');
  const queryClient = useQueryClient();
  const [modal, modalHolder] = Modal.useModal();
  const { tree, names } = useTypes();
  const [typeId, setTypeId] = useState<string>('');
  const paged = usePagedRows(demo === 'treeTable' ? typeId || '' : undefined);
  const [dialog, setDialog] = useState<string | null>(null);
  const [postil, setPostil] = useState<TableExampleRow | null>(null);
  const [editing, setEditing] = useState<TableExampleRow | null>(null);
  const printBox = useRef<HTMLDivElement>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: tableKeys.all });
  const search = (keyword: string) => paged.setQuery((q) => ({ ...q, keyword, currentPage: 1 }));
  const columns = baseColumns(t, names, demo);

  const remove = (row: TableExampleRow) =>
    modal.confirm({
      title: t('confirm.delete'),
      content: row.projectName,
      okText: t('actions.ok'),
      cancelText: t('actions.cancel'),
      okButtonProps: { danger: true },
      onOk: async () => {
        toastSuccess(await deleteRow(row.id));
        await refresh();
      },
    });

  const actions = (render: (row: TableExampleRow) => React.ReactNode, width = 130) => ({
    title: t('actions.title'),
    key: 'actions',
    fixed: 'right' as const,
    width,
    render: (_: unknown, row: TableExampleRow) => <Space size={4}>{render(row)}</Space>,
  });

  const title = t(`titles.${demo}`);
  let body: React.ReactNode;

  switch (demo) {
    case 'commonTable':
      body = (
        <>
          <SearchRow
            onSearch={search}
            extra={
              <AuthButton code="btn_add" type="primary" onClick={() => setDialog('')}>
                {t('actions.newProject')}
              </AuthButton>
            }
          />
          <Table
            {...paged.tableProps}
            scroll={{ x: 1900 }}
            columns={[
              ...columns,
              actions((row) => (
                <>
                  <AuthButton code="btn_edit" type="link" size="small" onClick={() => setDialog(row.id)}>
                    {t('actions.edit')}
                  </AuthButton>
                  <AuthButton code="btn_remove" type="link" size="small" danger onClick={() => remove(row)}>
                    {t('actions.delete')}
                  </AuthButton>
                </>
              )),
            ]}
          />
        </>
      );
      break;
    case 'statisticsTable': {
      const list = paged.rows.data?.list ?? [];
      const sum = (key: 'costAmount' | 'tunesAmount' | 'projectedIncome') =>
        list.reduce((a, r) => a + r[key], 0);
      body = (
        <>
          <SearchRow onSearch={search} />
          <Table
            {...paged.tableProps}
            scroll={{ x: 1900 }}
            columns={columns}
            summary={() => (
              <Table.Summary fixed>
                <Table.Summary.Row>
                  <Table.Summary.Cell index={0} colSpan={8}>
                    <Typography.Text strong>{t('summary.total', { count: list.length })}</Typography.Text>
                  </Table.Summary.Cell>
                  {(['costAmount', 'tunesAmount', 'projectedIncome'] as const).map((k, i) => (
                    <Table.Summary.Cell key={k} index={8 + i} align="right">
                      <Typography.Text strong>{money(sum(k))}</Typography.Text>
                    </Table.Summary.Cell>
                  ))}
                  <Table.Summary.Cell index={11} colSpan={3} />
                </Table.Summary.Row>
              </Table.Summary>
            )}
          />
        </>
      );
      break;
    }
    case 'lockTable':
      body = (
        <>
          <SearchRow onSearch={search} />
          <Table
            {...paged.tableProps}
            scroll={{ x: 1900 }}
            columns={columns.map((c, i) =>
              i < 2
                ? { ...c, fixed: 'left' as const }
                : i === columns.length - 1
                  ? { ...c, fixed: 'right' as const }
                  : c,
            )}
          />
        </>
      );
      break;
    case 'complexHeader': {
      const byKey = new Map(columns.map((c) => [c.key, c]));
      const pick = (...keys: string[]) =>
        keys.map((k) => byKey.get(k)).filter((c): c is NonNullable<typeof c> => !!c);
      body = (
        <>
          <SearchRow onSearch={search} />
          <Table
            {...paged.tableProps}
            bordered
            scroll={{ x: 1900 }}
            columns={[
              {
                title: t('groups.project'),
                children: pick('projectName', 'projectCode', 'projectType', 'projectPhase'),
              },
              {
                title: t('groups.people'),
                children: pick('customerName', 'principal', 'jackStands', 'interactionDate'),
              },
              { title: t('groups.amounts'), children: pick('costAmount', 'tunesAmount', 'projectedIncome') },
              { title: t('groups.register'), children: pick('registrant', 'registerDate', 'description') },
            ]}
          />
        </>
      );
      break;
    }
    case 'groupingTable':
      body = <GroupingTable columns={columns} names={names} tree={tree} onRemove={remove} />;
      break;
    case 'mergeTable': {
      const list = [...(paged.rows.data?.list ?? [])].sort((a, b) =>
        a.projectType.localeCompare(b.projectType),
      );
      const spans = list.map((r, i) => {
        if (i > 0 && list[i - 1]?.projectType === r.projectType) return 0;
        let n = 1;
        while (list[i + n]?.projectType === r.projectType) n++;
        return n;
      });
      body = (
        <>
          <SearchRow onSearch={search} />
          <Table
            {...paged.tableProps}
            dataSource={list}
            bordered
            scroll={{ x: 1900 }}
            columns={[
              {
                ...columns[2],
                fixed: 'left' as const,
                onCell: (_: TableExampleRow, i?: number) => ({ rowSpan: spans[i ?? 0] ?? 1 }),
              },
              ...columns.filter((_, i) => i !== 2),
            ]}
          />
        </>
      );
      break;
    }
    case 'printTable':
      body = (
        <>
          <SearchRow
            onSearch={search}
            extra={
              <AuthButton
                code="btn_print"
                type="primary"
                icon={<PrinterOutlined />}
                onClick={() => printElement(printBox.current, title)}
              >
                {t('actions.print')}
              </AuthButton>
            }
          />
          <div ref={printBox}>
            <Table
              {...paged.tableProps}
              bordered
              columns={columns.filter((c) => c.key !== 'description')}
              scroll={{ x: 1700 }}
            />
          </div>
        </>
      );
      break;
    case 'extension':
      body = <ExtensionTable />;
      break;
    case 'tableTree':
      body = (
        <Table
          rowKey="id"
          dataSource={tree.map(function strip(n: IndustryNode): IndustryNode {
            return {
              ...n,
              children: n.children.length ? n.children.map(strip) : (undefined as unknown as IndustryNode[]),
            };
          })}
          expandable={{ defaultExpandAllRows: true }}
          pagination={false}
          columns={[
            { title: t('fields.typeName'), dataIndex: 'fullName', key: 'fullName' },
            { title: t('fields.typeCode'), dataIndex: 'enCode', key: 'enCode', width: 200 },
          ]}
        />
      );
      break;
    case 'postilTable':
      body = (
        <>
          <SearchRow onSearch={search} />
          <Table
            {...paged.tableProps}
            scroll={{ x: 2000 }}
            columns={[
              ...columns.slice(0, 4),
              {
                title: t('fields.postilCount'),
                dataIndex: 'postilCount',
                key: 'postilCount',
                width: 100,
                sorter: true,
              },
              ...columns.slice(4),
              actions(
                (row) => (
                  <Button type="link" size="small" onClick={() => setPostil(row)}>
                    {t('actions.postil')}
                  </Button>
                ),
                90,
              ),
            ]}
          />
        </>
      );
      break;
    case 'treeTable':
      body = (
        <Layout style={{ background: 'transparent' }}>
          <Layout.Sider width={240} theme="light" style={{ marginRight: 12, overflow: 'auto' }}>
            <Tree
              blockNode
              defaultExpandAll
              selectedKeys={typeId ? [typeId] : []}
              treeData={
                tree.map(function node(n: IndustryNode): { key: string; title: string; children: unknown[] } {
                  return { key: n.id, title: n.fullName, children: n.children.map(node) };
                }) as never
              }
              onSelect={(keys) => setTypeId(String(keys[0] ?? ''))}
            />
          </Layout.Sider>
          <Layout.Content>
            {typeId ? (
              <>
                <SearchRow onSearch={search} />
                <Table
                  {...paged.tableProps}
                  scroll={{ x: 1900 }}
                  columns={[
                    ...columns,
                    actions(
                      (row) => (
                        <AuthButton
                          code="btn_remove"
                          type="link"
                          size="small"
                          danger
                          onClick={() => remove(row)}
                        >
                          {t('actions.delete')}
                        </AuthButton>
                      ),
                      80,
                    ),
                  ]}
                />
              </>
            ) : (
              <Typography.Paragraph type="secondary">{t('pickType')}</Typography.Paragraph>
            )}
          </Layout.Content>
        </Layout>
      );
      break;
    case 'signTable': {
      const marks = t('marks.names').split('|');
      const toggle = async (row: TableExampleRow, slot: number) => {
        const chars = (row.sign || '0000000').split('');
        const value = slot < 0 ? null : String(slot + 1);
        const next =
          value === null
            ? '0000000'
            : chars.map((c, i) => (i === slot ? (c === value ? '0' : value) : c)).join('');
        toastSuccess(await updateSign(row.id, next));
        await refresh();
      };
      body = (
        <>
          <SearchRow onSearch={search} />
          <Table
            {...paged.tableProps}
            scroll={{ x: 2000 }}
            columns={[
              ...columns.slice(0, 2),
              {
                title: t('fields.sign'),
                key: 'sign',
                width: 150,
                render: (_: unknown, row: TableExampleRow) => (
                  <Space size={2} aria-label={t('fields.sign')}>
                    {MARK_COLOURS.map((colour, i) =>
                      (row.sign[i] ?? '0') === '0' ? null : (
                        <span
                          key={colour}
                          title={marks[i]}
                          className="sign-dot"
                          style={{
                            display: 'inline-block',
                            width: 12,
                            height: 12,
                            borderRadius: 6,
                            background: colour,
                          }}
                        />
                      ),
                    )}
                  </Space>
                ),
              },
              ...columns.slice(2),
              actions(
                (row) => (
                  <Dropdown
                    menu={{
                      items: [
                        ...marks.map((m, i) => ({
                          key: String(i),
                          label: <span style={{ color: MARK_COLOURS[i] }}>{m}</span>,
                        })),
                        { key: '-1', label: t('marks.clear') },
                      ],
                      onClick: ({ key }) => void toggle(row, Number(key)),
                    }}
                  >
                    <Button type="link" size="small">
                      {t('actions.mark')}
                    </Button>
                  </Dropdown>
                ),
                100,
              ),
            ]}
          />
        </>
      );
      break;
    }
    case 'redactTable':
      body = (
        <>
          <SearchRow
            onSearch={search}
            extra={<Typography.Text type="secondary">{t('redact.hint')}</Typography.Text>}
          />
          <Table
            {...paged.tableProps}
            scroll={{ x: 2100 }}
            onRow={(row) => ({
              onClick: () => {
                if (editing?.id !== row.id) setEditing({ ...row });
              },
            })}
            columns={[
              ...columns.map((c) => {
                const key = c.key as keyof TableExampleRow;
                if (['registrant', 'registerDate'].includes(key)) return c;
                return {
                  ...c,
                  render: (v: unknown, row: TableExampleRow, index: number) => {
                    if (editing?.id !== row.id)
                      return c.render ? c.render(v, row, index) : (v as React.ReactNode);
                    const set = (value: unknown) => setEditing((e) => (e ? { ...e, [key]: value } : e));
                    const label = t(`fields.${key}`);
                    if (key === 'projectType')
                      return (
                        <Select
                          size="small"
                          style={{ width: '100%' }}
                          value={editing.projectType}
                          options={typeOptions(tree)}
                          onChange={set}
                          aria-label={label}
                        />
                      );
                    if (key === 'interactionDate')
                      return (
                        <DatePicker
                          size="small"
                          value={editing.interactionDate ? dayjs(editing.interactionDate) : null}
                          onChange={(d) => set(d ? d.valueOf() : null)}
                          aria-label={label}
                        />
                      );
                    if (key === 'costAmount' || key === 'tunesAmount' || key === 'projectedIncome')
                      return (
                        <InputNumber
                          size="small"
                          min={0}
                          precision={2}
                          value={editing[key]}
                          onChange={(n) => set(n ?? 0)}
                          aria-label={label}
                        />
                      );
                    return (
                      <Input
                        size="small"
                        value={String(editing[key] ?? '')}
                        onChange={(e) => set(e.target.value)}
                        aria-label={label}
                      />
                    );
                  },
                };
              }),
              actions((row) =>
                editing?.id === row.id ? (
                  <>
                    <AuthButton
                      code="btn_edit"
                      type="link"
                      size="small"
                      onClick={async (e) => {
                        e.stopPropagation();
                        toastSuccess(await saveRowInPlace(editing));
                        setEditing(null);
                        await refresh();
                      }}
                    >
                      {t('actions.save')}
                    </AuthButton>
                    <Button
                      type="link"
                      size="small"
                      onClick={(e) => {
                        e.stopPropagation();
                        setEditing(null);
                      }}
                    >
                      {t('actions.cancel')}
                    </Button>
                  </>
                ) : (
                  <>
                    <AuthButton
                      code="btn_edit"
                      type="link"
                      size="small"
                      onClick={(e) => {
                        e.stopPropagation();
                        setEditing({ ...row });
                      }}
                    >
                      {t('actions.edit')}
                    </AuthButton>
                    <AuthButton
                      code="btn_remove"
                      type="link"
                      size="small"
                      danger
                      onClick={(e) => {
                        e.stopPropagation();
                        remove(row);
                      }}
                    >
                      {t('actions.delete')}
                    </AuthButton>
                  </>
                ),
              ),
            ]}
          />
        </>
      );
      break;
    case 'commonForm':
      body = <CommonForm tree={tree} />;
      break;
  }

  return (
    <PermissionScope address={`extend/tableDemo/${demo}`}>
      <Card title={title} className="table-demo" data-demo={demo}>
        {body}
      </Card>
      {dialog !== null && (
        <ProjectDialog
          id={dialog}
          types={tree}
          onClose={(saved) => {
            setDialog(null);
            if (saved) void refresh();
          }}
        />
      )}
      {postil && <PostilDialog row={postil} onClose={() => setPostil(null)} />}
      {modalHolder}
    </PermissionScope>
  );
}

/** Every row grouped under its industry type (the 3.4.7 grouping table reads /All). */
function GroupingTable({
  columns,
  names,
  tree,
  onRemove,
}: {
  columns: ColumnType<TableExampleRow>[];
  names: Map<string, string>;
  tree: IndustryNode[];
  onRemove(row: TableExampleRow): void;
}) {
  const { t } = useTranslation('extendTableDemo');
  const [keyword, setKeyword] = useState('');
  const rows = useQuery({ queryKey: tableKeys.allRows(keyword), queryFn: () => fetchAllRows(keyword) });
  const groups = useMemo(() => {
    const byType = new Map<string, TableExampleRow[]>();
    for (const r of rows.data ?? []) byType.set(r.projectType, [...(byType.get(r.projectType) ?? []), r]);
    const order = flatten(tree).map((n) => n.id);
    return [...byType.entries()]
      .sort((a, b) => order.indexOf(a[0]) - order.indexOf(b[0]))
      .map(
        ([type, children]) =>
          ({
            id: `group-${type}`,
            projectName: `${names.get(type) ?? ''}（${children.length}）`,
            children,
          }) as unknown as TableExampleRow,
      );
  }, [rows.data, names, tree]);
  return (
    <>
      <SearchRow onSearch={setKeyword} />
      <Table
        rowKey="id"
        loading={rows.isLoading}
        dataSource={groups}
        pagination={false}
        expandable={{ defaultExpandAllRows: true }}
        key={groups.length}
        scroll={{ x: 1900 }}
        columns={[
          ...columns,
          {
            title: t('actions.title'),
            key: 'actions',
            fixed: 'right',
            width: 80,
            render: (_: unknown, row: TableExampleRow) =>
              row.id.startsWith('group-') ? null : (
                <AuthButton code="btn_remove" type="link" size="small" danger onClick={() => onRemove(row)}>
                  {t('actions.delete')}
                </AuthButton>
              ),
          },
        ]}
      />
    </>
  );
}

/** Provinces with their cities shown when a row is expanded (IndustryList, CityList). */
function ExtensionTable() {
  const { t } = useTranslation('extendTableDemo');
  const [keyword, setKeyword] = useState('');
  const provinces = useQuery({
    queryKey: tableKeys.provinces(keyword),
    queryFn: () => fetchProvinces(keyword),
  });
  const columns = [
    { title: t('fields.areaName'), dataIndex: 'fullName', key: 'fullName' },
    { title: t('fields.areaCode'), dataIndex: 'enCode', key: 'enCode', width: 180 },
  ];
  return (
    <>
      <SearchRow onSearch={setKeyword} />
      <Table
        rowKey="id"
        loading={provinces.isLoading}
        dataSource={provinces.data ?? []}
        pagination={false}
        columns={columns}
        expandable={{ expandedRowRender: (row) => <Cities id={row.id} /> }}
      />
    </>
  );
}

function Cities({ id }: { id: string }) {
  const { t } = useTranslation('extendTableDemo');
  const cities = useQuery({ queryKey: tableKeys.cities(id), queryFn: () => fetchCities(id) });
  return (
    <Table
      rowKey="id"
      size="small"
      loading={cities.isLoading}
      dataSource={cities.data ?? []}
      pagination={false}
      columns={[
        { title: t('fields.areaName'), dataIndex: 'fullName', key: 'fullName' },
        { title: t('fields.areaCode'), dataIndex: 'enCode', key: 'enCode', width: 180 },
      ]}
    />
  );
}

/** The project form on a page of its own: a new project saved through TableExample. */
function CommonForm({ tree }: { tree: IndustryNode[] }) {
  const { t } = useTranslation('extendTableDemo');
  const [form] = Form.useForm();
  const queryClient = useQueryClient();
  const [saving, setSaving] = useState(false);
  return (
    <Form
      form={form}
      layout="vertical"
      style={{ maxWidth: 860 }}
      initialValues={{ costAmount: 0, tunesAmount: 0, projectedIncome: 0 }}
      onFinish={async (values) => {
        setSaving(true);
        try {
          toastSuccess(await saveRow(toForm(values)));
          form.resetFields();
          await queryClient.invalidateQueries({ queryKey: tableKeys.all });
        } finally {
          setSaving(false);
        }
      }}
    >
      <ProjectFields types={tree} />
      <Space>
        <AuthButton code="btn_add" type="primary" htmlType="submit" loading={saving}>
          {t('actions.save')}
        </AuthButton>
        <Button onClick={() => form.resetFields()}>{t('actions.reset')}</Button>
      </Space>
    </Form>
  );
}

const pages = new Map<TableDemo, ComponentType>();

/** The page component of one table demo (kept per address so React sees the same component). */
export function tableDemoPage(demo: TableDemo): ComponentType {
  let page = pages.get(demo);
  if (!page) {
    page = () => <TableDemoPage demo={demo} />;
    page.displayName = `TableDemo(${demo})`;
    pages.set(demo, page);
  }
  return page;
}
