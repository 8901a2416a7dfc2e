import { eq, ne } from "drizzle-orm";
import { events } from "~/db/schema";
import type { AdminIdentity } from "~/platform/admin/admin-session.server";
import { recordAudit } from "~/platform/audit/record-audit.server";
import type { AppDatabase } from "~/server/db.server";
import { bumpContentVersion } from "~/platform/content/content-version.server";

export type SetFeaturedResult = { ok: true; changed: boolean } | { ok: false; status: 400 | 404 };

/** Makes one event the featured one (the flyer); every other event stops being featured. */
export async function setFeaturedEvent(options: {
  db: AppDatabase;
  actor: Pick<AdminIdentity, "userId" | "name">;
  ip: string;
  input: Record<string, unknown>;
}): Promise<SetFeaturedResult> {
  const raw = options.input.eventId;
  if (typeof raw !== "string" || !/^[1-9][0-9]{0,9}$/.test(raw)) return { ok: false, status: 400 };
  const eventId = Number(raw);
  return options.db.transaction(async (tx) => {
    const t = tx as unknown as AppDatabase;
    const [target] = await t.select({ id: events.id, slug: events.slug }).from(events).where(eq(events.id, eventId)).for("update");
    if (!target) return { ok: false, status: 404 } as const;
    const featured = await t.select({ id: events.id, slug: events.slug }).from(events).where(eq(events.isFeatured, true)).for("update");
    if (featured.length === 1 && featured[0]?.id === eventId) return { ok: true, changed: false } as const;
    await t.update(events).set({ isFeatured: false, updatedAt: new Date() }).where(ne(events.id, eventId));
    await t.update(events).set({ isFeatured: true, updatedAt: new Date() }).where(eq(events.id, eventId));
    await recordAudit({
      db: t,
      actor: options.actor,
      ipAddress: options.ip,
      entry: {
        action: "content.flyer.feature",
        entityType: "event",
        entityId: String(eventId),
        before: { featured: featured.map((e) => e.slug) },
        after: { featured: [target.slug] },
      },
    });
    await bumpContentVersion(t);
    return { ok: true, changed: true } as const;
  });
}
