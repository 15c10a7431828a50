import { PlusOutlined } from '@ant-design/icons';
import type { BigDataRow } from '@console/shared';
import { useQueryClient } from '@tanstack/react-query';
import { Modal, Space, type TableColumnsType, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { http } from '../../../base/api';
import { toastSuccess } from '../../../base/api/feedback';
import { creatorTimeColumn } from '../../../widgets/list/columns';
import type { PagedAnswer } from '../../../widgets/list/paged-list';
import { usePagedList } from '../../../widgets/list/paged-list';
import type { Paging } from '../../../widgets/list/paged-table';
import { PagedTable } from '../../../widgets/list/paged-table';
import { AuthButton, PermissionScope } from '../../../widgets/list/permission';
import { RefreshButton } from '../../../widgets/list/refresh-button';
import { SearchBar } from '../../../widgets/list/search-bar';
import '../../../widgets/list/list-page.css';

const ADDRESS = 'extend/bigData';
const BASE = '/extend/BigData';
type Query = { keyword: string } & Paging;
const keys = { all: ['extendBigData'] as const, list: (q: Query) => ['extendBigData', 'list', q] as const };

function BigDataList() {
  const { t } = useTranslation('extendBigData');
  const queryClient = useQueryClient();
  const [modal, modalHolder] = Modal.useModal();
  const [inserting, setInserting] = useState(false);
  const { keyword, search, list, tableProps } = usePagedList<BigDataRow, Query>({
    queryKey: keys.list,
    queryFn: (query) => http.get<PagedAnswer<BigDataRow>>(BASE, { ...query }),
  });

  const insert = () =>
    modal.confirm({
      title: t('confirm.title'),
      content: t('confirm.insert'),
      okText: t('actions.ok'),
      cancelText: t('actions.cancel'),
      onOk: async () => {
        setInserting(true);
        try {
          const answer = await http.send(BASE, { method: 'POST' });
          toastSuccess(answer.msg, 1.5);
          await queryClient.invalidateQueries({ queryKey: keys.all });
        } finally {
          setInserting(false);
        }
      },
    });

  const columns: TableColumnsType<BigDataRow> = [
    { title: t('fields.enCode'), dataIndex: 'enCode', key: 'enCode', width: 160 },
    { title: t('fields.fullName'), dataIndex: 'fullName', key: 'fullName', width: 200 },
    { title: t('fields.description'), dataIndex: 'description', key: 'description', ellipsis: true },
    creatorTimeColumn(t('fields.creatorTime')),
  ];

  return (
    <div className="list-page" data-testid="big-data-page">
      <div className="list-page__search">
        <SearchBar keyword={keyword} placeholder={t('keyword')} onSearch={search} />
      </div>
      <div className="list-page__body">
        <div className="list-page__toolbar">
          <Space>
            <AuthButton
              code="btn_add"
              type="primary"
              icon={<PlusOutlined />}
              loading={inserting}
              onClick={insert}
            >
              {t('actions.insert')}
            </AuthButton>
            <Typography.Text type="secondary">{t('total', { total: tableProps.total })}</Typography.Text>
          </Space>
          <RefreshButton type="default" label={t('actions.refresh')} onRefresh={() => void list.refetch()} />
        </div>
        <PagedTable<BigDataRow>
          rowKey="id"
          columns={columns}
          {...tableProps}
          locale={{ emptyText: t('empty') }}
          scroll={{ x: 800 }}
        />
      </div>
      {modalHolder}
    </div>
  );
}

/** Paging over a large generated table, page 'extend/bigData'. */
export default function BigDataPage() {
  return (
    <PermissionScope address={ADDRESS}>
      <BigDataList />
    </PermissionScope>
  );
}
