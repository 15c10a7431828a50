import type {
  KbAnswerSource,
  KbBaseRow,
  KbChunkView,
  KbCitation,
  KbConversationDetail,
  KbConversationRow,
  KbStreamEvents,
} from '@console/shared';
import { http, streamEvents } from '../../../base/api';
import type { PagedAnswer } from '../../../widgets/list/paged-list';

/** Query keys of the chat page: everything starts with 'knowledgeChat'. */
export const chatKeys = {
  all: ['knowledgeChat'] as const,
  bases: () => ['knowledgeChat', 'bases'] as const,
  conversations: () => ['knowledgeChat', 'conversations'] as const,
  conversation: (id: string) => ['knowledgeChat', 'conversation', id] as const,
  chunk: (id: string) => ['knowledgeChat', 'chunk', id] as const,
};

/** The bases the caller may use or manage (the first 100 by sort order: the choice of the page). */
export async function fetchUsableBases(): Promise<KbBaseRow[]> {
  return (await http.get<PagedAnswer<KbBaseRow>>('/knowledge/Base', { currentPage: 1, pageSize: 100 })).list;
}

export async function fetchConversations(): Promise<KbConversationRow[]> {
  const answer = await http.get<PagedAnswer<KbConversationRow>>('/knowledge/Conversation', {
    currentPage: 1,
    pageSize: 100,
  });
  return answer.list;
}

export function fetchConversation(id: string): Promise<KbConversationDetail> {
  return http.get<KbConversationDetail>(`/knowledge/Conversation/${id}`);
}

export async function deleteConversation(id: string): Promise<string> {
  return (await http.send(`/knowledge/Conversation/${id}`, { method: 'DELETE' })).msg;
}

export function fetchChunk(id: string): Promise<KbChunkView> {
  return http.get<KbChunkView>(`/knowledge/Chunk/${id}`);
}

export async function sendFeedback(messageId: string, useful: boolean): Promise<string> {
  return (await http.send(`/knowledge/Message/${messageId}/Feedback`, { method: 'POST', data: { useful } }))
    .msg;
}

export async function sendCorrection(messageId: string, baseId: string, answer: string): Promise<string> {
  return (
    await http.send(`/knowledge/Message/${messageId}/Correction`, {
      method: 'POST',
      data: { baseId, answer },
    })
  ).msg;
}

/** What the stream reports, event by event (KbStreamEvents of the shared contract). */
export interface StreamHandlers {
  citations(citations: KbCitation[]): void;
  delta(text: string): void;
  done(result: KbStreamEvents['done']): void;
  error(msg: string): void;
}

/** Asks a question and streams the answer (POST /api/knowledge/Chat/Stream). */
export function askStreaming(
  body: { question: string; baseIds?: string[]; conversationId?: string },
  handlers: StreamHandlers,
  signal: AbortSignal,
): Promise<void> {
  return streamEvents('/knowledge/Chat/Stream', {
    data: body,
    signal,
    onEvent: ({ event, data }) => {
      const payload = data ? (JSON.parse(data) as Record<string, unknown>) : {};
      if (event === 'citations') handlers.citations((payload as KbStreamEvents['citations']).citations ?? []);
      else if (event === 'delta') handlers.delta((payload as KbStreamEvents['delta']).text ?? '');
      else if (event === 'done') handlers.done(payload as KbStreamEvents['done']);
      else if (event === 'error') handlers.error((payload as KbStreamEvents['error']).msg ?? '');
    },
  });
}

export type { KbAnswerSource, KbCitation };
