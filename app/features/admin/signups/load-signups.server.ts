import { and, asc, desc, eq, inArray, sql, type SQL } from "drizzle-orm";
import {
  adminUsers,
  classOfferings,
  classSessions,
  classSignups,
  events,
  membershipApplications,
  profiles,
  signupInbox,
  users,
  volunteerOpportunities,
  volunteerSignups,
} from "~/db/schema";
import { churchTimeZone } from "~/platform/church/church-time-zone.server";
import type { Language } from "~/i18n/config";
import type { AppDatabase } from "~/server/db.server";
import type { ApplicationStatus, KindFilter, SignupFilter, SignupStatus } from "./signups-input";

export interface ClassDetails {
  offeringId: number;
  title: string;
  place: string | null;
  phone: string | null;
  signupStatus: "registered" | "cancelled";
  sessions: { number: number; start: string; topic: string }[];
}

export interface ApplicationDetails {
  id: string;
  fullName: string;
  email: string;
  phone: string | null;
  birthDate: string | null;
  address: string | null;
  baptized: "yes" | "no" | "unsure";
  baptismDate: string | null;
  baptismChurch: string | null;
  previousChurch: string | null;
  howHeard: string | null;
  message: string | null;
  status: ApplicationStatus;
  decidedByName: string | null;
  decidedAt: string | null;
  /** Whose member record an approval changes: the linked account, else the account with this verified email. */
  account: { userId: string; how: "linked" | "email"; membershipStatus: string | null } | null;
}

export interface VolunteerDetails {
  /** Null when the ministry has since been deleted (the title is then the one signed up under). */
  opportunityId: number | null;
  title: string;
  availability: string;
  phone: string | null;
  message: string;
}

export interface SignupItem {
  id: string;
  kind: (typeof signupInbox.kind.enumValues)[number];
  eventTitle: string | null;
  name: string;
  email: string;
  language: Language;
  summary: string;
  status: SignupStatus;
  assigneeUserId: string | null;
  notes: string;
  createdAt: string;
  classDetails: ClassDetails | null;
  application: ApplicationDetails | null;
  volunteer: VolunteerDetails | null;
}

export interface SignupsPageData {
  filter: SignupFilter;
  kind: KindFilter;
  timeZone: string;
  items: SignupItem[];
  admins: { userId: string; name: string }[];
  counts: Record<SignupStatus, number>;
}

const LIMIT = 500;

/** The account an application's approval makes a member: the linked one, else one with that verified email. */
export async function findApplicantAccount(db: AppDatabase, application: { userId: string | null; email: string }) {
  if (application.userId) return { userId: application.userId, how: "linked" as const };
  const [user] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(sql`lower(${users.email}) = ${application.email.toLowerCase()}`, eq(users.emailVerified, true)))
    .orderBy(asc(users.createdAt))
    .limit(1);
  return user ? { userId: user.id, how: "email" as const } : null;
}

/** findApplicantAccount for many applications in one query; keyed by application id. */
async function findApplicantAccounts(db: AppDatabase, applications: { id: string; userId: string | null; email: string }[]) {
  const found = new Map<string, { userId: string; how: "linked" | "email" }>();
  const emails = [...new Set(applications.filter((a) => !a.userId).map((a) => a.email.toLowerCase()))];
  const byEmail = new Map<string, string>();
  if (emails.length) {
    const rows = await db
      .select({ id: users.id, email: sql<string>`lower(${users.email})` })
      .from(users)
      .where(and(inArray(sql`lower(${users.email})`, emails), eq(users.emailVerified, true)))
      .orderBy(asc(users.createdAt));
    // Oldest first, as findApplicantAccount's `limit 1`: keep the first per email.
    for (const row of rows) if (!byEmail.has(row.email)) byEmail.set(row.email, row.id);
  }
  for (const a of applications) {
    if (a.userId) found.set(a.id, { userId: a.userId, how: "linked" });
    else {
      const userId = byEmail.get(a.email.toLowerCase());
      if (userId) found.set(a.id, { userId, how: "email" });
    }
  }
  return found;
}

/**
 * The sign-up inbox with one status (or all) and one kind (or all), newest first, with each
 * item's details (a class sign-up's offering and sessions, a membership application in full,
 * a volunteer's ministry, availability and message)
 * and the administrators to assign.
 */
