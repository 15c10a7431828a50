import {
  ClearOutlined,
  HistoryOutlined,
  PictureOutlined,
  SearchOutlined,
  SmileOutlined,
} from '@ant-design/icons';
import { Avatar, Button, Empty, Input, Modal, Popover, Spin, Tooltip } from 'antd';
import dayjs from 'dayjs';
import { type KeyboardEvent, useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toastError, toastSuccess } from '../../../base/api/feedback';
import { onSocketFrame, sendFrame, useLive } from '../../../base/socket/live-store';
import type { SocketFrame } from '../../../base/socket/socket-client';
import { type ChatMessage, type Contact, clearHistory, type Paged, uploadChatImage } from './api';
import {
  chatImage,
  checkChatImage,
  EMOJIS,
  fitImage,
  HISTORY_LOAD_WITHIN,
  HISTORY_PAGE_SIZE,
  LIVE_PAGE_SIZE,
  textToSend,
} from './chat-rules';
import './chat.css';

/** Width and height of an image file, read in the browser before sending. */
function imageSize(file: File): Promise<{ width: number; height: number }> {
  return new Promise((resolve) => {
    const url = URL.createObjectURL(file);
    const image = new Image();
    image.onload = () => {
      resolve({ width: image.naturalWidth, height: image.naturalHeight });
      URL.revokeObjectURL(url);
    };
    image.onerror = () => {
      resolve({ width: 0, height: 0 });
      URL.revokeObjectURL(url);
    };
    image.src = url;
  });
}

function MessageContent({ message, imageLabel }: { message: ChatMessage; imageLabel: string }) {
  if (message.contentType === 'image') {
    const image = chatImage(message.content);
    if (image) {
      const size = fitImage(image.width, image.height);
      return (
        <a href={image.src} target="_blank" rel="noopener noreferrer">
          <img
            src={image.src}
            alt={imageLabel}
            width={size.width}
            height={size.height}
            className="chat-image"
          />
        </a>
      );
    }
  }
  return <span className="chat-text">{String(message.content ?? '')}</span>;
}

function Bubble({
  message,
  mine,
  who,
  imageLabel,
}: {
  message: ChatMessage;
  mine: boolean;
  who: Contact | null;
  imageLabel: string;
}) {
  return (
    <li className={`chat-bubble${mine ? ' chat-bubble--mine' : ''}`} data-testid="chat-bubble">
      {!mine && (
        <Avatar size={32} src={who?.headIcon || undefined}>
          {who?.realName?.slice(0, 1)}
        </Avatar>
      )}
      <div className="chat-bubble__body">
        <div className="chat-bubble__time">{dayjs(message.sendTime).format('YYYY-MM-DD HH:mm:ss')}</div>
        <div className="chat-bubble__content">
          <MessageContent message={message} imageLabel={imageLabel} />
        </div>
      </div>
    </li>
  );
}

const listOf = (frame: SocketFrame) => (frame as unknown as Paged<ChatMessage>).list ?? [];
const pagingOf = (frame: SocketFrame) => (frame as unknown as Paged<ChatMessage>).pagination;

