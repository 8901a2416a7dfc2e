import { formatInTimeZone } from "date-fns-tz";
import type { Route } from "./+types/giving-statement";
import { buildStatement, FIRST_STATEMENT_YEAR, renderStatementPdf } from "~/features/giving/giving-statement.server";
import { getGivingChurch } from "~/features/giving/giving-church.server";
import { requireGivingMember } from "~/features/giving/giving-history.server";
import { givingTranslator } from "~/features/giving/giving-translation";

/**
 * /give/statement/YEAR.pdf: the signed-in member's year-end giving statement (a PDF in their
 * language). A year with no gifts still gets a statement that says so.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const { db, language, session } = await requireGivingMember(request);
  const t = givingTranslator(language);
  const raw = String(params.year ?? "").replace(/\.pdf$/, "");
  const church = await getGivingChurch(db, language);
  const current = Number(formatInTimeZone(new Date(), church.timeZone, "yyyy"));
  const year = /^\d{4}$/.test(raw) ? Number(raw) : NaN;
  if (!(year >= FIRST_STATEMENT_YEAR && year <= current)) {
    return new Response(t("statement.badYear"), {
      status: 404,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
    });
  }
  const member = session.member;
  const { content } = await buildStatement({
    db,
    userId: member.id,
    name: member.name,
    email: member.email ?? member.phone ?? "",
    year,
    language,
  });
  const pdf = await renderStatementPdf(content, { language });
  const headers = new Headers(session.headers);
  headers.set("Content-Type", "application/pdf");
  headers.set("Content-Disposition", `attachment; filename="giving-statement-${year}.pdf"`);
  headers.set("Cache-Control", "no-store");
  headers.set("X-Content-Type-Options", "nosniff");
  return new Response(new Uint8Array(pdf), { status: 200, headers });
}
