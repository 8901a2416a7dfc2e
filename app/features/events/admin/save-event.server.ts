import { and, eq, gt, ne } from "drizzle-orm";
import { eventRegistrations, events } from "~/db/schema";
import { promoteWaitlisted } from "~/features/events/cancel-registration.server";
import { kickOutbox } from "~/server/messaging.server";
import type { AdminIdentity } from "~/platform/admin/admin-session.server";
import { recordAudit } from "~/platform/audit/record-audit.server";
import { bumpContentVersion } from "~/platform/content/content-version.server";
import type { AppDatabase } from "~/server/db.server";
import type { EventFieldError } from "./event-form";
import { slugify } from "~/lib/slugs";
import { uniqueSlug } from "~/platform/content/unique-slug.server";
import { RESERVED_SLUGS } from "./event-form";
import { parseEventInput, type EventInput, type EventPost } from "./parse-event-input.server";
import { removeImageFiles } from "~/platform/uploads/upload-image.server";
import { storeEventImage } from "./store-event-image.server";
import { isUniqueViolation } from "~/server/db-errors.server";

export type SaveEventResult =
  | { ok: true; id: number; created: boolean; changed: boolean; promoted?: number }
  | { ok: false; status: 400 | 404; reason: "invalid" | "notFound"; fieldErrors: Record<string, EventFieldError> };

type EventRow = typeof events.$inferSelect;

/**
 * Creates (`eventId` null) or updates an event from the form: every field checked first, then
 * the image (if one was sent), then the row, the featured switch (at most one featured
 * event), an audit entry and a new content version in one transaction. Invalid input writes
 * nothing.
 */
export async function saveEvent(options: {
  db: AppDatabase;
  actor: Pick<AdminIdentity, "userId" | "name">;
  ip: string;
  eventId: number | null;
  post: EventPost;
  timeZone: string;
  uploadDir: string;
  /** For the emails of waitlisted parties a larger capacity lets in. */
  siteUrl: string;
}): Promise<SaveEventResult> {
  const { db, eventId, post } = options;
  const invalid = (fieldErrors: Record<string, EventFieldError>) => ({ ok: false, status: 400, reason: "invalid", fieldErrors }) as const;
  let current: EventRow | undefined;
  if (eventId !== null) {
    [current] = await db.select().from(events).where(eq(events.id, eventId));
    if (!current) return { ok: false, status: 404, reason: "notFound", fieldErrors: {} };
  }
  const parsed = parseEventInput(post.values, post.weekdays, options.timeZone);
  const fieldErrors: Record<string, EventFieldError> = parsed.ok ? {} : { ...parsed.fieldErrors };
  if (!parsed.ok) return invalid(fieldErrors);
  const input = parsed.input;

  if (input.status === "cancelled" && current?.status !== "cancelled") fieldErrors.status = "cancelledStatus";
  const willHaveImage = Boolean(post.file) || (Boolean(current?.imageUrl) && !input.removeImage);
  if (willHaveImage && !input.imageAltEn) fieldErrors.imageAltEn = "altRequired";
  if (input.slug) {
    const [clash] = await db
      .select({ id: events.id })
      .from(events)
      .where(eventId === null ? eq(events.slug, input.slug) : and(eq(events.slug, input.slug), ne(events.id, eventId)));
    if (clash) fieldErrors.slug = "slugTaken";
  }
  if (Object.keys(fieldErrors).length > 0) return invalid(fieldErrors);

  let image: { url: string; files: string[] } | null = null;
  if (post.file) {
    const stored = await storeEventImage(post.file, options.uploadDir);
    if (!stored.ok) return invalid({ image: stored.error });
    image = stored;
  }

  try {
    const saved = await db.transaction(async (tx) => {
      const t = tx as unknown as AppDatabase;
      const slug =
        input.slug ?? (current ? current.slug : await uniqueSlug(t, events.slug, slugify(input.titleEn, "event"), RESERVED_SLUGS));
      const columns = toColumns(input, slug, image?.url ?? (input.removeImage ? null : (current?.imageUrl ?? null)), current);
      if (columns.isFeatured) {
        await t
          .update(events)
          .set({ isFeatured: false, updatedAt: new Date() })
          .where(eventId === null ? eq(events.isFeatured, true) : and(eq(events.isFeatured, true), ne(events.id, eventId)));
      }
      if (!current) {
        const [row] = await t.insert(events).values(columns).returning({ id: events.id });
        await recordAudit({
          db: t,
          actor: options.actor,
          ipAddress: options.ip,
          entry: { action: "event.create", entityType: "event", entityId: String(row!.id), after: auditable(columns) },
        });
        await bumpContentVersion(t);
        return { ok: true, id: row!.id, created: true, changed: true } as const;
      }
      const before: Record<string, unknown> = {};
      const after: Record<string, unknown> = {};
      const old = auditable(current as unknown as Record<string, unknown>);
      const next = auditable(columns);
      for (const [key, value] of Object.entries(next)) {
        if (canonical(old[key]) !== canonical(value)) {
          before[key] = old[key] ?? null;
          after[key] = value ?? null;
        }
      }
      if (Object.keys(after).length === 0) return { ok: true, id: current.id, created: false, changed: false } as const;
      // The lock registrations take: a capacity change and a sign-up are counted one after the other.
      await t.select({ id: events.id }).from(events).where(eq(events.id, current.id)).for("update");
      const [updated] = await t
        .update(events)
        .set({ ...columns, updatedAt: new Date() })
        .where(eq(events.id, current.id))
        .returning();
      // More places (or none needed): waitlisted parties that now fit go in, and are emailed.
      const promoted = await promoteAllWaitlisted(t, updated!, options.siteUrl);
      await recordAudit({
        db: t,
        actor: options.actor,
        ipAddress: options.ip,
        entry: { action: "event.update", entityType: "event", entityId: String(current.id), before, after },
      });
      await bumpContentVersion(t);
      return { ok: true, id: current.id, created: false, changed: true, promoted } as const;
    });
    if (saved.ok && (saved.promoted ?? 0) > 0) kickOutbox();
    return saved;
  } catch (error) {
    if (image) await removeImageFiles(image.files);
    if (isUniqueViolation(error)) return invalid({ slug: "slugTaken" });
    throw error;
  }
}

