import { PlusOutlined, ReloadOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Modal, Select, Space, type TableColumnsType, Tag, Tooltip } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toastSuccess } from '../../../base/api/feedback';
import { DEFAULT_PAGE_SIZE, PagedTable, type Paging } from '../../../widgets/list/paged-table';
import { Auth, AuthButton, PermissionScope } from '../../../widgets/list/permission';
import { SearchBar } from '../../../widgets/list/search-bar';
import type { MessageDetail } from '../inbox/api';
import { MessageDetailDialog } from '../inbox/message-detail-dialog';
import {
  deleteNotice,
  fetchNotice,
  fetchNotices,
  NOTICE_STATES,
  type NoticeQuery,
  type NoticeRow,
  noticeKeys,
  releaseNotice,
} from './api';
import { NoticeDialog } from './notice-dialog';
import '../../../widgets/list/list-page.css';

const ADDRESS = 'system/notice';
const STATE_COLORS = ['default', 'green', 'orange'];
const time = (value: number | null | undefined) => (value ? dayjs(value).format('YYYY-MM-DD HH:mm') : '');

function NoticeList() {
  const { t } = useTranslation('notice');
  const queryClient = useQueryClient();
  const [modal, modalHolder] = Modal.useModal();
  const [keyword, setKeyword] = useState('');
  const [enabledMark, setEnabledMark] = useState<number | ''>('');
  const [paging, setPaging] = useState<Paging>({ currentPage: 1, pageSize: DEFAULT_PAGE_SIZE });
  const [dialog, setDialog] = useState<{ id?: string } | null>(null);
  const [preview, setPreview] = useState<MessageDetail | null>(null);
  const query: NoticeQuery = { keyword, enabledMark, ...paging };
  const list = useQuery({
    queryKey: noticeKeys.list(query),
    queryFn: () => fetchNotices(query),
    placeholderData: keepPreviousData,
  });

  const refresh = () => queryClient.invalidateQueries({ queryKey: noticeKeys.all });

  const confirm = (content: string, action: () => Promise<void>) =>
    modal.confirm({
      title: t('confirm.title'),
      content,
      okText: t('actions.ok'),
      cancelText: t('actions.cancel'),
      onOk: action,
    });

  const release = (row: NoticeRow) =>
    confirm(t('confirm.release'), async () => {
      const msg = await releaseNotice(row.id);
      toastSuccess(msg || t('released'));
      await refresh();
    });

  const remove = (row: NoticeRow) =>
    confirm(t('confirm.delete'), async () => {
      const msg = await deleteNotice(row.id);
      toastSuccess(msg || t('deleted'));
      await refresh();
    });

  const showPreview = async (row: NoticeRow) => {
    try {
      const notice = await fetchNotice(row.id);
      setPreview({ ...notice, type: 1, isRead: 1, releaseUser: row.releaseUser ?? row.creatorUser });
    } catch {
      // toast shown
    }
  };

  const columns: TableColumnsType<NoticeRow> = [
    { title: t('fields.title'), dataIndex: 'title', key: 'title', ellipsis: true },
    {
      title: t('fields.enabledMark'),
      dataIndex: 'enabledMark',
      key: 'enabledMark',
      width: 90,
      align: 'center',
      render: (value: number) => (
        <Tag color={STATE_COLORS[Number(value)]}>{t(`states.${Number(value)}`)}</Tag>
      ),
    },
    { title: t('fields.creatorUser'), dataIndex: 'creatorUser', key: 'creatorUser', width: 140 },
    {
      title: t('fields.creatorTime'),
      dataIndex: 'creatorTime',
      key: 'creatorTime',
      width: 150,
      render: time,
    },
    { title: t('fields.releaseUser'), dataIndex: 'releaseUser', key: 'releaseUser', width: 140 },
    {
      title: t('fields.releaseTime'),
      dataIndex: 'releaseTime',
      key: 'releaseTime',
      width: 150,
      render: time,
    },
    {
      title: t('fields.expirationTime'),
      dataIndex: 'expirationTime',
      key: 'expirationTime',
      width: 150,
      render: time,
    },
    {
      title: t('actions.title'),
      key: 'actions',
      width: 220,
      fixed: 'right',
      render: (_, row) => {
        const draft = Number(row.enabledMark) === 0;
        return (
          <Space size={0}>
            {draft && (
              <Auth code="btn_edit">
                <Button type="link" size="small" onClick={() => setDialog({ id: row.id })}>
                  {t('actions.edit')}
                </Button>
              </Auth>
            )}
            {draft && (
              <Auth code="btn_release">
                <Button type="link" size="small" onClick={() => release(row)}>
                  {t('actions.release')}
                </Button>
              </Auth>
            )}
            <Button type="link" size="small" onClick={() => void showPreview(row)}>
              {t('actions.preview')}
            </Button>
            <Auth code="btn_remove">
              <Button type="link" size="small" danger onClick={() => remove(row)}>
                {t('actions.delete')}
              </Button>
            </Auth>
          </Space>
        );
      },
    },
  ];

  return (
    <div className="list-page" data-testid="notice-page">
      <div className="list-page__search">
        <SearchBar
          keyword={keyword}
          placeholder={t('keyword')}
          onSearch={(next) => {
            setKeyword(next);
            setPaging((old) => ({ ...old, currentPage: 1 }));
          }}
        >
          <Select<number | ''>
            value={enabledMark}
            style={{ width: 130 }}
            aria-label={t('fields.enabledMark')}
            onChange={(value) => {
              setEnabledMark(value);
              setPaging((old) => ({ ...old, currentPage: 1 }));
            }}
            options={[
              { value: '', label: t('states.any') },
              ...NOTICE_STATES.map((value) => ({ value, label: t(`states.${value}`) })),
            ]}
          />
        </SearchBar>
      </div>
      <div className="list-page__body">
        <div className="list-page__toolbar">
          <AuthButton code="btn_add" type="primary" icon={<PlusOutlined />} onClick={() => setDialog({})}>
            {t('actions.add')}
          </AuthButton>
          <Tooltip title={t('actions.refresh')}>
            <Button
              icon={<ReloadOutlined />}
              aria-label={t('actions.refresh')}
              onClick={() => void list.refetch()}
            />
          </Tooltip>
        </div>
        <PagedTable<NoticeRow>
          rowKey="id"
          columns={columns}
          dataSource={list.data?.list ?? []}
          loading={list.isFetching}
          paging={paging}
          total={list.data?.pagination.total ?? 0}
          onPageChange={setPaging}
          scroll={{ x: 1200 }}
        />
      </div>
      <NoticeDialog target={dialog} onClose={() => setDialog(null)} />
      <MessageDetailDialog detail={preview} onClose={() => setPreview(null)} />
      {modalHolder}
    </div>
  );
}

/** Notice administration, page 'system/notice'. */
export default function NoticePage() {
  return (
    <PermissionScope address={ADDRESS}>
      <NoticeList />
    </PermissionScope>
  );
}
