import { CheckOutlined, DeleteOutlined, ReloadOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Badge, Button, Modal, Select, Space, type TableColumnsType, Tag, Tooltip } from 'antd';
import dayjs from 'dayjs';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toastSuccess } from '../../../base/api/feedback';
import { useLive } from '../../../base/socket/live-store';
import { countsAfterReadAll } from '../../../base/socket/unread';
import { DEFAULT_PAGE_SIZE, PagedTable, type Paging } from '../../../widgets/list/paged-table';
import { Auth, AuthButton, PermissionScope } from '../../../widgets/list/permission';
import { SearchBar } from '../../../widgets/list/search-bar';
import {
  deleteRecords,
  fetchMessages,
  isUnread,
  MESSAGE_TYPES,
  type MessageItem,
  type MessageQuery,
  messageKeys,
  readAllMessages,
} from './api';
import { MessageTypeIcon } from './type-icon';
import { useOpenMessage } from './use-open-message';
import '../../../widgets/list/list-page.css';
import './message.css';

const ADDRESS = 'basic/messageRecord';

function MessageRecordList() {
  const { t } = useTranslation('message');
  const queryClient = useQueryClient();
  const [modal, modalHolder] = Modal.useModal();
  const [keyword, setKeyword] = useState('');
  const [type, setType] = useState<number | ''>('');
  const [isRead, setIsRead] = useState<0 | 1 | ''>('');
  const [paging, setPaging] = useState<Paging>({ currentPage: 1, pageSize: DEFAULT_PAGE_SIZE });
  const [selected, setSelected] = useState<string[]>([]);
  const opener = useOpenMessage();
  const pushVersion = useLive((state) => state.pushVersion);
  const query: MessageQuery = { keyword, type, isRead, ...paging };
  const list = useQuery({
    queryKey: messageKeys.list(query),
    queryFn: () => fetchMessages(query),
    placeholderData: keepPreviousData,
  });

  useEffect(() => {
    if (pushVersion > 0) void queryClient.invalidateQueries({ queryKey: messageKeys.all });
  }, [pushVersion, queryClient]);

  const refresh = () => queryClient.invalidateQueries({ queryKey: messageKeys.all });
  const firstPage = () => setPaging((old) => ({ ...old, currentPage: 1 }));

  const confirm = (content: string, action: () => Promise<void>) =>
    modal.confirm({
      title: t('confirm.title'),
      content,
      okText: t('actions.ok'),
      cancelText: t('actions.cancel'),
      onOk: action,
    });

  const readAll = () =>
    confirm(t('confirm.readAll'), async () => {
      const msg = await readAllMessages({ type });
      useLive.getState().setCounts((counts) => countsAfterReadAll(counts, type || undefined));
      toastSuccess(msg || t('readAllDone'));
      await refresh();
    });

  const remove = (ids: string[]) =>
    confirm(t('confirm.delete'), async () => {
      const msg = await deleteRecords(ids);
      toastSuccess(msg || t('deleted'));
      setSelected([]);
      await refresh();
    });

  const columns: TableColumnsType<MessageItem> = [
    {
      title: t('fields.title'),
      dataIndex: 'title',
      key: 'title',
      ellipsis: true,
      render: (value: string, row) => (
        <button type="button" className="message-record__link" onClick={() => void opener.open(row)}>
          <span className="message-record__title">
            <Badge dot={isUnread(row)}>
              <MessageTypeIcon type={Number(row.type)} label={t(`types.${Number(row.type)}`)} />
            </Badge>
            {value}
          </span>
        </button>
      ),
    },
    {
      title: t('fields.type'),
      dataIndex: 'type',
      key: 'type',
      width: 100,
      render: (value: number) => t(`types.${Number(value)}`),
    },
    { title: t('fields.releaseUser'), dataIndex: 'releaseUser', key: 'releaseUser', width: 140 },
    {
      title: t('fields.releaseTime'),
      dataIndex: 'releaseTime',
      key: 'releaseTime',
      width: 160,
      render: (value: number | null) => (value ? dayjs(value).format('YYYY-MM-DD HH:mm') : ''),
    },
    {
      title: t('fields.isRead'),
      dataIndex: 'isRead',
      key: 'isRead',
      width: 90,
      align: 'center',
      render: (_, row) =>
        isUnread(row) ? <Tag color="orange">{t('unread')}</Tag> : <Tag color="green">{t('read')}</Tag>,
    },
    {
      title: t('actions.title'),
      key: 'actions',
      width: 130,
      fixed: 'right',
      render: (_, row) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => void opener.open(row)}>
            {t('actions.view')}
          </Button>
          <Auth code="btn_remove">
            <Button type="link" size="small" danger onClick={() => remove([row.id])}>
              {t('actions.delete')}
            </Button>
          </Auth>
        </Space>
      ),
    },
  ];

  return (
    <div className="list-page message-record" data-testid="message-record-page">
      <div className="list-page__search">
        <SearchBar
          keyword={keyword}
          placeholder={t('keyword')}
          onSearch={(next) => {
            setKeyword(next);
            firstPage();
          }}
        >
          <Select<number | ''>
            value={type}
            style={{ width: 140 }}
            aria-label={t('fields.type')}
            onChange={(value) => {
              setType(value);
              firstPage();
            }}
            options={[
              { value: '', label: t('typeAll') },
              ...MESSAGE_TYPES.map((value) => ({ value, label: t(`types.${value}`) })),
            ]}
          />
          <Select<0 | 1 | ''>
            value={isRead}
            style={{ width: 120 }}
            aria-label={t('fields.isRead')}
            onChange={(value) => {
              setIsRead(value);
              firstPage();
            }}
            options={[
              { value: '', label: t('readState.all') },
              { value: 0, label: t('unread') },
              { value: 1, label: t('read') },
            ]}
          />
        </SearchBar>
      </div>
      <div className="list-page__body">
        <div className="list-page__toolbar">
          <Space>
            <AuthButton code="btn_readAll" type="primary" icon={<CheckOutlined />} onClick={readAll}>
              {t('actions.readAll')}
            </AuthButton>
            <AuthButton
              code="btn_remove"
              danger
              icon={<DeleteOutlined />}
              disabled={selected.length === 0}
              onClick={() => remove(selected)}
            >
              {t('actions.deleteSelected')}
            </AuthButton>
          </Space>
          <Tooltip title={t('actions.refresh')}>
            <Button
              icon={<ReloadOutlined />}
              aria-label={t('actions.refresh')}
              onClick={() => void list.refetch()}
            />
          </Tooltip>
        </div>
        <PagedTable<MessageItem>
          rowKey="id"
          columns={columns}
          dataSource={list.data?.list ?? []}
          loading={list.isFetching}
          paging={paging}
          total={list.data?.pagination.total ?? 0}
          onPageChange={setPaging}
          rowSelection={{ selectedRowKeys: selected, onChange: (keys) => setSelected(keys.map(String)) }}
          scroll={{ x: 900 }}
        />
      </div>
      {opener.dialog}
      {modalHolder}
    </div>
  );
}

/** The inbox, page 'basic/messageRecord' (console.md 2.5). */
export default function MessageRecordPage() {
  return (
    <PermissionScope address={ADDRESS}>
      <MessageRecordList />
    </PermissionScope>
  );
}
