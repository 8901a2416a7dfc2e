import { data } from "react-router";
import { z } from "zod";
import { readInput } from "~/server/request-input.server";
import { getCurrentMember } from "~/platform/auth/get-current-member.server";
import { localize } from "~/i18n/localize";
import { getRequestContext } from "~/server/request-context.server";
import { formatOsis } from "./bible-books";
import { readerLinks } from "./bible-links";
import { signInHrefFor } from "./load-study-page.server";
import { findActivePlan, setReadingProgress } from "./reading-plans.server";
import { showPassage } from "./show-passage.server";
import { studyTranslator } from "./study-translation";

/** /study/plans/:slug: the plan's readings, the member's progress and the next reading's text. */
export async function loadReadingPlanPage({ request, slug }: { request: Request; slug: string }) {
  const { db, language } = getRequestContext(request);
  const session = await getCurrentMember({ db, request });
  const userId = session?.member.id ?? null;
  const found = await findActivePlan({ db, slug, userId });
  if (!found) throw data(null, { status: 404 });
  const { plan, days, done } = found;
  const dayViews = days.map((d) => ({
    id: d.id,
    dayNumber: d.dayNumber,
    reference: d.passageOsis ? formatOsis(d.passageOsis, language) : d.passage,
    links: d.passageOsis ? readerLinks(d.passageOsis, language) : [],
    done: done.has(d.id),
  }));
  const next = userId ? (days.find((d) => !done.has(d.id)) ?? null) : (days[0] ?? null);
  const nextPassage = next?.passageOsis ? await showPassage({ osis: next.passageOsis, language }) : null;
  const title = localize(language, plan.titleEn, plan.titleEs);
  const description = localize(language, plan.descriptionEn, plan.descriptionEs);
  const headers = new Headers(session?.headers);
  if (session) headers.set("Cache-Control", "private, no-store");
  return data(
    {
      plan: { slug: plan.slug, title, description },
      days: dayViews,
      member: session ? { done: dayViews.filter((d) => d.done).length } : null,
      next: next
        ? {
            dayNumber: next.dayNumber,
            passage: nextPassage,
            reference: next.passageOsis ? formatOsis(next.passageOsis, language) : next.passage,
          }
        : null,
      signInHref: signInHrefFor(`/study/plans/${encodeURIComponent(plan.slug)}`),
      seo: { title, description: description.slice(0, 160) || title },
    },
    { headers },
  );
}

export type PlanActionData = { ok: boolean; message: string };

const ZProgress = z.object({ intent: z.enum(["mark", "unmark"]), dayId: z.coerce.number().int().positive().max(2_147_483_647) });

/** POST /study/plans/:slug: `mark` or `unmark` one day (members only; idempotent). */
export async function runReadingPlanAction({
  request,
  slug,
}: {
  request: Request;
  slug: string;
}): Promise<{ status: number; data: PlanActionData; headers?: Headers }> {
  const { db, language } = getRequestContext(request);
  const t = studyTranslator(language);
  const input = await readInput(request);
  const parsed = ZProgress.safeParse(input ?? {});
  if (!parsed.success) return { status: 400, data: { ok: false, message: t("errors.invalidRequest") } };
  const session = await getCurrentMember({ db, request });
  if (!session) return { status: 401, data: { ok: false, message: t("errors.signInRequired") } };
  const headers = new Headers(session.headers);
  headers.set("Cache-Control", "no-store");
  const found = await findActivePlan({ db, slug, userId: null });
  if (!found) return { status: 404, data: { ok: false, message: t("errors.planNotFound") }, headers };
  const done = parsed.data.intent === "mark";
  const result = await setReadingProgress({ db, userId: session.member.id, planId: found.plan.id, dayId: parsed.data.dayId, done });
  if (!result) return { status: 404, data: { ok: false, message: t("errors.dayNotFound") }, headers };
  return {
    status: 200,
    data: { ok: true, message: t(done ? "plan.markedDone" : "plan.markedUndone", { day: result.dayNumber }) },
    headers,
  };
}
