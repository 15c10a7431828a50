/**
 * The retrieval protocol of the CMRC 2018 data set (docs/benchmarks.md), shared by the
 * retrieval-quality test, `npm run bench -- knowledge` and the offline tuning script: passages
 * become documents, the gold chunk of a question is the one holding its first answer's start,
 * and R@1, R@5 and MRR@10 are counted over all questions.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * A file of the CMRC 2018 data set in the folder CMRC_DIR names, or undefined without CMRC_DIR:
 * the data is not part of the repository. A relative folder is taken from where npm was run.
 */
export function cmrcFile(name: 'trial' | 'dev'): string | undefined {
  const dir = process.env.CMRC_DIR;
  if (!dir) return undefined;
  return path.resolve(process.env.INIT_CWD ?? process.cwd(), dir, `cmrc2018_${name}.json`);
}

export interface CmrcPassage {
  id: string;
  context: string;
  questions: { id: string; question: string; answerStart: number }[];
}

interface SquadFile {
  data: {
    paragraphs: {
      id: string;
      context: string;
      qas: { id: string; question: string; answers: { answer_start: number }[] }[];
    }[];
  }[];
}

export async function loadCmrc(file: string): Promise<CmrcPassage[]> {
  const squad = JSON.parse(await readFile(file, 'utf8')) as SquadFile;
  return squad.data.flatMap((article) =>
    article.paragraphs.map((paragraph) => ({
      id: paragraph.id,
      context: paragraph.context,
      questions: paragraph.qas
        .filter((qa) => qa.answers.length > 0)
        .map((qa) => ({ id: qa.id, question: qa.question, answerStart: qa.answers[0]!.answer_start })),
    })),
  );
}

/** The chunk whose [start, end) holds `offset`; past the last chunk's end, the last chunk before it. */
export function goldChunk<T extends { start: number; end: number }>(
  chunks: readonly T[],
  offset: number,
): T | undefined {
  let before: T | undefined;
  for (const chunk of chunks) {
    if (offset >= chunk.start && offset < chunk.end) return chunk;
    if (chunk.start <= offset) before = chunk;
  }
  return before;
}

export interface RetrievalMetrics {
  questions: number;
  recallAt1: number;
  recallAt5: number;
  mrrAt10: number;
}

/** Counts ranks (1-based; 0 or undefined: the gold chunk was not among the first ten). */
export function metricsOf(ranks: readonly (number | undefined)[]): RetrievalMetrics {
  let at1 = 0;
  let at5 = 0;
  let reciprocal = 0;
  for (const rank of ranks) {
    if (!rank || rank > 10) continue;
    if (rank === 1) at1++;
    if (rank <= 5) at5++;
    reciprocal += 1 / rank;
  }
  const n = Math.max(1, ranks.length);
  const round = (x: number) => Math.round(x * 1000) / 1000;
  return {
    questions: ranks.length,
    recallAt1: round(at1 / n),
    recallAt5: round(at5 / n),
    mrrAt10: round(reciprocal / n),
  };
}

/**
 * Endless filler documents of about 1,000 characters: the passages' sentences drawn at random
 * (seeded, so every run indexes the same text). They read like the corpus and share its
 * vocabulary, so they make retrieval harder as well as the index bigger.
 */
export function* fillerTexts(passages: readonly CmrcPassage[], seed: number): Generator<string> {
  const sentences = passages.flatMap((p) => p.context.match(/[^。！？]+[。！？]?/g) ?? []);
  let state = seed >>> 0 || 1;
  const random = () => {
    // xorshift32
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 4294967296;
  };
  for (;;) {
    let text = '';
    while (text.length < 1000) text += sentences[Math.floor(random() * sentences.length)];
    yield text;
  }
}

/** What the protocol needs of the product's API; the test and the bench each give theirs. */
export interface KnowledgeApi {
  request<T>(method: string, path: string, json?: unknown): Promise<{ code?: number; msg?: string; data: T }>;
  /** POST /api/knowledge/Base/{baseId}/Document, multipart `file`. */
  upload(
    baseId: string,
    name: string,
    text: string,
  ): Promise<{ code?: number; msg?: string; data: { id: string } | null }>;
}

interface Row {
  id: string;
  status: number;
  error?: string | null;
}

/** Runs `work` over `items` with at most `concurrency` at a time, in order of start. */
export async function inParallel<T, R>(
  items: readonly T[],
  concurrency: number,
  work: (item: T) => Promise<R>,
): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await work(items[i]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, worker));
  return results;
}

