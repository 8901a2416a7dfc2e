/** PostgreSQL's unique_violation (23505), on the error or anywhere down its `cause` chain (drizzle wraps driver errors). */
export function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e && typeof e === "object"; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: string }).code === "23505") return true;
  }
  return false;
}
