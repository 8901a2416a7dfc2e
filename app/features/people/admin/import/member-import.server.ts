import { and, desc, eq, inArray, isNull, lt, or, sql } from "drizzle-orm";
import { generateRandomString } from "better-auth/crypto";
import {
  emailUnsubscribes,
  memberImports,
  profiles,
  users,
  type MemberImportCounts,
  type MemberImportField,
  type MemberImportMapping,
  type MemberImportOptions,
} from "~/db/schema";
import type { Language } from "~/i18n/config";
import { adminTranslator, type AdminMessageKey } from "~/platform/admin/admin-translation";
import type { AdminIdentity } from "~/platform/admin/admin-session.server";
import { recordAudit } from "~/platform/audit/record-audit.server";
import { getChurchProfile } from "~/platform/church/get-church-profile.server";
import { renderEmail } from "~/platform/email/render-email";
import { greetableName, interpolate } from "~/platform/email/email-content";
import { FormReadError, readStreamedForm } from "~/platform/uploads/stream-form-data.server";
import { phoneOnlyEmail } from "~/server/auth.server";
import { inBackground } from "~/server/background.server";
import { afterCommit, type AppDatabase } from "~/server/db.server";
import { siteUrl } from "~/server/env.server";
import { logger } from "~/server/logger.server";
import { assertSingleRecipient, type MailMessage } from "~/server/mail.server";
import { kickOutbox } from "~/server/messaging.server";
import { enqueueEmails } from "~/server/outbox.server";
import { checkImportRows, type ImportPerson, type RowProblem } from "./check-import-rows";
import {
  detectFormat,
  IMPORT_FIELDS,
  IMPORT_MAX_BYTES,
  IMPORT_PREVIEW_ROWS,
  missingColumns,
  suggestMapping,
  type ImportFormat,
} from "./import-formats";
import { matchExistingPeople } from "./match-existing-people.server";
import { readImportFile, readStoredRows, type ImportFileError } from "./read-import-file.server";

/** People written per transaction (ADR 036). */
export const IMPORT_BATCH_SIZE = 500;
/** A running import whose heartbeat is older than this was cut off (a restart): it may be resumed. */
export const IMPORT_STALL_MS = 2 * 60_000;
/** Problems and matches the dry-run report keeps and shows; the counts are always complete. */
const REPORT_PROBLEMS = 1000;
const REPORT_MATCHES = 200;

export interface ImportReport {
  checkedAt: string;
  /** Rows with something in them. */
  rows: number;
  /** New people to add. */
  toCreate: number;
  /** Rows that are people already on the site (merged or skipped, as chosen). */
  matched: number;
  /** Rows with a problem: not imported. */
  failed: number;
  /** New people who asked for no email (no invitation). */
  unsubscribed: number;
  problemCount: number;
  problems: RowProblem[];
  matches: Array<{ row: number; name: string; existing: string; by: "email" | "phone" }>;
}

export type ImportAnswer =
  | { ok: true; id: string | null }
  | { ok: false; status: number; key: AdminMessageKey; values?: Record<string, string | number>; field?: string };

const refuse = (status: number, key: AdminMessageKey, values?: Record<string, string | number>, field?: string): ImportAnswer => ({
  ok: false,
  status,
  key,
  values,
  field,
});

const FILE_ERROR_KEYS: Record<ImportFileError, AdminMessageKey> = {
  empty: "members.import.fileErrors.empty",
  tooLarge: "members.import.fileErrors.tooLarge",
  tooManyRows: "members.import.fileErrors.tooManyRows",
  notCsv: "members.import.fileErrors.notCsv",
  spreadsheet: "members.import.fileErrors.spreadsheet",
  noRows: "members.import.fileErrors.noRows",
  malformed: "members.import.fileErrors.malformed",
};

type Actor = Pick<AdminIdentity, "userId" | "name">;

/**
 * The import page's POST: a multipart upload (the file, streamed with the app's reader and
 * held to IMPORT_MAX_BYTES) or one of the step buttons. Every refusal is a translated 4xx.
 */
