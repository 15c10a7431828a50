import { ReloadOutlined, UploadOutlined } from '@ant-design/icons';
import { formatFileSize, KB_FILE_EXTENSIONS, KB_MAX_FILE_MB, KbDocStatus } from '@console/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Progress, Space, Table, type TableColumnsType, Tag, Tooltip, Upload } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toastError, toastSuccess } from '../../../base/api/feedback';
import { creatorTimeColumn } from '../../../widgets/list/columns';
import { AuthButton, useButtonPermission } from '../../../widgets/list/permission';
import { RowActions } from '../../../widgets/list/row-actions';
import {
  deleteDocument,
  downloadDocument,
  fetchDocuments,
  type KnowledgeDocument,
  knowledgeKeys,
  reindexBase,
  reindexDocument,
  uploadDocument,
} from './api';
import type { Confirm } from './confirm';

/** While a document is queued or indexing, the list asks again this often. */
const POLL_MS = 1500;

const ACCEPT = KB_FILE_EXTENSIONS.map((ext) => `.${ext}`).join(',');

const STATUS_COLORS: Record<number, string> = {
  [KbDocStatus.Queued]: 'default',
  [KbDocStatus.Indexing]: 'processing',
  [KbDocStatus.Ready]: 'success',
  [KbDocStatus.Failed]: 'error',
};

export const isBusy = (doc: Pick<KnowledgeDocument, 'status'>) =>
  doc.status === KbDocStatus.Queued || doc.status === KbDocStatus.Indexing;

/** The documents of a base: upload, status and progress that follow the indexing, re-index, delete. */
export function DocumentsTab({ baseId, confirm }: { baseId: string; confirm: Confirm }) {
  const { t } = useTranslation('knowledgeBase');
  const queryClient = useQueryClient();
  const allowed = useButtonPermission();
  const [uploading, setUploading] = useState(0);
  const documents = useQuery({
    queryKey: knowledgeKeys.documents(baseId),
    queryFn: () => fetchDocuments(baseId),
    refetchInterval: (query) => (query.state.data?.some(isBusy) ? POLL_MS : false),
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: knowledgeKeys.all });
  // When indexing finishes, the base's counts (drawer title, list) are out of date: reload them.
  const busy = documents.data?.some(isBusy) ?? false;
  const wasBusy = useRef(false);
  useEffect(() => {
    if (wasBusy.current && !busy) void queryClient.invalidateQueries({ queryKey: knowledgeKeys.all });
    wasBusy.current = busy;
  }, [busy, queryClient]);

  const upload = async (file: File) => {
    const extension = file.name.split('.').pop()?.toLowerCase() ?? '';
    if (!(KB_FILE_EXTENSIONS as readonly string[]).includes(extension)) {
      toastError(t('documents.badType', { name: file.name, types: KB_FILE_EXTENSIONS.join(', ') }));
      return;
    }
    if (file.size > KB_MAX_FILE_MB * 1024 * 1024) {
      toastError(t('documents.tooLarge', { name: file.name, mb: KB_MAX_FILE_MB }));
      return;
    }
    setUploading((n) => n + 1);
    try {
      toastSuccess((await uploadDocument(baseId, file)) || t('documents.uploaded'));
      await refresh();
    } catch {
      // The client showed the server's message.
    } finally {
      setUploading((n) => n - 1);
    }
  };

  const columns: TableColumnsType<KnowledgeDocument> = [
    { title: t('documents.fullName'), dataIndex: 'fullName', key: 'fullName', ellipsis: true },
    {
      title: t('documents.fileSize'),
      dataIndex: 'fileSize',
      key: 'fileSize',
      width: 100,
      render: (size: number) => formatFileSize(size),
    },
    {
      title: t('documents.status'),
      key: 'status',
      width: 200,
      render: (_, doc) => (
        <div className="kb-doc-status" data-testid="kb-doc-status">
          <Tooltip title={doc.status === KbDocStatus.Failed ? doc.error : undefined}>
            <Tag color={STATUS_COLORS[doc.status]}>{t(`status.${doc.status}`)}</Tag>
          </Tooltip>
          {isBusy(doc) && (
            <Progress
              percent={doc.progress}
              size="small"
              style={{ width: 90, margin: 0 }}
              aria-label={t('documents.progress')}
            />
          )}
        </div>
      ),
    },
    { title: t('documents.chunkCount'), dataIndex: 'chunkCount', key: 'chunkCount', width: 90 },
    { title: t('fields.creatorUserName'), dataIndex: 'creatorUserName', key: 'creator', width: 110 },
    creatorTimeColumn(t('fields.creatorTime')),
    {
      title: t('actions.title'),
      key: 'actions',
      // Three actions side by side; kept in view when the drawer is narrower than the table.
      width: 190,
      fixed: 'right',
      render: (_, doc) => (
        <RowActions
          actions={[
            {
              code: 'btn_download',
              label: t('actions.download'),
              onClick: () => downloadDocument(baseId, doc.id, doc.fullName),
            },
            {
              code: 'btn_reindex',
              label: t('actions.reindex'),
              onClick: () =>
                confirm(t('confirm.reindexDocument', { name: doc.fullName }), async () => {
                  toastSuccess((await reindexDocument(baseId, doc.id)) || t('reindexStarted'));
                  await refresh();
                }),
            },
            {
              code: 'btn_remove',
              label: t('actions.delete'),
              danger: true,
              onClick: () =>
                confirm(t('confirm.deleteDocument', { name: doc.fullName }), async () => {
                  toastSuccess((await deleteDocument(baseId, doc.id)) || t('deleted'));
                  await refresh();
                }),
            },
          ]}
        />
      ),
    },
  ];

  return (
    <div data-testid="kb-documents">
      <div className="kb-tab__toolbar">
        <Space>
          {allowed('btn_upload') && (
            <Upload
              accept={ACCEPT}
              multiple
              showUploadList={false}
              customRequest={({ file }) => void upload(file as File)}
            >
              <Button type="primary" icon={<UploadOutlined />} loading={uploading > 0}>
                {uploading > 0 ? t('documents.uploading') : t('documents.upload')}
              </Button>
            </Upload>
          )}
          <AuthButton
            code="btn_reindex"
            icon={<ReloadOutlined />}
            disabled={!documents.data?.length}
            onClick={() =>
              confirm(t('confirm.reindexBase'), async () => {
                toastSuccess((await reindexBase(baseId)) || t('reindexStarted'));
                await refresh();
              })
            }
          >
            {t('actions.reindexAll')}
          </AuthButton>
        </Space>
        <span className="kb-tab__hint">
          {t('documents.accept', { types: KB_FILE_EXTENSIONS.join(' / '), mb: KB_MAX_FILE_MB })}
        </span>
      </div>
      <Table<KnowledgeDocument>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={documents.data ?? []}
        loading={documents.isLoading}
        pagination={false}
        scroll={{ x: 900 }}
        locale={{ emptyText: documents.isError ? t('loadFailed') : t('documents.empty') }}
      />
    </div>
  );
}