function toColumns(input: EventInput, slug: string, imageUrl: string | null, current: EventRow | undefined) {
  return {
    slug,
    titleEn: input.titleEn,
    titleEs: input.titleEs,
    descriptionEn: input.descriptionEn,
    descriptionEs: input.descriptionEs,
    category: input.category,
    startsAt: input.startsAt,
    endsAt: input.endsAt,
    locationName: input.locationName,
    address: input.address,
    mapUrl: input.mapUrl,
    imageUrl,
    imageAltEn: input.imageAltEn,
    imageAltEs: input.imageAltEs,
    isFeatured: input.isFeatured,
    status: input.status,
    // Un-cancelling clears the date; staying cancelled keeps it.
    cancelledAt: input.status === "cancelled" ? (current?.cancelledAt ?? new Date()) : null,
    recurrence: input.recurrence,
    excludedDates: input.excludedDates,
    capacity: input.capacity,
    rsvpEnabled: input.rsvpEnabled,
    guestRegistration: input.guestRegistration,
    maxPartySize: input.maxPartySize,
    needsFollowUp: input.needsFollowUp,
    registrationQuestions: input.registrationQuestions,
  };
}

const AUDITED = [
  "slug",
  "titleEn",
  "titleEs",
  "descriptionEn",
  "descriptionEs",
  "category",
  "startsAt",
  "endsAt",
  "locationName",
  "address",
  "mapUrl",
  "imageUrl",
  "imageAltEn",
  "imageAltEs",
  "isFeatured",
  "status",
  "cancelledAt",
  "recurrence",
  "excludedDates",
  "capacity",
  "rsvpEnabled",
  "guestRegistration",
  "maxPartySize",
  "needsFollowUp",
  "registrationQuestions",
] as const;

/** The audited columns, dates as ISO strings. */
export function auditable(row: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key of AUDITED) {
    const value = row[key];
    out[key] = value instanceof Date ? value.toISOString() : (value ?? null);
  }
  return out;
}

/** JSON with object keys sorted: jsonb columns come back with their keys reordered. */
function canonical(value: unknown): string {
  return JSON.stringify(value ?? null, (_key, v: unknown) =>
    v && typeof v === "object" && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : v,
  );
}

/** Promotes the waitlist of every future occurrence of the event that has one. */
async function promoteAllWaitlisted(db: AppDatabase, event: EventRow, siteUrl: string): Promise<number> {
  const now = new Date();
  const occurrences = await db
    .selectDistinct({ start: eventRegistrations.occurrenceStart })
    .from(eventRegistrations)
    .where(
      and(
        eq(eventRegistrations.eventId, event.id),
        eq(eventRegistrations.status, "waitlisted"),
        gt(eventRegistrations.occurrenceStart, now),
      ),
    );
  let promoted = 0;
  for (const { start } of occurrences) promoted += await promoteWaitlisted(db, { event, occurrenceStart: start, siteUrl, now });
  return promoted;
}
