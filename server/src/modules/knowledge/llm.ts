import { OutboundError, outboundFetch } from '../../core/outbound.js';

/** An OpenAI-compatible endpoint: base URL (…/v1), model and key. */
export interface ModelEndpoint {
  baseUrl: string;
  model: string;
  apiKey: string;
}

export interface ChatMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

export const LlmMessages = {
  failed: '大模型接口调用失败，请稍后重试或联系管理员检查模型配置',
  embeddingFailed: '向量接口调用失败，请检查模型配置后重新索引',
} as const;

const TIMEOUT_MS = 60_000;

const url = (endpoint: ModelEndpoint, path: string) => `${endpoint.baseUrl.replace(/\/+$/, '')}${path}`;
const headers = (endpoint: ModelEndpoint): Record<string, string> => ({
  'content-type': 'application/json',
  ...(endpoint.apiKey ? { authorization: `Bearer ${endpoint.apiKey}` } : {}),
});

/** The endpoint's failure as an Error a person may read; what it answered stays out of it. */
function failure(message: string, error?: unknown): Error {
  if (error instanceof OutboundError) return error;
  return new Error(message);
}

async function post(
  endpoint: ModelEndpoint,
  path: string,
  body: unknown,
  message: string,
  signal?: AbortSignal,
) {
  let response: Response;
  try {
    response = await outboundFetch(url(endpoint, path), {
      method: 'POST',
      headers: headers(endpoint),
      body: JSON.stringify(body),
      timeoutMs: TIMEOUT_MS,
      maxRedirects: 0,
      signal,
    });
  } catch (error) {
    throw failure(message, error);
  }
  if (!response.ok) {
    await response.body?.cancel();
    throw failure(message);
  }
  return response;
}

/** One answer of /chat/completions. */
export async function chatComplete(endpoint: ModelEndpoint, messages: ChatMessage[]): Promise<string> {
  const response = await post(
    endpoint,
    '/chat/completions',
    { model: endpoint.model, messages, temperature: 0.1, stream: false },
    LlmMessages.failed,
  );
  const json = (await response.json().catch(() => null)) as {
    choices?: { message?: { content?: unknown } }[];
  } | null;
  const content = json?.choices?.[0]?.message?.content;
  if (typeof content !== 'string') throw failure(LlmMessages.failed);
  return content;
}

/** /chat/completions with stream: true, yielding each piece of text as it arrives (server-sent events). */
export async function* chatStream(
  endpoint: ModelEndpoint,
  messages: ChatMessage[],
  signal?: AbortSignal,
): AsyncGenerator<string> {
  const response = await post(
    endpoint,
    '/chat/completions',
    { model: endpoint.model, messages, temperature: 0.1, stream: true },
    LlmMessages.failed,
    signal,
  );
  if (!response.body) throw failure(LlmMessages.failed);
  const decoder = new TextDecoder();
  let buffer = '';
  for await (const bytes of response.body as unknown as AsyncIterable<Uint8Array>) {
    buffer += decoder.decode(bytes, { stream: true });
    let newline = buffer.indexOf('\n');
    while (newline >= 0) {
      const line = buffer.slice(0, newline).trim();
      buffer = buffer.slice(newline + 1);
      newline = buffer.indexOf('\n');
      if (!line.startsWith('data:')) continue;
      const data = line.slice(5).trim();
      if (data === '[DONE]') return;
      let parsed: { choices?: { delta?: { content?: unknown } }[] };
      try {
        parsed = JSON.parse(data);
      } catch {
        continue;
      }
      const text = parsed.choices?.[0]?.delta?.content;
      if (typeof text === 'string' && text) yield text;
    }
  }
}

/** Embeddings of texts from /embeddings, in the order given. */
export async function embed(endpoint: ModelEndpoint, texts: string[]): Promise<number[][]> {
  const response = await post(
    endpoint,
    '/embeddings',
    { model: endpoint.model, input: texts },
    LlmMessages.embeddingFailed,
  );
  const json = (await response.json().catch(() => null)) as {
    data?: { index?: number; embedding?: unknown }[];
  } | null;
  const rows = json?.data;
  if (!Array.isArray(rows) || rows.length !== texts.length) throw failure(LlmMessages.embeddingFailed);
  const vectors: number[][] = new Array(texts.length);
  rows.forEach((row, i) => {
    const at = typeof row.index === 'number' ? row.index : i;
    const valid = Array.isArray(row.embedding) && row.embedding.every((v) => typeof v === 'number');
    if (!valid || !Number.isInteger(at) || at < 0 || at >= texts.length)
      throw failure(LlmMessages.embeddingFailed);
    vectors[at] = row.embedding as number[];
  });
  if (vectors.some((v) => !v)) throw failure(LlmMessages.embeddingFailed);
  return vectors;
}
