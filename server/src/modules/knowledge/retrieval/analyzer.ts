import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Jieba } from '@node-rs/jieba';
import { Converter } from 'opencc-js/t2cn';

/**
 * The terms of a text, by family. Words are jieba's (search mode, so 中华人民共和国 also yields
 * 中华, 人民, 共和国); bigrams are of adjacent characters, a run of letters or digits counting as
 * one character; unigrams are single Chinese characters.
 */
export interface Terms {
  words: string[];
  bigrams: string[];
  unigrams: string[];
}

export interface Analyzer {
  /** Full-width → half-width, lower case, traditional → simplified. */
  normalize(text: string): string;
  /** Terms of a chunk; `text` is already normalised. */
  documentTerms(text: string): Terms;
  /** Terms of a question: question words (什么, 哪里, 多少, 吗 …) and stop words left out. */
  queryTerms(question: string): Terms;
  /** Replaces the user dictionary (jieba words that must stay whole, e.g. 一网通办). */
  setUserWords(words: readonly string[]): void;
  /** Bumped by setUserWords: terms analysed under an older version are stale. */
  readonly version: number;
}

/** Words asking for the answer: they never occur where the answer is written. */
const QUESTION_WORDS = new Set(
  (
    '什么 什么样 什么样子 什么时候 什么地方 为什么 为何 干什么 做什么 叫什么 是什么 有什么 ' +
    '哪 哪个 哪些 哪里 哪儿 哪位 哪年 哪一年 哪一 哪种 哪国 哪家 哪天 哪部 哪条 哪次 ' +
    '多少 多久 多长 多大 多高 多远 多重 多少年 多少次 多少个 多少钱 几 几个 几年 几次 几种 几位 第几 ' +
    '谁 是谁 啥 怎么 怎样 怎么样 如何 何时 何地 何处 何人 何种 ' +
    '是否 是不是 有没有 能否 可否 能不能 吗 呢 么 吧 请问 请 问 你 您 我 我们'
  ).split(' '),
);

/** Function words: left out of words and unigrams; bigrams keep them (they carry word order). */
const STOP_WORDS = new Set(
  (
    '的 了 着 过 是 在 和 与 及 或 而 并 也 都 又 就 还 被 把 将 对 于 为 以 之 其 所 由 从 向 到 ' +
    '这 那 此 该 这个 那个 这些 那些 一个 个 有 无 不 没 没有 上 下 中 内 外 后 前 时 等 等等 ' +
    '可以 可 能 会 要 已 已经 曾 曾经 即 则 但 但是 因为 所以 如果 而且 以及 或者 并且 之后 之前'
  ).split(' '),
);

// Plain OpenCC traditional → simplified: the Taiwan variant table would turn 么 into 幺.
const toSimplified = Converter({ from: 't', to: 'cn' });

export function normalize(text: string): string {
  return toSimplified(text.normalize('NFKC').toLowerCase());
}

const require = createRequire(import.meta.url);

/**
 * A jieba tokenizer with its default dictionary and the user's words. The native module and the
 * dictionary's 5 MB of text are read here, not at import, and the text is not kept: the tokenizer
 * holds its own tables (about 36 MiB resident, docs/benchmarks.md "Server memory").
 */
function newJieba(userWords: readonly string[]): Jieba {
  const { Jieba: JiebaClass } = require('@node-rs/jieba') as typeof import('@node-rs/jieba');
  const jieba = JiebaClass.withDict(readFileSync(require.resolve('@node-rs/jieba/dict.txt')));
  const lines = userWords
    .map((word) => normalize(word).replace(/\s+/g, ''))
    .filter((word) => word.length > 0)
    // A high frequency, so that the user's word wins over the default dictionary's splits.
    .map((word) => `${word} 100000 n`);
  if (lines.length > 0) jieba.loadDict(Buffer.from(lines.join('\n')));
  return jieba;
}

export function createAnalyzer(options: { userWords?: readonly string[] } = {}): Analyzer {
  let userWords = options.userWords ?? [];
  // Made on the first analysis (not when the index is made, nor by each setUserWords: the server
  // sets the user's words before it analyses anything, which used to build the tokenizer twice).
  let loaded: Jieba | undefined;
  let version = 0;
  const jieba = (): Jieba => {
    loaded ??= newJieba(userWords);
    return loaded;
  };

  const words = (text: string, keep: (word: string) => boolean) =>
    jieba()
      .cutForSearch(text, false)
      .filter((word) => isTerm(word) && keep(word));

  return {
    normalize,
    documentTerms(text) {
      return {
        words: words(text, (word) => !STOP_WORDS.has(word)),
        bigrams: bigramsOf(text),
        unigrams: unigramsOf(text),
      };
    },
    queryTerms(question) {
      const text = normalize(question);
      // Runs of the question between question words and punctuation; bigrams stay inside a run.
      const runs: string[] = [];
      let run = '';
      for (const token of jieba().cut(text, false)) {
        if (QUESTION_WORDS.has(token) || !isTerm(token)) {
          if (run) runs.push(run);
          run = '';
        } else run += token;
      }
      if (run) runs.push(run);
      const content = (word: string) => !STOP_WORDS.has(word) && !QUESTION_WORDS.has(word);
      return {
        words: runs.flatMap((r) => words(r, content)),
        bigrams: runs.flatMap(bigramsOf),
        unigrams: runs.flatMap(unigramsOf),
      };
    },
    setUserWords(words) {
      userWords = [...words];
      loaded = undefined;
      version++;
    },
    get version() {
      return version;
    },
  };
}

/** A word worth indexing: holds a letter, digit or Chinese character. */
function isTerm(word: string): boolean {
  return /[\p{L}\p{N}]/u.test(word);
}

function bigramsOf(text: string): string[] {
  const result: string[] = [];
  let previous = '';
  let i = 0;
  while (i < text.length) {
    const code = text.codePointAt(i)!;
    const width = code > 0xffff ? 2 : 1;
    let unit: string;
    if (isHan(code)) unit = text.slice(i, i + width);
    else if (isLetterOrDigit(code)) {
      let j = i + width;
      while (j < text.length) {
        const next = text.codePointAt(j)!;
        if (isHan(next) || !isLetterOrDigit(next)) break;
        j += next > 0xffff ? 2 : 1;
      }
      unit = text.slice(i, j);
    } else {
      // Bigrams never join units across punctuation or spaces.
      previous = '';
      i += width;
      continue;
    }
    if (previous) result.push(previous + unit);
    previous = unit;
    i += unit.length;
  }
  return result;
}

function unigramsOf(text: string): string[] {
  const result: string[] = [];
  for (let i = 0; i < text.length; i++) {
    const code = text.codePointAt(i)!;
    if (code > 0xffff) i++;
    if (!isHan(code)) continue;
    const ch = String.fromCodePoint(code);
    if (!STOP_WORDS.has(ch)) result.push(ch);
  }
  return result;
}

/** CJK unified ideographs: extension A, the basic block, compatibility ideographs, extensions B–H. */
function isHan(code: number): boolean {
  return (
    (code >= 0x4e00 && code <= 0x9fff) ||
    (code >= 0x3400 && code <= 0x4dbf) ||
    (code >= 0xf900 && code <= 0xfaff) ||
    (code >= 0x20000 && code <= 0x323af)
  );
}

const LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;

function isLetterOrDigit(code: number): boolean {
  if (code < 128)
    return (code >= 48 && code <= 57) || (code >= 97 && code <= 122) || (code >= 65 && code <= 90);
  return LETTER_OR_DIGIT.test(String.fromCodePoint(code));
}
