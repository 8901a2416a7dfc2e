import { eq, or, sql } from "drizzle-orm";
import { profiles, users } from "~/db/schema";
import type { AppDatabase } from "~/server/db.server";
import type { ImportPerson } from "./check-import-rows";

/** A person already on the site that an import row matched. */
export interface ExistingPerson {
  id: string;
  name: string;
  hasProfile: boolean;
  fullName: string | null;
  phone: string | null;
  memberSince: string | null;
  by: "email" | "phone";
}

/** A stored phone's digits as E.164 compares them: ten digits are a US number (+1). */
const profilePhoneDigits = sql<string>`(case when length(regexp_replace(coalesce(${profiles.phone}, ''), '[^0-9]', '', 'g')) = 10
  then '1' || regexp_replace(${profiles.phone}, '[^0-9]', '', 'g')
  else regexp_replace(coalesce(${profiles.phone}, ''), '[^0-9]', '', 'g') end)`;

const CHUNK = 1000;

/**
 * The people already on the site that `people` are, by email address (any case) or by phone
 * (the sign-in number, or the profile's number however it was written). The address wins over
 * the number when they point at different people.
 */
export async function matchExistingPeople(db: AppDatabase, people: readonly ImportPerson[]): Promise<Map<number, ExistingPerson>> {
  const found = new Map<number, ExistingPerson>();
  for (let start = 0; start < people.length; start += CHUNK) {
    const chunk = people.slice(start, start + CHUNK);
    const emails = chunk.flatMap((person) => (person.email ? [person.email] : []));
    const phones = chunk.flatMap((person) => (person.phone ? [person.phone] : []));
    if (emails.length === 0 && phones.length === 0) continue;
    // One text parameter per list (addresses and E.164 numbers hold no comma), not one per
    // value: a thousand-value IN list costs PGlite's planner hundreds of MB (bench/README.md).
    const list = (values: readonly string[]) => sql`any(string_to_array(${values.join(",")}, ','))`;
    const conditions = [];
    if (emails.length) conditions.push(sql`lower(${users.email}) = ${list(emails)}`);
    if (phones.length) {
      conditions.push(sql`${users.phoneNumber} = ${list(phones)}`);
      conditions.push(sql`${profilePhoneDigits} = ${list(phones.map((phone) => phone.slice(1)))}`);
    }
    const rows = await db
      .select({
        id: users.id,
        email: sql<string>`lower(${users.email})`,
        accountName: users.name,
        signInPhone: users.phoneNumber,
        profileId: profiles.id,
        fullName: profiles.fullName,
        phone: profiles.phone,
        phoneDigits: profilePhoneDigits,
        memberSince: profiles.memberSince,
      })
      .from(users)
      .leftJoin(profiles, eq(profiles.id, users.id))
      .where(or(...conditions));
    const byEmail = new Map<string, (typeof rows)[number]>();
    const byPhone = new Map<string, (typeof rows)[number]>();
    for (const row of rows) {
      byEmail.set(row.email, row);
      if (row.signInPhone) byPhone.set(row.signInPhone, row);
      if (row.phoneDigits) byPhone.set(`+${row.phoneDigits}`, row);
    }
    for (const person of chunk) {
      const emailMatch = person.email ? byEmail.get(person.email) : undefined;
      const match = emailMatch ?? (person.phone ? byPhone.get(person.phone) : undefined);
      if (!match) continue;
      found.set(person.index, {
        id: match.id,
        name: match.fullName || match.accountName,
        hasProfile: match.profileId !== null,
        fullName: match.fullName,
        phone: match.phone,
        memberSince: match.memberSince,
        by: emailMatch ? "email" : "phone",
      });
    }
  }
  return found;
}
