import { ReloadOutlined } from '@ant-design/icons';
import type { OnlineUserItem } from '@console/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Modal, Space, Table, type TableColumnsType, Tooltip } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toastSuccess } from '../../../base/api/feedback';
import { useListColumns } from '../../../widgets/list/column-settings';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from '../../../widgets/list/paged-table';
import { Auth, AuthButton, PermissionScope, useButtonPermission } from '../../../widgets/list/permission';
import { SearchBar } from '../../../widgets/list/search-bar';
import { fetchOnlineUsers, forceOffline, forceOfflineMany, onlineUserKeys } from './api';
import '../../../widgets/list/list-page.css';

const ADDRESS = 'permission/userOnline';

function OnlineUserList() {
  const { t } = useTranslation('userOnline');
  const { t: tw } = useTranslation('widgets');
  const queryClient = useQueryClient();
  const [modal, modalHolder] = Modal.useModal();
  const allowed = useButtonPermission();
  const [keyword, setKeyword] = useState('');
  const [selected, setSelected] = useState<string[]>([]);
  const list = useQuery({ queryKey: onlineUserKeys.list(keyword), queryFn: () => fetchOnlineUsers(keyword) });

  // Latest sign-ins first: a session just started is on the first page.
  const sessions = useMemo(
    () => [...(list.data ?? [])].sort((a, b) => (b.loginTime ?? '').localeCompare(a.loginTime ?? '')),
    [list.data],
  );

  const refresh = async () => {
    setSelected([]);
    await queryClient.invalidateQueries({ queryKey: onlineUserKeys.all });
  };

  const confirm = (content: string, action: () => Promise<string>) =>
    modal.confirm({
      title: t('confirm.title'),
      content,
      okText: t('actions.ok'),
      cancelText: t('actions.cancel'),
      okButtonProps: { danger: true },
      onOk: async () => {
        try {
          toastSuccess((await action()) || t('done'), 1.5);
        } catch {
          // shown by the client
        }
        await refresh();
      },
    });

  const baseColumns: TableColumnsType<OnlineUserItem> = [
    {
      title: t('fields.userName'),
      dataIndex: 'userName',
      key: 'userName',
    },
    { title: t('fields.loginTime'), dataIndex: 'loginTime', key: 'loginTime', width: 170 },
    { title: t('fields.loginIPAddress'), dataIndex: 'loginIPAddress', key: 'loginIPAddress', width: 140 },
    { title: t('fields.platForm'), dataIndex: 'platForm', key: 'platForm', width: 140, ellipsis: true },
    { title: t('fields.browser'), dataIndex: 'browser', key: 'browser', width: 140, ellipsis: true },
    {
      title: t('actions.title'),
      key: 'actions',
      width: 100,
      fixed: 'right',
      render: (_, row) => (
        <Auth code="btn_forced">
          <Button
            type="link"
            size="small"
            danger
            onClick={() => confirm(t('confirm.one', { name: row.userName }), () => forceOffline(row.id))}
          >
            {t('actions.forced')}
          </Button>
        </Auth>
      ),
    },
  ];
  const { columns, settingsButton } = useListColumns(ADDRESS, baseColumns, {
    title: t('columns.title'),
    reset: t('columns.reset'),
    up: (name) => t('columns.up', { name }),
    down: (name) => t('columns.down', { name }),
  });

  return (
    <div className="list-page" data-testid="user-online-page">
      <div className="list-page__search">
        <SearchBar keyword={keyword} placeholder={t('keyword')} onSearch={setKeyword} />
      </div>
      <div className="list-page__body">
        <div className="list-page__toolbar">
          <Space>
            <AuthButton
              code="btn_forced"
              danger
              disabled={selected.length === 0}
              onClick={() =>
                confirm(t('confirm.many', { count: selected.length }), () => forceOfflineMany(selected))
              }
            >
              {t('actions.forcedMany')}
            </AuthButton>
          </Space>
          <Space>
            <Tooltip title={t('actions.refresh')}>
              <Button
                icon={<ReloadOutlined />}
                aria-label={t('actions.refresh')}
                onClick={() => void refresh()}
              />
            </Tooltip>
            {settingsButton}
          </Space>
        </div>
        <Table<OnlineUserItem>
          size="middle"
          rowKey="id"
          columns={columns}
          dataSource={sessions}
          loading={list.isFetching}
          rowSelection={
            allowed('btn_forced')
              ? { selectedRowKeys: selected, onChange: (keys) => setSelected(keys.map(String)) }
              : undefined
          }
          pagination={{
            defaultPageSize: DEFAULT_PAGE_SIZE,
            showSizeChanger: true,
            pageSizeOptions: PAGE_SIZES.map(String),
            showTotal: (count) => tw('table.total', { count }),
          }}
          scroll={{ x: 1000 }}
        />
      </div>
      {modalHolder}
    </div>
  );
}

/** Online users with forced offline, page 'permission/userOnline'. */
export default function UserOnlinePage() {
  return (
    <PermissionScope address={ADDRESS}>
      <OnlineUserList />
    </PermissionScope>
  );
}
