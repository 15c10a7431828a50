import { CommentOutlined } from '@ant-design/icons';
import { Badge, Button, Tooltip } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLive } from '../../../base/socket/live-store';
import { chatBlinks } from '../../../base/socket/unread';
import './chat-button.css';

const ChatDrawer = lazy(() => import('./chat-drawer'));

/** The chat icon of the top bar: blinks while any conversation has unread messages (widgets.md 4). */
export function ChatButton() {
  const { t } = useTranslation('chat');
  const blinking = useLive((state) => chatBlinks(state.chatUnread));
  const [open, setOpen] = useState(false);
  const [loaded, setLoaded] = useState(false);
  return (
    <>
      <Tooltip title={t('title')}>
        <Button
          type="text"
          className={`shell-action${blinking ? ' chat-button--blink' : ''}`}
          aria-label={blinking ? t('buttonUnread') : t('title')}
          data-testid="chat-button"
          data-unread={blinking ? 'true' : 'false'}
          onClick={() => {
            setLoaded(true);
            setOpen(true);
          }}
          icon={
            <Badge dot={blinking} size="small">
              <CommentOutlined />
            </Badge>
          }
        />
      </Tooltip>
      {loaded && (
        <Suspense fallback={null}>
          <ChatDrawer open={open} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
