import type { z } from "zod";

/**
 * The first problem of each field, as a translation key: zod's message when it is one of
 * `known` (the schemas put keys there), else the field's own key from `fallback`. Issues on
 * fields `fallback` does not name are left out.
 */
export function firstFieldErrors<Field extends string, Key extends string>(
  issues: readonly z.core.$ZodIssue[],
  fallback: Readonly<Record<Field, Key>>,
  known: ReadonlySet<string>,
): Partial<Record<Field, Key>> {
  const errors: Partial<Record<Field, Key>> = {};
  for (const issue of issues) {
    const field = String(issue.path[0] ?? "") as Field;
    if (!Object.hasOwn(fallback, field) || errors[field]) continue;
    errors[field] = known.has(issue.message) ? (issue.message as Key) : fallback[field];
  }
  return errors;
}

/** A field's text for redisplay after an error (bounded; a number as text; never anything else). */
export function echo(input: Record<string, unknown> | FormData | null, field: string, max = 500): string {
  const value = input instanceof FormData ? input.get(field) : input?.[field];
  return typeof value === "string" ? value.slice(0, max) : typeof value === "number" ? String(value) : "";
}
