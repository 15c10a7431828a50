import { DislikeOutlined, EditOutlined, LikeOutlined, RobotOutlined, UserOutlined } from '@ant-design/icons';
import type { KbCitation } from '@console/shared';
import { Alert, Avatar, Button, Space, Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { AnswerText } from './answer-text';
import type { ChatMessage } from './messages';

const SOURCE_COLORS: Record<string, string> = {
  qa: 'green',
  llm: 'purple',
  extractive: 'blue',
  none: 'default',
};

/** One message: the question, or the answer with its citations, source, feedback and correction. */
export function MessageItem({
  message,
  canCorrect,
  onOpenCitation,
  onFeedback,
  onCorrect,
}: {
  message: ChatMessage;
  canCorrect: boolean;
  onOpenCitation(citation: KbCitation): void;
  onFeedback(useful: boolean): void;
  onCorrect(): void;
}) {
  const { t } = useTranslation('knowledgeChat');
  if (message.role === 'user')
    return (
      <div className="kb-msg kb-msg--user">
        <div className="kb-msg__bubble">{message.content}</div>
        <Avatar size={32} icon={<UserOutlined />} className="kb-msg__avatar" />
      </div>
    );

  const citations = [...message.citations].sort((a, b) => a.index - b.index);
  const finished = !message.streaming && message.id !== undefined;
  return (
    <div className="kb-msg kb-msg--assistant" data-testid="kb-answer">
      <Avatar size={32} icon={<RobotOutlined />} className="kb-msg__avatar kb-msg__avatar--bot" />
      <div className="kb-msg__bubble" aria-busy={message.streaming ? true : undefined}>
        {message.content ? (
          <AnswerText text={message.content} citations={citations} onOpen={onOpenCitation} />
        ) : (
          message.streaming && <span className="kb-msg__thinking">{t('thinking')}</span>
        )}
        {message.streaming && message.content && <span className="kb-msg__cursor" aria-hidden />}
        {message.stopped && <div className="kb-msg__note">{t('stopped')}</div>}
        {message.error && <Alert type="error" showIcon title={message.error} className="kb-msg__error" />}
        {citations.length > 0 && (
          <div className="kb-msg__citations">
            <span className="kb-msg__citations-title">{t('citation.title')}</span>
            {citations.map((citation) => (
              <Button
                key={`${citation.index}:${citation.chunkId}`}
                size="small"
                className="kb-msg__citation"
                onClick={() => onOpenCitation(citation)}
              >
                <span className="kb-cite kb-cite--static">{citation.index}</span>
                <span className="kb-msg__citation-name">{citation.documentName}</span>
              </Button>
            ))}
          </div>
        )}
        {finished && (
          <div className="kb-msg__foot">
            {message.source && (
              <Tag color={SOURCE_COLORS[message.source]} variant="filled">
                {t(`source.${message.source}`)}
              </Tag>
            )}
            <Space size={2}>
              <Tooltip title={t('feedback.useful')}>
                <Button
                  variant="text"
                  color={message.feedback === 1 ? 'primary' : 'default'}
                  size="small"
                  aria-label={t('feedback.useful')}
                  aria-pressed={message.feedback === 1}
                  icon={<LikeOutlined />}
                  onClick={() => onFeedback(true)}
                />
              </Tooltip>
              <Tooltip title={t('feedback.notUseful')}>
                <Button
                  variant="text"
                  color={message.feedback === 0 ? 'primary' : 'default'}
                  size="small"
                  aria-label={t('feedback.notUseful')}
                  aria-pressed={message.feedback === 0}
                  icon={<DislikeOutlined />}
                  onClick={() => onFeedback(false)}
                />
              </Tooltip>
              {canCorrect && (
                <Button type="text" size="small" icon={<EditOutlined />} onClick={onCorrect}>
                  {t('correction.open')}
                </Button>
              )}
            </Space>
          </div>
        )}
      </div>
    </div>
  );
}
