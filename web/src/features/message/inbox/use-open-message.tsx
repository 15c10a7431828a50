import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useCallback, useState } from 'react';
import { useNavigate } from 'react-router';
import { useLive } from '../../../base/socket/live-store';
import { countsAfterRead } from '../../../base/socket/unread';
import { isUnread, type MessageDetail, type MessageItem, messageKeys, readMessage } from './api';
import { MessageDetailDialog } from './message-detail-dialog';
import { messageTarget } from './open-rules';

/**
 * Opening a message: reads it (the server marks it read; the unread counts drop), then follows the
 * rules of console.md 2.5. Render `dialog` once where the hook is used.
 */
export function useOpenMessage(): { open(item: MessageItem): Promise<void>; dialog: ReactNode } {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [detail, setDetail] = useState<MessageDetail | null>(null);

  const open = useCallback(
    async (item: MessageItem) => {
      let read: MessageDetail;
      try {
        read = await readMessage(item.id);
      } catch {
        return; // toast shown by the client
      }
      if (isUnread(item)) {
        useLive.getState().setCounts((counts) => countsAfterRead(counts, Number(item.type)));
        void queryClient.invalidateQueries({ queryKey: messageKeys.all });
      }
      const message = { ...item, ...read };
      const target = messageTarget(message);
      if (target.kind === 'dialog') setDetail(message);
      else if (target.kind === 'route') navigate(target.path);
    },
    [navigate, queryClient],
  );

  return { open, dialog: <MessageDetailDialog detail={detail} onClose={() => setDetail(null)} /> };
}
