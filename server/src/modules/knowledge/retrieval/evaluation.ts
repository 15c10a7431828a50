/**
 * The retrieval protocol of ../shared/data/cmrc2018/README.md, shared by the retrieval-quality
 * test, `npm run bench -- knowledge` and the offline tuning script: passages become documents,
 * the gold chunk of a question is the one holding its first answer's start, and R@1, R@5 and
 * MRR@10 are counted over all questions.
 */
import { readFile } from 'node:fs/promises';

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
