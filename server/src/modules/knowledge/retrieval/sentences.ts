import type { Analyzer } from './analyzer.js';

/**
 * Which sentences of a retrieved chunk answer a question, for the extractive answer (no chat
 * model). A sentence scores by the question's words it holds, each weighted by how few of the
 * chunk's sentences hold it (words of the document's name, what the whole document is about,
 * count a quarter), plus what the question word asks for: 几/多少 a number, 何时/什么时候 a
 * date or time, 吗/是否 a sentence stating the asked predicate either way (开放 → 闭馆).
 */

/**
 * Sentences, each with its closing punctuation. A line that ends without one (a heading, a list
 * marker's title) is a sentence of its own, kept on its own line in the answer.
 */
export const sentencesOf = (text: string) =>
  text
    .match(/[^。！？!?；;\n]+[。！？!?；;]*/g)
    ?.map((s) => s.replace(/^\s*#{1,6}\s+/, '').trim())
    .filter(Boolean) ?? [];

export const endsSentence = (sentence: string) => /[。！？!?；;]$/.test(sentence);

const CN_NUMBER = '[零〇一二两三四五六七八九十百千万亿]';
const TIME = new RegExp(
  `\\d{1,4}\\s*[年月日点时:]|${CN_NUMBER}+\\s*[年月日点时]|(?:周|星期)[一二三四五六日天末]|` +
    '上午|下午|中午|早上|晚上|凌晨|工作日|节假日|每[天日周月年]',
);
const NUMBER = new RegExp(
  `\\d|${CN_NUMBER}+\\s*(?:个|元|人|天|日|年|月|次|名|件|张|项|岁|米|公里|小时|分钟|倍|位|所|家|条|本|册|楼|层|间|户|%)|${CN_NUMBER}{2,}`,
);
/** Checked in this order: 几点 asks for a time before 几 asks for a number. */
const ASKS_FOR: { asks: RegExp; holds: RegExp }[] = [
  { asks: /何时|什么时候|什么时间|几点|几时|哪天|哪一天|哪年|哪一年|几月|几号|星期几|周几/, holds: TIME },
  { asks: /几|多少|多大|多长|多久|多高|多远|多重/, holds: NUMBER },
];
const YES_NO = /吗\s*[？?]?\s*$|是否|是不是|能否|可否|能不能|可不可以|有没有|会不会|要不要|需不需要/;
/** A predicate and words that state its opposite, so either answer of a yes/no question counts. */
const OPPOSITES: Record<string, string[]> = {
  开放: ['闭馆', '休馆', '关闭', '不开放', '暂停开放'],
  营业: ['停业', '歇业', '休息', '不营业'],
  上班: ['休息', '放假', '不上班'],
  收费: ['免费', '不收费', '免收'],
  需要: ['无需', '不需要', '不用', '免于'],
  允许: ['禁止', '不得', '不允许'],
  可以: ['不可以', '不得', '禁止', '不能'],
  办理: ['不予办理', '不受理'],
};

/** The sentences of `content` ranked by how well they answer `question`, best first. */
export function rankSentences(
  analyzer: Analyzer,
  question: string,
  content: string,
  documentName: string,
): { sentence: string; position: number; score: number }[] {
  const sentences = sentencesOf(content);
  const normalized = sentences.map((s) => analyzer.normalize(s));
  const title = analyzer.normalize(documentName.replace(/\.[a-z0-9]+$/i, ''));
  const asked = analyzer.queryTerms(question);
  const all = [...new Set(asked.words)];
  // Not the words inside a longer one of them (示范 in 示范区).
  const words = all.filter((w) => !all.some((other) => other !== w && other.includes(w)));
  const bigrams = new Set(asked.bigrams);
  const rare = Math.log(1 + sentences.length);
  const weight = new Map(
    words.map((w) => {
      const df = normalized.filter((s) => s.includes(w)).length;
      return [w, Math.log(1 + sentences.length / Math.max(df, 1)) * (title.includes(w) ? 0.25 : 1)];
    }),
  );
  const q = analyzer.normalize(question);
  const kind = ASKS_FOR.find((k) => k.asks.test(q));
  // A yes/no question asks about its last word (开放 in 周一开放吗); a sentence stating it or its
  // opposite holds the answer.
  const predicate = YES_NO.test(q) ? words.at(-1) : undefined;
  const states = predicate ? [predicate, ...(OPPOSITES[predicate] ?? [])] : [];

  return normalized
    .map((s, position) => {
      let score = 0;
      for (const w of words) {
        const held = s.includes(w) || (w === predicate && states.some((o) => s.includes(o)));
        if (held) score += weight.get(w)!;
      }
      if (kind?.holds.test(s)) score += rare;
      if (states.some((o) => s.includes(o))) score += rare / 2;
      // Shared character pairs only break ties (a word jieba split differently).
      const pairs = analyzer.documentTerms(s).bigrams.filter((b) => bigrams.has(b));
      score += new Set(pairs).size * 0.01;
      return { sentence: sentences[position]!, position, score };
    })
    .sort((a, b) => b.score - a.score || a.position - b.position);
}
