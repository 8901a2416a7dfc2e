/* Where an editable link (content fields, FAQ answers) may point. */

/** A relative site path (`/…`, not `//host`) or an https address. */
export function isAllowedUrl(value: string): boolean {
  if (/^\/(?![/\\])/.test(value)) return !/\s/.test(value);
  try {
    return new URL(value).protocol === "https:";
  } catch {
    return false;
  }
}
