import { ApartmentOutlined, BankOutlined, PlusOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Empty, Input, Spin, type TableColumnsType, Tree } from 'antd';
import type { DataNode } from 'antd/es/tree';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { creatorTimeColumn, sortCodeColumn, stateColumn } from '../../../widgets/list/columns';
import { usePagedList } from '../../../widgets/list/paged-list';
import { PagedListPage } from '../../../widgets/list/paged-list-page';
import { AuthButton, PermissionScope, useButtonPermission } from '../../../widgets/list/permission';
import { RefreshButton } from '../../../widgets/list/refresh-button';
import { RowActions } from '../../../widgets/list/row-actions';
import { fetchOrganizeTree, pickerKeys } from '../../../widgets/org-picker/api';
import { filterNodes, type PickerNode } from '../../../widgets/org-picker/selection';
import {
  editRemoveActions,
  MembersDialog,
  type MembersTarget,
  membersAction,
  useRowCommands,
} from '../organize/shared';
import { deletePosition, fetchPositions, type PositionItem, positionKeys, togglePosition } from './api';
import { PositionDialog } from './position-dialog';
import '../../../widgets/list/list-page.css';
import '../organize/permission.css';

const ADDRESS = 'permission/position';
/** Key of the 'all units' root of the left tree. */
const ALL = '__all';

function toTreeData(nodes: readonly PickerNode[]): DataNode[] {
  return nodes.map((node) => ({
    key: node.id,
    title: node.fullName,
    icon: node.type === 'company' ? <BankOutlined /> : <ApartmentOutlined />,
    ...(node.children?.length ? { children: toTreeData(node.children) } : { isLeaf: true }),
  }));
}

/** The unit tree on the left: picking a unit lists its positions and those below it. */
function UnitTree({ selected, onSelect }: { selected: string; onSelect(id: string): void }) {
  const { t } = useTranslation('position');
  const [filter, setFilter] = useState('');
  const units = useQuery({ queryKey: pickerKeys.organize(false), queryFn: () => fetchOrganizeTree(false) });
  const treeData = useMemo(
    () => [
      {
        key: ALL,
        title: t('allUnits'),
        icon: <BankOutlined />,
        children: toTreeData(filterNodes(units.data ?? [], filter)),
      },
    ],
    [units.data, filter, t],
  );
  return (
    <aside className="permission-split__side" aria-label={t('unitTree')}>
      <div className="permission-split__side-head">
        <span>{t('unitTree')}</span>
        <RefreshButton
          size="small"
          label={t('organize:shared.actions.refresh')}
          onRefresh={() => void units.refetch()}
        />
      </div>
      <div className="permission-split__filter">
        <Input.Search
          allowClear
          placeholder={t('filterUnits')}
          aria-label={t('filterUnits')}
          onSearch={(value) => setFilter(value.trim())}
          onChange={(event) => event.target.value === '' && setFilter('')}
        />
      </div>
      <div className="permission-split__tree">
        <Spin spinning={units.isFetching}>
          {units.data && units.data.length === 0 ? (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />
          ) : (
            <Tree
              // Remounted per filter and answer: filtered trees open fully, others two levels deep.
              key={`${filter}\n${units.dataUpdatedAt}`}
              showIcon
              blockNode
              defaultExpandAll={filter !== ''}
              defaultExpandedKeys={[ALL, ...(units.data ?? []).map((unit) => unit.id)]}
              treeData={treeData}
              selectedKeys={[selected || ALL]}
              onSelect={(keys) => {
                const key = keys[0];
                if (key !== undefined) onSelect(key === ALL ? '' : String(key));
              }}
            />
          )}
        </Spin>
      </div>
    </aside>
  );
}

function PositionList() {
  const { t } = useTranslation('position');
  const queryClient = useQueryClient();
  const allowed = useButtonPermission();
  const [organizeId, setOrganizeId] = useState('');
  const [dialog, setDialog] = useState<{ id?: string; organizeId?: string } | null>(null);
  const [members, setMembers] = useState<MembersTarget | null>(null);
  const { keyword, search, firstPage, list, tableProps } = usePagedList({
    filters: { organizeId },
    queryKey: positionKeys.list,
    queryFn: fetchPositions,
  });
  const commands = useRowCommands(() => queryClient.invalidateQueries({ queryKey: positionKeys.all }));

  const columns: TableColumnsType<PositionItem> = [
    { title: t('fields.fullName'), dataIndex: 'fullName', key: 'fullName', ellipsis: true },
    { title: t('fields.enCode'), dataIndex: 'enCode', key: 'enCode', width: 140, ellipsis: true },
    { title: t('fields.type'), dataIndex: 'type', key: 'type', width: 100, ellipsis: true },
    { title: t('fields.organizeId'), dataIndex: 'organizeName', key: 'organizeName', ellipsis: true },
    sortCodeColumn(t('organize:shared.fields.sortCode')),
    stateColumn<PositionItem>({
      title: t('organize:shared.fields.enabledMark'),
      enabledText: t('organize:shared.enabled'),
      disabledText: t('organize:shared.disabled'),
      canToggle: () => allowed('btn_edit'),
      onToggle: (row) => commands.toggle(row, () => togglePosition(row.id)),
    }),
    creatorTimeColumn(t('organize:shared.fields.creatorTime')),
    {
      title: t('organize:shared.actions.title'),
      key: 'actions',
      width: 190,
      fixed: 'right',
      render: (_, row) => (
        <RowActions
          actions={[
            ...editRemoveActions(
              t,
              () => setDialog({ id: row.id }),
              () => commands.remove(row.fullName, () => deletePosition(row.id)),
            ),
            membersAction(t, () =>
              setMembers({ objectType: 'Position', objectId: row.id, name: row.fullName }),
            ),
          ]}
        />
      ),
    },
  ];

  return (
    <div className="permission-split" data-testid="position-page">
      <UnitTree
        selected={organizeId}
        onSelect={(id) => {
          setOrganizeId(id);
          firstPage();
        }}
      />
      <PagedListPage<PositionItem>
        className="permission-split__main list-page"
        keyword={keyword}
        placeholder={t('keyword')}
        onSearch={search}
        toolbar={
          <AuthButton
            code="btn_add"
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => setDialog({ organizeId })}
          >
            {t('organize:shared.actions.add')}
          </AuthButton>
        }
        refreshLabel={t('organize:shared.actions.refresh')}
        onRefresh={() => void list.refetch()}
        columns={columns}
        tableProps={tableProps}
        scrollX={1000}
      />
      <PositionDialog target={dialog} onClose={() => setDialog(null)} />
      <MembersDialog target={members} onClose={() => setMembers(null)} />
      {commands.holder}
    </div>
  );
}

/** Positions per unit, page 'permission/position'. */
export default function PositionPage() {
  return (
    <PermissionScope address={ADDRESS}>
      <PositionList />
    </PermissionScope>
  );
}
