import type { KbModelSettings, KbModelSettingsBody } from '@console/shared';
import { eq } from 'drizzle-orm';
import { badRequest } from '../../core/errors.js';
import type { DbOrTx } from '../../db/client.js';
import { kbModelSettings, kbWordLists } from '../../db/schema/index.js';
import { openSecret, resealSecret, sealSecret } from '../systemData/secrets.js';
import type { ModelEndpoint } from './llm.js';

export type WordListKind = 'dictionary' | 'sensitive';

export async function readWords(db: DbOrTx, kind: WordListKind): Promise<string[]> {
  const [row] = await db
    .select({ words: kbWordLists.words })
    .from(kbWordLists)
    .where(eq(kbWordLists.kind, kind));
  return row?.words ?? [];
}

/** Replaces a word list: trimmed, without repeats, in the order given. */
export async function writeWords(db: DbOrTx, kind: WordListKind, words: string[], userId: string) {
  const unique = [...new Set(words.map((w) => w.trim()).filter(Boolean))];
  const values = { kind, words: unique, lastModifyUserId: userId, lastModifyTime: Date.now() };
  await db
    .insert(kbWordLists)
    .values(values)
    .onConflictDoUpdate({
      target: kbWordLists.kind,
      set: { words: unique, lastModifyUserId: userId, lastModifyTime: values.lastModifyTime },
    });
  return unique;
}

export const SensitiveMessages = {
  question: (words: string[]) => `问题中含有敏感词（${words.join('、')}），请修改后重新提问`,
} as const;

/** The sensitive words a text contains (case-insensitively). */
export const sensitiveWordsIn = (text: string, words: string[]) => {
  const lower = text.toLowerCase();
  return words.filter((w) => lower.includes(w.toLowerCase()));
};

/** Refuses a question that holds a sensitive word, naming the words so the asker can rephrase. */
export function checkQuestion(question: string, words: string[]) {
  const found = sensitiveWordsIn(question, words);
  if (found.length > 0) throw badRequest(SensitiveMessages.question(found));
}

/** Masks every sensitive word of an answer with asterisks, keeping the text's length. */
export function maskAnswer(text: string, words: string[]): string {
  let masked = text;
  for (const word of [...words].sort((a, b) => b.length - a.length)) {
    if (!word) continue;
    const pattern = new RegExp(word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), 'gi');
    masked = masked.replace(pattern, (m) => '*'.repeat(m.length));
  }
  return masked;
}

const SETTINGS_ID = 'default';

export async function readModelSettings(db: DbOrTx) {
  const [row] = await db.select().from(kbModelSettings).where(eq(kbModelSettings.id, SETTINGS_ID));
  return (
    row ?? {
      id: SETTINGS_ID,
      chatBaseUrl: '',
      chatModel: '',
      chatApiKey: '',
      embeddingBaseUrl: '',
      embeddingModel: '',
      embeddingApiKey: '',
      lastModifyUserId: null,
      lastModifyTime: null,
    }
  );
}

/** What the page sees: never a key, only whether one is stored. */
export async function shownModelSettings(db: DbOrTx): Promise<KbModelSettings> {
  const row = await readModelSettings(db);
  return {
    chatBaseUrl: row.chatBaseUrl,
    chatModel: row.chatModel,
    hasChatApiKey: row.chatApiKey !== '',
    embeddingBaseUrl: row.embeddingBaseUrl,
    embeddingModel: row.embeddingModel,
    hasEmbeddingApiKey: row.embeddingApiKey !== '',
  };
}

export const ModelSettingsMessages = {
  chatModel: '填写了对话接口地址时，请填写对话模型名称',
  embeddingModel: '填写了向量接口地址时，请填写向量模型名称',
} as const;

/**
 * Saves the endpoints; an empty key keeps the stored one. Keys are sealed at rest
 * (systemData/secrets.ts); a kept one is sealed again with the current key (rotation).
 */
export async function saveModelSettings(db: DbOrTx, body: KbModelSettingsBody, userId: string) {
  if (body.chatBaseUrl && !body.chatModel) throw badRequest(ModelSettingsMessages.chatModel);
  if (body.embeddingBaseUrl && !body.embeddingModel) throw badRequest(ModelSettingsMessages.embeddingModel);
  const old = await readModelSettings(db);
  const values = {
    chatBaseUrl: body.chatBaseUrl,
    chatModel: body.chatModel,
    chatApiKey: body.chatApiKey ? sealSecret(body.chatApiKey) : resealSecret(old.chatApiKey),
    embeddingBaseUrl: body.embeddingBaseUrl,
    embeddingModel: body.embeddingModel,
    embeddingApiKey: body.embeddingApiKey
      ? sealSecret(body.embeddingApiKey)
      : resealSecret(old.embeddingApiKey),
    lastModifyUserId: userId,
    lastModifyTime: Date.now(),
  };
  await db
    .insert(kbModelSettings)
    .values({ id: SETTINGS_ID, ...values })
    .onConflictDoUpdate({ target: kbModelSettings.id, set: values });
}

/** The configured endpoints (undefined when not configured). */
export async function modelEndpoints(
  db: DbOrTx,
): Promise<{ chat?: ModelEndpoint; embedding?: ModelEndpoint }> {
  const row = await readModelSettings(db);
  return {
    chat: row.chatBaseUrl
      ? { baseUrl: row.chatBaseUrl, model: row.chatModel, apiKey: openSecret(row.chatApiKey) }
      : undefined,
    embedding: row.embeddingBaseUrl
      ? {
          baseUrl: row.embeddingBaseUrl,
          model: row.embeddingModel,
          apiKey: openSecret(row.embeddingApiKey),
        }
      : undefined,
  };
}
