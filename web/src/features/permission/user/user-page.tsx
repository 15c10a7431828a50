import {
  ApartmentOutlined,
  DownloadOutlined,
  PlusOutlined,
  ReloadOutlined,
  UploadOutlined,
} from '@ant-design/icons';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Button,
  Dropdown,
  Empty,
  Input,
  Modal,
  Space,
  Spin,
  type TableColumnsType,
  Tag,
  Tooltip,
  Tree,
} from 'antd';
import dayjs from 'dayjs';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toastSuccess } from '../../../base/api/feedback';
import { ImportWizard } from '../../../widgets/import-wizard';
import { useListColumns } from '../../../widgets/list/column-settings';
import { downloadUrl } from '../../../widgets/list/files';
import { DEFAULT_PAGE_SIZE, PagedTable, type Paging } from '../../../widgets/list/paged-table';
import { Auth, AuthButton, PermissionScope, useButtonPermission } from '../../../widgets/list/permission';
import { SearchBar } from '../../../widgets/list/search-bar';
import { StateCell } from '../../../widgets/list/state-cell';
import { allIds, filterTree } from '../../../widgets/list/tree';
import {
  deleteUser,
  exportUsers,
  fetchOrganizeTree,
  fetchUsers,
  type OrganizeNode,
  toggleUser,
  USERS,
  type UserRow,
  unlockUser,
  userKeys,
} from './api';
import { type InitialPassword, InitialPasswordDialog } from './initial-password-dialog';
import { ResetPasswordDialog } from './reset-password-dialog';
import { UserDialog } from './user-dialog';
import '../../../widgets/list/list-page.css';
import './user.css';

const ADDRESS = 'permission/user';

interface TreeItem {
  key: string;
  title: string;
  children?: TreeItem[];
}

function toTreeData(nodes: readonly OrganizeNode[]): TreeItem[] {
  return nodes.map((node) => {
    const item: TreeItem = { key: node.id, title: node.fullName };
    if (node.children?.length) item.children = toTreeData(node.children);
    return item;
  });
}

/** Enabled, disabled or locked (enabledMark 1, 0, 2). */
function StateTag({ value, t }: { value: number; t: (key: string) => string }) {
  if (value === 2) return <Tag color="warning">{t('locked')}</Tag>;
  return value === 1 ? <Tag color="success">{t('enabled')}</Tag> : <Tag color="error">{t('disabled')}</Tag>;
}