/** The chat window with one colleague (widgets.md "Internal chat drawer"). */
export function ChatWindow({ contact, onClose }: { contact: Contact | null; onClose(): void }) {
  const { t } = useTranslation('chat');
  const [modal, modalHolder] = Modal.useModal();
  const me = useLive((state) => state.userId);
  const [messages, setMessages] = useState<ChatMessage[]>([]);
  const [livePage, setLivePage] = useState({ page: 0, total: 0, loading: false });
  const [text, setText] = useState('');
  const [sending, setSending] = useState(false);
  const [historyOpen, setHistoryOpen] = useState(false);
  const [historyKeyword, setHistoryKeyword] = useState('');
  const [history, setHistory] = useState<{
    list: ChatMessage[];
    page: number;
    total: number;
    loading: boolean;
  }>({
    list: [],
    page: 0,
    total: 0,
    loading: false,
  });
  const scroller = useRef<HTMLDivElement>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const keepOffset = useRef<number | null>(null);
  const contactId = contact?.id ?? null;

  const requestPage = useCallback(
    (page: number, pageSize: number, keyword = '') => {
      if (!contactId) return false;
      return sendFrame({
        method: 'MessageList',
        toUserId: contactId,
        formUserId: me ?? '',
        currentPage: page,
        pageSize,
        sord: 'desc',
        keyword,
      });
    },
    [contactId, me],
  );

  // Opening the conversation reads it and loads its latest page.
  useEffect(() => {
    if (!contactId) return;
    setMessages([]);
    setHistoryOpen(false);
    setLivePage({ page: 0, total: 0, loading: true });
    useLive.getState().setActiveChat(contactId);
    sendFrame({ method: 'UpdateReadMessage', formUserId: contactId });
    if (!requestPage(1, LIVE_PAGE_SIZE)) {
      setLivePage({ page: 0, total: 0, loading: false });
      toastError(t('offline'));
    }
    return () => useLive.getState().setActiveChat(null);
  }, [contactId, requestPage, t]);

  useEffect(() => {
    if (!contactId) return;
    return onSocketFrame((frame) => {
      if (frame.method === 'error' && (frame.request === 'SendMessage' || frame.request === 'MessageList')) {
        toastError(String(frame.msg ?? ''));
        setLivePage((current) => ({ ...current, loading: false }));
        setHistory((current) => ({ ...current, loading: false }));
      } else if (frame.method === 'messageList') {
        const paging = pagingOf(frame);
        if (paging?.pageSize === LIVE_PAGE_SIZE) {
          const older = [...listOf(frame)].reverse();
          keepOffset.current =
            paging.currentPage > 1 && scroller.current ? scroller.current.scrollHeight : null;
          setMessages((current) => (paging.currentPage === 1 ? older : [...older, ...current]));
          setLivePage({ page: paging.currentPage, total: paging.total, loading: false });
        } else if (paging?.pageSize === HISTORY_PAGE_SIZE) {
          setHistory((current) => ({
            list: paging.currentPage === 1 ? listOf(frame) : [...current.list, ...listOf(frame)],
            page: paging.currentPage,
            total: paging.total,
            loading: false,
          }));
        }
      } else if (frame.method === 'sendMessage' && frame.toUserId === contactId) {
        keepOffset.current = null;
        setMessages((current) => [
          ...current,
          {
            sendUserId: me ?? '',
            contentType: String(frame.messageType),
            content: frame.toMessage,
            sendTime: Number(frame.dateTime) || Date.now(),
          },
        ]);
      } else if (frame.method === 'receiveMessage' && frame.formUserId === contactId) {
        keepOffset.current = null;
        setMessages((current) => [
          ...current,
          {
            sendUserId: contactId,
            contentType: String(frame.messageType),
            content: frame.formMessage,
            sendTime: Number(frame.dateTime) || Date.now(),
          },
        ]);
        sendFrame({ method: 'UpdateReadMessage', formUserId: contactId });
      }
    });
  }, [contactId, me]);

  // New messages scroll to the end; an older page keeps what was on screen in place.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs after each change of the list
  useLayoutEffect(() => {
    const element = scroller.current;
    if (!element) return;
    if (keepOffset.current !== null) element.scrollTop = element.scrollHeight - keepOffset.current;
    else element.scrollTop = element.scrollHeight;
  }, [messages]);

  const onLiveScroll = () => {
    const element = scroller.current;
    if (!element || livePage.loading || element.scrollTop > HISTORY_LOAD_WITHIN) return;
    if (livePage.page * LIVE_PAGE_SIZE >= livePage.total) return;
    setLivePage((current) => ({ ...current, loading: true }));
    requestPage(livePage.page + 1, LIVE_PAGE_SIZE);
  };

  const searchHistory = (keyword: string) => {
    setHistoryKeyword(keyword);
    setHistory({ list: [], page: 0, total: 0, loading: true });
    requestPage(1, HISTORY_PAGE_SIZE, keyword);
  };

  const onHistoryScroll = (element: HTMLDivElement) => {
    if (history.loading || history.page * HISTORY_PAGE_SIZE >= history.total) return;
    if (element.scrollHeight - element.scrollTop - element.clientHeight > HISTORY_LOAD_WITHIN) return;
    setHistory((current) => ({ ...current, loading: true }));
    requestPage(history.page + 1, HISTORY_PAGE_SIZE, historyKeyword);
  };

  const send = () => {
    const content = textToSend(text);
    if (!content || !contactId) return;
    if (
      !sendFrame({ method: 'SendMessage', toUserId: contactId, messageType: 'text', messageContent: content })
    ) {
      toastError(t('offline'));
      return;
    }
    setText('');
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    // The drawer below also listens for Escape: the window, on top, closes first.
    if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      onClose();
      return;
    }
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      send();
    }
  };

  const sendImage = async (file: File | undefined) => {
    if (!file || !contactId) return;
    const check = checkChatImage(file);
    if (check === 'notImage') return toastError(t('imageOnly'));
    if (check === 'tooLarge') return toastError(t('imageTooLarge'));
    setSending(true);
    try {
      const [name, size] = await Promise.all([uploadChatImage(file), imageSize(file)]);
      if (
        !sendFrame({
          method: 'SendMessage',
          toUserId: contactId,
          messageType: 'image',
          messageContent: { name, ...size },
        })
      )
        toastError(t('offline'));
    } catch (error) {
      // The client already showed a failed answer; a missing name is reported here.
      if (error instanceof Error && error.name === 'Error' && error.message) toastError(error.message);
    } finally {
      setSending(false);
    }
  };

  const clear = () =>
    modal.confirm({
      title: t('confirm.title'),
      content: t('confirm.clear'),
      okText: t('actions.ok'),
      cancelText: t('actions.cancel'),
      onOk: async () => {
        if (!contactId) return;
        const msg = await clearHistory(contactId);
        toastSuccess(msg || t('cleared'));
        setMessages([]);
        setLivePage({ page: 1, total: 0, loading: false });
        setHistory({ list: [], page: 0, total: 0, loading: false });
      },
    });

  const imageLabel = t('image');
  const emojiPicker = (
    <div className="chat-emoji" role="listbox" aria-label={t('emoji')}>
      {EMOJIS.map((emoji) => (
        <button
          key={emoji}
          type="button"
          role="option"
          aria-selected={false}
          className="chat-emoji__item"
          onClick={() => setText((current) => current + emoji)}
        >
          {emoji}
        </button>
      ))}
    </div>
  );

  return (
    <Modal
      open={contact !== null}
      title={contact ? `${contact.realName}/${contact.account}` : ''}
      width={historyOpen ? 900 : 600}
      footer={null}
      onCancel={onClose}
      className="chat-window"
      destroyOnHidden
    >
      <div className="chat-window__layout">
        <section className="chat-window__main" aria-label={t('window')}>
          <div
            className="chat-window__messages"
            ref={scroller}
            onScroll={onLiveScroll}
            data-testid="chat-messages"
          >
            {livePage.loading && livePage.page === 0 ? (
              <div className="chat-window__state">
                <Spin />
              </div>
            ) : messages.length === 0 ? (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('noMessages')} />
            ) : (
              <ul>
                {livePage.loading && (
                  <li className="chat-window__state">
                    <Spin size="small" />
                  </li>
                )}
                {messages.map((message, index) => (
                  <Bubble
                    key={message.id ?? `n${index}`}
                    message={message}
                    mine={message.sendUserId === me}
                    who={contact}
                    imageLabel={imageLabel}
                  />
                ))}
              </ul>
            )}
          </div>
          <div className="chat-window__tools">
            <Popover content={emojiPicker} trigger="click" placement="topLeft">
              <Tooltip title={t('emoji')}>
                <Button type="text" icon={<SmileOutlined />} aria-label={t('emoji')} />
              </Tooltip>
            </Popover>
            <Tooltip title={t('sendImage')}>
              <Button
                type="text"
                icon={<PictureOutlined />}
                aria-label={t('sendImage')}
                loading={sending}
                onClick={() => fileInput.current?.click()}
              />
            </Tooltip>
            <input
              ref={fileInput}
              type="file"
              accept="image/*"
              hidden
              data-testid="chat-image-input"
              onChange={(event) => {
                void sendImage(event.target.files?.[0]);
                event.target.value = '';
              }}
            />
            <span className="chat-window__spacer" />
            <Tooltip title={t('clear')}>
              <Button type="text" icon={<ClearOutlined />} aria-label={t('clear')} onClick={clear} />
            </Tooltip>
            <Tooltip title={t('history')}>
              <Button
                type={historyOpen ? 'link' : 'text'}
                icon={<HistoryOutlined />}
                aria-label={t('history')}
                aria-pressed={historyOpen}
                onClick={() => {
                  if (!historyOpen) searchHistory('');
                  setHistoryOpen(!historyOpen);
                }}
              />
            </Tooltip>
          </div>
          <Input.TextArea
            value={text}
            onChange={(event) => setText(event.target.value)}
            onKeyDown={onKeyDown}
            autoSize={{ minRows: 3, maxRows: 3 }}
            placeholder={t('placeholder')}
            aria-label={t('placeholder')}
            maxLength={2000}
            data-testid="chat-input"
          />
          <div className="chat-window__send">
            <Button type="primary" onClick={send} disabled={!textToSend(text)}>
              {t('send')}
            </Button>
          </div>
        </section>
        {historyOpen && (
          <aside className="chat-window__history" aria-label={t('history')}>
            <Input.Search
              allowClear
              placeholder={t('historySearch')}
              aria-label={t('historySearch')}
              enterButton={<SearchOutlined />}
              onSearch={(value) => searchHistory(value.trim())}
            />
            <div
              className="chat-window__history-list"
              onScroll={(event) => onHistoryScroll(event.currentTarget)}
              data-testid="chat-history"
            >
              {history.list.length === 0 && !history.loading ? (
                <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('noMessages')} />
              ) : (
                <ul>
                  {history.list.map((message, index) => (
                    <li key={message.id ?? `h${index}`} className="chat-history-item">
                      <div className="chat-history-item__head">
                        <span>{message.sendUserId === me ? t('me') : contact?.realName}</span>
                        <span>{dayjs(message.sendTime).format('YYYY-MM-DD HH:mm')}</span>
                      </div>
                      <MessageContent message={message} imageLabel={imageLabel} />
                    </li>
                  ))}
                </ul>
              )}
              {history.loading && (
                <div className="chat-window__state">
                  <Spin size="small" />
                </div>
              )}
            </div>
          </aside>
        )}
      </div>
      {modalHolder}
    </Modal>
  );
}
