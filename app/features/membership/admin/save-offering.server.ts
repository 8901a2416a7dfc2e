import { randomBytes } from "node:crypto";
import { asc, eq } from "drizzle-orm";
import { classOfferings, classSessions } from "~/db/schema";
import type { AdminIdentity } from "~/platform/admin/admin-session.server";
import { recordAudit } from "~/platform/audit/record-audit.server";
import { bumpContentVersion } from "~/platform/content/content-version.server";
import type { AppDatabase } from "~/server/db.server";
import type { OfferingInput } from "./parse-offering-input.server";

export type SaveOfferingResult = { ok: true; id: number; created: boolean } | { ok: false; status: 404 };

/** A URL-safe slug from the English title, with a short random suffix so it is unique. */
function slugOf(title: string): string {
  const base = title
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "")
    .slice(0, 60);
  return `${base || "class"}-${randomBytes(3).toString("hex")}`;
}

const auditView = (offering: Omit<OfferingInput, "sessions">, sessions: OfferingInput["sessions"]) => ({
  ...offering,
  sessions: sessions.map((s) => ({
    number: s.sessionNumber,
    startsAt: s.startsAt.toISOString(),
    endsAt: s.endsAt?.toISOString() ?? null,
    topicEn: s.topicEn,
    topicEs: s.topicEs,
  })),
});

/** Creates a class or replaces one's fields and sessions, audited (`class.create` / `class.update`). */
export async function saveOffering(o: {
  db: AppDatabase;
  actor: Pick<AdminIdentity, "userId" | "name">;
  ip: string;
  offeringId: number | null;
  input: OfferingInput;
}): Promise<SaveOfferingResult> {
  const { sessions, ...fields } = o.input;
  return o.db.transaction(async (tx): Promise<SaveOfferingResult> => {
    const db = tx as unknown as AppDatabase;
    const now = new Date();
    let id: number;
    let before: unknown = null;
    if (o.offeringId === null) {
      const [row] = await tx
        .insert(classOfferings)
        .values({ ...fields, slug: slugOf(fields.titleEn) })
        .returning({ id: classOfferings.id });
      if (!row) throw new Error("The class insert returned no row");
      id = row.id;
    } else {
      const [existing] = await tx.select().from(classOfferings).where(eq(classOfferings.id, o.offeringId)).for("update");
      if (!existing) return { ok: false, status: 404 };
      id = existing.id;
      const oldSessions = await tx
        .select()
        .from(classSessions)
        .where(eq(classSessions.offeringId, id))
        .orderBy(asc(classSessions.sessionNumber));
      before = auditView(
        {
          titleEn: existing.titleEn,
          titleEs: existing.titleEs,
          descriptionEn: existing.descriptionEn,
          descriptionEs: existing.descriptionEs,
          locationName: existing.locationName,
          capacity: existing.capacity,
          status: existing.status,
        },
        oldSessions,
      );
      await tx
        .update(classOfferings)
        .set({ ...fields, updatedAt: now })
        .where(eq(classOfferings.id, id));
      await tx.delete(classSessions).where(eq(classSessions.offeringId, id));
    }
    if (sessions.length > 0) await tx.insert(classSessions).values(sessions.map((s) => ({ ...s, offeringId: id })));
    await recordAudit({
      db,
      actor: o.actor,
      ipAddress: o.ip,
      entry: {
        action: o.offeringId === null ? "class.create" : "class.update",
        entityType: "class_offering",
        entityId: String(id),
        before,
        after: auditView(fields, sessions),
      },
    });
    await bumpContentVersion(db);
    return { ok: true, id, created: o.offeringId === null };
  });
}
