import { LinkOutlined, PlusOutlined } from '@ant-design/icons';
import type { MenuTreeNode } from '@console/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Drawer, Modal, Space, Table, type TableColumnsType, Tabs, Tag, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toastSuccess } from '../../../base/api/feedback';
import { useButtonPermission } from '../../../widgets/list/permission';
import { StateCell } from '../../../widgets/list/state-cell';
import { pruneEmptyChildren } from '../../../widgets/list/tree';
import {
  type AnyItem,
  deleteItem,
  fetchItems,
  fetchLinkTables,
  type ItemKind,
  isLinkedKind,
  LINK_TYPE,
  type LinkedKind,
  linkKeys,
  menuKeys,
  toggleItem,
} from './api';
import { ItemDialog } from './item-dialog';
import { LinkDialog } from './link-dialog';
import { SchemeDialog } from './scheme-dialog';

/** The drawer's tabs and the button code that opens each (system/menu's seeded buttons). */
export const ITEM_TABS = [
  { key: 'ModuleButton', code: 'btn_button' },
  { key: 'ModuleColumn', code: 'btn_column' },
  { key: 'ModuleForm', code: 'btn_form' },
  { key: 'ModuleDataAuthorize', code: 'btn_resource' },
  { key: 'ModuleDataAuthorizeScheme', code: 'btn_resource' },
] as const satisfies readonly { key: ItemKind; code: string }[];

/** Menu types whose editors pick fields from tables: pages (2, linked by hand) and generated pages (3). */
const PAGE = 2;
const GENERATED = 3;

/**
 * The editor's data connection: on a page (menu type 2) the tables it is linked to and the
 * 数据连接 button; on a generated page (type 3) a note that its design's tables are used.
 */
function LinkBar({ kind, moduleId, menuType }: { kind: LinkedKind; moduleId: string; menuType: number }) {
  const { t } = useTranslation('menu');
  const [open, setOpen] = useState(false);
  const type = LINK_TYPE[kind];
  const tables = useQuery({
    queryKey: linkKeys.tables(moduleId, type),
    queryFn: () => fetchLinkTables(moduleId, type),
    enabled: menuType === PAGE || menuType === GENERATED,
  });
  if (menuType !== PAGE && menuType !== GENERATED) return null;
  const names = tables.data?.linkTables ?? [];
  return (
    <>
      {menuType === PAGE && (
        <Button icon={<LinkOutlined />} onClick={() => setOpen(true)}>
          {t('link.button')}
        </Button>
      )}
      <Typography.Text type="secondary" className="menu-items__link" data-testid={`link-tables-${kind}`}>
        {menuType === GENERATED
          ? t('link.generated', { tables: names.join('、') })
          : names.length
            ? t('link.current', { tables: names.join('、') })
            : t('link.none')}
      </Typography.Text>
      {menuType === PAGE && (
        <LinkDialog kind={kind} moduleId={moduleId} open={open} onClose={() => setOpen(false)} />
      )}
    </>
  );
}