export async function runImportAction(options: { db: AppDatabase; actor: Actor; ip: string; request: Request }): Promise<ImportAnswer> {
  const { db, actor } = options;
  let file: { name: string; chunks: Buffer[]; bytes: number; tooLarge: boolean } | null = null;
  let entries: Array<[string, string]>;
  try {
    entries = await readStreamedForm(options.request, {
      maxFields: 40,
      onFile: (info) => {
        if (info.fieldName !== "file" || file) return null;
        const received = { name: info.fileName.slice(0, 200), chunks: [] as Buffer[], bytes: 0, tooLarge: false };
        file = received;
        return {
          write(chunk) {
            received.bytes += chunk.byteLength;
            if (received.bytes > IMPORT_MAX_BYTES) {
              // Refused, but the rest is still read so the browser gets the answer.
              received.tooLarge = true;
              received.chunks = [];
              return;
            }
            received.chunks.push(Buffer.from(chunk));
          },
          end() {},
          abort() {
            received.chunks = [];
          },
        };
      },
    });
  } catch (error) {
    if (error instanceof FormReadError) return refuse(400, "members.errors.invalidRequest");
    throw error;
  }
  const fields = new Map(entries);
  const intent = fields.get("intent");
  const id = fields.get("id") ?? "";
  switch (intent) {
    case "upload": {
      const received = file as { name: string; chunks: Buffer[]; bytes: number; tooLarge: boolean } | null;
      if (!received) return refuse(400, "members.import.fileErrors.noFile", undefined, "file");
      if (received.tooLarge) return refuse(413, FILE_ERROR_KEYS.tooLarge, undefined, "file");
      return createImport({ db, actor, fileName: received.name, bytes: Buffer.concat(received.chunks) });
    }
    case "check":
      return checkImport({ db, id, fields });
    case "start":
    case "resume":
      return startImport({ db, actor, ip: options.ip, id, resume: intent === "resume" });
    case "discard":
      return discardImport({ db, id });
    default:
      return refuse(400, "members.errors.invalidRequest");
  }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

async function findImport(db: AppDatabase, id: string) {
  if (!UUID.test(id)) return null;
  const [row] = await db.select().from(memberImports).where(eq(memberImports.id, id));
  return row ?? null;
}

/** A new upload: read, recognised, stored with the mapping its format suggests. */
export async function createImport(options: { db: AppDatabase; actor: Actor; fileName: string; bytes: Uint8Array }): Promise<ImportAnswer> {
  const read = readImportFile(options.bytes);
  if (!read.ok) return refuse(read.error === "tooManyRows" ? 413 : 400, FILE_ERROR_KEYS[read.error], { line: read.line ?? "?" }, "file");
  const format = detectFormat(read.headers);
  const [row] = await options.db
    .insert(memberImports)
    .values({
      createdBy: options.actor.userId,
      fileName: options.fileName || "import.csv",
      format,
      encoding: read.encoding,
      source: read.text,
      headers: read.headers,
      rowCount: read.rows.length,
      mapping: suggestMapping(format, read.headers),
    })
    .returning({ id: memberImports.id });
  return { ok: true, id: row!.id };
}

function readMapping(fields: Map<string, string>, columns: number): MemberImportMapping | null {
  const mapping: MemberImportMapping = {};
  const used = new Set<number>();
  for (const field of IMPORT_FIELDS) {
    const value = fields.get(`map.${field}`) ?? "";
    if (value === "") continue;
    if (!/^\d{1,3}$/.test(value) || Number(value) >= columns) return null;
    const column = Number(value);
    // One column feeds one field: a second choice of the same column is a mistake.
    if (used.has(column)) return null;
    used.add(column);
    mapping[field as MemberImportField] = column;
  }
  return mapping;
}

function readOptions(fields: Map<string, string>): MemberImportOptions | null {
  const duplicates = fields.get("duplicates");
  const defaultLanguage = fields.get("defaultLanguage");
  const invite = fields.get("invite") ?? "";
  if (duplicates !== "merge" && duplicates !== "skip") return null;
  if (defaultLanguage !== "en" && defaultLanguage !== "es") return null;
  if (invite !== "" && invite !== "yes") return null;
  return { duplicates, defaultLanguage, invite: invite === "yes" };
}

/** The dry run: the mapping and choices saved, every row checked and matched, nothing written but the report. */
export async function checkImport(options: { db: AppDatabase; id: string; fields: Map<string, string> }): Promise<ImportAnswer> {
  const { db } = options;
  const stored = await findImport(db, options.id);
  if (!stored || !stored.source) return refuse(404, "members.import.errors.notFound");
  if (stored.status !== "uploaded" && stored.status !== "checked") return refuse(409, "members.import.errors.alreadyStarted");
  const mapping = readMapping(options.fields, stored.headers.length);
  if (!mapping) return refuse(400, "members.import.errors.mapping", undefined, "mapping");
  const settings = readOptions(options.fields);
  if (!settings) return refuse(400, "members.errors.invalidRequest");
  const missing = missingColumns(mapping);
  if (missing.length > 0) {
    return refuse(
      400,
      missing.includes("name") ? "members.import.errors.missingName" : "members.import.errors.missingContact",
      undefined,
      "mapping",
    );
  }
  const report = await dryRun(db, stored.source, mapping, settings);
  await db
    .update(memberImports)
    .set({ mapping, options: settings, report, status: "checked", updatedAt: new Date() })
    .where(and(eq(memberImports.id, stored.id), inArray(memberImports.status, ["uploaded", "checked"])));
  return { ok: true, id: stored.id };
}

async function unsubscribedAmong(db: AppDatabase, emails: readonly string[]): Promise<Set<string>> {
  const found = new Set<string>();
  for (let start = 0; start < emails.length; start += 1000) {
    const chunk = emails.slice(start, start + 1000);
    if (chunk.length === 0) continue;
    const rows = await db.select({ email: emailUnsubscribes.email }).from(emailUnsubscribes).where(inArray(emailUnsubscribes.email, chunk));
    for (const row of rows) found.add(row.email);
  }
  return found;
}

async function dryRun(db: AppDatabase, source: string, mapping: MemberImportMapping, settings: MemberImportOptions): Promise<ImportReport> {
  const read = readStoredRows(source);
  const checked = checkImportRows({
    rows: read.rows,
    firstRowNumber: read.firstRowNumber,
    mapping,
    defaultLanguage: settings.defaultLanguage,
  });
  const existing = await matchExistingPeople(db, checked.people);
  const newPeople = checked.people.filter((person) => !existing.has(person.index));
  const unsubscribed = settings.invite
    ? await unsubscribedAmong(
        db,
        newPeople.flatMap((person) => (person.email ? [person.email] : [])),
      )
    : new Set();
  const matches: ImportReport["matches"] = [];
  for (const person of checked.people) {
    const match = existing.get(person.index);
    if (match && matches.length < REPORT_MATCHES)
      matches.push({ row: person.row, name: person.fullName, existing: match.name, by: match.by });
  }
  return {
    checkedAt: new Date().toISOString(),
    rows: read.rows.length - checked.blankRows,
    toCreate: newPeople.length,
    matched: existing.size,
    failed: checked.failedRows,
    unsubscribed: unsubscribed.size,
    problemCount: checked.problems.length,
    problems: checked.problems.slice(0, REPORT_PROBLEMS),
    matches,
  };
}

/** Starts the checked import (or resumes a paused or cut-off one) in the background. */
export async function startImport(options: {
  db: AppDatabase;
  actor: Actor;
  ip: string;
  id: string;
  resume: boolean;
}): Promise<ImportAnswer> {
  const { db } = options;
  const stored = await findImport(db, options.id);
  if (!stored) return refuse(404, "members.import.errors.notFound");
  const stalled = new Date(Date.now() - IMPORT_STALL_MS);
  // One import at a time: two at once could each add the same person.
  const [other] = await db
    .select({ id: memberImports.id })
    .from(memberImports)
    .where(
      and(eq(memberImports.status, "running"), sql`${memberImports.id} <> ${stored.id}`, sql`${memberImports.heartbeatAt} >= ${stalled}`),
    )
    .limit(1);
  if (other) return refuse(409, "members.import.errors.anotherRunning");
  const from = options.resume
    ? or(
        eq(memberImports.status, "paused"),
        and(eq(memberImports.status, "running"), or(isNull(memberImports.heartbeatAt), lt(memberImports.heartbeatAt, stalled))),
      )
    : eq(memberImports.status, "checked");
  const claimed = await db
    .update(memberImports)
    .set({
      status: "running",
      heartbeatAt: new Date(),
      lastError: null,
      updatedAt: new Date(),
      counts: stored.counts ?? { created: 0, merged: 0, skipped: 0, failed: 0, invited: 0 },
    })
    .where(and(eq(memberImports.id, stored.id), from))
    .returning({ id: memberImports.id });
  if (claimed.length === 0) return refuse(409, options.resume ? "members.import.errors.notPaused" : "members.import.errors.notChecked");
  startInBackground({ db, importId: stored.id, actor: options.actor, ip: options.ip });
  return { ok: true, id: stored.id };
}

/** The background runner, replaceable so tests can wait for it (and the route's default starts it). */
let backgroundStarter: (options: RunImportOptions) => void = (options) => {
  // The server's shutdown waits for it (background.server.ts); a cut-off run is resumed later.
  inBackground(runMemberImport(options));
};
function startInBackground(options: RunImportOptions) {
  backgroundStarter(options);
}
/** Tests: run imports their own way (await them, inject a failure). Returns the previous starter. */
export function setImportStarter(starter: (options: RunImportOptions) => void): (options: RunImportOptions) => void {
  const previous = backgroundStarter;
  backgroundStarter = starter;
  return previous;
}

export async function discardImport(options: { db: AppDatabase; id: string }): Promise<ImportAnswer> {
  const stored = await findImport(options.db, options.id);
  if (!stored) return refuse(404, "members.import.errors.notFound");
  const deleted = await options.db
    .delete(memberImports)
    .where(and(eq(memberImports.id, stored.id), inArray(memberImports.status, ["uploaded", "checked"])))
    .returning({ id: memberImports.id });
  if (deleted.length === 0) return refuse(409, "members.import.errors.alreadyStarted");
  return { ok: true, id: null };
}

export interface RunImportOptions {
  db: AppDatabase;
  importId: string;
  actor: Actor;
  ip: string;
  batchSize?: number;
  /** Tests: called for each person row as its batch writes it; a throw fails that batch. */
  onRow?: (index: number) => void;
}

/**
 * Imports a claimed (`running`) import in batches of IMPORT_BATCH_SIZE rows, each batch one
 * transaction with the progress it adds (ADR 036): a failure rolls back its batch only, the
 * import is `paused` at the last batch that committed, and "Resume" goes on from there. The
 * last batch records the audit entry (`member.import`) with the counts and drops the file.
 */
export async function runMemberImport(options: RunImportOptions): Promise<void> {
  const { db, importId } = options;
  const batchSize = options.batchSize ?? IMPORT_BATCH_SIZE;
  try {
    const stored = await findImport(db, importId);
    if (!stored || stored.status !== "running" || !stored.source || !stored.options) return;
    const settings = stored.options;
    const read = readStoredRows(stored.source);
    const checked = checkImportRows({
      rows: read.rows,
      firstRowNumber: read.firstRowNumber,
      mapping: stored.mapping,
      defaultLanguage: settings.defaultLanguage,
    });
    const failedIndexes = new Set(checked.problems.map((problem) => problem.row - read.firstRowNumber));
    const invitation = settings.invite ? await invitationWriter(db) : null;
    let next = stored.nextRow;
    while (next < read.rows.length) {
      const end = Math.min(read.rows.length, next + batchSize);
      const people = checked.people.filter((person) => person.index >= next && person.index < end);
      let failed = 0;
      for (const index of failedIndexes) if (index >= next && index < end) failed += 1;
      const from = next;
      const done = end >= read.rows.length;
      const continued = await db.transaction(async (tx) => {
        const [current] = await tx
          .select({ status: memberImports.status, nextRow: memberImports.nextRow, counts: memberImports.counts })
          .from(memberImports)
          .where(eq(memberImports.id, importId))
          .for("update");
        // Another runner (a resume elsewhere) took over, or the import was reset: stop here.
        if (!current || current.status !== "running" || current.nextRow !== from) return false;
        const added = await writeBatch(tx, people, settings, invitation, options.onRow);
        const counts = addCounts(current.counts, { ...added, failed });
        await tx
          .update(memberImports)
          .set({
            nextRow: end,
            counts,
            heartbeatAt: new Date(),
            updatedAt: new Date(),
            ...(done ? { status: "done" as const, source: null, finishedAt: new Date() } : {}),
          })
          .where(eq(memberImports.id, importId));
        if (done) {
          await recordAudit({
            db: tx,
            actor: options.actor,
            ipAddress: options.ip,
            entry: {
              action: "member.import",
              entityType: "member",
              entityId: importId,
              before: null,
              after: { ...counts, rows: checked.people.length + checked.failedRows, format: stored.format, file: stored.fileName },
            },
          });
        }
        if (added.invited > 0) afterCommit(tx, kickOutbox);
        return true;
      });
      if (!continued) return;
      next = end;
    }
  } catch (error) {
    logger.error({ err: error, importId }, "a members import batch failed; the import is paused");
    try {
      await db
        .update(memberImports)
        .set({ status: "paused", lastError: error instanceof Error ? error.message.slice(0, 300) : "unknown", updatedAt: new Date() })
        .where(and(eq(memberImports.id, importId), eq(memberImports.status, "running")));
    } catch (markError) {
      logger.error({ err: markError, importId }, "could not mark a members import as paused");
    }
  }
}

function addCounts(before: MemberImportCounts | null, added: MemberImportCounts): MemberImportCounts {
  const base = before ?? { created: 0, merged: 0, skipped: 0, failed: 0, invited: 0 };
  return {
    created: base.created + added.created,
    merged: base.merged + added.merged,
    skipped: base.skipped + added.skipped,
    failed: base.failed + added.failed,
    invited: base.invited + added.invited,
  };
}

async function writeBatch(
  tx: AppDatabase,
  people: readonly ImportPerson[],
  settings: MemberImportOptions,
  invitation: InvitationWriter | null,
  onRow: ((index: number) => void) | undefined,
): Promise<Omit<MemberImportCounts, "failed">> {
  const counts = { created: 0, merged: 0, skipped: 0, invited: 0 };
  if (people.length === 0) return counts;
  const existing = await matchExistingPeople(tx, people);
  const newUsers: Array<typeof users.$inferInsert> = [];
  const newProfiles: Array<typeof profiles.$inferInsert> = [];
  const invitees: ImportPerson[] = [];
  const now = new Date();
  for (const person of people) {
    onRow?.(person.index);
    const match = existing.get(person.index);
    if (match) {
      if (settings.duplicates === "skip") {
        counts.skipped += 1;
        continue;
      }
      // Merge: fill in what is empty, never change what the person (or staff) set.
      if (!match.hasProfile) {
        await tx
          .insert(profiles)
          .values({
            id: match.id,
            fullName: person.fullName,
            displayName: person.fullName,
            phone: person.phone,
            preferredLanguage: person.language,
            membershipStatus: person.status ?? "visitor",
            memberSince: person.memberSince,
          })
          .onConflictDoNothing({ target: profiles.id });
      } else {
        const fill: Partial<typeof profiles.$inferInsert> = {};
        if (!match.fullName?.trim()) fill.fullName = person.fullName;
        if (!match.phone?.trim() && person.phone) fill.phone = person.phone;
        if (!match.memberSince && person.memberSince) fill.memberSince = person.memberSince;
        if (Object.keys(fill).length > 0)
          await tx
            .update(profiles)
            .set({ ...fill, updatedAt: now })
            .where(eq(profiles.id, match.id));
      }
      counts.merged += 1;
      continue;
    }
    const id = generateRandomString(32);
    newUsers.push({
      id,
      name: person.fullName,
      // A person without an address signs in with their number (a texted code), as phone sign-ups do.
      email: person.email ?? phoneOnlyEmail(person.phone!),
      phoneNumber: person.email ? null : person.phone,
      emailVerified: false,
      createdAt: now,
      updatedAt: now,
    });
    newProfiles.push({
      id,
      fullName: person.fullName,
      displayName: person.fullName,
      phone: person.phone,
      preferredLanguage: person.language,
      membershipStatus: person.status ?? "visitor",
      memberSince: person.memberSince,
      createdAt: now,
      updatedAt: now,
    });
    if (person.email) invitees.push(person);
    counts.created += 1;
  }
  if (newUsers.length > 0) {
    await tx.insert(users).values(newUsers);
    await tx.insert(profiles).values(newProfiles);
  }
  if (invitation && invitees.length > 0) counts.invited = await invitation(tx, invitees);
  return counts;
}

type InvitationWriter = (tx: AppDatabase, people: readonly ImportPerson[]) => Promise<number>;

/**
 * The invitation, in each person's language: the church has added them, and the button opens
 * the sign-in page's "email me a link" tab in their language, where the app's own magic link
 * (15 minutes, works once, bound to the browser that asks) is sent — an invitation may be read
 * days later, so it carries no token of its own. Addresses that unsubscribed get nothing.
 */
async function invitationWriter(db: AppDatabase): Promise<InvitationWriter> {
  const base = siteUrl();
  const churchNames: Record<Language, string> = {
    en: (await getChurchProfile({ db, language: "en" })).name,
    es: (await getChurchProfile({ db, language: "es" })).name,
  };
  return async (tx, people) => {
    const unsubscribed = await unsubscribedAmong(
      tx,
      people.map((person) => person.email!),
    );
    const messages: MailMessage[] = [];
    for (const person of people) {
      const to = person.email!;
      if (unsubscribed.has(to)) continue;
      try {
        assertSingleRecipient(to);
      } catch {
        continue;
      }
      messages.push({
        to,
        ...invitationEmail({ language: person.language, churchName: churchNames[person.language], siteUrl: base, name: person.fullName }),
      });
    }
    return enqueueEmails(tx, messages);
  };
}

export function invitationEmail(options: { language: Language; churchName: string; siteUrl: string; name: string }) {
  const t = adminTranslator(options.language);
  const url = new URL("/auth", options.siteUrl);
  url.searchParams.set("tab", "magic");
  if (options.language === "es") url.searchParams.set("lang", "es");
  const values = { church: options.churchName, name: greetableName(options.name) };
  return {
    subject: interpolate(t("members.import.invitation.subject"), { church: values.church }),
    ...renderEmail({
      language: options.language,
      churchName: options.churchName,
      siteUrl: options.siteUrl,
      heading: interpolate(t("members.import.invitation.heading"), { church: values.church }),
      paragraphs: [
        values.name
          ? interpolate(t("members.import.invitation.greeting"), { name: values.name })
          : t("members.import.invitation.greetingNoName"),
        interpolate(t("members.import.invitation.intro"), { church: values.church }),
        t("members.import.invitation.how"),
      ],
      action: { label: t("members.import.invitation.action"), url: url.toString() },
      footnote: t("members.import.invitation.footnote"),
    }),
  };
}

export interface ImportView {
  id: string;
  fileName: string;
  format: ImportFormat;
  encoding: string;
  status: "uploaded" | "checked" | "running" | "paused" | "done";
  stalled: boolean;
  headers: string[];
  rowCount: number;
  preview: string[][];
  mapping: MemberImportMapping;
  missing: Array<"name" | "contact">;
  options: MemberImportOptions | null;
  report: ImportReport | null;
  nextRow: number;
  counts: MemberImportCounts | null;
  createdAt: string;
  finishedAt: string | null;
}

/** The import page: one import's step (its preview, report or progress), or the latest imports. */
export async function loadImportPage(options: { db: AppDatabase; id: string | null }) {
  const { db } = options;
  const recent = await db
    .select({
      id: memberImports.id,
      fileName: memberImports.fileName,
      status: memberImports.status,
      counts: memberImports.counts,
      rowCount: memberImports.rowCount,
      createdAt: memberImports.createdAt,
    })
    .from(memberImports)
    .orderBy(desc(memberImports.createdAt))
    .limit(10);
  const recentImports = recent.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }));
  if (!options.id) return { current: null, recent: recentImports, notFound: false };
  const stored = await findImport(db, options.id);
  if (!stored) return { current: null, recent: recentImports, notFound: true };
  let preview: string[][] = [];
  if (stored.source && (stored.status === "uploaded" || stored.status === "checked")) {
    preview = readStoredRows(stored.source)
      .rows.filter((row) => row.some((cell) => cell.trim() !== ""))
      .slice(0, IMPORT_PREVIEW_ROWS)
      .map((row) => row.map((cell) => (cell.length > 80 ? `${cell.slice(0, 79)}…` : cell)));
  }
  const current: ImportView = {
    id: stored.id,
    fileName: stored.fileName,
    format: stored.format as ImportFormat,
    encoding: stored.encoding,
    status: stored.status,
    stalled: stored.status === "running" && (!stored.heartbeatAt || stored.heartbeatAt.getTime() < Date.now() - IMPORT_STALL_MS),
    headers: stored.headers,
    rowCount: stored.rowCount,
    preview,
    mapping: stored.mapping,
    missing: missingColumns(stored.mapping),
    options: stored.options,
    report: (stored.report as ImportReport | null) ?? null,
    nextRow: stored.nextRow,
    counts: stored.counts,
    createdAt: stored.createdAt.toISOString(),
    finishedAt: stored.finishedAt?.toISOString() ?? null,
  };
  return { current, recent: recentImports, notFound: false };
}

export type ImportPageData = Awaited<ReturnType<typeof loadImportPage>>;