function UserList() {
  const { t } = useTranslation('user');
  const queryClient = useQueryClient();
  const [modal, modalHolder] = Modal.useModal();
  const allowed = useButtonPermission();
  const [keyword, setKeyword] = useState('');
  const [organizeId, setOrganizeId] = useState<string | undefined>();
  const [filter, setFilter] = useState('');
  const [expanded, setExpanded] = useState<string[] | null>(null);
  const [paging, setPaging] = useState<Paging>({ currentPage: 1, pageSize: DEFAULT_PAGE_SIZE });
  const [dialog, setDialog] = useState<{ id?: string } | null>(null);
  const [resetTarget, setResetTarget] = useState<UserRow | null>(null);
  const [initial, setInitial] = useState<InitialPassword | null>(null);
  const [importing, setImporting] = useState(false);
  const [exporting, setExporting] = useState(false);

  const query = { keyword, organizeId, ...paging };
  const list = useQuery({
    queryKey: userKeys.list(query),
    queryFn: () => fetchUsers(query),
    placeholderData: keepPreviousData,
  });
  const tree = useQuery({ queryKey: userKeys.tree, queryFn: fetchOrganizeTree });
  const shownTree = useMemo(
    () => filterTree(tree.data ?? [], filter, (node) => node.fullName),
    [tree.data, filter],
  );
  const expandedKeys = filter ? allIds(shownTree) : (expanded ?? allIds(tree.data ?? []).slice(0, 50));

  const refresh = () => queryClient.invalidateQueries({ queryKey: userKeys.all });

  const confirm = (content: string, action: () => Promise<void>) =>
    modal.confirm({
      title: t('confirm.title'),
      content,
      okText: t('actions.ok'),
      cancelText: t('actions.cancel'),
      // A refusal was shown by the client with the server's reason; the confirmation closes.
      onOk: () => action().catch(() => undefined),
    });

  const remove = (row: UserRow) =>
    confirm(t('confirm.delete', { name: row.realName }), async () => {
      toastSuccess((await deleteUser(row.id)) || t('deleted'), 1.5);
      await refresh();
    });

  const toggle = (row: UserRow) =>
    confirm(Number(row.enabledMark) === 0 ? t('confirm.enable') : t('confirm.disable'), async () => {
      toastSuccess((await toggleUser(row.id)) || t('toggled'), 1);
      await refresh();
    });

  const unlock = (row: UserRow) =>
    confirm(t('confirm.unlock', { name: row.realName }), async () => {
      toastSuccess((await unlockUser(row.id)) || t('unlocked'), 1.5);
      await refresh();
    });

  const exportList = async () => {
    setExporting(true);
    try {
      const file = await exportUsers({ keyword, organizeId });
      if (file?.url) downloadUrl(file.url, file.name);
    } catch {
      // toast shown by the client
    } finally {
      setExporting(false);
    }
  };

  const baseColumns: TableColumnsType<UserRow> = [
    { title: t('fields.account'), dataIndex: 'account', key: 'account', width: 140, ellipsis: true },
    { title: t('fields.realName'), dataIndex: 'realName', key: 'realName', width: 120, ellipsis: true },
    {
      title: t('fields.gender'),
      dataIndex: 'gender',
      key: 'gender',
      width: 70,
      align: 'center',
      render: (value: number | null | undefined) => (value ? t(`genders.${value}`) : ''),
    },
    { title: t('fields.mobilePhone'), dataIndex: 'mobilePhone', key: 'mobilePhone', width: 130 },
    {
      title: t('fields.organizeName'),
      dataIndex: 'organizeName',
      key: 'organizeName',
      ellipsis: true,
      render: (value: string | null | undefined, row) => value ?? row.organize ?? '',
    },
    {
      title: t('fields.enabledMark'),
      dataIndex: 'enabledMark',
      key: 'enabledMark',
      width: 80,
      align: 'center',
      render: (value: number, row) =>
        Number(value) === 2 ? (
          <StateTag value={2} t={t} />
        ) : (
          <StateCell
            enabled={Number(value) === 1}
            canToggle={allowed('btn_state')}
            label={t('fields.enabledMark')}
            enabledText={t('enabled')}
            disabledText={t('disabled')}
            onToggle={() => toggle(row)}
          />
        ),
    },
    {
      title: t('fields.creatorTime'),
      dataIndex: 'creatorTime',
      key: 'creatorTime',
      width: 150,
      render: (value: number | null | undefined) => (value ? dayjs(value).format('YYYY-MM-DD HH:mm') : ''),
    },
    {
      title: t('actions.title'),
      key: 'actions',
      width: 170,
      fixed: 'right',
      render: (_, row) => {
        const more = [
          allowed('btn_resetPassword') && { key: 'reset', label: t('actions.resetPassword') },
          allowed('btn_unlock') &&
            Number(row.enabledMark) === 2 && { key: 'unlock', label: t('actions.unlock') },
          allowed('btn_state') &&
            Number(row.enabledMark) !== 2 && {
              key: 'state',
              label: Number(row.enabledMark) === 1 ? t('actions.disable') : t('actions.enable'),
            },
        ].filter((item) => item !== false);
        return (
          <Space size={0}>
            <Auth code="btn_edit">
              <Button type="link" size="small" onClick={() => setDialog({ id: row.id })}>
                {t('actions.edit')}
              </Button>
            </Auth>
            <Auth code="btn_remove">
              <Button type="link" size="small" danger onClick={() => remove(row)}>
                {t('actions.delete')}
              </Button>
            </Auth>
            {more.length > 0 && (
              <Dropdown
                trigger={['click']}
                menu={{
                  items: more,
                  onClick: ({ key }) => {
                    if (key === 'reset') setResetTarget(row);
                    if (key === 'unlock') unlock(row);
                    if (key === 'state') toggle(row);
                  },
                }}
              >
                <Button type="link" size="small" aria-label={t('actions.more')}>
                  {t('actions.more')}
                </Button>
              </Dropdown>
            )}
          </Space>
        );
      },
    },
  ];
  const { columns, settingsButton } = useListColumns(ADDRESS, baseColumns, {
    title: t('columns.title'),
    reset: t('columns.reset'),
    up: (name) => t('columns.up', { name }),
    down: (name) => t('columns.down', { name }),
  });

  return (
    <div className="user-page" data-testid="user-page">
      <aside className="user-page__side" aria-label={t('tree.title')}>
        <div className="user-page__side-head">
          <span className="user-page__side-title">
            <ApartmentOutlined /> {t('tree.title')}
          </span>
          <Tooltip title={t('actions.refresh')}>
            <Button
              type="text"
              size="small"
              icon={<ReloadOutlined />}
              aria-label={t('tree.refresh')}
              onClick={() => void tree.refetch()}
            />
          </Tooltip>
        </div>
        <div className="user-page__filter">
          <Input
            allowClear
            placeholder={t('tree.filter')}
            aria-label={t('tree.filter')}
            value={filter}
            onChange={(event) => setFilter(event.target.value)}
          />
        </div>
        <div className="user-page__tree">
          {tree.isLoading ? (
            <Spin />
          ) : shownTree.length === 0 ? (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />
          ) : (
            <Tree
              blockNode
              treeData={toTreeData(shownTree)}
              expandedKeys={expandedKeys}
              onExpand={(keys) => setExpanded(keys.map(String))}
              selectedKeys={organizeId ? [organizeId] : []}
              onSelect={(keys) => {
                setOrganizeId(keys[0] ? String(keys[0]) : undefined);
                setPaging((old) => ({ ...old, currentPage: 1 }));
              }}
            />
          )}
        </div>
      </aside>
      <div className="user-page__main list-page">
        <div className="list-page__search">
          <SearchBar
            keyword={keyword}
            placeholder={t('keyword')}
            onSearch={(next) => {
              setKeyword(next);
              setPaging((old) => ({ ...old, currentPage: 1 }));
            }}
          />
        </div>
        <div className="list-page__body">
          <div className="list-page__toolbar">
            <Space>
              <AuthButton code="btn_add" type="primary" icon={<PlusOutlined />} onClick={() => setDialog({})}>
                {t('actions.add')}
              </AuthButton>
              <AuthButton code="btn_import" icon={<UploadOutlined />} onClick={() => setImporting(true)}>
                {t('actions.import')}
              </AuthButton>
              <AuthButton
                code="btn_export"
                icon={<DownloadOutlined />}
                loading={exporting}
                onClick={exportList}
              >
                {t('actions.export')}
              </AuthButton>
            </Space>
            <Space>
              <Tooltip title={t('actions.refresh')}>
                <Button
                  icon={<ReloadOutlined />}
                  aria-label={t('actions.refresh')}
                  onClick={() => void list.refetch()}
                />
              </Tooltip>
              {settingsButton}
            </Space>
          </div>
          <PagedTable<UserRow>
            rowKey="id"
            columns={columns}
            dataSource={list.data?.list ?? []}
            loading={list.isFetching}
            paging={paging}
            total={list.data?.pagination.total ?? 0}
            onPageChange={setPaging}
            scroll={{ x: 1000 }}
          />
        </div>
      </div>
      <UserDialog
        target={dialog}
        defaultOrganizeId={organizeId}
        onClose={() => setDialog(null)}
        onCreated={setInitial}
      />
      <InitialPasswordDialog created={initial} onClose={() => setInitial(null)} />
      <ResetPasswordDialog target={resetTarget} onClose={() => setResetTarget(null)} />
      <ImportWizard
        open={importing}
        base={USERS}
        onClose={(changed) => {
          setImporting(false);
          if (changed) void refresh();
        }}
      />
      {modalHolder}
    </div>
  );
}

/** User administration, page 'permission/user'. */
export default function UserPage() {
  return (
    <PermissionScope address={ADDRESS}>
      <UserList />
    </PermissionScope>
  );
}
