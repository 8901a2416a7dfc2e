import { and, asc, eq, inArray } from "drizzle-orm";
import { groupMembers, profiles, studyGroups, users } from "~/db/schema";
import { displayNameSql, mailableEmail } from "~/platform/people/people.server";
import type { AppDatabase } from "~/server/db.server";
import type { GroupFormValues } from "./group-form";

export interface EditorPerson {
  id: string;
  name: string;
  email: string | null;
  role: "leader" | "member";
  status: "pending" | "active";
  message: string;
  since: string;
}

export interface GroupEditor {
  id: number | null;
  slug: string | null;
  status: "active" | "archived";
  values: GroupFormValues;
  people: EditorPerson[];
}

const str = (v: string | number | null | undefined) => (v == null ? "" : String(v));

/** The form's values for a group (or the defaults of a new one) and its leaders, members and requests. */
export async function loadGroupEditor({ db, groupId }: { db: AppDatabase; groupId: number | null }): Promise<GroupEditor | null> {
  if (groupId === null) {
    return {
      id: null,
      slug: null,
      status: "active",
      values: {
        dayOfWeek: "3",
        startTime: "19:00",
        durationMinutes: "90",
        meetingMode: "in_person",
        language: "en",
        status: "active",
        isOpen: "on",
      },
      people: [],
    };
  }
  const [group] = await db.select().from(studyGroups).where(eq(studyGroups.id, groupId));
  if (!group) return null;
  // Administrators run the group: they see members' account emails, not only what the directory shows.
  const rows = await db
    .select({
      id: groupMembers.id,
      name: displayNameSql,
      email: users.email,
      role: groupMembers.role,
      status: groupMembers.status,
      message: groupMembers.message,
      since: groupMembers.updatedAt,
    })
    .from(groupMembers)
    .innerJoin(users, eq(users.id, groupMembers.userId))
    .leftJoin(profiles, eq(profiles.id, groupMembers.userId))
    .where(and(eq(groupMembers.groupId, group.id), inArray(groupMembers.status, ["pending", "active"])))
    .orderBy(asc(groupMembers.role), asc(displayNameSql));
  return {
    id: group.id,
    slug: group.slug,
    status: group.status,
    values: {
      nameEn: group.nameEn,
      nameEs: str(group.nameEs),
      descriptionEn: group.descriptionEn,
      descriptionEs: str(group.descriptionEs),
      scheduleNotesEn: str(group.scheduleNotesEn),
      scheduleNotesEs: str(group.scheduleNotesEs),
      slug: group.slug,
      dayOfWeek: String(group.dayOfWeek),
      startTime: group.startTime,
      durationMinutes: String(group.durationMinutes),
      meetingMode: group.meetingMode,
      locationName: str(group.locationName),
      address: str(group.address),
      onlineUrl: str(group.onlineUrl),
      language: group.language,
      contactName: str(group.contactName),
      capacity: str(group.capacity),
      status: group.status,
      isOpen: group.isOpen ? "on" : "",
    },
    people: rows.map((r) => ({
      id: r.id,
      name: r.name,
      email: mailableEmail(r.email),
      role: r.role,
      status: r.status as "pending" | "active",
      message: r.message,
      since: r.since.toISOString(),
    })),
  };
}
