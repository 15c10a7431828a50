import type { KbListQuery, KbQaBody, KbQaRow, KbQaUpdateBody, PagedList } from '@console/shared';
import { and, desc, eq, inArray } from 'drizzle-orm';
import { badRequest } from '../../core/errors.js';
import { newId } from '../../core/ids.js';
import { updateVersioned } from '../../core/versioned.js';
import type { DbOrTx } from '../../db/client.js';
import { assertFixedOrder, keywordMatch, selectPage } from '../../db/query.js';
import { kbQaPairs } from '../../db/schema/index.js';
import type { Analyzer } from './retrieval/index.js';

export const QaMessages = {
  notFound: '问答对不存在或已删除',
} as const;

const toRow = (r: typeof kbQaPairs.$inferSelect): KbQaRow => ({
  id: r.id,
  question: r.question,
  answer: r.answer,
  enabledMark: r.enabledMark,
  creatorTime: r.creatorTime,
  version: r.version,
});

export async function listQa(db: DbOrTx, baseId: string, query: KbListQuery): Promise<PagedList<KbQaRow>> {
  assertFixedOrder(query.sidx);
  const page = await selectPage(
    db,
    kbQaPairs,
    and(eq(kbQaPairs.baseId, baseId), keywordMatch(query.keyword, kbQaPairs.question, kbQaPairs.answer)),
    [desc(kbQaPairs.creatorTime), desc(kbQaPairs.id)],
    query,
  );
  return { list: page.rows.map(toRow), pagination: page.pagination };
}

export async function createQa(db: DbOrTx, baseId: string, body: KbQaBody, userId: string): Promise<string> {
  const id = newId();
  await db.insert(kbQaPairs).values({ id, baseId, ...body, creatorUserId: userId });
  return id;
}

async function qaOf(db: DbOrTx, baseId: string, id: string) {
  const [row] = await db
    .select({ id: kbQaPairs.id })
    .from(kbQaPairs)
    .where(and(eq(kbQaPairs.id, id), eq(kbQaPairs.baseId, baseId)));
  if (!row) throw badRequest(QaMessages.notFound);
}

export async function updateQa(db: DbOrTx, baseId: string, id: string, body: KbQaUpdateBody, userId: string) {
  await qaOf(db, baseId, id);
  await updateVersioned(
    db,
    kbQaPairs,
    { id, version: body.version, userId },
    { question: body.question, answer: body.answer, enabledMark: body.enabledMark },
  );
}

export async function deleteQa(db: DbOrTx, baseId: string, id: string) {
  await qaOf(db, baseId, id);
  await db.delete(kbQaPairs).where(eq(kbQaPairs.id, id));
}

/** The question's terms as a set: words and character pairs, question words left out. */
function termSet(analyzer: Analyzer, text: string): Set<string> {
  const terms = analyzer.queryTerms(analyzer.normalize(text));
  return new Set([...terms.words.map((w) => `w:${w}`), ...terms.bigrams.map((b) => `b:${b}`)]);
}

/** Dice similarity (0..1) of two questions' term sets; 1 for the same question however phrased around it. */
export function questionSimilarity(analyzer: Analyzer, a: string, b: string): number {
  const x = termSet(analyzer, a);
  const y = termSet(analyzer, b);
  if (x.size === 0 || y.size === 0)
    return analyzer.normalize(a).trim() === analyzer.normalize(b).trim() ? 1 : 0;
  let shared = 0;
  for (const term of x) if (y.has(term)) shared++;
  return (2 * shared) / (x.size + y.size);
}

/** The enabled curated pair of `baseIds` most similar to the question, with its similarity. */
export async function bestQa(db: DbOrTx, analyzer: Analyzer, question: string, baseIds: string[]) {
  if (baseIds.length === 0) return undefined;
  const pairs = await db
    .select({
      id: kbQaPairs.id,
      baseId: kbQaPairs.baseId,
      question: kbQaPairs.question,
      answer: kbQaPairs.answer,
    })
    .from(kbQaPairs)
    .where(and(inArray(kbQaPairs.baseId, baseIds), eq(kbQaPairs.enabledMark, 1)));
  let best: ((typeof pairs)[number] & { similarity: number }) | undefined;
  for (const pair of pairs) {
    const similarity = questionSimilarity(analyzer, question, pair.question);
    if (!best || similarity > best.similarity) best = { ...pair, similarity };
  }
  return best;
}
