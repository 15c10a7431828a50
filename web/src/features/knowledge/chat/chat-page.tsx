import { DeleteOutlined, MessageOutlined, PlusOutlined, SendOutlined, StopOutlined } from '@ant-design/icons';
import type { KbCitation } from '@console/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Empty, Input, Modal, Select, Spin, Tooltip } from 'antd';
import { type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toastError, toastSuccess } from '../../../base/api/feedback';
import type { ApiError } from '../../../base/api/http';
import {
  askStreaming,
  chatKeys,
  deleteConversation,
  fetchConversation,
  fetchConversations,
  fetchUsableBases,
  sendFeedback,
} from './api';
import { ChunkDrawer } from './chunk-drawer';
import { CorrectionDialog } from './correction-dialog';
import { MessageItem } from './message-item';
import { type ChatMessage, fromStored } from './messages';
import './knowledge-chat.css';

/** The server's limit on a question (KbChatBody). */
const MAX_QUESTION = 500;

let localKey = 0;
const nextKey = () => `local-${++localKey}`;

/** 智能问答 (page 'questionAnswering/chat'): ask the bases one may use, answers streamed with citations. */
export default function KnowledgeChatPage() {
  const { t } = useTranslation('knowledgeChat');
  const queryClient = useQueryClient();
  const [modal, modalHolder] = Modal.useModal();
  const bases = useQuery({ queryKey: chatKeys.bases(), queryFn: fetchUsableBases });
  const conversations = useQuery({ queryKey: chatKeys.conversations(), queryFn: fetchConversations });
  const [baseIds, setBaseIds] = useState<string[]>([]);
  const [conversationId, setConversationId] = useState<string | null>(null);
  const [messages, setMessages] = useState<ChatMessage[]>([]);
  const [loadingConversation, setLoadingConversation] = useState(false);
  const [draft, setDraft] = useState('');
  const [busy, setBusy] = useState(false);
  const [citation, setCitation] = useState<KbCitation | null>(null);
  const [correcting, setCorrecting] = useState<ChatMessage | null>(null);
  const abortRef = useRef<AbortController | null>(null);
  const logRef = useRef<HTMLDivElement>(null);
  const managed = (bases.data ?? []).filter((base) => base.canManage);

  useEffect(() => () => abortRef.current?.abort(), []);
  // Follow the answer as it grows.
  // biome-ignore lint/correctness/useExhaustiveDependencies: scrolls whenever the messages change
  useEffect(() => {
    const log = logRef.current;
    if (log) log.scrollTop = log.scrollHeight;
  }, [messages]);

  const update = (key: string, patch: (message: ChatMessage) => ChatMessage) =>
    setMessages((list) => list.map((message) => (message.key === key ? patch(message) : message)));

  const startNew = () => {
    abortRef.current?.abort();
    setConversationId(null);
    setMessages([]);
  };

  const openConversation = async (id: string) => {
    if (id === conversationId || busy) return;
    setLoadingConversation(true);
    try {
      const detail = await fetchConversation(id);
      setConversationId(detail.id);
      setMessages(fromStored(detail.messages));
    } catch {
      // The client showed the server's message.
    } finally {
      setLoadingConversation(false);
    }
  };

  const removeConversation = (id: string, title: string) =>
    modal.confirm({
      title: t('confirm.title'),
      content: t('confirm.deleteConversation', { title }),
      okText: t('actions.ok'),
      cancelText: t('actions.cancel'),
      onOk: async () => {
        try {
          toastSuccess((await deleteConversation(id)) || t('deleted'));
          if (id === conversationId) startNew();
          await queryClient.invalidateQueries({ queryKey: chatKeys.conversations() });
        } catch {
          // The client showed the server's message.
        }
      },
    });

  const send = async () => {
    const question = draft.trim();
    if (!question || busy) return;
    if (question.length > MAX_QUESTION) {
      toastError(t('tooLong', { max: MAX_QUESTION }));
      return;
    }
    const answerKey = nextKey();
    setDraft('');
    setMessages((list) => [
      ...list,
      { key: nextKey(), role: 'user', content: question, citations: [], source: null, feedback: null },
      {
        key: answerKey,
        role: 'assistant',
        content: '',
        citations: [],
        source: null,
        feedback: null,
        question,
        streaming: true,
      },
    ]);
    const controller = new AbortController();
    abortRef.current = controller;
    setBusy(true);
    try {
      await askStreaming(
        {
          question,
          ...(baseIds.length > 0 ? { baseIds } : {}),
          ...(conversationId ? { conversationId } : {}),
        },
        {
          citations: (citations) => update(answerKey, (m) => ({ ...m, citations })),
          delta: (text) => update(answerKey, (m) => ({ ...m, content: m.content + text })),
          done: (result) => {
            update(answerKey, (m) => ({
              ...m,
              id: result.messageId,
              content: result.answer,
              source: result.source,
              streaming: false,
            }));
            setConversationId(result.conversationId);
            void queryClient.invalidateQueries({ queryKey: chatKeys.conversations() });
          },
          error: (msg) => update(answerKey, (m) => ({ ...m, error: msg || t('failed'), streaming: false })),
        },
        controller.signal,
      );
    } catch (error) {
      if (controller.signal.aborted) update(answerKey, (m) => ({ ...m, stopped: true }));
      else update(answerKey, (m) => ({ ...m, error: (error as ApiError).msg || t('failed') }));
    } finally {
      update(answerKey, (m) => ({ ...m, streaming: false }));
      if (abortRef.current === controller) abortRef.current = null;
      setBusy(false);
    }
  };

  const feedback = async (message: ChatMessage, useful: boolean) => {
    if (!message.id) return;
    try {
      const msg = await sendFeedback(message.id, useful);
      update(message.key, (m) => ({ ...m, feedback: useful ? 1 : 0 }));
      toastSuccess(msg || t('feedback.thanks'));
    } catch {
      // The client showed the server's message.
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    // Enter sends; Shift+Enter is a new line; Enter that ends an IME composition is not a send.
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      void send();
    }
  };

  const conversationList = conversations.data ?? [];
  return (
    <div className="kb-chat" data-testid="kb-chat-page">
      <aside className="kb-chat__side" aria-label={t('history.title')}>
        <Button type="primary" block icon={<PlusOutlined />} onClick={startNew} disabled={busy}>
          {t('history.new')}
        </Button>
        <div className="kb-chat__side-title">{t('history.title')}</div>
        <Spin spinning={conversations.isLoading}>
          {conversationList.length === 0 && !conversations.isLoading ? (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('history.empty')} />
          ) : (
            <ul className="kb-chat__conversations" data-testid="kb-conversations">
              {conversationList.map((item) => (
                <li
                  key={item.id}
                  className={`kb-chat__conversation${item.id === conversationId ? ' is-active' : ''}`}
                >
                  <button
                    type="button"
                    className="kb-chat__conversation-open"
                    aria-current={item.id === conversationId ? 'true' : undefined}
                    onClick={() => void openConversation(item.id)}
                  >
                    <MessageOutlined aria-hidden />
                    <span className="kb-chat__conversation-title">{item.title || t('history.untitled')}</span>
                  </button>
                  <Tooltip title={t('history.delete')}>
                    <Button
                      type="text"
                      size="small"
                      icon={<DeleteOutlined />}
                      aria-label={t('history.deleteNamed', { title: item.title })}
                      onClick={() => removeConversation(item.id, item.title)}
                    />
                  </Tooltip>
                </li>
              ))}
            </ul>
          )}
        </Spin>
      </aside>
      <section className="kb-chat__main">
        <div className="kb-chat__head">
          <span className="kb-chat__head-label">{t('bases.label')}</span>
          <Select
            mode="multiple"
            allowClear
            maxTagCount="responsive"
            value={baseIds}
            onChange={setBaseIds}
            loading={bases.isLoading}
            placeholder={t('bases.all')}
            aria-label={t('bases.label')}
            className="kb-chat__bases"
            data-testid="kb-chat-bases"
            options={(bases.data ?? [])
              .filter((base) => Number(base.enabledMark) === 1)
              .map((base) => ({ value: base.id, label: base.fullName }))}
            notFoundContent={t('bases.none')}
          />
        </div>
        <Spin spinning={loadingConversation} classNames={{ root: 'kb-chat__log-wrap' }}>
          <div className="kb-chat__log" ref={logRef} role="log" aria-live="polite" aria-label={t('log')}>
            {messages.length === 0 ? (
              <div className="kb-chat__welcome">
                <div className="kb-chat__welcome-title">{t('welcome.title')}</div>
                <div className="kb-chat__welcome-text">{t('welcome.text')}</div>
              </div>
            ) : (
              messages.map((message) => (
                <MessageItem
                  key={message.key}
                  message={message}
                  canCorrect={managed.length > 0}
                  onOpenCitation={setCitation}
                  onFeedback={(useful) => void feedback(message, useful)}
                  onCorrect={() => setCorrecting(message)}
                />
              ))
            )}
          </div>
        </Spin>
        <div className="kb-chat__composer">
          <Input.TextArea
            value={draft}
            onChange={(event) => setDraft(event.target.value)}
            onKeyDown={onKeyDown}
            autoSize={{ minRows: 2, maxRows: 6 }}
            maxLength={MAX_QUESTION}
            placeholder={t('placeholder')}
            aria-label={t('question')}
            data-testid="kb-chat-input"
          />
          {busy ? (
            <Button danger icon={<StopOutlined />} onClick={() => abortRef.current?.abort()}>
              {t('stop')}
            </Button>
          ) : (
            <Button
              type="primary"
              icon={<SendOutlined />}
              disabled={!draft.trim()}
              onClick={() => void send()}
            >
              {t('send')}
            </Button>
          )}
        </div>
      </section>
      <ChunkDrawer citation={citation} onClose={() => setCitation(null)} />
      <CorrectionDialog
        message={correcting}
        bases={managed}
        onSaved={(message) => update(message.key, (m) => ({ ...m, feedback: 0 }))}
        onClose={() => setCorrecting(null)}
      />
      {modalHolder}
    </div>
  );
}
