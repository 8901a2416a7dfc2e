/** A positive int4 id from a form field or URL segment, or null. */
export function parseId(raw: unknown): number | null {
  return typeof raw === "string" && /^[1-9][0-9]{0,9}$/.test(raw) && Number(raw) <= 2_147_483_647 ? Number(raw) : null;
}
