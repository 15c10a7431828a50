import { DownOutlined, PlusOutlined, UploadOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Drawer, Dropdown, Modal, Space, type TableColumnsType, Tag, TreeSelect } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toastSuccess } from '../../api/feedback';
import { useDictionaryEntries } from '../../widgets/dictionary-select/dictionary-select';
import { creatorTimeColumn, sortCodeColumn, stateColumn } from '../../widgets/list/columns';
import { chooseFile, downloadUrl } from '../../widgets/list/files';
import { usePagedList } from '../../widgets/list/paged-list';
import { PagedTable } from '../../widgets/list/paged-table';
import { AuthButton, PermissionScope, useButtonPermission } from '../../widgets/list/permission';
import { RefreshButton } from '../../widgets/list/refresh-button';
import { RowActions } from '../../widgets/list/row-actions';
import { SearchBar } from '../../widgets/list/search-bar';
import {
  copyTemplate,
  deleteTemplate,
  deleteVersion,
  exportTemplate,
  fetchTemplates,
  fetchVersions,
  flowEngineKeys,
  importTemplate,
  releaseTemplate,
  setMainVersion,
  stopTemplate,
  type TemplateQuery,
  type TemplateRow,
  type VersionRow,
} from './api';
import { FLOW_CATEGORY } from './categories';
import { FlowEditor } from './flow-editor';
import '../../widgets/list/list-page.css';
import './flow-engine.css';

const ADDRESS = 'workFlow/flowEngine';

type Confirm = (content: string, action: () => Promise<string | undefined>) => void;

/** The versions of one template: make one the main version, delete one no task runs. */
function VersionsDrawer({
  template,
  onClose,
  run,
}: {
  template: TemplateRow | null;
  onClose(): void;
  run: Confirm;
}) {
  const { t } = useTranslation('flowEngine');
  const allowed = useButtonPermission();
  const [page, setPage] = useState(1);
  const versions = useQuery({
    queryKey: flowEngineKeys.versions(template?.id ?? '', page),
    queryFn: () => fetchVersions(template?.id as string, page),
    enabled: template !== null,
  });
  const columns: TableColumnsType<VersionRow> = [
    { title: t('versions.flow'), dataIndex: 'fullName', key: 'fullName', ellipsis: true },
    {
      title: t('versions.version'),
      dataIndex: 'version',
      key: 'version',
      width: 110,
      render: (value: number, row) => (
        <Space>
          {`V${value}`}
          {row.enabledMark === 1 && <Tag color="blue">{t('versions.main')}</Tag>}
        </Space>
      ),
    },
    { title: t('fields.creatorUser'), dataIndex: 'creatorUser', key: 'creatorUser', width: 140 },
    creatorTimeColumn(t('fields.creatorTime')),
    {
      title: t('actions.title'),
      key: 'actions',
      width: 170,
      render: (_, row) =>
        row.enabledMark === 1 ? null : (
          <Space size={0}>
            {allowed('btn_edit') && (
              <Button
                type="link"
                size="small"
                onClick={() => run(t('confirm.mainVersion'), () => setMainVersion(row.id))}
              >
                {t('versions.setMain')}
              </Button>
            )}
            {allowed('btn_remove') && (
              <Button
                type="link"
                size="small"
                danger
                onClick={() => run(t('confirm.deleteVersion'), () => deleteVersion(row.id))}
              >
                {t('actions.delete')}
              </Button>
            )}
          </Space>
        ),
    },
  ];
  return (
    <Drawer
      open={template !== null}
      onClose={onClose}
      size="large"
      title={t('versions.title', { name: template?.fullName ?? '' })}
    >
      <PagedTable<VersionRow>
        rowKey="id"
        columns={columns}
        dataSource={versions.data?.list ?? []}
        loading={versions.isFetching}
        paging={{ currentPage: page, pageSize: 10 }}
        total={versions.data?.pagination.total ?? 0}
        onPageChange={(paging) => setPage(paging.currentPage)}
      />
    </Drawer>
  );
}

