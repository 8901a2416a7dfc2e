import { eq } from "drizzle-orm";
import { profiles } from "~/db/schema";
import { churchTimeZone } from "~/platform/church/church-time-zone.server";
import type { MemberSession } from "~/platform/auth/get-current-member.server";
import { createCalendarFeedToken } from "~/features/events/calendar-feed-token.server";
import type { Language } from "~/i18n/config";
import type { AppDatabase } from "~/server/db.server";
import { hasPassword } from "./has-password.server";
import { listMemberSessions } from "./list-member-sessions.server";
import { dateTimeFormat } from "~/i18n/intl-format";

export interface LoadMemberSettingsOptions {
  db: AppDatabase;
  session: MemberSession;
  language: Language;
}

/**
 * Everything /settings shows: the profile as saved, whether the member has a password and
 * two-factor, and where they are signed in (dates formatted here, in the church's time
 * zone, so the server and the browser render the same text).
 */
export async function loadMemberSettings({ db, session, language }: LoadMemberSettingsOptions) {
  const userId = session.member.id;
  // The session lookup already read the user (its sign-in phone) and the profile, once per
  // request and method (getCurrentMember): after a save, the page's loaders look again.
  const profile = session.profile;
  const [timeZone, passwordSet, sessionRows, [feed]] = await Promise.all([
    churchTimeZone(db),
    hasPassword({ db, userId }),
    listMemberSessions({ db, userId, currentSessionId: session.sessionId }),
    db.select({ version: profiles.calendarFeedVersion }).from(profiles).where(eq(profiles.id, userId)).limit(1),
  ]);
  const format = dateTimeFormat(language, { dateStyle: "medium", timeStyle: "short", timeZone });
  return {
    email: session.member.email,
    profile: {
      fullName: profile?.fullName ?? "",
      displayName: profile?.displayName ?? "",
      username: profile?.username ?? "",
      phone: profile?.phone ?? "",
      preferredLanguage: profile?.preferredLanguage ?? session.member.preferredLanguage,
      /** What other members may see in the members directory (the member's choice). */
      directoryListed: profile?.directoryListed ?? false,
      directoryShowEmail: profile?.directoryShowEmail ?? false,
      directoryShowPhone: profile?.directoryShowPhone ?? false,
    },
    /** The number proven by a texted code: the one phone sign-in uses (null: none yet). */
    signInPhone: session.signInPhone,
    hasPassword: passwordSet,
    twoFactorEnabled: session.member.twoFactorEnabled,
    /** The private calendar link of the events the member signed up for (a reset replaces it). */
    calendarFeedUrl: `/events/mine.ics?token=${encodeURIComponent(createCalendarFeedToken(userId, feed?.version ?? 0))}`,
    sessions: sessionRows.map((row) => ({
      id: row.id,
      current: row.current,
      device: row.device,
      signedInAt: row.createdAt.toISOString(),
      signedInText: format.format(row.createdAt),
    })),
  };
}

export type MemberSettings = Awaited<ReturnType<typeof loadMemberSettings>>;
