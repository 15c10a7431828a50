import { BellOutlined } from '@ant-design/icons';
import { Badge, Button, Tooltip } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLive } from '../../../base/socket/live-store';
import { useLiveSocket } from '../../../base/socket/use-live-socket';

const MessageDrawer = lazy(() => import('./message-drawer'));

/** The bell of the top bar with the unread count; opens the message drawer (console.md 2.4, 2.5). */
export function MessageBell() {
  const { t } = useTranslation('message');
  useLiveSocket();
  const total = useLive((state) => state.counts.total);
  const connected = useLive((state) => state.connected);
  const [open, setOpen] = useState(false);
  const [loaded, setLoaded] = useState(false);
  return (
    <>
      <Tooltip title={t('drawer.title')}>
        <Button
          type="text"
          className="shell-action"
          aria-label={t('bell', { count: total })}
          data-testid="message-bell"
          data-connected={connected ? 'true' : 'false'}
          onClick={() => {
            setLoaded(true);
            setOpen(true);
          }}
          icon={
            <Badge count={total} size="small" overflowCount={99} data-testid="message-bell-count">
              <BellOutlined />
            </Badge>
          }
        />
      </Tooltip>
      {loaded && (
        <Suspense fallback={null}>
          <MessageDrawer open={open} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
