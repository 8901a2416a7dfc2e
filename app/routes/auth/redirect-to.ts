/**
 * The `redirectTo` of /auth: only a path on this site ("/prayer?x=1"), never another origin
 * ("//evil.example", "/\\evil.example", "https://…") or anything with control characters.
 */
export function safeRedirectPath(value: string | null | undefined, fallback = "/"): string {
  if (!value || value.length > 2000) return fallback;
  if (!value.startsWith("/") || value.startsWith("//") || value.startsWith("/\\")) return fallback;
  if (/[\u0000-\u001f\u007f\\]/.test(value)) return fallback;
  // Never back into the sign-in flow itself.
  if (value === "/auth" || value.startsWith("/auth?") || value.startsWith("/auth/")) return fallback;
  return value;
}