/** Uploads the texts as .txt documents; answers their document ids, in order. */
export async function uploadTexts(
  api: KnowledgeApi,
  baseId: string,
  texts: { name: string; text: string }[],
  concurrency = 4,
) {
  return inParallel(texts, concurrency, async ({ name, text }) => {
    const sent = await api.upload(baseId, name, text);
    if (sent.code !== 200 || !sent.data)
      throw new Error(`upload of ${name} refused: ${sent.code} ${sent.msg}`);
    return sent.data.id;
  });
}

/** Polls the base's document list until no document is queued or indexing; answers the failed ones. */
export async function waitForDocuments(api: KnowledgeApi, baseId: string, timeoutMs: number): Promise<Row[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const rows: Row[] = [];
    for (let page = 1; ; page++) {
      const answer = await api.request<{ list: Row[]; pagination: { total: number } }>(
        'GET',
        `/api/knowledge/Base/${baseId}/Document?currentPage=${page}&pageSize=500`,
      );
      if (answer.code !== 200) throw new Error(`document list: ${answer.code} ${answer.msg}`);
      rows.push(...answer.data.list);
      if (rows.length >= answer.data.pagination.total || answer.data.list.length === 0) break;
    }
    // 2 ready, 3 failed
    if (rows.every((row) => row.status === 2 || row.status === 3))
      return rows.filter((row) => row.status === 3);
    if (Date.now() > deadline)
      throw new Error(`documents of base ${baseId} not indexed within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** The chunks of one document, with their offsets, read through the chunk list. */
export async function documentChunks(api: KnowledgeApi, baseId: string, documentId: string) {
  const chunks: { id: string; start: number; end: number }[] = [];
  for (let page = 1; ; page++) {
    const answer = await api.request<{
      list: { id: string; start: number; end: number }[];
      pagination: { total: number };
    }>('GET', `/api/knowledge/Base/${baseId}/Document/${documentId}/Chunk?currentPage=${page}&pageSize=500`);
    if (answer.code !== 200) throw new Error(`chunk list: ${answer.code} ${answer.msg}`);
    chunks.push(...answer.data.list);
    if (chunks.length >= answer.data.pagination.total || answer.data.list.length === 0) return chunks;
  }
}

/**
 * The whole protocol through the API on a base made for it (chunks of at most 200 characters):
 * every passage uploaded as `<id>.txt`, every question asked through HitTest (topK 10). A
 * question HitTest refuses (the data set has a few empty ones) counts as a miss.
 */
export async function cmrcThroughApi(
  api: KnowledgeApi,
  passages: readonly CmrcPassage[],
  options: { baseName: string; concurrency?: number; timeoutMs?: number },
) {
  const created = await api.request<{ id: string }>('POST', '/api/knowledge/Base', {
    fullName: options.baseName,
    chunkSettings: { maxChars: 200, splitOnHeadings: true },
  });
  if (created.code !== 200) throw new Error(`base not created: ${created.code} ${created.msg}`);
  const baseId = created.data.id;
  const concurrency = options.concurrency ?? 4;
  const started = performance.now();
  const documentIds = await uploadTexts(
    api,
    baseId,
    passages.map((p) => ({ name: `${p.id}.txt`, text: p.context })),
    concurrency,
  );
  const failed = await waitForDocuments(api, baseId, options.timeoutMs ?? 600_000);
  const indexingMs = performance.now() - started;
  if (failed.length > 0) throw new Error(`${failed.length} documents failed: ${failed[0]!.error}`);
  const questions = (
    await inParallel(
      passages.map((p, i) => [p, documentIds[i]!] as const),
      concurrency,
      async ([passage, documentId]) => {
        const chunks = await documentChunks(api, baseId, documentId);
        return passage.questions.map((q) => ({
          question: q.question,
          gold: goldChunk(chunks, q.answerStart)?.id,
        }));
      },
    )
  ).flat();
  const ranks = await inParallel(questions, concurrency, async ({ question, gold }) => {
    const answer = await api.request<{ list: { chunkId: string }[] }>(
      'POST',
      `/api/knowledge/Base/${baseId}/HitTest`,
      {
        question,
        topK: 10,
      },
    );
    if (answer.code !== 200) return undefined;
    const at = answer.data.list.findIndex((hit) => hit.chunkId === gold);
    return at < 0 ? undefined : at + 1;
  });
  const bytes = passages.reduce((sum, p) => sum + Buffer.byteLength(p.context), 0);
  return { baseId, metrics: metricsOf(ranks), indexingMs, bytes };
}
