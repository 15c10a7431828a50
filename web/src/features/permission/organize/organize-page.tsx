import {
  ApartmentOutlined,
  BankOutlined,
  NodeCollapseOutlined,
  NodeExpandOutlined,
  PlusOutlined,
} from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Space, Table, type TableColumnsType, Tag, Tooltip } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { creatorTimeColumn, sortCodeColumn, stateColumn } from '../../../widgets/list/columns';
import { AuthButton, PermissionScope, useButtonPermission } from '../../../widgets/list/permission';
import { RefreshButton } from '../../../widgets/list/refresh-button';
import { RowActions } from '../../../widgets/list/row-actions';
import { SearchBar } from '../../../widgets/list/search-bar';
import { parentIds, pruneEmptyChildren } from '../../../widgets/list/tree';
import { deleteOrganize, fetchOrganizeList, type OrganizeNode, organizeKeys, toggleOrganize } from './api';
import { OrganizeDialog, type OrganizeTarget } from './organize-dialog';
import { editRemoveActions, useRowCommands } from './shared';
import '../../../widgets/list/list-page.css';
import './permission.css';

const ADDRESS = 'permission/organize';

function OrganizeList() {
  const { t } = useTranslation('organize');
  const queryClient = useQueryClient();
  const allowed = useButtonPermission();
  const [keyword, setKeyword] = useState('');
  const [dialog, setDialog] = useState<OrganizeTarget | null>(null);
  const [expanded, setExpanded] = useState<readonly React.Key[] | null>(null);
  const list = useQuery({ queryKey: organizeKeys.tree(keyword), queryFn: () => fetchOrganizeList(keyword) });
  const rows = useMemo(() => pruneEmptyChildren(list.data), [list.data]);
  const allKeys = useMemo(() => parentIds(rows), [rows]);
  // Until the user opens or closes a row: everything open while searching, the top level otherwise.
  const shown = expanded ?? (keyword ? allKeys : rows.map((row) => row.id));

  const refresh = async () => {
    await queryClient.invalidateQueries({ queryKey: organizeKeys.all });
    await queryClient.invalidateQueries({ queryKey: ['orgPicker'] });
  };

  const commands = useRowCommands(refresh);

  const columns: TableColumnsType<OrganizeNode> = [
    {
      title: t('fields.fullName'),
      dataIndex: 'fullName',
      key: 'fullName',
      ellipsis: true,
      render: (value: string, row) => (
        <span className="permission-unit">
          {row.category === 'company' ? <BankOutlined /> : <ApartmentOutlined />}
          <span>{value}</span>
        </span>
      ),
    },
    { title: t('fields.enCode'), dataIndex: 'enCode', key: 'enCode', width: 160, ellipsis: true },
    {
      title: t('fields.category'),
      dataIndex: 'category',
      key: 'category',
      width: 90,
      align: 'center',
      render: (value: string) =>
        value === 'company' ? (
          <Tag color="blue">{t('category.company')}</Tag>
        ) : (
          <Tag color="green">{t('category.department')}</Tag>
        ),
    },
    sortCodeColumn(t('shared.fields.sortCode')),
    stateColumn<OrganizeNode>({
      title: t('shared.fields.enabledMark'),
      enabledText: t('shared.enabled'),
      disabledText: t('shared.disabled'),
      canToggle: (row) => allowed('btn_edit') && !row.disabled,
      onToggle: (row) => commands.toggle(row, () => toggleOrganize(row.category, row.id)),
    }),
    creatorTimeColumn(t('shared.fields.creatorTime')),
    {
      title: t('shared.actions.title'),
      key: 'actions',
      width: 210,
      fixed: 'right',
      render: (_, row) =>
        row.disabled ? null : (
          <RowActions
            actions={[
              {
                code: 'btn_addDepartment',
                label: t('actions.addDepartment'),
                onClick: () => setDialog({ category: 'department', parentId: row.id }),
              },
              ...editRemoveActions(
                t,
                () => setDialog({ category: row.category, id: row.id }),
                // A unit with members or children is refused; the client shows the server's reason.
                () => commands.remove(row.fullName, () => deleteOrganize(row.category, row.id)),
              ),
            ]}
          />
        ),
    },
  ];

  return (
    <div className="list-page" data-testid="organize-page">
      <div className="list-page__search">
        <SearchBar
          keyword={keyword}
          placeholder={t('keyword')}
          onSearch={(next) => {
            setKeyword(next);
            setExpanded(null);
          }}
        />
      </div>
      <div className="list-page__body">
        <div className="list-page__toolbar">
          <Space>
            <AuthButton
              code="btn_add"
              type="primary"
              icon={<PlusOutlined />}
              onClick={() => setDialog({ category: 'company' })}
            >
              {t('actions.addCompany')}
            </AuthButton>
          </Space>
          <Space size={4}>
            <Tooltip title={t('shared.actions.expandAll')}>
              <Button
                type="text"
                icon={<NodeExpandOutlined />}
                aria-label={t('shared.actions.expandAll')}
                onClick={() => setExpanded(allKeys)}
              />
            </Tooltip>
            <Tooltip title={t('shared.actions.collapseAll')}>
              <Button
                type="text"
                icon={<NodeCollapseOutlined />}
                aria-label={t('shared.actions.collapseAll')}
                onClick={() => setExpanded([])}
              />
            </Tooltip>
            <RefreshButton label={t('shared.actions.refresh')} onRefresh={() => void list.refetch()} />
          </Space>
        </div>
        <Table<OrganizeNode>
          rowKey="id"
          size="middle"
          columns={columns}
          dataSource={rows}
          loading={list.isFetching}
          pagination={false}
          expandable={{ expandedRowKeys: shown, onExpandedRowsChange: (keys) => setExpanded(keys) }}
          scroll={{ x: 1000 }}
        />
      </div>
      <OrganizeDialog target={dialog} onClose={() => setDialog(null)} />
      {commands.holder}
    </div>
  );
}

/** Organisations and departments in one tree, page 'permission/organize'. */
export default function OrganizePage() {
  return (
    <PermissionScope address={ADDRESS}>
      <OrganizeList />
    </PermissionScope>
  );
}
