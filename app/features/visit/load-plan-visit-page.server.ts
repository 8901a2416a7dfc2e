import { data } from "react-router";
import { getCurrentMember } from "~/platform/auth/get-current-member.server";
import { loadIntroPage } from "~/platform/content/load-intro-page.server";
import { getRequestContext } from "~/server/request-context.server";
import { churchToday, getVisitChurch } from "./visit-church.server";
import { oneYearAfter } from "./visit-input";

/** /plan-visit: the intro from content, the date range the form accepts and a member's name and email. */
export async function loadPlanVisitPage({ request, url }: { request: Request; url: URL }) {
  const { db, language } = getRequestContext(request);
  const intro = await loadIntroPage({ request, url });
  const [session, church] = await Promise.all([getCurrentMember({ db, request }), getVisitChurch(db, language)]);
  const headers = new Headers(session?.headers);
  if (session) headers.set("Cache-Control", "private, no-store");
  const today = churchToday(church.timeZone);
  return data(
    {
      page: intro.page,
      seo: intro.seo,
      language,
      today,
      lastDate: oneYearAfter(today),
      member: session ? { name: session.member.name, email: session.member.email ?? "", phone: session.member.phone ?? "" } : null,
    },
    { headers },
  );
}
