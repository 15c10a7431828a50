import {
  ArrowsAltOutlined,
  MoreOutlined,
  PlusOutlined,
  ReloadOutlined,
  ShrinkOutlined,
} from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Button,
  Dropdown,
  Empty,
  Input,
  Modal,
  Space,
  Spin,
  Table,
  type TableColumnsType,
  Tooltip,
  Tree,
} from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toastSuccess } from '../../../base/api/feedback';
import { AuthButton, PermissionScope, useButtonPermission } from '../../../widgets/list/permission';
import { RowActions } from '../../../widgets/list/row-actions';
import { SearchBar } from '../../../widgets/list/search-bar';
import { allIds, filterTree, parentIds, pruneEmptyChildren } from '../../../widgets/list/tree';
import {
  type DictionaryEntry,
  type DictionaryType,
  deleteEntry,
  dictionaryKeys,
  fetchEntries,
  fetchTypes,
  toggleEntry,
} from './api';
import { ItemDialog, type ItemDialogTarget } from './item-dialog';
import { TypeDrawer } from './type-drawer';
import './dictionary.css';
import { StateCell } from '../../../widgets/list/state-cell';

/** Address of this page in the menu (api-contract.md "Page addresses"). */
export const DICTIONARY_ADDRESS = 'systemData/dictionary';

/** A type by id (or by code). */
export function findType(nodes: readonly DictionaryType[], id: string): DictionaryType | null {
  for (const node of nodes) {
    if (node.id === id || node.enCode === id) return node;
    const found = findType(node.children ?? [], id);
    if (found) return found;
  }
  return null;
}

interface TypeTreeNode {
  key: string;
  title: string;
  children?: TypeTreeNode[];
}

function toTreeData(nodes: readonly DictionaryType[]): TypeTreeNode[] {
  return nodes.map((node) => {
    const out: TypeTreeNode = { key: node.id, title: node.fullName };
    if (node.children && node.children.length > 0) out.children = toTreeData(node.children);
    return out;
  });
}

/** Flips the enabled flag of one entry in a cached tree (after the toggle answered). */
function flipEntry(rows: DictionaryEntry[] | undefined, id: string): DictionaryEntry[] | undefined {
  return rows?.map((row) =>
    row.id === id
      ? { ...row, enabledMark: Number(row.enabledMark) === 1 ? 0 : 1 }
      : row.children
        ? { ...row, children: flipEntry(row.children, id) ?? null }
        : row,
  );
}

