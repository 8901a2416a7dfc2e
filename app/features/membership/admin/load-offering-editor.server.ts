import { asc, desc, eq } from "drizzle-orm";
import { classOfferings, classSessions, classSignups } from "~/db/schema";
import type { AppDatabase } from "~/server/db.server";
import { offeringFormValues, type OfferingFormValues } from "./offering-form";

export interface OfferingEditor {
  id: number | null;
  slug: string | null;
  status: string;
  values: OfferingFormValues;
  signups: { id: string; name: string; email: string; phone: string | null; createdAt: string; status: "registered" | "cancelled" }[];
}

/** The class form's values and the class's sign-ups; null when `offeringId` names no class. */
export async function loadOfferingEditor(o: {
  db: AppDatabase;
  offeringId: number | null;
  timeZone: string;
}): Promise<OfferingEditor | null> {
  if (o.offeringId === null)
    return { id: null, slug: null, status: "draft", values: offeringFormValues(null, [], o.timeZone), signups: [] };
  const [offering] = await o.db.select().from(classOfferings).where(eq(classOfferings.id, o.offeringId)).limit(1);
  if (!offering) return null;
  const [sessions, signups] = await Promise.all([
    o.db.select().from(classSessions).where(eq(classSessions.offeringId, offering.id)).orderBy(asc(classSessions.sessionNumber)),
    o.db
      .select()
      .from(classSignups)
      .where(eq(classSignups.offeringId, offering.id))
      .orderBy(asc(classSignups.status), desc(classSignups.createdAt)),
  ]);
  return {
    id: offering.id,
    slug: offering.slug,
    status: offering.status,
    values: offeringFormValues(offering, sessions, o.timeZone),
    signups: signups.map((s) => ({
      id: s.id,
      name: s.name,
      email: s.email,
      phone: s.phone,
      createdAt: s.createdAt.toISOString(),
      status: s.status,
    })),
  };
}

/** A positive integer id from a URL or form value; null otherwise. */
export function parseOfferingId(value: unknown): number | null {
  if (typeof value !== "string" || !/^\d{1,9}$/.test(value)) return null;
  const id = Number(value);
  return id > 0 ? id : null;
}
