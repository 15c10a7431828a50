import { CloseOutlined } from '@ant-design/icons';
import type { ChunkState } from '@console/shared';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, List, Progress, Space, Typography } from 'antd';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { http } from '../../base/api';
import type { ChunkUpload } from './chunk-upload';
import { chunkCount, cleanName, extensionOf, heldBytes, shownPercent } from './files';
import type { PendingUpload } from './pending-uploads';
import './upload.css';

/** The progress bar appears once a file has been on its way this long (widgets.md 9). */
export const PROGRESS_DELAY_MS = 200;

/** True once `ms` have passed since the component mounted. */
function useShownAfter(ms: number) {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setShown(true), ms);
    return () => clearTimeout(timer);
  }, [ms]);
  return shown;
}

function Item({
  name,
  status,
  progress,
  text,
  danger,
  actions,
}: {
  name: string;
  status: string;
  progress: ReactNode;
  text: ReactNode;
  danger?: boolean;
  actions: ReactNode[];
}) {
  return (
    <List.Item data-testid="upload-item" data-status={status} actions={actions.filter(Boolean)}>
      <Space orientation="vertical" size={0} className="upload-panel__item">
        <Typography.Text ellipsis>{cleanName(name)}</Typography.Text>
        {progress}
        <Typography.Text type={danger ? 'danger' : 'secondary'} className="upload-panel__status">
          {text}
        </Typography.Text>
      </Space>
    </List.Item>
  );
}

function UploadItem({ upload, onRemove }: { upload: ChunkUpload; onRemove: (upload: ChunkUpload) => void }) {
  const { t } = useTranslation('upload');
  const progressShown = useShownAfter(PROGRESS_DELAY_MS);
  const { status } = upload;
  const percent = shownPercent(upload.sent, upload.file.size, status === 'success');
  const resumed =
    upload.resumedChunks > 0 && status !== 'checking'
      ? t('resume.skipped', { held: upload.resumedChunks, total: chunkCount(upload.file.size) })
      : '';
  return (
    <Item
      name={upload.file.name}
      status={status}
      danger={status === 'error'}
      progress={
        progressShown && (
          <Progress
            percent={percent}
            size="small"
            status={status === 'error' ? 'exception' : status === 'success' ? 'success' : 'active'}
          />
        )
      }
      text={
        <>
          {t(`status.${status}`)}
          {upload.error ? `：${upload.error}` : ''}
          {resumed && <span data-testid="upload-resumed">{`（${resumed}）`}</span>}
        </>
      }
      actions={[
        (status === 'waiting' || status === 'uploading') && (
          <Button key="pause" size="small" type="link" onClick={() => upload.pause()}>
            {t('action.pause')}
          </Button>
        ),
        status === 'paused' && (
          <Button key="resume" size="small" type="link" onClick={() => void upload.resume()}>
            {t('action.resume')}
          </Button>
        ),
        status === 'error' && upload.identifier && (
          <Button key="retry" size="small" type="link" onClick={() => void upload.retry()}>
            {t('action.retry')}
          </Button>
        ),
        status !== 'success' && (
          <Button key="remove" size="small" type="link" danger onClick={() => onRemove(upload)}>
            {t('action.remove')}
          </Button>
        ),
      ]}
    />
  );
}

/** An upload a reload interrupted: what the server holds of it, and how to continue. */
function InterruptedItem({
  entry,
  onDismiss,
}: {
  entry: PendingUpload;
  onDismiss: (entry: PendingUpload) => void;
}) {
  const { t } = useTranslation('upload');
  const total = chunkCount(entry.size);
  const held = useQuery({
    queryKey: ['upload', 'held', entry.identifier, entry.size],
    queryFn: () =>
      http.get<ChunkState>(
        '/file/chunk',
        {
          identifier: entry.identifier,
          totalSize: entry.size,
          totalChunks: total,
          chunkNumber: 1,
          extension: extensionOf(entry.name),
        },
        { silent: true },
      ),
    retry: false,
  });
  const chunks = held.data?.chunkNumbers ?? [];
  return (
    <Item
      name={entry.name}
      status="interrupted"
      progress={
        held.data && (
          <Progress percent={shownPercent(heldBytes(entry.size, chunks), entry.size, false)} size="small" />
        )
      }
      text={t('resume.interrupted', { held: chunks.length, total })}
      actions={[
        <Button key="remove" size="small" type="link" danger onClick={() => onDismiss(entry)}>
          {t('action.remove')}
        </Button>,
      ]}
    />
  );
}

/**
 * The upload panel (widgets.md 2): each file with name, progress (shown after 200 ms), status and
 * its actions — pause while waiting or uploading, resume when paused, retry after an error,
 * remove unless done — and the uploads a reload interrupted, continued by picking the file again.
 */
export function UploadPanel({
  uploads,
  interrupted = [],
  onRemove,
  onDismiss,
  onClose,
}: {
  uploads: ChunkUpload[];
  interrupted?: PendingUpload[];
  onRemove: (upload: ChunkUpload) => void;
  onDismiss?: (entry: PendingUpload) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('upload');
  if (!uploads.length && !interrupted.length) return null;
  return (
    <Card
      size="small"
      className="upload-panel"
      title={t('panel.title')}
      extra={
        <Button
          type="text"
          size="small"
          icon={<CloseOutlined />}
          aria-label={t('panel.close')}
          onClick={onClose}
        />
      }
    >
      <List size="small">
        {interrupted.map((entry) => (
          <InterruptedItem
            key={`pending-${entry.identifier}`}
            entry={entry}
            onDismiss={(item) => onDismiss?.(item)}
          />
        ))}
        {uploads.map((upload) => (
          <UploadItem key={upload.id} upload={upload} onRemove={onRemove} />
        ))}
      </List>
    </Card>
  );
}
