import {
  AppstoreOutlined,
  DeleteOutlined,
  EditOutlined,
  PlusOutlined,
  ReloadOutlined,
} from '@ant-design/icons';
import type { MenuCategory, MenuTreeNode, SystemItem } from '@console/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Button,
  Dropdown,
  Empty,
  Modal,
  Segmented,
  Space,
  Spin,
  Table,
  type TableColumnsType,
  Tag,
  Tooltip,
} from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toastSuccess } from '../../../base/api/feedback';
import { useListColumns } from '../../../widgets/list/column-settings';
import { Auth, AuthButton, PermissionScope, useButtonPermission } from '../../../widgets/list/permission';
import { SearchBar } from '../../../widgets/list/search-bar';
import { StateCell } from '../../../widgets/list/state-cell';
import { allIds, pruneEmptyChildren } from '../../../widgets/list/tree';
import {
  PortalManageButton,
  PortalManageDrawer,
  type PortalManageTarget,
} from '../portalManage/portal-manage-drawer';
import {
  deleteMenu,
  deleteSystem,
  fetchMenuTree,
  fetchSystems,
  type ItemKind,
  menuKeys,
  toggleMenu,
} from './api';
import { ITEM_TABS, ItemsDrawer } from './items-drawer';
import { ITEM_TYPES, MenuDialog, type MenuTarget } from './menu-dialog';
import { SystemDialog } from './system-dialog';
import '../../../widgets/list/list-page.css';
import './menu.css';

const ADDRESS = 'system/menu';