function ItemsTab({ kind, moduleId, menuType }: { kind: ItemKind; moduleId: string; menuType: number }) {
  const { t } = useTranslation('menu');
  const queryClient = useQueryClient();
  const allowed = useButtonPermission();
  const [modal, modalHolder] = Modal.useModal();
  const [dialog, setDialog] = useState<{ id?: string } | null>(null);
  const items = useQuery({
    queryKey: menuKeys.items(kind, moduleId),
    queryFn: () => fetchItems(kind, moduleId),
  });
  const rows = useMemo(() => pruneEmptyChildren(items.data ?? []), [items.data]);
  const refresh = () => queryClient.invalidateQueries({ queryKey: menuKeys.items(kind, moduleId) });
  const editable = allowed('btn_edit');

  const remove = (row: AnyItem) =>
    modal.confirm({
      title: t('confirm.title'),
      content: t('confirm.deleteItem', { name: row.fullName }),
      okText: t('actions.ok'),
      cancelText: t('actions.cancel'),
      onOk: async () => {
        try {
          toastSuccess((await deleteItem(kind, row.id)) || t('deleted'), 1.5);
        } catch {
          // The refusal was shown by the client; the confirmation closes.
          return;
        }
        await refresh();
      },
    });

  const toggle = async (row: AnyItem) => {
    try {
      toastSuccess((await toggleItem(kind, row.id)) || t('toggled'), 1);
      await refresh();
    } catch {
      // message shown
    }
  };

  const columns: TableColumnsType<AnyItem> = [
    {
      title: t(kind === 'ModuleDataAuthorize' ? 'items.fieldLabel' : 'items.fullName'),
      dataIndex: 'fullName',
      key: 'fullName',
    },
    {
      title: t(kind === 'ModuleDataAuthorize' ? 'items.fieldName' : 'items.enCode'),
      dataIndex: 'enCode',
      key: 'enCode',
    },
    ...(kind === 'ModuleDataAuthorize'
      ? [
          {
            title: t('items.fieldType'),
            dataIndex: 'type',
            key: 'type',
            width: 100,
            render: (v: string) => t(`dataTypes.${v}`),
          },
        ]
      : []),
    ...(kind === 'ModuleDataAuthorizeScheme'
      ? [
          {
            title: t('scheme.rule'),
            key: 'rule',
            render: (_: unknown, row: AnyItem) =>
              row.allData === 1 ? (
                <Tag color="blue">{t('scheme.allData')}</Tag>
              ) : (
                (row.conditionJson?.conditions ?? [])
                  .map(
                    (c) =>
                      `${c.field} ${t(`operators.${c.op}`)} ${c.valueType === 'text' ? c.value : t(`valueTypes.${c.valueType}`)}`,
                  )
                  .join(
                    row.conditionJson?.matchLogic === 'or' ? ` ${t('scheme.or')} ` : ` ${t('scheme.and')} `,
                  )
              ),
          },
        ]
      : []),
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
          canToggle={editable}
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
      width: 120,
      render: (_, row) => (
        <Space size={0}>
          {editable && (
            <Button type="link" size="small" onClick={() => setDialog({ id: row.id })}>
              {t('actions.edit')}
            </Button>
          )}
          {allowed('btn_remove') && (
            <Button type="link" size="small" danger onClick={() => remove(row)}>
              {t('actions.delete')}
            </Button>
          )}
        </Space>
      ),
    },
  ];

  return (
    <div data-testid={`items-${kind}`}>
      <div className="menu-items__toolbar">
        {allowed('btn_add') && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setDialog({})}>
            {t('actions.add')}
          </Button>
        )}
        {isLinkedKind(kind) && <LinkBar kind={kind} moduleId={moduleId} menuType={menuType} />}
      </div>
      <Table<AnyItem>
        size="small"
        rowKey="id"
        columns={columns}
        dataSource={rows}
        loading={items.isFetching}
        pagination={false}
      />
      {kind === 'ModuleDataAuthorizeScheme' ? (
        <SchemeDialog moduleId={moduleId} target={dialog} onClose={() => setDialog(null)} />
      ) : (
        <ItemDialog kind={kind} moduleId={moduleId} target={dialog} onClose={() => setDialog(null)} />
      )}
      {modalHolder}
    </div>
  );
}

/** Drawer (900 px) of one page's buttons, list columns, form fields, data-rule fields and schemes. */
export function ItemsDrawer({
  menu,
  initialTab,
  onClose,
}: {
  menu: MenuTreeNode | null;
  initialTab: ItemKind;
  onClose(): void;
}) {
  const { t } = useTranslation('menu');
  const allowed = useButtonPermission();
  const [tab, setTab] = useState<ItemKind>(initialTab);
  const [shownFor, setShownFor] = useState<string | null>(null);
  // Opening the drawer for a page (or another tab of it) shows the tab asked for.
  const openKey = menu ? `${menu.id}:${initialTab}` : null;
  if (openKey !== shownFor) {
    setShownFor(openKey);
    setTab(initialTab);
  }
  return (
    <Drawer
      open={menu !== null}
      size={900}
      title={menu ? t('items.title', { name: menu.fullName }) : ''}
      onClose={onClose}
      destroyOnHidden
    >
      {menu && (
        <Tabs
          activeKey={tab}
          onChange={(key) => setTab(key as ItemKind)}
          items={ITEM_TABS.filter((item) => allowed(item.code)).map((item) => ({
            key: item.key,
            label: t(`items.tabs.${item.key}`),
            children: <ItemsTab kind={item.key} moduleId={menu.id} menuType={menu.type} />,
          }))}
        />
      )}
    </Drawer>
  );
}
