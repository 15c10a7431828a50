import { PlusOutlined, UploadOutlined } from '@ant-design/icons';
import { parseFormData } from '@console/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Form, Modal, Space, Spin, type TableColumnsType, Tag } from 'antd';
import dayjs from 'dayjs';
import { lazy, type ReactNode, Suspense, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toastSuccess } from '../../../base/api/feedback';
import { useDictionaryEntries } from '../../../widgets/dictionary-select/dictionary-select';
import { FormRenderer } from '../../../widgets/form/form-renderer';
import type { FormSchema } from '../../../widgets/form/types';
import { creatorTimeColumn, sortCodeColumn } from '../../../widgets/list/columns';
import { chooseFile, downloadUrl } from '../../../widgets/list/files';
import { usePagedList } from '../../../widgets/list/paged-list';
import { PagedListPage } from '../../../widgets/list/paged-list-page';
import { AuthButton, PermissionScope } from '../../../widgets/list/permission';
import { RowActions } from '../../../widgets/list/row-actions';
import {
  copyDesign,
  deleteDesign,
  exportDesign,
  fetchDesign,
  fetchDesigns,
  importDesign,
  type VisualDev,
  type VisualDevQuery,
  webDesignKeys,
} from './api';
import { ReleaseDialog } from './release-dialog';
import { ShortLinkDialog } from './short-link-dialog';
import '../../../widgets/list/list-page.css';

const ADDRESS = 'onlineDev/webDesign';
/** The heavy part (designer, dnd-kit, every widget) loads only when a design is opened. */
const DesignEditor = lazy(() => import('./design-editor'));

function flatten(
  nodes: readonly { id: string; fullName: string; children?: unknown }[],
  into: Map<string, string>,
) {
  for (const node of nodes) {
    into.set(node.id, node.fullName);
    if (Array.isArray(node.children)) flatten(node.children as never, into);
  }
  return into;
}

/** Preview of a saved design's form, as its dialog will show it. */
function PreviewDialog({ design, onClose }: { design: VisualDev | null; onClose(): void }) {
  const { t } = useTranslation('webDesign');
  const [form] = Form.useForm();
  const record = useQuery({
    queryKey: webDesignKeys.one(design?.id ?? ''),
    queryFn: () => fetchDesign(design?.id ?? ''),
    enabled: design !== null,
    gcTime: 0,
  });
  const parsed = useMemo(
    () => (record.data ? parseFormData(record.data.formData || '{"fields":[]}') : null),
    [record.data],
  );
  const schema = parsed?.ok ? (parsed.form as FormSchema) : null;
  const error = record.isError ? t('preview.failed') : parsed && !parsed.ok ? parsed.error : null;
  return (
    <Modal
      open={design !== null}
      title={t('preview.title', { name: design?.fullName ?? '' })}
      width={
        schema?.popupType === 'general' || !schema?.popupType ? String(schema?.generalWidth ?? '600px') : 900
      }
      footer={null}
      onCancel={onClose}
      afterOpenChange={(open) => open && form.resetFields()}
      destroyOnHidden
    >
      {error ? (
        <Alert type="error" showIcon title={error} />
      ) : schema ? (
        <FormRenderer schema={schema} form={form} />
      ) : (
        <Spin />
      )}
    </Modal>
  );
}

/** A row action a page adds to the design list (code generator: preview and download code). */
export interface DesignRowAction {
  code: string;
  label: string;
  onClick(row: VisualDev): void;
}

/**
 * The list of designs of one type with their designer: web design (type 1) here, the code
 * generator's web forms (4) and flow forms (3) in features/code-generator.
 */
