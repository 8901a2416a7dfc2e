import { and, eq, inArray } from "drizzle-orm";
import { data } from "react-router";
import { classSignups } from "~/db/schema";
import { getCurrentMember } from "~/platform/auth/get-current-member.server";
import { loadIntroPage } from "~/platform/content/load-intro-page.server";
import { getRequestContext } from "~/server/request-context.server";
import { listOpenOfferings } from "./list-open-offerings.server";
import { getMembershipChurch } from "~/platform/church/church-calendar.server";

/** /kingdom-builders-class: the intro from content, the open offerings, and who is asking. */
export async function loadClassPage({ request, url }: { request: Request; url: URL }) {
  const { db, language } = getRequestContext(request);
  const intro = await loadIntroPage({ request, url });
  const church = await getMembershipChurch(db, language);
  const [offerings, session] = await Promise.all([
    listOpenOfferings({ db, language, timeZone: church.timeZone }),
    getCurrentMember({ db, request }),
  ]);
  let signedUp: number[] = [];
  if (session && offerings.length > 0) {
    const rows = await db
      .select({ offeringId: classSignups.offeringId })
      .from(classSignups)
      .where(
        and(
          eq(classSignups.userId, session.member.id),
          eq(classSignups.status, "registered"),
          inArray(
            classSignups.offeringId,
            offerings.map((o) => o.id),
          ),
        ),
      );
    signedUp = rows.map((r) => r.offeringId);
  }
  const headers = new Headers(session?.headers);
  if (session) headers.set("Cache-Control", "private, no-store");
  return data(
    {
      page: intro.page,
      seo: intro.seo,
      offerings,
      member: session ? { name: session.member.name, email: session.member.email, signedUp } : null,
      signInHref: "/auth?redirectTo=/kingdom-builders-class",
    },
    { headers },
  );
}
