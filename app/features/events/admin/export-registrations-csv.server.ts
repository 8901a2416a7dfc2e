import { adminTranslator } from "~/platform/admin/admin-translation";
import type { AdminIdentity } from "~/platform/admin/admin-session.server";
import { churchTimeZone } from "~/platform/church/church-time-zone.server";
import { toCsv } from "~/lib/csv";
import { recordAudit } from "~/platform/audit/record-audit.server";
import { NO_STORE } from "~/platform/admin/require-admin.server";
import type { Language } from "~/i18n/config";
import type { AppDatabase } from "~/server/db.server";
import { formatInTimeZone } from "date-fns-tz";
import { listRegistrations, loadEvent, questionLabel } from "./list-registrations.server";
import { resolveOccurrence } from "./resolve-occurrence.server";

/**
 * One occurrence's registrations as a CSV download: a column per registration question,
 * headers in the admin's language, formula-looking cells neutralised by the shared CSV
 * writer. The export is audited (`registration.export`). Unknown event: 404.
 */
export async function exportRegistrationsCsv(options: {
  db: AppDatabase;
  actor: Pick<AdminIdentity, "userId" | "name">;
  ip: string;
  language: Language;
  eventId: number | null;
  occurrence: Date | null;
}): Promise<Response> {
  const { db, language } = options;
  const t = adminTranslator(language);
  const event = options.eventId === null ? null : await loadEvent(db, options.eventId);
  if (!event)
    return new Response(t("registrations.errors.eventNotFound"), {
      status: 404,
      headers: { ...NO_STORE, "Content-Type": "text/plain; charset=utf-8" },
    });
  const timeZone = await churchTimeZone(db);
  const occurrence = await resolveOccurrence({ db, event, timeZone, requested: options.occurrence });
  const rows = occurrence ? await listRegistrations({ db, event, occurrence, language }) : [];
  const questions = event.registrationQuestions ?? [];
  const when = (value: string | null) => (value ? formatInTimeZone(new Date(value), timeZone, "yyyy-MM-dd HH:mm") : "");

  const table = [
    [
      t("registrations.csv.name"),
      t("registrations.csv.email"),
      t("registrations.csv.partySize"),
      t("registrations.csv.status"),
      t("registrations.csv.language"),
      t("registrations.csv.checkedIn"),
      t("registrations.csv.created"),
      ...questions.map((q) => questionLabel(q, language)),
    ],
    ...rows.map((row) => [
      row.name,
      row.email,
      row.partySize,
      t(`registrations.status.${row.status}`),
      row.language,
      when(row.checkedInAt),
      when(row.createdAt),
      ...row.answers.map((a) => a.value),
    ]),
  ];

  await db.transaction(async (tx) => {
    await recordAudit({
      db: tx as unknown as AppDatabase,
      actor: options.actor,
      ipAddress: options.ip,
      entry: {
        action: "registration.export",
        entityType: "event",
        entityId: String(event.id),
        before: null,
        after: { count: rows.length, occurrence: occurrence ? occurrence.toISOString() : null },
      },
    });
  });

  const day = occurrence ? formatInTimeZone(occurrence, timeZone, "yyyy-MM-dd") : "none";
  return new Response(`\uFEFF${toCsv(table)}`, {
    status: 200,
    headers: {
      ...NO_STORE,
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="registrations-${event.id}-${day}.csv"`,
      "X-Content-Type-Options": "nosniff",
    },
  });
}
