import { greetableName } from "~/platform/email/email-content";
import { renderEmail } from "~/platform/email/render-email";
import type { Language } from "~/i18n/config";
import type { AppDatabase } from "~/server/db.server";
import { enqueueEmail } from "~/server/outbox.server";
import { groupsAdminTranslator } from "./groups-admin-translation";
import type { GroupRow } from "./group-people.server";
import { leaderRecipients } from "./group-people.server";
import { personOf } from "~/platform/people/people.server";
import { churchName } from "~/platform/church/church-settings.server";

const groupName = (group: GroupRow, language: Language) => (language === "es" ? group.nameEs : null) || group.nameEn;
const groupUrl = (siteUrl: string, group: GroupRow, language: Language) =>
  new URL(`/community/groups/${encodeURIComponent(group.slug)}${language === "es" ? "?lang=es" : ""}`, siteUrl).toString();

/**
 * "Someone asked to join your group": one email to each of the group's leaders, in each
 * leader's language. Call inside the transaction that stored the request.
 */
export async function queueJoinRequestEmails(
  db: AppDatabase,
  o: { group: GroupRow; requesterName: string; message: string; siteUrl: string },
): Promise<number> {
  const leaders = await leaderRecipients(db, o.group.id);
  for (const leader of leaders) {
    const t = groupsAdminTranslator(leader.language);
    const values = {
      group: groupName(o.group, leader.language),
      name: greetableName(leader.name),
      requester: greetableName(o.requesterName) || t("emails.someone"),
    };
    await enqueueEmail(db, {
      to: leader.email,
      subject: t("emails.request.subject", values),
      ...renderEmail({
        language: leader.language,
        churchName: await churchName(db, leader.language),
        siteUrl: o.siteUrl,
        heading: t("emails.request.heading", values),
        paragraphs: [
          values.name ? t("emails.greeting", values) : t("emails.greetingNoName"),
          t("emails.request.intro", values),
          ...(o.message ? [t("emails.request.message", { message: o.message })] : []),
          t("emails.request.next"),
        ],
        action: { label: t("emails.request.action"), url: groupUrl(o.siteUrl, o.group, leader.language) },
      }),
    });
  }
  return leaders.length;
}

/** "You're in" or "Not this time": to the member, in their language. */
export async function queueDecisionEmail(
  db: AppDatabase,
  o: { group: GroupRow; userId: string; decision: "accepted" | "declined"; siteUrl: string },
): Promise<boolean> {
  const person = await personOf(db, o.userId);
  if (!person?.email) return false;
  const t = groupsAdminTranslator(person.language);
  const values = { group: groupName(o.group, person.language), name: greetableName(person.name) };
  const part = o.decision === "accepted" ? "accepted" : "declined";
  await enqueueEmail(db, {
    to: person.email,
    subject: t(`emails.${part}.subject`, values),
    ...renderEmail({
      language: person.language,
      churchName: await churchName(db, person.language),
      siteUrl: o.siteUrl,
      heading: t(`emails.${part}.heading`, values),
      paragraphs: [values.name ? t("emails.greeting", values) : t("emails.greetingNoName"), t(`emails.${part}.intro`, values)],
      action: {
        label: t(`emails.${part}.action`),
        url:
          o.decision === "accepted"
            ? groupUrl(o.siteUrl, o.group, person.language)
            : new URL(`/community${person.language === "es" ? "?lang=es" : ""}`, o.siteUrl).toString(),
      },
    }),
  });
  return true;
}
