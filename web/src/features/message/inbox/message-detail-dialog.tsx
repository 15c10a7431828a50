import { PaperClipOutlined } from '@ant-design/icons';
import { Modal, Typography } from 'antd';
import dayjs from 'dayjs';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { safeHtml } from '../../../widgets/rich-text/rich-html';
import { type MessageDetail, type MessageFile, messageFiles } from './api';
import './message.css';

/**
 * Address of an attachment: its own url when it is a web address or a path on this site (the
 * server refuses others; this guards rows from elsewhere), else the stored annex file.
 */
export function fileHref(file: MessageFile): string {
  if (file.url && /^(https?:\/\/|\/(?!\/))/i.test(file.url)) return file.url;
  return `/api/file/Image/annex/${encodeURIComponent(file.fileId ?? file.name)}`;
}

/** Detail of a notice or system message (console.md 2.5): title, time, sender, excerpt, body, files. */
export function MessageDetailDialog({ detail, onClose }: { detail: MessageDetail | null; onClose(): void }) {
  const { t } = useTranslation('message');
  const body = useMemo(() => safeHtml(detail?.bodyText), [detail?.bodyText]);
  const files = messageFiles(detail?.files);
  return (
    <Modal
      open={detail !== null}
      width={800}
      title={t('detail.title')}
      footer={null}
      onCancel={onClose}
      className="message-detail"
      destroyOnHidden
    >
      {detail && (
        <article aria-label={detail.title}>
          <h2 className="message-detail__title">{detail.title}</h2>
          <div className="message-detail__meta">
            {detail.releaseTime ? (
              <span>
                {t('detail.releaseTime')}：{dayjs(detail.releaseTime).format('YYYY-MM-DD HH:mm')}
              </span>
            ) : null}
            {detail.releaseUser ? (
              <span>
                {t('detail.releaseUser')}：{detail.releaseUser}
              </span>
            ) : null}
          </div>
          {detail.excerpt ? <div className="message-detail__excerpt">{detail.excerpt}</div> : null}
          <div
            className="message-detail__body"
            data-testid="message-detail-body"
            // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by safeHtml (DOMPurify)
            dangerouslySetInnerHTML={{ __html: body }}
          />
          {files.length > 0 && (
            <section className="message-detail__files" aria-label={t('detail.files')}>
              <Typography.Text type="secondary">{t('detail.files')}</Typography.Text>
              <ul>
                {files.map((file) => (
                  <li key={file.fileId ?? file.url ?? file.name}>
                    <PaperClipOutlined aria-hidden />{' '}
                    <a href={fileHref(file)} download={file.name} rel="noopener">
                      {file.name}
                    </a>
                  </li>
                ))}
              </ul>
            </section>
          )}
        </article>
      )}
    </Modal>
  );
}
