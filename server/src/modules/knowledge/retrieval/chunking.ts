/** One chunk of a document: `content === text.slice(start, end)`. */
export interface TextChunk {
  content: string;
  start: number;
  end: number;
}

export interface ChunkSettings {
  /** Upper bound of a chunk's length in UTF-16 code units. */
  maxChars: number;
  /** Headings start a new chunk: a chunk never spans two sections. */
  splitOnHeadings: boolean;
}

/** Markdown headings, and the numbered headings of Chinese official documents (第一章, 第三条, 一、). */
const HEADING =
  /^[ \t]*(#{1,6}[ \t]|第[一二三四五六七八九十百零〇\d]+[章节条篇部编]|[一二三四五六七八九十]+、)/;
const SENTENCE_END = '。！？；!?;…';
/** Closing quotes and brackets stay with the sentence they close. */
const CLOSERS = '”’"\'」』）)】》〉';
/** Where an overlong sentence is cut when it must be. */
const CLAUSE_END = '，、：,:';

/**
 * Splits `text` into chunks of at most `maxChars`: sections (on headings, when asked), then
 * sentences packed greedily, an overlong sentence on clause ends, a hard cut as the last resort.
 * Surrounding whitespace is left out of chunks; empty chunks are never produced.
 */
export function splitIntoChunks(text: string, settings: ChunkSettings): TextChunk[] {
  const maxChars = Math.max(1, Math.floor(settings.maxChars));
  const chunks: TextChunk[] = [];
  for (const [sectionStart, sectionEnd] of sections(text, settings.splitOnHeadings)) {
    let chunkStart = -1;
    let chunkEnd = -1;
    const flush = () => {
      if (chunkStart >= 0) pushTrimmed(text, chunkStart, chunkEnd, chunks);
      chunkStart = -1;
    };
    for (const [start, end] of pieces(text, sectionStart, sectionEnd, maxChars)) {
      if (chunkStart >= 0 && trimmedLength(text, chunkStart, end) > maxChars) flush();
      if (chunkStart < 0) {
        chunkStart = start;
        // A chunk starts at its first non-blank character, so that blank lines cost nothing.
        while (chunkStart < end && isBlank(text.charCodeAt(chunkStart))) chunkStart++;
      }
      chunkEnd = end;
    }
    flush();
  }
  return chunks;
}

/** [start, end) of each section: the text between one heading line and the next. */
function sections(text: string, splitOnHeadings: boolean): [number, number][] {
  if (!splitOnHeadings) return [[0, text.length]];
  const result: [number, number][] = [];
  let sectionStart = 0;
  let lineStart = 0;
  while (lineStart < text.length) {
    const newline = text.indexOf('\n', lineStart);
    const lineEnd = newline < 0 ? text.length : newline + 1;
    if (lineStart > sectionStart && HEADING.test(text.slice(lineStart, Math.min(lineEnd, lineStart + 16)))) {
      result.push([sectionStart, lineStart]);
      sectionStart = lineStart;
    }
    lineStart = lineEnd;
  }
  result.push([sectionStart, text.length]);
  return result;
}

/** Sentences of [from, to), each at most maxChars long (cut on clause ends, then hard). */
function* pieces(text: string, from: number, to: number, maxChars: number): Generator<[number, number]> {
  let start = from;
  for (let i = from; i < to; i++) {
    const ch = text[i]!;
    let end = -1;
    if (ch === '\n') end = i + 1;
    else if (SENTENCE_END.includes(ch) || (ch === '.' && i + 1 < to && isBlank(text.charCodeAt(i + 1)))) {
      end = i + 1;
      while (end < to && (SENTENCE_END.includes(text[end]!) || CLOSERS.includes(text[end]!))) end++;
    }
    if (end < 0) continue;
    yield* bounded(text, start, end, maxChars);
    start = end;
    i = end - 1;
  }
  if (start < to) yield* bounded(text, start, to, maxChars);
}

function* bounded(text: string, start: number, end: number, maxChars: number): Generator<[number, number]> {
  while (trimmedLength(text, start, end) > maxChars) {
    let cut = -1;
    for (let i = start + maxChars - 1; i > start + maxChars / 2; i--) {
      if (CLAUSE_END.includes(text[i]!)) {
        cut = i + 1;
        break;
      }
    }
    if (cut < 0) {
      // Past any leading blanks, so that the piece really holds maxChars of content.
      let first = start;
      while (first < end && isBlank(text.charCodeAt(first))) first++;
      cut = first + maxChars;
      // Never between the halves of a surrogate pair.
      if (isLowSurrogate(text.charCodeAt(cut)) && cut - 1 > first) cut--;
    }
    yield [start, cut];
    start = cut;
  }
  if (start < end) yield [start, end];
}

function pushTrimmed(text: string, start: number, end: number, chunks: TextChunk[]) {
  while (start < end && isBlank(text.charCodeAt(start))) start++;
  while (end > start && isBlank(text.charCodeAt(end - 1))) end--;
  if (end > start) chunks.push({ content: text.slice(start, end), start, end });
}

function trimmedLength(text: string, start: number, end: number): number {
  while (start < end && isBlank(text.charCodeAt(start))) start++;
  while (end > start && isBlank(text.charCodeAt(end - 1))) end--;
  return end - start;
}

function isBlank(code: number): boolean {
  return code === 32 || code === 9 || code === 10 || code === 13 || code === 0x3000 || code === 0xa0;
}

function isLowSurrogate(code: number): boolean {
  return code >= 0xdc00 && code <= 0xdfff;
}
