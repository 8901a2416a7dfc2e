import { eq } from "drizzle-orm";
import { events } from "~/db/schema";
import type { AdminIdentity } from "~/platform/admin/admin-session.server";
import { recordAudit } from "~/platform/audit/record-audit.server";
import { bumpContentVersion } from "~/platform/content/content-version.server";
import type { AppDatabase } from "~/server/db.server";
import { uniqueSlug } from "~/platform/content/unique-slug.server";
import { RESERVED_SLUGS } from "./event-form";

export type DuplicateEventResult = { ok: true; id: number; slug: string } | { ok: false; status: 400 | 404 };

/** Copies an event as a draft (never featured, never cancelled) with the slug `<slug>-copy`, made unique. */
export async function duplicateEvent(options: {
  db: AppDatabase;
  actor: Pick<AdminIdentity, "userId" | "name">;
  ip: string;
  eventId: number | null;
}): Promise<DuplicateEventResult> {
  const { eventId } = options;
  if (eventId === null) return { ok: false, status: 400 };
  return options.db.transaction(async (tx) => {
    const t = tx as unknown as AppDatabase;
    const [source] = await t.select().from(events).where(eq(events.id, eventId));
    if (!source) return { ok: false, status: 404 } as const;
    const slug = await uniqueSlug(t, events.slug, `${source.slug.slice(0, 90)}-copy`, RESERVED_SLUGS);
    const { id: _id, createdAt: _c, updatedAt: _u, ...copy } = source;
    const [row] = await t
      .insert(events)
      .values({ ...copy, slug, status: "draft", isFeatured: false, cancelledAt: null })
      .returning({ id: events.id });
    await recordAudit({
      db: t,
      actor: options.actor,
      ipAddress: options.ip,
      entry: {
        action: "event.duplicate",
        entityType: "event",
        entityId: String(row!.id),
        before: { from: source.slug },
        after: { slug, status: "draft" },
      },
    });
    await bumpContentVersion(t);
    return { ok: true, id: row!.id, slug } as const;
  });
}

/** An event id from a form field, or null. */
export function parseEventId(raw: unknown): number | null {
  return typeof raw === "string" && /^[1-9][0-9]{0,9}$/.test(raw) && Number(raw) <= 2_147_483_647 ? Number(raw) : null;
}
