import { asc, eq } from "drizzle-orm";
import { formatInTimeZone } from "date-fns-tz";
import { classOfferings, classSignups } from "~/db/schema";
import type { AdminIdentity } from "~/platform/admin/admin-session.server";
import { churchTimeZone } from "~/platform/church/church-time-zone.server";
import { toCsv } from "~/lib/csv";
import { recordAudit } from "~/platform/audit/record-audit.server";
import { NO_STORE } from "~/platform/admin/require-admin.server";
import { membershipTranslator } from "~/features/membership/membership-translation";
import type { Language } from "~/i18n/config";
import type { AppDatabase } from "~/server/db.server";

/**
 * A class's roster as a CSV download (name, email, phone, language, date, status), headers in
 * the admin's language, formula-looking cells neutralised by the shared CSV writer; the export
 * is audited (`class.export`). Unknown class: 404.
 */
export async function exportClassSignupsCsv(options: {
  db: AppDatabase;
  actor: Pick<AdminIdentity, "userId" | "name">;
  ip: string;
  language: Language;
  offeringId: number | null;
}): Promise<Response> {
  const { db } = options;
  const t = membershipTranslator(options.language);
  const [offering] =
    options.offeringId === null
      ? []
      : await db
          .select({ id: classOfferings.id, slug: classOfferings.slug })
          .from(classOfferings)
          .where(eq(classOfferings.id, options.offeringId));
  if (!offering)
    return new Response(t("admin.messages.notFound"), {
      status: 404,
      headers: { ...NO_STORE, "Content-Type": "text/plain; charset=utf-8" },
    });
  const timeZone = await churchTimeZone(db);
  const rows = await db
    .select()
    .from(classSignups)
    .where(eq(classSignups.offeringId, offering.id))
    .orderBy(asc(classSignups.status), asc(classSignups.createdAt));
  const table = [
    [
      t("admin.signupColumns.name"),
      t("admin.signupColumns.email"),
      t("admin.signupColumns.phone"),
      t("admin.csvLanguage"),
      t("admin.signupColumns.date"),
      t("admin.signupColumns.status"),
    ],
    ...rows.map((row) => [
      row.name,
      row.email,
      row.phone,
      row.language,
      formatInTimeZone(row.createdAt, timeZone, "yyyy-MM-dd HH:mm"),
      t(`admin.signupStatuses.${row.status}`),
    ]),
  ];
  await db.transaction(async (tx) => {
    await recordAudit({
      db: tx as unknown as AppDatabase,
      actor: options.actor,
      ipAddress: options.ip,
      entry: {
        action: "class.export",
        entityType: "class_offering",
        entityId: String(offering.id),
        before: null,
        after: { count: rows.length },
      },
    });
  });
  return new Response(`\uFEFF${toCsv(table)}`, {
    status: 200,
    headers: {
      ...NO_STORE,
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="class-${offering.slug}.csv"`,
    },
  });
}
