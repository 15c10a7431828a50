import type { KbAnswerSource, KbCitation, KbMessageRow } from '@console/shared';

/** A message as the chat page shows it: stored ones, and the answer being streamed. */
export interface ChatMessage {
  /** Stable key on the page (the server id once known). */
  key: string;
  /** Server id; absent while the answer streams. */
  id?: string;
  role: 'user' | 'assistant';
  content: string;
  citations: KbCitation[];
  source: KbAnswerSource | null;
  /** 1 useful, 0 not useful, null none. */
  feedback: number | null;
  /** For an answer: the question it answers (the correction dialog shows it). */
  question?: string;
  streaming?: boolean;
  stopped?: boolean;
  error?: string;
}

/** Stored messages of a conversation, each answer with the question before it. */
export function fromStored(rows: readonly KbMessageRow[]): ChatMessage[] {
  let question = '';
  return rows.map((row) => {
    if (row.role === 'user') question = row.content;
    return {
      key: row.id,
      id: row.id,
      role: row.role,
      content: row.content,
      citations: row.citations ?? [],
      source: row.source,
      feedback: row.feedback,
      ...(row.role === 'assistant' ? { question } : {}),
    };
  });
}
