import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Drawer, Space, type TableColumnsType, Tag } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDictionaryEntries } from '../../../widgets/dictionary-select/dictionary-select';
import { creatorTimeColumn, stateColumn } from '../../../widgets/list/columns';
import {
  DesignListFrame,
  designTailColumns,
  useDesignActions,
  useDesignMenu,
} from '../../../widgets/list/design-list';
import { usePagedList } from '../../../widgets/list/paged-list';
import { PagedTable } from '../../../widgets/list/paged-table';
import { PermissionScope, useButtonPermission } from '../../../widgets/list/permission';
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
import { AssistDialog } from './assist-dialog';
import { FLOW_CATEGORY } from './categories';
import { FlowEditor } from './flow-editor';
import '../../../widgets/list/list-page.css';
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
  const allowed = useButtonPermission();
  const [editing, setEditing] = useState<{ id?: string } | null>(null);
  const [versionsOf, setVersionsOf] = useState<TemplateRow | null>(null);
  const [assistOf, setAssistOf] = useState<TemplateRow | null>(null);
  const [category, setCategory] = useState<string | undefined>();
  const categories = useDictionaryEntries(FLOW_CATEGORY);
  const categoryNames = useMemo(
    () => new Map((categories.data ?? []).map((entry) => [entry.id, entry.fullName])),
    [categories.data],
  );
  const paged = usePagedList<TemplateRow, TemplateQuery>({
    filters: { category: category ?? '' },
    queryKey: flowEngineKeys.list,
    queryFn: fetchTemplates,
  });

  const refresh = () => queryClient.invalidateQueries({ queryKey: flowEngineKeys.all });
  const actions = useDesignActions(t, t('done'), refresh);
  const run: Confirm = actions.run;
  const designMenu = useDesignMenu();
  const more = (row: TemplateRow) =>
    designMenu({
      t,
      actions,
      first: [
        { key: 'versions', label: t('actions.versions'), onClick: () => setVersionsOf(row) },
        ...(Number(row.hasAssistBtn) === 1 && allowed('btn_edit')
          ? [{ key: 'assist', label: t('actions.assist'), onClick: () => setAssistOf(row) }]
          : []),
      ],
      copy: () => copyTemplate(row.id),
      exportFile: () => exportTemplate(row.id),
      exportConfirm: t('confirm.export'),
      exportCode: 'btn_export',
      remove: () => deleteTemplate(row.id),
      removeConfirm: t('confirm.delete', { name: row.fullName }),
    });

  const columns: TableColumnsType<TemplateRow> = [
    { title: t('fields.fullName'), dataIndex: 'fullName', key: 'fullName', ellipsis: true },
    { title: t('fields.enCode'), dataIndex: 'enCode', key: 'enCode', width: 180 },
    {
      title: t('fields.category'),
      dataIndex: 'category',
      key: 'category',
      width: 120,
      ellipsis: true,
      // The name in this language from the entry id; the server's name when the entry is gone.
      render: (value: string | null, row) =>
        (row.categoryId ? (categoryNames.get(row.categoryId) ?? value) : value) ?? '',
    },
    {
      title: t('fields.type'),
      dataIndex: 'type',
      key: 'type',
      width: 100,
      render: (value: number) => t(`types.${value}`),
    },
    ...designTailColumns<TemplateRow>({
      t,
      state: stateColumn<TemplateRow>({
        title: t('fields.enabledMark'),
        enabledText: t('enabled'),
        disabledText: t('disabled'),
        canToggle: () => allowed('btn_state'),
        onToggle: (row) =>
          Number(row.enabledMark) === 1
            ? run(t('confirm.stop', { name: row.fullName }), () => stopTemplate(row.id))
            : run(t('confirm.release', { name: row.fullName }), () => releaseTemplate(row.id)),
      }),
      width: 160,
      actions: (row) => [
        { code: 'btn_edit', label: t('actions.design'), onClick: () => setEditing({ id: row.id }) },
      ],
      menu: more,
    }),
  ];

  return (
    <DesignListFrame
      t={t}
      testId="flow-engine-page"
      paged={paged}
      category={[category, setCategory]}
      categories={categories.data}
      onAdd={() => setEditing({})}
      importing={actions.importing}
      onImport={() => void actions.importFile('.ffe', importTemplate)}
      dialogs={
        <>
          <FlowEditor
            target={editing}
            onClose={(saved) => {
              setEditing(null);
              if (saved) void refresh();
            }}
          />
          <VersionsDrawer template={versionsOf} onClose={() => setVersionsOf(null)} run={run} />
          <AssistDialog template={assistOf} onClose={() => setAssistOf(null)} />
          {actions.modalHolder}
        </>
      }
    >
      <PagedTable<TemplateRow> rowKey="id" columns={columns} {...paged.tableProps} scroll={{ x: 1100 }} />
    </DesignListFrame>
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
