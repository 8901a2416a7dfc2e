import { asc, eq } from "drizzle-orm";
import { profiles, users } from "~/db/schema";
import { adminTranslator } from "~/platform/admin/admin-translation";
import type { AdminIdentity } from "~/platform/admin/admin-session.server";
import { recordAudit } from "~/platform/audit/record-audit.server";
import { NO_STORE } from "~/platform/admin/require-admin.server";
import type { Language } from "~/i18n/config";
import type { AppDatabase } from "~/server/db.server";
import { memberColumns, memberFilterClause } from "./list-members.server";
import { toCsv } from "~/lib/csv";
import { visibleEmail, type MemberFilters } from "./members-input";
import { churchTimeZone } from "~/platform/church/church-time-zone.server";

/**
 * The members directory as a CSV download (the list's search and status filter apply),
 * headers in the admin's language. The export itself is audited (`member.export`).
 */
export async function exportMembersCsv(options: {
  db: AppDatabase;
  actor: Pick<AdminIdentity, "userId" | "name">;
  ip: string;
  language: Language;
  filters: Pick<MemberFilters, "q" | "status">;
}): Promise<Response> {
  const { db, filters, language } = options;
  const t = adminTranslator(language);
  const [rows, timeZone] = await Promise.all([
    db
      .select(memberColumns)
      .from(profiles)
      .innerJoin(users, eq(users.id, profiles.id))
      .where(memberFilterClause(filters))
      .orderBy(asc(profiles.fullName), asc(users.createdAt), asc(users.id)),
    churchTimeZone(db),
  ]);
  const day = new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" });
  const yesNo = (value: boolean) => (value ? t("members.csv.yes") : t("members.csv.no"));

  const table = [
    [
      t("members.csv.name"),
      t("members.csv.email"),
      t("members.csv.phone"),
      t("members.csv.status"),
      t("members.csv.memberSince"),
      t("members.csv.language"),
      t("members.csv.joined"),
      t("members.csv.listed"),
      t("members.csv.showsEmail"),
      t("members.csv.showsPhone"),
    ],
    ...rows.map((row) => [
      row.fullName || row.accountName,
      visibleEmail(row.email),
      row.profilePhone ?? row.signInPhone,
      t(`members.status.${row.membershipStatus}`),
      row.memberSince,
      row.preferredLanguage,
      day.format(row.joinedAt),
      yesNo(row.directoryListed),
      yesNo(row.directoryShowEmail),
      yesNo(row.directoryShowPhone),
    ]),
  ];

  await db.transaction(async (tx) => {
    await recordAudit({
      db: tx as unknown as AppDatabase,
      actor: options.actor,
      ipAddress: options.ip,
      entry: {
        action: "member.export",
        entityType: "member",
        entityId: null,
        before: null,
        after: { count: rows.length, q: filters.q || null, status: filters.status },
      },
    });
  });

  // A byte-order mark, so spreadsheet programs read the accents as UTF-8.
  return new Response(`\uFEFF${toCsv(table)}`, {
    status: 200,
    headers: {
      ...NO_STORE,
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="members-${day.format(new Date())}.csv"`,
      "X-Content-Type-Options": "nosniff",
    },
  });
}
