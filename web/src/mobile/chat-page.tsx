import type { KbAnswerSource, KbCitation } from '@console/shared';
import { Button, Popup, TextArea } from 'antd-mobile';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AnswerText } from '../features/knowledge/chat/answer-text';
import { askStreaming } from '../features/knowledge/chat/api';
import { SubPage } from './widgets';

interface Turn {
  id: number;
  question: string;
  answer: string;
  citations: KbCitation[];
  source: KbAnswerSource | null;
  error: string | null;
  done: boolean;
}

/** 智能问答 on the phone: ask the knowledge bases, the answer streams in with its citations. */
export default function ChatPage() {
  const { t } = useTranslation(['mobile', 'knowledgeChat']);
  const [turns, setTurns] = useState<Turn[]>([]);
  const [question, setQuestion] = useState('');
  const [open, setOpen] = useState<KbCitation | null>(null);
  const conversation = useRef<string | undefined>(undefined);
  const running = useRef<AbortController | null>(null);
  const bottom = useRef<HTMLDivElement>(null);
  const busy = turns.some((turn) => !turn.done);

  useEffect(() => () => running.current?.abort(), []);
  // biome-ignore lint/correctness/useExhaustiveDependencies: scrolls whenever the turns change
  useEffect(() => {
    bottom.current?.scrollIntoView?.({ block: 'end' });
  }, [turns]);

  const ask = () => {
    const text = question.trim();
    if (!text || busy) return;
    const id = Date.now();
    const update = (change: Partial<Turn> | ((turn: Turn) => Partial<Turn>)) =>
      setTurns((list) =>
        list.map((turn) =>
          turn.id === id ? { ...turn, ...(typeof change === 'function' ? change(turn) : change) } : turn,
        ),
      );
    setTurns((list) => [
      ...list,
      { id, question: text, answer: '', citations: [], source: null, error: null, done: false },
    ]);
    setQuestion('');
    const controller = new AbortController();
    running.current = controller;
    askStreaming(
      { question: text, conversationId: conversation.current },
      {
        citations: (citations) => update({ citations }),
        delta: (delta) => update((turn) => ({ answer: turn.answer + delta })),
        done: (result) => {
          conversation.current = result.conversationId;
          update({ answer: result.answer, source: result.source, done: true });
        },
        error: (msg) => update({ error: msg, done: true }),
      },
      controller.signal,
    )
      .catch((error: unknown) => update({ error: error instanceof Error ? error.message : String(error) }))
      .finally(() => update({ done: true }));
  };

  return (
    <SubPage title={t('chat.title')}>
      <div className="m-chat" data-testid="m-chat" role="log" aria-live="polite">
        {turns.length === 0 && <div className="m-empty">{t('chat.hint')}</div>}
        {turns.map((turn) => (
          <div key={turn.id} className="m-chat__turn">
            <div className="m-chat__question">{turn.question}</div>
            <div className="m-chat__answer" data-testid="m-answer">
              {turn.error ? (
                <div className="m-chat__error">{turn.error}</div>
              ) : turn.answer ? (
                <AnswerText text={turn.answer} citations={turn.citations} onOpen={setOpen} />
              ) : (
                <span className="m-chat__thinking">{t('chat.thinking')}</span>
              )}
              {turn.done && turn.citations.length > 0 && (
                <ol className="m-chat__citations" aria-label={t('chat.citations')}>
                  {turn.citations.map((citation) => (
                    <li key={citation.index}>
                      <button type="button" className="m-link" onClick={() => setOpen(citation)}>
                        [{citation.index}] {citation.documentName}
                      </button>
                    </li>
                  ))}
                </ol>
              )}
              {turn.done && turn.source && (
                <div className="m-chat__source">{t(`knowledgeChat:source.${turn.source}`)}</div>
              )}
            </div>
          </div>
        ))}
        <div ref={bottom} />
      </div>
      <div className="m-chat__input">
        <TextArea
          id="m_question"
          value={question}
          onChange={setQuestion}
          placeholder={t('chat.placeholder')}
          autoSize={{ minRows: 1, maxRows: 4 }}
          maxLength={1000}
          onEnterPress={(event) => {
            if (!event.shiftKey) {
              event.preventDefault();
              ask();
            }
          }}
        />
        <Button color="primary" size="small" disabled={busy || !question.trim()} onClick={ask}>
          {t('chat.send')}
        </Button>
      </div>
      <Popup
        visible={open !== null}
        onMaskClick={() => setOpen(null)}
        onClose={() => setOpen(null)}
        bodyClassName="m-citation"
        showCloseButton
      >
        {open && (
          <div data-testid="m-citation">
            <h3 className="m-citation__title">
              [{open.index}] {open.documentName}
            </h3>
            <div className="m-citation__content">{open.content}</div>
          </div>
        )}
      </Popup>
    </SubPage>
  );
}
