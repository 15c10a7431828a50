import { CloseOutlined } from '@ant-design/icons';
import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { Avatar, Badge, Button, Drawer, Empty, Input, Spin, Tabs, Tooltip } from 'antd';
import dayjs from 'dayjs';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { onSocketFrame, useLive } from '../../../base/socket/live-store';
import {
  type Contact,
  type Conversation,
  chatKeys,
  fetchContacts,
  fetchConversations,
  removeConversation,
} from './api';
import { CONTACTS_LOAD_WITHIN, CONTACTS_PAGE_SIZE } from './chat-rules';
import { ChatWindow } from './chat-window';
import './chat.css';

export const CHAT_DRAWER_WIDTH = 280;

function Person({ person, online }: { person: Contact; online: boolean }) {
  return (
    <Badge dot color={online ? '#52c41a' : '#d9d9d9'} offset={[-4, 28]}>
      <Avatar size={36} src={person.headIcon || undefined}>
        {person.realName?.slice(0, 1)}
      </Avatar>
    </Badge>
  );
}

function Conversations({ onOpen }: { onOpen(contact: Contact): void }) {
  const { t } = useTranslation('chat');
  const queryClient = useQueryClient();
  const connected = useLive((state) => state.connected);
  const chatUnread = useLive((state) => state.chatUnread);
  const online = useLive((state) => state.onlineUsers);
  const list = useQuery({ queryKey: chatKeys.conversations, queryFn: fetchConversations });

  // Any new message changes the order and the latest text.
  useEffect(
    () =>
      onSocketFrame((frame) => {
        if (frame.method === 'receiveMessage' || frame.method === 'sendMessage')
          void queryClient.invalidateQueries({ queryKey: chatKeys.conversations });
      }),
    [queryClient],
  );

  if (list.isLoading)
    return (
      <div className="chat-drawer__state">
        <Spin />
      </div>
    );
  const items = list.data?.list ?? [];
  if (items.length === 0)
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('noConversations')} />;

  const latest = (item: Conversation) => (item.messageType === 'image' ? t('imageTag') : item.latestMessage);
  return (
    <ul className="chat-list" data-testid="chat-conversations">
      {items.map((item) => {
        const unread = connected ? (chatUnread[item.id] ?? 0) : item.unreadMessage;
        return (
          <li key={item.id} className="chat-list__row">
            <button
              type="button"
              className="chat-list__item"
              onClick={() => onOpen(item)}
              data-testid="chat-conversation"
            >
              <Person person={item} online={online.includes(item.id)} />
              <span className="chat-list__text">
                <span className="chat-list__name">
                  <span>{item.realName}</span>
                  <span className="chat-list__time">
                    {item.latestDate ? dayjs(item.latestDate).format('MM-DD HH:mm') : ''}
                  </span>
                </span>
                <span className="chat-list__latest">{latest(item)}</span>
              </span>
              {unread > 0 && (
                <Badge count={unread} size="small" aria-label={t('unread', { count: unread })} />
              )}
            </button>
            <Tooltip title={t('remove')}>
              <Button
                type="text"
                size="small"
                className="chat-list__remove"
                icon={<CloseOutlined />}
                aria-label={`${t('remove')} ${item.realName}`}
                onClick={async () => {
                  await removeConversation(item.id);
                  await queryClient.invalidateQueries({ queryKey: chatKeys.conversations });
                }}
              />
            </Tooltip>
          </li>
        );
      })}
    </ul>
  );
}

function Contacts({ onOpen }: { onOpen(contact: Contact): void }) {
  const { t } = useTranslation('chat');
  const [keyword, setKeyword] = useState('');
  const online = useLive((state) => state.onlineUsers);
  const list = useInfiniteQuery({
    queryKey: chatKeys.contacts(keyword),
    queryFn: ({ pageParam }) =>
      fetchContacts({ keyword, currentPage: pageParam, pageSize: CONTACTS_PAGE_SIZE }),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => (last.list.length < CONTACTS_PAGE_SIZE ? undefined : pages.length + 1),
  });
  const items = list.data?.pages.flatMap((page) => page.list) ?? [];
  return (
    <div className="chat-contacts">
      <Input.Search
        allowClear
        placeholder={t('searchContacts')}
        aria-label={t('searchContacts')}
        onSearch={(value) => setKeyword(value.trim())}
      />
      <div
        className="chat-contacts__list"
        data-testid="chat-contacts"
        onScroll={(event) => {
          const element = event.currentTarget;
          if (!list.hasNextPage || list.isFetchingNextPage) return;
          if (element.scrollHeight - element.scrollTop - element.clientHeight <= CONTACTS_LOAD_WITHIN)
            void list.fetchNextPage();
        }}
      >
        {list.isLoading ? (
          <div className="chat-drawer__state">
            <Spin />
          </div>
        ) : items.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('noContacts')} />
        ) : (
          <ul className="chat-list">
            {items.map((item) => (
              <li key={item.id} className="chat-list__row">
                <button
                  type="button"
                  className="chat-list__item"
                  onClick={() => onOpen(item)}
                  data-testid="chat-contact"
                >
                  <Person person={item} online={online.includes(item.id)} />
                  <span className="chat-list__text">
                    <span className="chat-list__name">
                      {item.realName}/{item.account}
                    </span>
                    <span className="chat-list__latest">{item.department}</span>
                  </span>
                </button>
              </li>
            ))}
          </ul>
        )}
        {list.isFetchingNextPage && (
          <div className="chat-drawer__state">
            <Spin size="small" />
          </div>
        )}
      </div>
    </div>
  );
}

/** The internal chat drawer (widgets.md): recent conversations and contacts; opens the chat window. */
export default function ChatDrawer({ open, onClose }: { open: boolean; onClose(): void }) {
  const { t } = useTranslation('chat');
  const queryClient = useQueryClient();
  const [tab, setTab] = useState('messages');
  const [talkingTo, setTalkingTo] = useState<Contact | null>(null);
  return (
    <>
      <Drawer
        title={t('title')}
        open={open}
        onClose={onClose}
        size={CHAT_DRAWER_WIDTH}
        className="chat-drawer"
        styles={{ body: { padding: '0 12px', display: 'flex', flexDirection: 'column' } }}
      >
        <Tabs
          activeKey={tab}
          onChange={setTab}
          className="chat-drawer__tabs"
          items={[
            { key: 'messages', label: t('tabs.messages'), children: <Conversations onOpen={setTalkingTo} /> },
            { key: 'contacts', label: t('tabs.contacts'), children: <Contacts onOpen={setTalkingTo} /> },
          ]}
        />
      </Drawer>
      <ChatWindow
        contact={talkingTo}
        onClose={() => {
          setTalkingTo(null);
          void queryClient.invalidateQueries({ queryKey: chatKeys.conversations });
        }}
      />
    </>
  );
}
