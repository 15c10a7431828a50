import { DownOutlined, PlusOutlined, UploadOutlined } from '@ant-design/icons';
import { Button, Dropdown, type MenuProps, Modal, Space, type TableColumnType, TreeSelect } from 'antd';
import { type ReactNode, useState } from 'react';
import { toastSuccess } from '../../base/api/feedback';
import { creatorTimeColumn, sortCodeColumn } from './columns';
import { chooseFile, downloadUrl } from './files';
import { AuthButton, useButtonPermission } from './permission';
import { RefreshButton } from './refresh-button';
import { type RowAction, RowActions } from './row-actions';
import { SearchBar } from './search-bar';
import './list-page.css';

/**
 * The pieces every design list shares (data report, visual portal, print template, flow
 * template): a confirmation before an action, the import of a design file, the row's actions
 * with its more-menu of copy / export / delete, and the page frame of category filter, add and
 * import buttons and refresh. Texts come from the page's own namespace, under the same keys:
 * confirm.title, actions.ok / cancel / more / add / import / refresh / copy / export / delete.
 */
type Translate = (key: string, options?: Record<string, unknown>) => string;

type MenuItem = NonNullable<MenuProps['items']>[number];

export interface DesignActions {
  /** Asks first; on OK runs the action. */
  confirm(content: string, action: () => Promise<void>): void;
  /** Asks first; on OK runs the action, shows its message (or `doneText`) and refreshes the list. */
  run(content: string, action: () => Promise<string | undefined>): void;
  /** Picks a file of the type `accept` and imports it; the list is refreshed. */
  importFile(accept: string, upload: (file: File) => Promise<string | undefined>): Promise<void>;
  importing: boolean;
  /** Must be rendered for the confirmations to show. */
  modalHolder: ReactNode;
}

export function useDesignActions(
  t: Translate,
  doneText: string,
  refresh: () => Promise<unknown>,
): DesignActions {
  const [modal, modalHolder] = Modal.useModal();
  const [importing, setImporting] = useState(false);
  const confirm = (content: string, action: () => Promise<void>) => {
    modal.confirm({
      title: t('confirm.title'),
      content,
      okText: t('actions.ok'),
      cancelText: t('actions.cancel'),
      onOk: action,
    });
  };
  const run = (content: string, action: () => Promise<string | undefined>) =>
    confirm(content, async () => {
      toastSuccess((await action()) || doneText);
      await refresh();
    });
  const importFile = async (accept: string, upload: (file: File) => Promise<string | undefined>) => {
    const file = await chooseFile(accept);
    if (!file) return;
    setImporting(true);
    try {
      toastSuccess((await upload(file)) || doneText);
      await refresh();
    } catch {
      // the client showed the server's message
    } finally {
      setImporting(false);
    }
  };
  return { confirm, run, importFile, importing, modalHolder };
}

export interface DesignMenuOptions {
  t: Translate;
  actions: Pick<DesignActions, 'run' | 'confirm'>;
  copy(): Promise<string | undefined>;
  /** The file to download; asked first when `exportConfirm` is given. */
  exportFile(): Promise<{ url: string; name: string } | undefined>;
  exportConfirm?: string;
  /** The button the export needs; shown to everyone when absent. */
  exportCode?: string;
  remove(): Promise<string | undefined>;
  removeConfirm: string;
  /** Items before copy and between export and delete. */
  first?: MenuItem[];
  beforeDelete?: MenuItem[];
}

/** The more-menu of a design row: [first…] copy, export, [beforeDelete…] delete, each as granted. */
export function useDesignMenu(): (options: DesignMenuOptions) => MenuItem[] {
  const allowed = useButtonPermission();
  return ({
    t,
    actions,
    copy,
    exportFile,
    exportConfirm,
    exportCode,
    remove,
    removeConfirm,
    first,
    beforeDelete,
  }) => {
    const download = async () => {
      const file = await exportFile();
      if (file?.url) downloadUrl(file.url, file.name);
    };
    return [
      ...(first ?? []),
      allowed('btn_copy') && {
        key: 'copy',
        label: t('actions.copy'),
        onClick: () => actions.run(t('confirm.copy'), copy),
      },
      (!exportCode || allowed(exportCode)) && {
        key: 'export',
        label: t('actions.export'),
        onClick: () => (exportConfirm ? actions.confirm(exportConfirm, download) : void download()),
      },
      ...(beforeDelete ?? []),
      allowed('btn_remove') && {
        key: 'delete',
        label: t('actions.delete'),
        danger: true,
        onClick: () => actions.run(removeConfirm, remove),
      },
    ].filter((item): item is MenuItem => !!item);
  };
}

