import type { KbCitation } from '@console/shared';

/** A piece of an answer: plain text, or a citation marker [n] that names one of the citations. */
export type AnswerPart =
  | { kind: 'text'; text: string }
  | { kind: 'cite'; index: number; citation: KbCitation };

/**
 * Splits an answer at its citation markers. `[n]` (also full-width `［n］` / `【n】`, which models
 * sometimes write) becomes a citation part when a citation has that index; any other bracketed
 * number stays text. Everything is text for React to render: no HTML is ever built from it.
 */
export function splitAnswer(answer: string, citations: readonly KbCitation[]): AnswerPart[] {
  const byIndex = new Map(citations.map((citation) => [citation.index, citation]));
  const parts: AnswerPart[] = [];
  const pushText = (text: string) => {
    if (!text) return;
    const last = parts[parts.length - 1];
    if (last?.kind === 'text') last.text += text;
    else parts.push({ kind: 'text', text });
  };
  const pattern = /[[［【](\d{1,3})[\]］】]/g;
  let at = 0;
  for (let match = pattern.exec(answer); match; match = pattern.exec(answer)) {
    const citation = byIndex.get(Number(match[1]));
    if (!citation) continue;
    pushText(answer.slice(at, match.index));
    parts.push({ kind: 'cite', index: citation.index, citation });
    at = match.index + match[0].length;
  }
  pushText(answer.slice(at));
  return parts;
}
