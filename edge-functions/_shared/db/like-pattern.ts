// Searches by substring with LIKE/ILIKE: what a person typed matches as written, so `%`, `_` and `\` are escaped.

/** `%text%` with `%`, `_` and `\` literal. */
export function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}
