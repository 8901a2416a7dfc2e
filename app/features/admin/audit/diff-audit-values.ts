/** One changed field of an audit entry: its value before and after (undefined = absent). */
export interface AuditChange {
  key: string;
  before: string | null;
  after: string | null;
}

function show(value: unknown): string | null {
  if (value === undefined) return null;
  return typeof value === "string" ? JSON.stringify(value) : JSON.stringify(value, null, 2);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return !!value && typeof value === "object" && !Array.isArray(value);
}

/**
 * Field by field: the keys whose values differ between `before` and `after`. Values that are
 * not objects on both sides compare as one field named "value".
 */
export function diffAuditValues(before: unknown, after: unknown): AuditChange[] {
  if (!isRecord(before) && !isRecord(after)) {
    if (before == null && after == null) return [];
    if (JSON.stringify(before) === JSON.stringify(after)) return [];
    return [{ key: "value", before: show(before ?? undefined), after: show(after ?? undefined) }];
  }
  const left = isRecord(before) ? before : {};
  const right = isRecord(after) ? after : {};
  const keys = [...new Set([...Object.keys(left), ...Object.keys(right)])].sort();
  return keys
    .filter((key) => JSON.stringify(left[key]) !== JSON.stringify(right[key]))
    .map((key) => ({ key, before: show(left[key]), after: show(right[key]) }));
}
