/** The rows of a raw `db.execute(sql…)` answer: node-postgres answers `{rows}`, PGlite too; Drizzle passes either through. */
export function rowsOf<T = Record<string, unknown>>(result: unknown): T[] {
  return Array.isArray(result) ? (result as T[]) : ((result as { rows?: T[] }).rows ?? []);
}
