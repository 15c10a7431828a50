import { ErrorBlock } from 'antd-mobile';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { type MessageDetail, readMessage } from '../features/message/inbox/api';
import { safeHtml } from '../widgets/rich-text/rich-html';
import { Loading, SubPage, shortTime } from './widgets';

/** One message or notice (reading it marks it read). */
export default function MessageDetailPage() {
  const { t } = useTranslation('mobile');
  const { id = '' } = useParams();
  const [detail, setDetail] = useState<MessageDetail | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    readMessage(id).then(setDetail, () => setFailed(true));
  }, [id]);
  if (failed)
    return (
      <SubPage title={t('message.title')}>
        <ErrorBlock status="default" title={t('loadFailed')} description="" />
      </SubPage>
    );
  if (!detail) return <Loading />;
  // Flow and schedule messages carry JSON, notices and system messages HTML.
  const isHtml = detail.type === 1 || detail.type === 3;
  return (
    <SubPage title={t('message.title')}>
      <article className="m-article">
        <h1>{detail.title}</h1>
        <div className="m-article__meta">
          {detail.releaseUser} · {shortTime(detail.releaseTime)}
        </div>
        {isHtml ? (
          // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by DOMPurify (safeHtml)
          <div className="m-article__body" dangerouslySetInnerHTML={{ __html: safeHtml(detail.bodyText) }} />
        ) : (
          <div className="m-article__body">{detail.excerpt ?? ''}</div>
        )}
      </article>
    </SubPage>
  );
}