/** The actions cell of a design row: its link buttons, then "more" with the menu. */
export function DesignRowActions({
  t,
  name,
  actions,
  menu,
}: {
  t: Translate;
  /** The row's name, for the more button's accessible label. */
  name: string;
  actions: readonly RowAction[];
  menu: MenuItem[];
}) {
  return (
    <Space size={0}>
      <RowActions actions={actions} />
      <Dropdown menu={{ items: menu }} trigger={['click']}>
        <Button type="link" size="small" aria-label={`${t('actions.more')} ${name}`}>
          {t('actions.more')} <DownOutlined />
        </Button>
      </Dropdown>
    </Space>
  );
}

/**
 * The columns every design list ends with: creator, creation time, sort code, then `state`
 * (enabled column) and the actions cell (link buttons, more-menu).
 */
export function designTailColumns<T extends { fullName: string }>({
  t,
  state,
  width,
  actions,
  menu,
}: {
  t: Translate;
  state: TableColumnType<T>;
  /** Width of the actions cell. */
  width: number;
  actions(row: T): readonly RowAction[];
  menu(row: T): MenuItem[];
}): TableColumnType<T>[] {
  return [
    {
      title: t('fields.creatorUser'),
      dataIndex: 'creatorUser',
      key: 'creatorUser',
      width: 140,
      ellipsis: true,
    },
    creatorTimeColumn(t('fields.creatorTime')),
    sortCodeColumn(t('fields.sortCode')),
    state,
    {
      title: t('actions.title'),
      key: 'actions',
      width,
      fixed: 'right',
      render: (_, row) => (
        <DesignRowActions t={t} name={row.fullName} actions={actions(row)} menu={menu(row)} />
      ),
    },
  ];
}

export interface CategoryTree {
  id: string;
  fullName: string;
  children?: CategoryTree[];
}

/** The frame of a design list: keyword and category search, add / import / refresh, then the table. */
export function DesignListFrame({
  t,
  testId,
  paged,
  category: [category, setCategory],
  categories,
  onAdd,
  importCode = 'btn_import',
  importing,
  onImport,
  children,
  dialogs,
}: {
  t: Translate;
  testId: string;
  /** The page's usePagedList: keyword search, back to the first page on a new category, refresh. */
  paged: {
    keyword: string;
    search(keyword: string): void;
    firstPage(): void;
    list: { refetch(): unknown };
  };
  /** The category filter's state. */
  category: [string | undefined, (category: string | undefined) => void];
  categories: readonly CategoryTree[] | undefined;
  onAdd(): void;
  /** The button the import needs. */
  importCode?: string;
  importing: boolean;
  onImport(): void;
  /** The table. */
  children: ReactNode;
  /** The page's dialogs, drawers and modal holder. */
  dialogs?: ReactNode;
}) {
  return (
    <div className="list-page" data-testid={testId}>
      <div className="list-page__search">
        <SearchBar keyword={paged.keyword} placeholder={t('keyword')} onSearch={paged.search}>
          <TreeSelect
            aria-label={t('fields.category')}
            style={{ width: 200 }}
            allowClear
            value={category}
            placeholder={t('allCategories')}
            treeData={(categories ?? []) as CategoryTree[]}
            fieldNames={{ label: 'fullName', value: 'id', children: 'children' }}
            onChange={(value) => {
              setCategory(value ?? undefined);
              paged.firstPage();
            }}
          />
        </SearchBar>
      </div>
      <div className="list-page__body">
        <div className="list-page__toolbar">
          <Space>
            <AuthButton code="btn_add" type="primary" icon={<PlusOutlined />} onClick={onAdd}>
              {t('actions.add')}
            </AuthButton>
            <AuthButton code={importCode} icon={<UploadOutlined />} loading={importing} onClick={onImport}>
              {t('actions.import')}
            </AuthButton>
          </Space>
          <RefreshButton
            type="default"
            label={t('actions.refresh')}
            onRefresh={() => void paged.list.refetch()}
          />
        </div>
        {children}
      </div>
      {dialogs}
    </div>
  );
}
