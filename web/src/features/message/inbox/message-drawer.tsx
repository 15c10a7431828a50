import { CheckOutlined } from '@ant-design/icons';
import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { Badge, Button, Drawer, Empty, Input, Modal, Segmented, Spin, Switch, Tooltip } from 'antd';
import dayjs from 'dayjs';
import { type UIEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { toastSuccess } from '../../../base/api/feedback';
import { useLive } from '../../../base/socket/live-store';
import { countsAfterReadAll } from '../../../base/socket/unread';
import {
  fetchMessages,
  isUnread,
  type MessageItem,
  type MessageQuery,
  messageKeys,
  readAllMessages,
} from './api';
import { MessageTypeIcon } from './type-icon';
import { useOpenMessage } from './use-open-message';
import './message.css';

/** Drawer width, list page size and the distance from the bottom that loads the next page (console.md 2.5). */
export const MESSAGE_DRAWER_WIDTH = 280;
const PAGE_SIZE = 20;
const LOAD_WITHIN_PX = 200;

/** Whether a scrolled list is close enough to its end to load the next page. */
export function nearBottom(
  element: Pick<HTMLElement, 'scrollHeight' | 'scrollTop' | 'clientHeight'>,
  within: number,
) {
  return element.scrollHeight - element.scrollTop - element.clientHeight <= within;
}

type TypeFilter = 0 | 1 | 2 | 3 | 4;

/** The message drawer of the top bar (console.md 2.5). */
export default function MessageDrawer({ open, onClose }: { open: boolean; onClose(): void }) {
  const { t } = useTranslation('message');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [modal, modalHolder] = Modal.useModal();
  const [text, setText] = useState('');
  const [keyword, setKeyword] = useState('');
  const [type, setType] = useState<TypeFilter>(0);
  const [unreadOnly, setUnreadOnly] = useState(true);
  const pushVersion = useLive((state) => state.pushVersion);
  const opener = useOpenMessage();
  const scroller = useRef<HTMLDivElement>(null);

  const filter: Omit<MessageQuery, 'currentPage'> = {
    keyword,
    type: type || '',
    isRead: unreadOnly ? 0 : '',
    pageSize: PAGE_SIZE,
  };
  const list = useInfiniteQuery({
    queryKey: [...messageKeys.all, 'drawer', filter],
    queryFn: ({ pageParam }) => fetchMessages({ ...filter, currentPage: pageParam }),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => (last.list.length < PAGE_SIZE ? undefined : pages.length + 1),
    enabled: open,
  });

  // A pushed message: show it (the list starts over from its first page).
  useEffect(() => {
    if (pushVersion > 0) void queryClient.invalidateQueries({ queryKey: messageKeys.all });
  }, [pushVersion, queryClient]);

  const items: MessageItem[] = list.data?.pages.flatMap((page) => page.list) ?? [];

  const onScroll = (event: UIEvent<HTMLDivElement>) => {
    if (!list.hasNextPage || list.isFetchingNextPage) return;
    if (nearBottom(event.currentTarget, LOAD_WITHIN_PX)) void list.fetchNextPage();
  };

  const readAll = () =>
    modal.confirm({
      title: t('confirm.title'),
      content: t('confirm.readAll'),
      okText: t('actions.ok'),
      cancelText: t('actions.cancel'),
      onOk: async () => {
        const msg = await readAllMessages({ type: type || '' });
        useLive.getState().setCounts((counts) => countsAfterReadAll(counts, type || undefined));
        toastSuccess(msg || t('readAllDone'));
        await queryClient.invalidateQueries({ queryKey: messageKeys.all });
      },
    });

  const types: TypeFilter[] = [0, 3, 2, 1, 4];

  return (
    <Drawer
      title={t('drawer.title')}
      open={open}
      onClose={onClose}
      size={MESSAGE_DRAWER_WIDTH}
      className="message-drawer"
      styles={{ body: { padding: 0, display: 'flex', flexDirection: 'column' } }}
      extra={
        <Tooltip title={t('actions.readAll')}>
          <Button
            type="text"
            size="small"
            icon={<CheckOutlined />}
            aria-label={t('actions.readAll')}
            onClick={readAll}
            data-testid="message-read-all"
          />
        </Tooltip>
      }
    >
      <div className="message-drawer__filters">
        <Input.Search
          allowClear
          value={text}
          placeholder={t('keyword')}
          aria-label={t('keyword')}
          onChange={(event) => setText(event.target.value)}
          onSearch={(value) => setKeyword(value.trim())}
        />
        <Segmented<TypeFilter>
          size="small"
          block
          value={type}
          onChange={setType}
          options={types.map((value) => ({ value, label: t(`types.${value}`) }))}
          aria-label={t('typeFilter')}
        />
        <div className="message-drawer__unread">
          <span id="message-unread-only">{t('unreadOnly')}</span>
          <Switch
            size="small"
            checked={unreadOnly}
            onChange={setUnreadOnly}
            aria-labelledby="message-unread-only"
          />
        </div>
      </div>
      <div
        className="message-drawer__list"
        ref={scroller}
        onScroll={onScroll}
        data-testid="message-drawer-list"
      >
        {list.isLoading ? (
          <div className="message-drawer__state">
            <Spin />
          </div>
        ) : items.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('empty')} />
        ) : (
          <ul>
            {items.map((item) => (
              <li key={item.id}>
                <button
                  type="button"
                  className="message-drawer__item"
                  onClick={() => void opener.open(item)}
                  data-testid="message-drawer-item"
                >
                  <Badge dot={isUnread(item)} offset={[-2, 2]}>
                    <MessageTypeIcon type={Number(item.type)} label={t(`types.${Number(item.type)}`)} />
                  </Badge>
                  <span className="message-drawer__text">
                    <span className="message-drawer__title">{item.title}</span>
                    <span className="message-drawer__time">
                      {item.releaseTime ? dayjs(item.releaseTime).format('YYYY-MM-DD HH:mm') : ''}
                    </span>
                  </span>
                  {isUnread(item) && <span className="message-sr-only">{t('unread')}</span>}
                </button>
              </li>
            ))}
          </ul>
        )}
        {list.isFetchingNextPage && (
          <div className="message-drawer__state">
            <Spin size="small" />
          </div>
        )}
        {!list.hasNextPage && items.length > 0 && <div className="message-drawer__end">{t('noMore')}</div>}
      </div>
      <div className="message-drawer__footer">
        <Button
          type="link"
          onClick={() => {
            onClose();
            navigate('/messageRecord');
          }}
        >
          {t('more')}
        </Button>
      </div>
      {opener.dialog}
      {modalHolder}
    </Drawer>
  );
}
