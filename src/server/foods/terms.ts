/**
 * The plain values of list queries (lists.ts): a search's kind and LIKE pattern, and
 * distances on earthdistance's sphere (metres ↔ the chord its GiST index compares).
 */

/** Escapes `%`, `_` and `\` so user text matches itself literally in LIKE. */
export function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * How a search is answered: `substring` (a run of 3 letters or digits: the trigram index
 * serves `name ILIKE %text%`) or `prefix` (shorter runs: every run starts a word of the
 * name, served by the `food_name_prefixes` index). Blank text is no search.
 */
export type SearchKind = 'none' | 'substring' | 'prefix';

/** The kind of `search` and its placeholder value (LIKE pattern, or the lower-cased runs joined by spaces). */
export function searchTerm(search: string | undefined): { kind: SearchKind; value?: string } {
  const text = search?.trim() ?? '';
  if (text === '') return { kind: 'none' };
  if (/[\p{L}\p{N}]{3}/u.test(text)) return { kind: 'substring', value: likePattern(text) };
  return { kind: 'prefix', value: (text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).join(' ') };
}

/** The radius of earthdistance's sphere, metres (its `earth()`). */
const EARTH_M = 6_378_168;

/** The chord of an arc of `metres` on earthdistance's sphere. */
export function metresToChord(metres: number): number {
  return 2 * EARTH_M * Math.sin(metres / (2 * EARTH_M));
}

/** The great-circle metres of a chord of `chordM` on earthdistance's sphere. */
export function chordToMetres(chordM: number): number {
  return 2 * EARTH_M * Math.asin(Math.min(1, chordM / (2 * EARTH_M)));
}