export async function loadSignups(options: {
  db: AppDatabase;
  language: Language;
  filter: SignupFilter;
  kind?: KindFilter;
}): Promise<SignupsPageData> {
  const { db, language, filter } = options;
  const kind = options.kind ?? "all";
  const conditions: SQL[] = [];
  if (filter !== "all") conditions.push(eq(signupInbox.status, filter));
  if (kind !== "all") conditions.push(eq(signupInbox.kind, kind));
  const query = db
    .select({
      id: signupInbox.id,
      kind: signupInbox.kind,
      titleEn: events.titleEn,
      titleEs: events.titleEs,
      name: signupInbox.name,
      email: signupInbox.email,
      language: signupInbox.language,
      summary: signupInbox.summary,
      status: signupInbox.status,
      assigneeUserId: signupInbox.assigneeUserId,
      notes: signupInbox.notes,
      createdAt: signupInbox.createdAt,
      classSignupId: signupInbox.classSignupId,
      applicationId: signupInbox.applicationId,
      volunteerSignupId: signupInbox.volunteerSignupId,
    })
    .from(signupInbox)
    .leftJoin(events, eq(events.id, signupInbox.eventId));
  const [rows, admins, all, timeZone] = await Promise.all([
    (conditions.length ? query.where(and(...conditions)) : query).orderBy(desc(signupInbox.createdAt), desc(signupInbox.id)).limit(LIMIT),
    db.select({ userId: adminUsers.userId, name: adminUsers.name }).from(adminUsers).orderBy(asc(adminUsers.name), asc(adminUsers.userId)),
    db
      .select({ status: signupInbox.status, count: sql<number>`count(*)::int` })
      .from(signupInbox)
      .where(kind === "all" ? undefined : eq(signupInbox.kind, kind))
      .groupBy(signupInbox.status),
    churchTimeZone(db),
  ]);
  const counts: Record<SignupStatus, number> = { new: 0, contacted: 0, done: 0 };
  for (const row of all) counts[row.status] = Number(row.count);

  const classIds = rows.map((r) => r.classSignupId).filter((id): id is string => Boolean(id));
  const applicationIds = rows.map((r) => r.applicationId).filter((id): id is string => Boolean(id));
  const volunteerIds = rows.map((r) => r.volunteerSignupId).filter((id): id is string => Boolean(id));
  const [classRows, applicationRows, volunteerRows] = await Promise.all([
    classIds.length
      ? db
          .select({ signup: classSignups, offering: classOfferings })
          .from(classSignups)
          .innerJoin(classOfferings, eq(classOfferings.id, classSignups.offeringId))
          .where(inArray(classSignups.id, classIds))
      : Promise.resolve([]),
    applicationIds.length
      ? db
          .select({ application: membershipApplications, decidedByName: adminUsers.name })
          .from(membershipApplications)
          .leftJoin(adminUsers, eq(adminUsers.userId, membershipApplications.decidedBy))
          .where(inArray(membershipApplications.id, applicationIds))
      : Promise.resolve([]),
    volunteerIds.length
      ? db
          .select({ signup: volunteerSignups, titleEn: volunteerOpportunities.title, titleEs: volunteerOpportunities.titleEs })
          .from(volunteerSignups)
          .leftJoin(volunteerOpportunities, eq(volunteerOpportunities.id, volunteerSignups.opportunityId))
          .where(inArray(volunteerSignups.id, volunteerIds))
      : Promise.resolve([]),
  ]);
  const volunteers = new Map<string, VolunteerDetails>(
    volunteerRows.map(({ signup, titleEn, titleEs }) => [
      signup.id,
      {
        opportunityId: titleEn === null ? null : signup.opportunityId,
        title: titleEn === null ? signup.opportunityTitle : (language === "es" ? titleEs : null) || titleEn,
        availability: signup.availability,
        phone: signup.phone,
        message: signup.message,
      },
    ]),
  );
  const offeringIds = [...new Set(classRows.map((r) => r.offering.id))];
  const sessionRows = offeringIds.length
    ? await db.select().from(classSessions).where(inArray(classSessions.offeringId, offeringIds)).orderBy(asc(classSessions.sessionNumber))
    : [];
  const classes = new Map<string, ClassDetails>(
    classRows.map(({ signup, offering }) => [
      signup.id,
      {
        offeringId: offering.id,
        title: (language === "es" ? offering.titleEs : null) || offering.titleEn,
        place: offering.locationName,
        phone: signup.phone,
        signupStatus: signup.status,
        sessions: sessionRows
          .filter((s) => s.offeringId === offering.id)
          .map((s) => ({
            number: s.sessionNumber,
            start: s.startsAt.toISOString(),
            topic: (language === "es" ? s.topicEs : null) || s.topicEn,
          })),
      },
    ]),
  );
  // The accounts and their membership status for all applications at once (not 2 queries each).
  const accounts = await findApplicantAccounts(
    db,
    applicationRows.map((r) => r.application),
  );
  const accountUserIds = [...new Set([...accounts.values()].map((a) => a.userId))];
  const statusRows = accountUserIds.length
    ? await db
        .select({ id: profiles.id, membershipStatus: profiles.membershipStatus })
        .from(profiles)
        .where(inArray(profiles.id, accountUserIds))
    : [];
  const membershipStatusOf = new Map(statusRows.map((r) => [r.id, r.membershipStatus]));
  const applications = new Map<string, ApplicationDetails>();
  for (const { application: a, decidedByName } of applicationRows) {
    const account = accounts.get(a.id) ?? null;
    const membershipStatus = account ? (membershipStatusOf.get(account.userId) ?? null) : null;
    applications.set(a.id, {
      id: a.id,
      fullName: a.fullName,
      email: a.email,
      phone: a.phone,
      birthDate: a.birthDate,
      address: a.address,
      baptized: a.baptized,
      baptismDate: a.baptismDate,
      baptismChurch: a.baptismChurch,
      previousChurch: a.previousChurch,
      howHeard: a.howHeard,
      message: a.message,
      status: a.status,
      decidedByName: decidedByName ?? null,
      decidedAt: a.decidedAt?.toISOString() ?? null,
      account: account ? { ...account, membershipStatus } : null,
    });
  }

  return {
    filter,
    kind,
    timeZone,
    admins,
    counts,
    items: rows.map((row) => ({
      id: row.id,
      kind: row.kind,
      eventTitle: row.titleEn ? (language === "es" ? row.titleEs : null) || row.titleEn : null,
      name: row.name,
      email: row.email,
      language: row.language,
      summary: row.summary,
      status: row.status,
      assigneeUserId: row.assigneeUserId,
      notes: row.notes,
      createdAt: row.createdAt.toISOString(),
      classDetails: row.classSignupId ? (classes.get(row.classSignupId) ?? null) : null,
      application: row.applicationId ? (applications.get(row.applicationId) ?? null) : null,
      volunteer: row.volunteerSignupId ? (volunteers.get(row.volunteerSignupId) ?? null) : null,
    })),
  };
}
