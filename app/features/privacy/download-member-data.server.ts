import { getCurrentMember } from "~/platform/auth/get-current-member.server";
import { getChurchProfile } from "~/platform/church/get-church-profile.server";
import { getEnv, siteUrl } from "~/server/env.server";
import { consumeRateLimit } from "~/server/rate-limit.server";
import { getRequestContext } from "~/server/request-context.server";
import { exportMemberData, type MemberDataExport } from "./export-member-data.server";
import { privacyTranslator } from "./privacy-translation";
import { recordPrivacyAudit } from "./record-privacy-audit.server";

/** Downloads per member: enough to retry, not enough to turn it into a load test. */
export const EXPORT_LIMIT = { limit: 5, windowSeconds: 60 * 60 };

/**
 * GET /settings/my-data.json: the signed-in member's data as a JSON attachment (ADR 021).
 * Signed out: to sign-in, then back to /settings. Over the limit: 429 with the message in the
 * member's language. Each download is audit-logged with counts, no personal data.
 */
export async function downloadMemberData({ request, now = new Date() }: { request: Request; now?: Date }): Promise<Response> {
  const { db, language } = getRequestContext(request);
  const session = await getCurrentMember({ db, request });
  if (!session) {
    const lang = language === "es" ? "&lang=es" : "";
    return new Response(null, { status: 302, headers: { Location: `/auth?redirectTo=/settings${lang}`, "Cache-Control": "no-store" } });
  }
  const userId = session.member.id;
  const t = privacyTranslator(language);
  const headers = new Headers(session.headers);
  headers.set("Cache-Control", "no-store");

  const limit = await consumeRateLimit(db, `data-export:${userId}`, EXPORT_LIMIT);
  if (!limit.allowed) {
    headers.set("Content-Type", "text/plain; charset=utf-8");
    headers.set("Retry-After", String(limit.retryAfterSeconds));
    const minutes = String(Math.max(1, Math.ceil(limit.retryAfterSeconds / 60)));
    const back = new URL(`/settings${language === "es" ? "?lang=es" : ""}#download-data`, siteUrl(getEnv())).toString();
    return new Response(`${t("export.rateLimited", { minutes })}\n\n${t("export.backToSettings")}: ${back}\n`, { status: 429, headers });
  }

  const church = await getChurchProfile({ db, language });
  const churchName = church?.name ?? "Church";
  const data = await exportMemberData({ db, userId, sessionId: session.sessionId, language, siteUrl: siteUrl(getEnv()), churchName, now });
  if (!data) return new Response(null, { status: 302, headers: { Location: "/auth?redirectTo=/settings", "Cache-Control": "no-store" } });
  const body = JSON.stringify(data, null, 2);
  await recordPrivacyAudit({
    db,
    actorUserId: userId,
    action: "member.data.export",
    userId,
    after: { ...sectionCounts(data), bytes: Buffer.byteLength(body) },
  });

  headers.set("Content-Type", "application/json; charset=utf-8");
  headers.set("Content-Disposition", `attachment; filename="${exportFileName(churchName, now)}"`);
  return new Response(body, { status: 200, headers });
}

/** `living-hope-church-my-data-2026-11-23.json`: ASCII only, so every browser keeps the name. */
export function exportFileName(churchName: string, now: Date): string {
  const slug = churchName
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 40);
  return `${slug ? `${slug}-` : ""}my-data-${now.toISOString().slice(0, 10)}.json`;
}

/** How many items each list of the file holds (what the audit entry records). */
function sectionCounts(data: MemberDataExport): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const [key, value] of Object.entries(data)) {
    if (Array.isArray(value)) counts[key] = value.length;
  }
  return counts;
}
