import { data } from "react-router";
import { getCurrentMember } from "~/platform/auth/get-current-member.server";
import { loadIntroPage } from "~/platform/content/load-intro-page.server";
import { getRequestContext } from "~/server/request-context.server";
import { churchToday, getMembershipChurch } from "~/platform/church/church-calendar.server";

/** /join-church: the intro from content, and a signed-in member's name and email for the form. */
export async function loadJoinPage({ request, url }: { request: Request; url: URL }) {
  const { db, language } = getRequestContext(request);
  const intro = await loadIntroPage({ request, url });
  const [session, church] = await Promise.all([getCurrentMember({ db, request }), getMembershipChurch(db, language)]);
  const headers = new Headers(session?.headers);
  if (session) headers.set("Cache-Control", "private, no-store");
  return data(
    {
      page: intro.page,
      seo: intro.seo,
      today: churchToday(church.timeZone),
      member: session ? { name: session.member.name, email: session.member.email ?? "", phone: session.member.phone ?? "" } : null,
    },
    { headers },
  );
}
