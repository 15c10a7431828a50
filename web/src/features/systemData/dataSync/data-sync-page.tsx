import { SyncOutlined } from '@ant-design/icons';
import { type DataSyncCheckAnswer, DataSyncState } from '@console/shared';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Alert, Button, Form, Modal, Select, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { http } from '../../../base/api';
import { toastSuccess } from '../../../base/api/feedback';
import { PagedTable } from '../../../widgets/list/paged-table';
import { AuthButton, PermissionScope } from '../../../widgets/list/permission';
import { RowActions } from '../../../widgets/list/row-actions';
import { dataSourceKeys, fetchSourceSelector } from '../dataSource/api';
import '../../../widgets/list/list-page.css';

const ADDRESS = 'systemData/dataSync';
const BASE = '/system/DataSync';
type TableRow = DataSyncCheckAnswer['tableList'][number];

function DataSyncBody() {
  const { t } = useTranslation('dataSync');
  const [modal, modalHolder] = Modal.useModal();
  const [from, setFrom] = useState<string>();
  const [to, setTo] = useState<string>();
  const [selected, setSelected] = useState<string[]>([]);
  const [paging, setPaging] = useState({ currentPage: 1, pageSize: 20 });
  const [results, setResults] = useState<{ table: string; ok: boolean; text?: string }[]>([]);
  const sources = useQuery({ queryKey: dataSourceKeys.selector, queryFn: fetchSourceSelector });
  const links = { dbConnectionFrom: from, dbConnectionTo: to };
  const check = useMutation({
    mutationFn: () =>
      http.send<DataSyncCheckAnswer>(`${BASE}/Actions/checkDbLink`, { method: 'POST', data: links }),
    onSuccess: () => {
      setSelected([]);
      setResults([]);
      setPaging((p) => ({ ...p, currentPage: 1 }));
    },
  });
  const tables = check.data?.data.tableList ?? [];
  const options = (sources.data ?? []).map((s) => ({ value: s.id, label: `${s.fullName}（${s.dbType}）` }));

  const execute = async (table: string, type: number) => {
    const answer = await http.send(`${BASE}/Actions/Execute`, {
      method: 'POST',
      data: { ...links, dbTable: table, type },
    });
    toastSuccess(answer.msg);
    setResults([{ table, ok: true, text: answer.msg }]);
    await check.mutateAsync();
  };

  const syncOne = async (table: string) => {
    const state = (await http.send<number>(BASE, { method: 'POST', data: { ...links, dbTable: table } }))
      .data;
    if (state === DataSyncState.sourceEmpty) {
      modal.info({
        title: t('confirm.title'),
        content: t('confirm.sourceEmpty', { table }),
        okText: t('actions.ok'),
      });
      return;
    }
    const content =
      state === DataSyncState.targetMissing
        ? t('confirm.create', { table })
        : state === DataSyncState.targetHasData
          ? t('confirm.clear', { table })
          : t('confirm.sync', { table });
    modal.confirm({
      title: t('confirm.title'),
      content,
      okText: t('actions.ok'),
      cancelText: t('actions.cancel'),
      okButtonProps: { danger: state === DataSyncState.targetHasData },
      onOk: () => execute(table, state),
    });
  };

  const syncBatch = () =>
    modal.confirm({
      title: t('confirm.title'),
      content: t('confirm.batch', { count: selected.length }),
      okText: t('actions.ok'),
      cancelText: t('actions.cancel'),
      okButtonProps: { danger: true },
      onOk: async () => {
        const answer = await http.send<Record<string, 0 | 1>>(`${BASE}/Actions/batchExecute`, {
          method: 'POST',
          data: { ...links, dbTableList: selected },
        });
        setResults(Object.entries(answer.data).map(([table, ok]) => ({ table, ok: ok === 1 })));
        toastSuccess(t('batchDone'));
        await check.mutateAsync();
      },
    });

  const start = (paging.currentPage - 1) * paging.pageSize;
  return (
    <div className="list-page" data-testid="data-sync-page">
      <div className="list-page__search">
        <Form layout="inline" onFinish={() => check.mutate()}>
          <Form.Item label={t('fields.from')} htmlFor="sync-from">
            <Select
              id="sync-from"
              style={{ width: 240 }}
              aria-label={t('fields.from')}
              placeholder={t('placeholders.from')}
              loading={sources.isFetching}
              value={from}
              options={options}
              onChange={setFrom}
            />
          </Form.Item>
          <Form.Item label={t('fields.to')} htmlFor="sync-to">
            <Select
              id="sync-to"
              style={{ width: 240 }}
              aria-label={t('fields.to')}
              placeholder={t('placeholders.to')}
              value={to}
              options={options}
              onChange={setTo}
            />
          </Form.Item>
          <Form.Item>
            <Button type="primary" htmlType="submit" disabled={!from || !to} loading={check.isPending}>
              {t('actions.check')}
            </Button>
          </Form.Item>
        </Form>
      </div>
      <div className="list-page__body">
        {results.length > 0 && (
          <Alert
            style={{ marginBottom: 12 }}
            type={results.every((r) => r.ok) ? 'success' : 'warning'}
            closable
            onClose={() => setResults([])}
            title={results.map((r) => (
              <div key={r.table}>{r.text ?? t(r.ok ? 'result.ok' : 'result.failed', { table: r.table })}</div>
            ))}
          />
        )}
        <div className="list-page__toolbar">
          <Space>
            <AuthButton
              code="btn_sync"
              type="primary"
              icon={<SyncOutlined />}
              disabled={selected.length === 0}
              onClick={syncBatch}
            >
              {t('actions.batch')}
            </AuthButton>
            {check.data && (
              <Typography.Text type="secondary">
                {check.data.data.checkDbFlag ? t('hint.convert') : t('hint.same')}
              </Typography.Text>
            )}
          </Space>
        </div>
        <PagedTable<TableRow>
          rowKey="table"
          dataSource={tables.slice(start, start + paging.pageSize)}
          loading={check.isPending}
          paging={paging}
          total={tables.length}
          onPageChange={setPaging}
          rowSelection={{ selectedRowKeys: selected, onChange: (keys) => setSelected(keys as string[]) }}
          locale={{ emptyText: check.data ? t('empty') : t('pick') }}
          columns={[
            { title: t('fields.table'), dataIndex: 'table', key: 'table', ellipsis: true },
            { title: t('fields.tableName'), dataIndex: 'tableName', key: 'tableName', ellipsis: true },
            { title: t('fields.sum'), dataIndex: 'sum', key: 'sum', width: 120 },
            {
              title: t('fields.actions'),
              key: 'actions',
              width: 120,
              render: (_, row) => (
                <RowActions
                  actions={[
                    { code: 'btn_sync', label: t('actions.sync'), onClick: () => void syncOne(row.table) },
                  ]}
                />
              ),
            },
          ]}
        />
      </div>
      {modalHolder}
    </div>
  );
}

/** Copies tables between data sources, page 'systemData/dataSync' (system-data.md 5). */
export default function DataSyncPage() {
  return (
    <PermissionScope address={ADDRESS}>
      <DataSyncBody />
    </PermissionScope>
  );
}
