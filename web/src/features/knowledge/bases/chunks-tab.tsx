import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Empty, Form, Input, Select, Switch, type TableColumnsType, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toastSuccess } from '../../../base/api/feedback';
import { stateColumn } from '../../../widgets/list/columns';
import { usePagedList } from '../../../widgets/list/paged-list';
import { PagedTable } from '../../../widgets/list/paged-table';
import { useButtonPermission } from '../../../widgets/list/permission';
import { RecordModal, useRecordDialog } from '../../../widgets/list/record-dialog';
import { RowActions } from '../../../widgets/list/row-actions';
import { SearchBar } from '../../../widgets/list/search-bar';
import { fetchChunks, fetchDocuments, type KnowledgeChunk, knowledgeKeys, saveChunk } from './api';

interface ChunkValues {
  content: string;
  enabled: boolean;
}

/** Edits one chunk; saving re-indexes it. */
function ChunkDialog({
  baseId,
  chunk,
  onClose,
}: {
  baseId: string;
  chunk: KnowledgeChunk | null;
  onClose(): void;
}) {
  const { t } = useTranslation('knowledgeBase');
  const [form] = Form.useForm<ChunkValues>();
  const dialog = useRecordDialog<ChunkValues, KnowledgeChunk>({
    form,
    target: chunk,
    load: async () => chunk as KnowledgeChunk,
    toValues: (row) => ({ content: row.content, enabled: Number(row.enabledMark) === 1 }),
    save: async (values, version) => ({
      msg: await saveChunk(baseId, {
        id: chunk?.id ?? '',
        content: values.content.trim(),
        enabledMark: values.enabled ? 1 : 0,
        version: version ?? 0,
      }),
    }),
    invalidate: [knowledgeKeys.all],
    onClose,
  });
  return (
    <RecordModal<ChunkValues>
      open={chunk !== null}
      title={t('chunks.edit', { seq: chunk?.seq ?? '' })}
      dialog={dialog}
      onClose={onClose}
      form={form}
      name="knowledgeChunk"
      initialValues={{ content: '', enabled: true }}
      width={760}
    >
      <Form.Item
        name="content"
        label={t('chunks.content')}
        rules={[
          { required: true, whitespace: true, message: t('rules.content') },
          { max: 10_000, message: t('rules.contentMax') },
        ]}
      >
        <Input.TextArea rows={12} showCount maxLength={10_000} />
      </Form.Item>
      <Form.Item name="enabled" label={t('fields.enabledMark')} valuePropName="checked">
        <Switch />
      </Form.Item>
      <Typography.Text type="secondary">{t('chunks.reindexHint')}</Typography.Text>
    </RecordModal>
  );
}

/** The chunks of one document of a base: search, edit, enable or disable. */
export function ChunksTab({ baseId }: { baseId: string }) {
  const { t } = useTranslation('knowledgeBase');
  const queryClient = useQueryClient();
  const allowed = useButtonPermission();
  const documents = useQuery({
    queryKey: knowledgeKeys.documents(baseId),
    queryFn: () => fetchDocuments(baseId),
  });
  const [picked, setPicked] = useState<string | undefined>();
  const docId = picked ?? documents.data?.[0]?.id ?? '';
  const [editing, setEditing] = useState<KnowledgeChunk | null>(null);
  const { keyword, search, tableProps } = usePagedList({
    filters: { baseId, docId },
    queryKey: knowledgeKeys.chunks,
    queryFn: (query) =>
      query.docId ? fetchChunks(query) : Promise.resolve({ list: [], pagination: { total: 0 } }),
  });

  const toggle = async (chunk: KnowledgeChunk) => {
    try {
      const msg = await saveChunk(baseId, {
        id: chunk.id,
        content: chunk.content,
        enabledMark: Number(chunk.enabledMark) === 1 ? 0 : 1,
        version: chunk.version,
      });
      toastSuccess(msg || t('saved'));
      await queryClient.invalidateQueries({ queryKey: knowledgeKeys.all });
    } catch {
      // The client showed the server's message.
    }
  };

  const columns: TableColumnsType<KnowledgeChunk> = [
    { title: t('chunks.seq'), dataIndex: 'seq', key: 'seq', width: 70, align: 'center' },
    {
      title: t('chunks.content'),
      dataIndex: 'content',
      key: 'content',
      render: (content: string) => (
        <Typography.Paragraph className="kb-chunk-text" ellipsis={{ rows: 3, expandable: true }}>
          {content}
        </Typography.Paragraph>
      ),
    },
    {
      title: t('chunks.length'),
      key: 'length',
      width: 80,
      align: 'center',
      render: (_, chunk) => chunk.content.length,
    },
    stateColumn<KnowledgeChunk>({
      title: t('fields.enabledMark'),
      enabledText: t('enabled'),
      disabledText: t('disabled'),
      canToggle: () => allowed('btn_state'),
      onToggle: (chunk) => void toggle(chunk),
    }),
    {
      title: t('actions.title'),
      key: 'actions',
      width: 80,
      render: (_, chunk) => (
        <RowActions
          actions={[{ code: 'btn_edit', label: t('actions.edit'), onClick: () => setEditing(chunk) }]}
        />
      ),
    },
  ];

  if (documents.data && documents.data.length === 0)
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('chunks.noDocuments')} />;

  return (
    <div data-testid="kb-chunks">
      <div className="kb-tab__toolbar">
        <SearchBar keyword={keyword} onSearch={search} placeholder={t('chunks.keyword')}>
          <Select
            value={docId || undefined}
            onChange={(value: string) => {
              setPicked(value);
              search('');
            }}
            loading={documents.isLoading}
            placeholder={t('chunks.document')}
            aria-label={t('chunks.document')}
            style={{ width: 260 }}
            options={(documents.data ?? []).map((doc) => ({ value: doc.id, label: doc.fullName }))}
          />
        </SearchBar>
      </div>
      <PagedTable<KnowledgeChunk> rowKey="id" columns={columns} {...tableProps} scroll={{ x: 800 }} />
      <ChunkDialog baseId={baseId} chunk={editing} onClose={() => setEditing(null)} />
    </div>
  );
}