/** Dictionary management (console.md 2.6): categories on the left, entries as a tree table. */
export function DictionaryManager({
  embedded = false,
  fixedType,
  initialType,
}: {
  embedded?: boolean;
  /** The type (id or code) selected first instead of the first one. */
  initialType?: string;
  /** Shows only this type (id or code) without the category tree: generated dictionary pages (menu type 4). */
  fixedType?: string;
}) {
  const { t } = useTranslation('dictionary');
  const queryClient = useQueryClient();
  const [modal, modalHolder] = Modal.useModal();
  const allowed = useButtonPermission();

  const types = useQuery({ queryKey: dictionaryKeys.types(), queryFn: fetchTypes });
  const typeTree = types.data ?? [];
  const [filter, setFilter] = useState('');
  const [typeExpanded, setTypeExpanded] = useState<React.Key[] | null>(null);
  const [typeId, setTypeId] = useState<string | null>(null);
  const [keyword, setKeyword] = useState('');
  const [drawer, setDrawer] = useState(false);
  const [dialog, setDialog] = useState<ItemDialogTarget | null>(null);
  const [expandAll, setExpandAll] = useState(true);
  const [rowExpanded, setRowExpanded] = useState<readonly React.Key[]>([]);

  // Select the first category once the tree is known (and again if the selected one disappears).
  useEffect(() => {
    if (typeTree.length === 0) return;
    if (fixedType) {
      setTypeId(findType(typeTree, fixedType)?.id ?? null);
      return;
    }
    if (!typeId || !findType(typeTree, typeId))
      setTypeId((initialType && findType(typeTree, initialType)?.id) || typeTree[0]?.id || null);
  }, [typeTree, typeId, fixedType, initialType]);

  const currentType = typeId ? findType(typeTree, typeId) : null;
  const isTree = Number(currentType?.isTree ?? 0);
  const shownTypes = useMemo(
    () => pruneEmptyChildren(filterTree(typeTree, filter, (node) => node.fullName)),
    [typeTree, filter],
  );
  const typeExpandedKeys = filter ? allIds(shownTypes) : (typeExpanded ?? allIds(typeTree));

  const entries = useQuery({
    queryKey: dictionaryKeys.entries(typeId ?? '', keyword),
    queryFn: () => fetchEntries(typeId ?? '', keyword, isTree),
    enabled: Boolean(typeId),
  });
  const rows = useMemo(() => pruneEmptyChildren(entries.data), [entries.data]);
  useEffect(() => {
    setRowExpanded(expandAll ? parentIds(rows) : []);
  }, [rows, expandAll]);

  const clearCaches = () => queryClient.invalidateQueries({ queryKey: dictionaryKeys.all });

  const toggle = (row: DictionaryEntry) => {
    const enabled = Number(row.enabledMark) === 1;
    modal.confirm({
      title: t('confirm.title'),
      content: enabled ? t('confirm.disable') : t('confirm.enable'),
      okText: t('actions.ok'),
      cancelText: t('actions.cancel'),
      onOk: async () => {
        const msg = await toggleEntry(row.id);
        toastSuccess(msg || t('toggled'), 1);
        queryClient.setQueryData<DictionaryEntry[]>(dictionaryKeys.entries(typeId ?? '', keyword), (old) =>
          flipEntry(old, row.id),
        );
      },
    });
  };

  const remove = (row: DictionaryEntry) => {
    modal.confirm({
      title: t('confirm.title'),
      content: t('confirm.delete'),
      okText: t('actions.ok'),
      cancelText: t('actions.cancel'),
      onOk: async () => {
        const msg = await deleteEntry(row.id);
        toastSuccess(msg || t('deleted'), 1.5);
        await clearCaches();
      },
    });
  };

  const columns: TableColumnsType<DictionaryEntry> = [
    { title: t('fields.fullName'), dataIndex: 'fullName', key: 'fullName' },
    { title: t('fields.enCode'), dataIndex: 'enCode', key: 'enCode' },
    { title: t('fields.sortCode'), dataIndex: 'sortCode', key: 'sortCode', width: 90, align: 'center' },
    {
      title: t('fields.enabledMark'),
      dataIndex: 'enabledMark',
      key: 'enabledMark',
      width: 100,
      align: 'center',
      render: (value: number, row) => (
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
      title: t('actions.title'),
      key: 'actions',
      width: 130,
      render: (_, row) => (
        <RowActions
          actions={[
            {
              code: 'btn_edit',
              label: t('actions.edit'),
              onClick: () => typeId && setDialog({ id: row.id, typeId, isTree }),
            },
            { code: 'btn_remove', label: t('actions.delete'), danger: true, onClick: () => remove(row) },
          ]}
        />
      ),
    },
  ];

  const treeMenu = {
    items: [
      { key: 'refresh', label: t('tree.refresh') },
      { key: 'expand', label: t('tree.expandAll') },
      { key: 'collapse', label: t('tree.collapseAll') },
      ...(allowed('btn_category') ? [{ key: 'category', label: t('tree.category') }] : []),
    ],
    onClick: ({ key }: { key: string }) => {
      if (key === 'refresh') void types.refetch();
      if (key === 'expand') setTypeExpanded(allIds(typeTree));
      if (key === 'collapse') setTypeExpanded([]);
      if (key === 'category') setDrawer(true);
    },
  };

  return (
    <div
      className={`dictionary-page${embedded ? ' dictionary-page--embedded' : ''}`}
      data-testid="dictionary-page"
    >
      {!fixedType && (
        <aside className="dictionary-page__side">
          <div className="dictionary-page__side-head">
            <span className="dictionary-page__side-title">{t('tree.title')}</span>
            <Dropdown menu={treeMenu} trigger={['click']} placement="bottomRight">
              <Button type="text" size="small" icon={<MoreOutlined />} aria-label={t('tree.more')} />
            </Dropdown>
          </div>
          <div className="dictionary-page__filter">
            <Input.Search
              allowClear
              placeholder={t('tree.filter')}
              aria-label={t('tree.filter')}
              value={filter}
              onChange={(event) => setFilter(event.target.value)}
            />
          </div>
          <Spin spinning={types.isFetching}>
            <div className="dictionary-page__tree">
              {shownTypes.length === 0 ? (
                <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('noData')} />
              ) : (
                <Tree
                  blockNode
                  treeData={toTreeData(shownTypes)}
                  selectedKeys={typeId ? [typeId] : []}
                  expandedKeys={typeExpandedKeys}
                  onExpand={(keys) => setTypeExpanded(keys)}
                  onSelect={(keys) => {
                    const key = keys[0];
                    if (key !== undefined) {
                      setTypeId(String(key));
                      setKeyword('');
                    }
                  }}
                />
              )}
            </div>
          </Spin>
        </aside>
      )}
      <section className="dictionary-page__main">
        <div className="dictionary-page__search">
          <SearchBar
            keyword={keyword}
            onSearch={setKeyword}
            placeholder={t('keyword')}
            testId="dictionary-search"
          />
        </div>
        <div className="dictionary-page__toolbar">
          <span className="dictionary-page__type-name">{currentType?.fullName ?? ''}</span>
          <Space>
            <AuthButton
              code="btn_add"
              type="primary"
              icon={<PlusOutlined />}
              disabled={!typeId}
              onClick={() => typeId && setDialog({ typeId, isTree })}
            >
              {t('actions.add')}
            </AuthButton>
            <Tooltip title={expandAll ? t('actions.collapse') : t('actions.expand')}>
              <Button
                icon={expandAll ? <ShrinkOutlined /> : <ArrowsAltOutlined />}
                aria-label={expandAll ? t('actions.collapse') : t('actions.expand')}
                onClick={() => setExpandAll((value) => !value)}
              />
            </Tooltip>
            <Tooltip title={t('actions.refresh')}>
              <Button
                icon={<ReloadOutlined />}
                aria-label={t('actions.refresh')}
                onClick={() => void entries.refetch()}
              />
            </Tooltip>
          </Space>
        </div>
        <div data-testid="dictionary-table">
          <Table<DictionaryEntry>
            rowKey="id"
            size="middle"
            columns={columns}
            dataSource={rows}
            loading={entries.isFetching}
            pagination={false}
            expandable={{
              expandedRowKeys: rowExpanded,
              onExpandedRowsChange: (keys) => setRowExpanded(keys),
            }}
          />
        </div>
      </section>
      <TypeDrawer open={drawer} onClose={() => setDrawer(false)} />
      <ItemDialog target={dialog} onClose={() => setDialog(null)} onSaved={() => void entries.refetch()} />
      {modalHolder}
    </div>
  );
}

/** Routed page 'systemData/dictionary'. */
export default function DictionaryPage() {
  return (
    <PermissionScope address={DICTIONARY_ADDRESS}>
      <DictionaryManager />
    </PermissionScope>
  );
}
