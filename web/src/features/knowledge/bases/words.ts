/** The longest word the server takes (KbWordListBody). */
export const MAX_WORD_LENGTH = 50;

/**
 * Words typed one a line (commas and spaces separate too): trimmed, empty lines dropped,
 * duplicates kept once in their first place; words too long for the server are answered apart.
 */
export function parseWords(text: string): { words: string[]; tooLong: string[] } {
  const words: string[] = [];
  const tooLong: string[] = [];
  const seen = new Set<string>();
  for (const raw of text.split(/[\n\r,，、\s]+/)) {
    const word = raw.trim();
    if (!word || seen.has(word)) continue;
    seen.add(word);
    (word.length > MAX_WORD_LENGTH ? tooLong : words).push(word);
  }
  return { words, tooLong };
}
