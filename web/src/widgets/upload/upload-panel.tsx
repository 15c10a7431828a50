import { CloseOutlined } from '@ant-design/icons';
import { Button, Card, List, Progress, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ChunkUpload } from './chunk-upload';
import { cleanName, shownPercent } from './files';
import './upload.css';

/**
 * The upload panel (widgets.md 2): each file with name, progress, status and its actions —
 * pause while waiting or uploading, resume when paused, retry after an error, remove unless done.
 */
export function UploadPanel({
  uploads,
  onRemove,
  onClose,
}: {
  uploads: ChunkUpload[];
  onRemove: (upload: ChunkUpload) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('upload');
  if (!uploads.length) return null;
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
      <List
        size="small"
        dataSource={uploads}
        renderItem={(upload) => {
          const { status } = upload;
          const percent = shownPercent(upload.sent, upload.file.size, status === 'success');
          return (
            <List.Item
              data-testid="upload-item"
              data-status={status}
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
              ].filter(Boolean)}
            >
              <Space direction="vertical" size={0} className="upload-panel__item">
                <Typography.Text ellipsis>{cleanName(upload.file.name)}</Typography.Text>
                <Progress
                  percent={percent}
                  size="small"
                  status={status === 'error' ? 'exception' : status === 'success' ? 'success' : 'active'}
                />
                <Typography.Text
                  type={status === 'error' ? 'danger' : 'secondary'}
                  className="upload-panel__status"
                >
                  {t(`status.${status}`)}
                  {upload.error ? `：${upload.error}` : ''}
                </Typography.Text>
              </Space>
            </List.Item>
          );
        }}
      />
    </Card>
  );
}
