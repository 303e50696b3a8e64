/** Email comparison: addresses are matched case-insensitively (Better Auth stores them lower-cased). */
export function sameEmail(a: string, b: string): boolean {
  return a.trim().toLowerCase() === b.trim().toLowerCase();
}