function FlowEngineList() {
  const { t } = useTranslation('flowEngine');
  const queryClient = useQueryClient();
  const [modal, modalHolder] = Modal.useModal();
  const allowed = useButtonPermission();
  const [editing, setEditing] = useState<{ id?: string } | null>(null);
  const [versionsOf, setVersionsOf] = useState<TemplateRow | null>(null);
  const [importing, setImporting] = useState(false);
  const [category, setCategory] = useState<string | undefined>();
  const categories = useDictionaryEntries(FLOW_CATEGORY);
  const categoryNames = useMemo(
    () => new Map((categories.data ?? []).map((entry) => [entry.id, entry.fullName])),
    [categories.data],
  );
  const { keyword, search, firstPage, list, tableProps } = usePagedList<TemplateRow, TemplateQuery>({
    filters: { category: category ?? '' },
    queryKey: flowEngineKeys.list,
    queryFn: fetchTemplates,
  });

  const refresh = () => queryClient.invalidateQueries({ queryKey: flowEngineKeys.all });
  const confirm = (content: string, action: () => Promise<void>) =>
    modal.confirm({
      title: t('confirm.title'),
      content,
      okText: t('actions.ok'),
      cancelText: t('actions.cancel'),
      onOk: action,
    });
  const run: Confirm = (content, action) =>
    confirm(content, async () => {
      toastSuccess((await action()) || t('done'));
      await refresh();
    });

  const importFile = async () => {
    const file = await chooseFile('.ffe');
    if (!file) return;
    setImporting(true);
    try {
      toastSuccess((await importTemplate(file)) || t('done'));
      await refresh();
    } catch {
      // the client showed the server's message
    } finally {
      setImporting(false);
    }
  };

  const more = (row: TemplateRow) =>
    [
      { key: 'versions', label: t('actions.versions'), onClick: () => setVersionsOf(row) },
      allowed('btn_copy') && {
        key: 'copy',
        label: t('actions.copy'),
        onClick: () => run(t('confirm.copy'), () => copyTemplate(row.id)),
      },
      allowed('btn_export') && {
        key: 'export',
        label: t('actions.export'),
        onClick: () =>
          confirm(t('confirm.export'), async () => {
            const file = await exportTemplate(row.id);
            if (file?.url) downloadUrl(file.url, file.name);
          }),
      },
      allowed('btn_remove') && {
        key: 'delete',
        label: t('actions.delete'),
        danger: true,
        onClick: () => run(t('confirm.delete', { name: row.fullName }), () => deleteTemplate(row.id)),
      },
    ].filter((item) => !!item);

  const columns: TableColumnsType<TemplateRow> = [
    { title: t('fields.fullName'), dataIndex: 'fullName', key: 'fullName', ellipsis: true },
    { title: t('fields.enCode'), dataIndex: 'enCode', key: 'enCode', width: 180 },
    {
      title: t('fields.category'),
      dataIndex: 'category',
      key: 'category',
      width: 120,
      ellipsis: true,
      render: (value: string | null) => (value ? (categoryNames.get(value) ?? value) : ''),
    },
    {
      title: t('fields.type'),
      dataIndex: 'type',
      key: 'type',
      width: 100,
      render: (value: number) => t(`types.${value}`),
    },
    {
      title: t('fields.creatorUser'),
      dataIndex: 'creatorUser',
      key: 'creatorUser',
      width: 140,
      ellipsis: true,
    },
    creatorTimeColumn(t('fields.creatorTime')),
    sortCodeColumn(t('fields.sortCode')),
    stateColumn<TemplateRow>({
      title: t('fields.enabledMark'),
      enabledText: t('enabled'),
      disabledText: t('disabled'),
      canToggle: () => allowed('btn_state'),
      onToggle: (row) =>
        Number(row.enabledMark) === 1
          ? run(t('confirm.stop', { name: row.fullName }), () => stopTemplate(row.id))
          : run(t('confirm.release', { name: row.fullName }), () => releaseTemplate(row.id)),
    }),
    {
      title: t('actions.title'),
      key: 'actions',
      width: 160,
      fixed: 'right',
      render: (_, row) => (
        <Space size={0}>
          <RowActions
            actions={[
              { code: 'btn_edit', label: t('actions.design'), onClick: () => setEditing({ id: row.id }) },
            ]}
          />
          <Dropdown menu={{ items: more(row) }} trigger={['click']}>
            <Button type="link" size="small" aria-label={`${t('actions.more')} ${row.fullName}`}>
              {t('actions.more')} <DownOutlined />
            </Button>
          </Dropdown>
        </Space>
      ),
    },
  ];

  return (
    <div className="list-page" data-testid="flow-engine-page">
      <div className="list-page__search">
        <SearchBar keyword={keyword} placeholder={t('keyword')} onSearch={search}>
          <TreeSelect
            aria-label={t('fields.category')}
            style={{ width: 200 }}
            allowClear
            value={category}
            placeholder={t('allCategories')}
            treeData={categories.data ?? []}
            fieldNames={{ label: 'fullName', value: 'id', children: 'children' }}
            onChange={(value) => {
              setCategory(value ?? undefined);
              firstPage();
            }}
          />
        </SearchBar>
      </div>
      <div className="list-page__body">
        <div className="list-page__toolbar">
          <Space>
            <AuthButton code="btn_add" type="primary" icon={<PlusOutlined />} onClick={() => setEditing({})}>
              {t('actions.add')}
            </AuthButton>
            <AuthButton code="btn_import" icon={<UploadOutlined />} loading={importing} onClick={importFile}>
              {t('actions.import')}
            </AuthButton>
          </Space>
          <RefreshButton type="default" label={t('actions.refresh')} onRefresh={() => void list.refetch()} />
        </div>
        <PagedTable<TemplateRow> rowKey="id" columns={columns} {...tableProps} scroll={{ x: 1100 }} />
      </div>
      <FlowEditor
        target={editing}
        onClose={(saved) => {
          setEditing(null);
          if (saved) void refresh();
        }}
      />
      <VersionsDrawer template={versionsOf} onClose={() => setVersionsOf(null)} run={run} />
      {modalHolder}
    </div>
  );
}

/** Flow templates, page 'workFlow/flowEngine' (workflow.md 4.1). */
export default function FlowEnginePage() {
  return (
    <PermissionScope address={ADDRESS}>
      <FlowEngineList />
    </PermissionScope>
  );
}