export function DesignList({
  type,
  testId,
  releasable,
  extraActions = [],
  children,
}: {
  type: number;
  testId: string;
  /** Web designs are released to menus; generator forms are turned into code instead. */
  releasable: boolean;
  extraActions?: readonly DesignRowAction[];
  children?: ReactNode;
}) {
  const { t } = useTranslation('webDesign');
  const queryClient = useQueryClient();
  const [modal, modalHolder] = Modal.useModal();
  const [editing, setEditing] = useState<{ id: string | null } | null>(null);
  const [releasing, setReleasing] = useState<VisualDev | null>(null);
  const [previewing, setPreviewing] = useState<VisualDev | null>(null);
  const [linking, setLinking] = useState<VisualDev | null>(null);
  const [importing, setImporting] = useState(false);
  const { keyword, search, list, tableProps } = usePagedList<VisualDev, VisualDevQuery>({
    filters: { type },
    queryKey: webDesignKeys.list,
    queryFn: fetchDesigns,
  });
  const categories = useDictionaryEntries('webDesign');
  const categoryNames = flatten(categories.data ?? [], new Map());
  const refresh = () => queryClient.invalidateQueries({ queryKey: webDesignKeys.all });

  const confirm = (content: string, action: () => Promise<void>) =>
    modal.confirm({
      title: t('confirm.title'),
      content,
      okText: t('actions.ok'),
      cancelText: t('actions.cancel'),
      onOk: action,
    });

  const remove = (row: VisualDev) =>
    confirm(t('confirm.delete', { name: row.fullName }), async () => {
      toastSuccess((await deleteDesign(row.id)) || t('deleted'));
      await refresh();
    });
  const copy = (row: VisualDev) =>
    confirm(t('confirm.copy', { name: row.fullName }), async () => {
      toastSuccess((await copyDesign(row.id)) || t('copied'));
      await refresh();
    });
  const exportRow = (row: VisualDev) =>
    confirm(t('confirm.export', { name: row.fullName }), async () => {
      const file = await exportDesign(row.id);
      if (file?.url) downloadUrl(file.url, file.name);
    });
  const importFile = async () => {
    const file = await chooseFile('.vdd');
    if (!file) return;
    setImporting(true);
    try {
      toastSuccess((await importDesign(file)) || t('imported'));
      await refresh();
    } catch {
      // toast shown
    } finally {
      setImporting(false);
    }
  };

  const time = (value: number | null | undefined) => (value ? dayjs(value).format('YYYY-MM-DD HH:mm') : '');
  const columns: TableColumnsType<VisualDev> = [
    { title: t('fields.fullName'), dataIndex: 'fullName', key: 'fullName', ellipsis: true, width: 200 },
    { title: t('fields.enCode'), dataIndex: 'enCode', key: 'enCode', width: 160, ellipsis: true },
    {
      title: t('fields.category'),
      dataIndex: 'category',
      key: 'category',
      width: 120,
      render: (value: string, row) => row.categoryName ?? categoryNames.get(value) ?? value,
    },
    {
      title: t('fields.webType'),
      dataIndex: 'webType',
      key: 'webType',
      width: 110,
      render: (value: number) => t(`webTypes.${value}`, { defaultValue: String(value) }),
    },
    {
      title: t('fields.isRelease'),
      dataIndex: 'isRelease',
      key: 'isRelease',
      width: 90,
      render: (value: number) =>
        value === 1 ? <Tag color="success">{t('released')}</Tag> : <Tag>{t('unreleased')}</Tag>,
    },
    {
      title: t('fields.creatorUser'),
      dataIndex: 'creatorUser',
      key: 'creatorUser',
      width: 140,
      ellipsis: true,
    },
    creatorTimeColumn(t('fields.creatorTime')),
    {
      title: t('fields.lastModifyTime'),
      dataIndex: 'lastModifyTime',
      key: 'lastModifyTime',
      width: 160,
      render: time,
    },
    sortCodeColumn(t('fields.sortCode')),
    {
      title: t('actions.title'),
      key: 'actions',
      width: 300,
      fixed: 'right',
      render: (_, row) => (
        <RowActions
          actions={[
            { code: 'btn_edit', label: t('actions.edit'), onClick: () => setEditing({ id: row.id }) },
            ...(releasable
              ? [
                  { code: 'btn_release', label: t('actions.release'), onClick: () => setReleasing(row) },
                  { code: 'btn_preview', label: t('actions.preview'), onClick: () => setPreviewing(row) },
                  { code: 'btn_edit', label: t('shortLink:settings.action'), onClick: () => setLinking(row) },
                ]
              : []),
            ...extraActions.map((action) => ({ ...action, onClick: () => action.onClick(row) })),
            { code: 'btn_copy', label: t('actions.copy'), onClick: () => copy(row) },
            ...(releasable
              ? [{ code: 'btn_export', label: t('actions.export'), onClick: () => exportRow(row) }]
              : []),
            { code: 'btn_remove', label: t('actions.delete'), danger: true, onClick: () => remove(row) },
          ]}
        />
      ),
    },
  ];

  return (
    <PagedListPage<VisualDev>
      testId={testId}
      keyword={keyword}
      placeholder={t('keyword')}
      onSearch={search}
      toolbar={
        <Space>
          <AuthButton
            code="btn_add"
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => setEditing({ id: null })}
          >
            {t('actions.add')}
          </AuthButton>
          {releasable && (
            <AuthButton code="btn_import" icon={<UploadOutlined />} loading={importing} onClick={importFile}>
              {t('actions.import')}
            </AuthButton>
          )}
        </Space>
      }
      refreshLabel={t('actions.refresh')}
      onRefresh={() => void list.refetch()}
      columns={columns}
      tableProps={tableProps}
      scrollX={1500}
    >
      {editing && (
        <Suspense fallback={<Spin fullscreen />}>
          <DesignEditor
            id={editing.id}
            type={type}
            onClose={(saved) => {
              setEditing(null);
              if (saved) void refresh();
            }}
          />
        </Suspense>
      )}
      <ReleaseDialog
        design={releasing}
        onClose={() => setReleasing(null)}
        onReleased={() => void refresh()}
      />
      <PreviewDialog design={previewing} onClose={() => setPreviewing(null)} />
      {releasable && <ShortLinkDialog design={linking} onClose={() => setLinking(null)} />}
      {children}
      {modalHolder}
    </PagedListPage>
  );
}

/** Online development → web design (onlineDev/webDesign): the designs, their designer, release. */
export default function WebDesignPage() {
  return (
    <PermissionScope address={ADDRESS}>
      <DesignList type={1} testId="web-design-page" releasable />
    </PermissionScope>
  );
}