function MenuAdmin() {
  const { t } = useTranslation('menu');
  const queryClient = useQueryClient();
  const [modal, modalHolder] = Modal.useModal();
  const allowed = useButtonPermission();
  const systems = useQuery({ queryKey: menuKeys.systems, queryFn: fetchSystems });
  const [chosen, setChosen] = useState<string | null>(null);
  const systemId = chosen ?? systems.data?.find((s) => s.isMain === 1)?.id ?? systems.data?.[0]?.id ?? '';
  const [category, setCategory] = useState<MenuCategory>('Web');
  const [keyword, setKeyword] = useState('');
  const [expanded, setExpanded] = useState<string[] | null>(null);
  const [systemDialog, setSystemDialog] = useState<{ id?: string } | null>(null);
  const [portalTarget, setPortalTarget] = useState<PortalManageTarget | null>(null);
  const [menuDialog, setMenuDialog] = useState<MenuTarget | null>(null);
  const [drawer, setDrawer] = useState<{ menu: MenuTreeNode; tab: ItemKind } | null>(null);

  const tree = useQuery({
    queryKey: menuKeys.tree(systemId, category, keyword),
    queryFn: () => fetchMenuTree(systemId, category, keyword),
    enabled: Boolean(systemId),
  });
  const rows = useMemo(() => pruneEmptyChildren(tree.data ?? []), [tree.data]);
  const expandedKeys = keyword ? allIds(rows) : (expanded ?? []);

  const confirm = (content: string, action: () => Promise<string>, done: string) =>
    modal.confirm({
      title: t('confirm.title'),
      content,
      okText: t('actions.ok'),
      cancelText: t('actions.cancel'),
      onOk: async () => {
        try {
          toastSuccess((await action()) || done, 1.5);
        } catch {
          // The refusal and its reason were shown by the client; the confirmation closes.
          return;
        }
        await queryClient.invalidateQueries({ queryKey: menuKeys.all });
      },
    });

  const removeSystem = (system: SystemItem) =>
    confirm(
      t('confirm.deleteSystem', { name: system.fullName }),
      () => deleteSystem(system.id),
      t('deleted'),
    );

  const toggle = async (row: MenuTreeNode) => {
    try {
      toastSuccess((await toggleMenu(row.id)) || t('toggled'), 1);
      await queryClient.invalidateQueries({ queryKey: menuKeys.all });
    } catch {
      // message shown
    }
  };

  const baseColumns: TableColumnsType<MenuTreeNode> = [
    { title: t('fields.fullName'), dataIndex: 'fullName', key: 'fullName', width: 220, ellipsis: true },
    { title: t('fields.enCode'), dataIndex: 'enCode', key: 'enCode', width: 200, ellipsis: true },
    { title: t('fields.icon'), dataIndex: 'icon', key: 'icon', width: 140, ellipsis: true },
    {
      title: t('fields.type'),
      dataIndex: 'type',
      key: 'type',
      width: 100,
      align: 'center',
      render: (value: number) => <Tag>{t(`types.${value}`)}</Tag>,
    },
    { title: t('fields.urlAddress'), dataIndex: 'urlAddress', key: 'urlAddress', ellipsis: true },
    { title: t('fields.sortCode'), dataIndex: 'sortCode', key: 'sortCode', width: 70, align: 'center' },
    {
      title: t('fields.enabledMark'),
      dataIndex: 'enabledMark',
      key: 'enabledMark',
      width: 80,
      align: 'center',
      render: (value: number, row) => (
        <StateCell
          enabled={value === 1}
          canToggle={allowed('btn_edit')}
          label={t('fields.enabledMark')}
          enabledText={t('enabled')}
          disabledText={t('disabled')}
          onToggle={() => void toggle(row)}
        />
      ),
    },
    {
      title: t('actions.title'),
      key: 'actions',
      width: 190,
      fixed: 'right',
      render: (_, row) => {
        const itemTabs = ITEM_TYPES.includes(row.type) ? ITEM_TABS.filter((tab) => allowed(tab.code)) : [];
        return (
          <Space size={0}>
            <Auth code="btn_add">
              <Button type="link" size="small" onClick={() => setMenuDialog({ parentId: row.id })}>
                {t('actions.addChild')}
              </Button>
            </Auth>
            <Auth code="btn_edit">
              <Button type="link" size="small" onClick={() => setMenuDialog({ id: row.id })}>
                {t('actions.edit')}
              </Button>
            </Auth>
            <Auth code="btn_remove">
              <Button
                type="link"
                size="small"
                danger
                onClick={() =>
                  confirm(
                    t('confirm.deleteMenu', { name: row.fullName }),
                    () => deleteMenu(row.id),
                    t('deleted'),
                  )
                }
              >
                {t('actions.delete')}
              </Button>
            </Auth>
            {itemTabs.length > 0 && (
              <Dropdown
                trigger={['click']}
                menu={{
                  items: itemTabs.map((tab) => ({ key: tab.key, label: t(`items.tabs.${tab.key}`) })),
                  onClick: ({ key }) => setDrawer({ menu: row, tab: key as ItemKind }),
                }}
              >
                <Button type="link" size="small">
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
    <div className="menu-page" data-testid="menu-page">
      <aside className="menu-page__side" aria-label={t('system.title')}>
        <div className="menu-page__side-head">
          <span className="menu-page__side-title">
            <AppstoreOutlined /> {t('system.title')}
          </span>
          <Auth code="btn_add">
            <Tooltip title={t('system.newTitle')}>
              <Button
                type="text"
                size="small"
                icon={<PlusOutlined />}
                aria-label={t('system.newTitle')}
                onClick={() => setSystemDialog({})}
              />
            </Tooltip>
          </Auth>
        </div>
        {systems.isLoading ? (
          <Spin className="menu-page__spin" />
        ) : (systems.data ?? []).length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />
        ) : (
          <ul className="menu-page__systems">
            {(systems.data ?? []).map((system) => (
              <li key={system.id} className={system.id === systemId ? 'is-active' : undefined}>
                <button
                  type="button"
                  className="menu-page__system"
                  aria-current={system.id === systemId ? 'true' : undefined}
                  onClick={() => {
                    setChosen(system.id);
                    setExpanded(null);
                  }}
                >
                  <span className="menu-page__system-name">{system.fullName}</span>
                  {system.enabledMark !== 1 && <Tag color="error">{t('disabled')}</Tag>}
                </button>
                <span className="menu-page__system-actions">
                  <PortalManageButton
                    name={system.fullName}
                    onOpen={() => setPortalTarget({ systemId: system.id, systemName: system.fullName })}
                  />
                  <Auth code="btn_edit">
                    <Button
                      type="text"
                      size="small"
                      icon={<EditOutlined />}
                      aria-label={t('system.edit', { name: system.fullName })}
                      onClick={() => setSystemDialog({ id: system.id })}
                    />
                  </Auth>
                  {system.isMain !== 1 && (
                    <Auth code="btn_remove">
                      <Button
                        type="text"
                        size="small"
                        danger
                        icon={<DeleteOutlined />}
                        aria-label={t('system.delete', { name: system.fullName })}
                        onClick={() => removeSystem(system)}
                      />
                    </Auth>
                  )}
                </span>
              </li>
            ))}
          </ul>
        )}
      </aside>
      <div className="menu-page__main list-page">
        <div className="list-page__search">
          <Space wrap>
            <Segmented<MenuCategory>
              value={category}
              onChange={(value) => {
                setCategory(value);
                setExpanded(null);
              }}
              options={[
                { value: 'Web', label: t('categories.Web') },
                { value: 'App', label: t('categories.App') },
              ]}
            />
            <SearchBar keyword={keyword} placeholder={t('keyword')} onSearch={setKeyword} />
          </Space>
        </div>
        <div className="list-page__body">
          <div className="list-page__toolbar">
            <Space>
              <AuthButton
                code="btn_add"
                type="primary"
                icon={<PlusOutlined />}
                disabled={!systemId}
                onClick={() => setMenuDialog({ parentId: '-1' })}
              >
                {t('actions.add')}
              </AuthButton>
              <Button onClick={() => setExpanded(allIds(rows))}>{t('actions.expandAll')}</Button>
              <Button onClick={() => setExpanded([])}>{t('actions.foldAll')}</Button>
            </Space>
            <Space>
              <Tooltip title={t('actions.refresh')}>
                <Button
                  icon={<ReloadOutlined />}
                  aria-label={t('actions.refresh')}
                  onClick={() => void tree.refetch()}
                />
              </Tooltip>
              {settingsButton}
            </Space>
          </div>
          <Table<MenuTreeNode>
            size="middle"
            rowKey="id"
            columns={columns}
            dataSource={rows}
            loading={tree.isFetching}
            pagination={false}
            expandable={{
              expandedRowKeys: expandedKeys,
              onExpandedRowsChange: (keys) => setExpanded(keys.map(String)),
            }}
            scroll={{ x: 1200 }}
          />
        </div>
      </div>
      <SystemDialog target={systemDialog} onClose={() => setSystemDialog(null)} />
      <PortalManageDrawer target={portalTarget} onClose={() => setPortalTarget(null)} />
      <MenuDialog
        target={menuDialog}
        systemId={systemId}
        category={category}
        tree={tree.data ?? []}
        onClose={() => setMenuDialog(null)}
      />
      <ItemsDrawer
        menu={drawer?.menu ?? null}
        initialTab={drawer?.tab ?? 'ModuleButton'}
        onClose={() => setDrawer(null)}
      />
      {modalHolder}
    </div>
  );
}

/** Applications and their menu trees with per-page items, page 'system/menu'. */
export default function MenuPage() {
  return (
    <PermissionScope address={ADDRESS}>
      <MenuAdmin />
    </PermissionScope>
  );
}
