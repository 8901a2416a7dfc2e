import { sameSitePath } from "~/lib/same-site-path";

/**
 * The `redirectTo` of /auth: only a path on this site ("/prayer?x=1"), never another origin
 * ("//evil.example", "/\\evil.example", "https://…") or anything with control characters.
 * What passes is normalised by sameSitePath: "/.//evil.example" is "//evil.example" to the URL
 * parser, so it is "/evil.example" here, and "/x/../auth" is the sign-in page it names.
 */
export function safeRedirectPath(value: string | null | undefined, fallback = "/"): string {
  if (!value || value.length > 2000) return fallback;
  if (!value.startsWith("/") || value.startsWith("//") || value.startsWith("/\\")) return fallback;
  if (/[\u0000-\u001f\u007f\\]/.test(value)) return fallback;
  const path = sameSitePath(value, { fallback });
  // Never back into the sign-in flow itself.
  if (path === "/auth" || path.startsWith("/auth?") || path.startsWith("/auth/") || path.startsWith("/auth#")) return fallback;
  return path;
}
