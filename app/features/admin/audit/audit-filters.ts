import { z } from "zod";
import { withoutControlCharacters } from "~/lib/search-query";

/**
 * The audit page's GET form; anything malformed is simply dropped (the list still shows).
 * Control characters become spaces: PostgreSQL refuses a NUL in text (found by the scanners).
 */
const text = (max: number) =>
  z
    .string()
    .transform((v) => withoutControlCharacters(v).trim())
    .pipe(z.string().max(max))
    .optional()
    .transform((v) => (v ? v : undefined))
    .catch(undefined);
const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)))
  .optional()
  .catch(undefined);
const page = z.coerce.number().int().min(1).max(10_000).catch(1);

export const ZAuditFilters = z.object({
  actor: text(100),
  action: text(100),
  entityType: text(100),
  entityId: text(200),
  from: day,
  to: day,
  page,
});
export type AuditFilters = z.infer<typeof ZAuditFilters>;

export const ZSignInFilters = z.object({
  email: text(200),
  result: z.enum(["success", "failure"]).optional().catch(undefined),
  page,
});
export type SignInFilters = z.infer<typeof ZSignInFilters>;

export type AuditView = "changes" | "sign-ins";

export const AUDIT_PAGE_SIZE = 50;

function paramsOf(url: URL, names: readonly string[]): Record<string, string | undefined> {
  return Object.fromEntries(names.map((name) => [name, url.searchParams.get(name) ?? undefined]));
}

export function parseAuditView(url: URL): AuditView {
  return url.searchParams.get("view") === "sign-ins" ? "sign-ins" : "changes";
}

export function parseAuditFilters(url: URL): AuditFilters {
  return ZAuditFilters.parse(paramsOf(url, ["actor", "action", "entityType", "entityId", "from", "to", "page"]));
}

export function parseSignInFilters(url: URL): SignInFilters {
  return ZSignInFilters.parse(paramsOf(url, ["email", "result", "page"]));
}
