import { desc, eq } from "drizzle-orm";
import { volunteerOpportunities, volunteerSignups } from "~/db/schema";
import type { AppDatabase } from "~/server/db.server";
import type { OpportunityFormValues } from "./opportunity-form";

export interface OpportunitySignupRow {
  id: string;
  name: string;
  email: string;
  phone: string | null;
  availability: string;
  message: string;
  language: "en" | "es";
  createdAt: string;
}

export interface OpportunityEditor {
  id: number | null;
  slug: string | null;
  active: boolean;
  values: OpportunityFormValues;
  signups: OpportunitySignupRow[];
}

/** The id in /admin/volunteers/:opportunityId, or null when it is not one. */
export function parseOpportunityId(value: string): number | null {
  return /^\d{1,9}$/.test(value) && Number(value) > 0 ? Number(value) : null;
}

/** The editor's values (empty for a new ministry) and the ministry's sign-ups, newest first; null when it does not exist. */
export async function loadOpportunityEditor(o: { db: AppDatabase; opportunityId: number | null }): Promise<OpportunityEditor | null> {
  if (o.opportunityId === null) {
    return { id: null, slug: null, active: true, values: { active: "on", sortOrder: "0" }, signups: [] };
  }
  const [row] = await o.db.select().from(volunteerOpportunities).where(eq(volunteerOpportunities.id, o.opportunityId));
  if (!row) return null;
  const signups = await o.db
    .select()
    .from(volunteerSignups)
    .where(eq(volunteerSignups.opportunityId, row.id))
    .orderBy(desc(volunteerSignups.createdAt), desc(volunteerSignups.id));
  return {
    id: row.id,
    slug: row.slug,
    active: row.active,
    values: {
      title: row.title,
      titleEs: row.titleEs ?? "",
      description: row.description,
      descriptionEs: row.descriptionEs ?? "",
      schedule: row.schedule,
      scheduleEs: row.scheduleEs ?? "",
      slug: row.slug,
      sortOrder: String(row.sortOrder),
      active: row.active ? "on" : "",
    },
    signups: signups.map((s) => ({
      id: s.id,
      name: s.name,
      email: s.email,
      phone: s.phone,
      availability: s.availability,
      message: s.message,
      language: s.language,
      createdAt: s.createdAt.toISOString(),
    })),
  };
}
