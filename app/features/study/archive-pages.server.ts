import { data } from "react-router";
import { getContentBlocks } from "~/platform/content/get-content-blocks.server";
import { getRequestContext } from "~/server/request-context.server";
import { showPassage } from "./show-passage.server";
import { churchToday } from "./study-dates.server";
import { findCurrentGuide, findPublicGuide, guideView, searchGuides } from "./study-guides.server";
import { studyTranslator } from "./study-translation";

function summaryOf(text: string, max = 200): string {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length > max ? `${flat.slice(0, max - 1).trimEnd()}…` : flat;
}

/** /past-bible-studies[?q=…][&page=n]: the published guides, newest first, or the best matches. */
export async function loadArchivePage({ request, now = new Date() }: { request: Request; now?: Date }) {
  const { db, language } = getRequestContext(request);
  const t = studyTranslator(language);
  const params = new URL(request.url).searchParams;
  const query = (params.get("q") ?? "").trim();
  const requestedPage = Number.parseInt(params.get("page") ?? "1", 10);
  const [{ today }, blocks] = await Promise.all([
    churchToday(db, now),
    getContentBlocks({ db, language, keys: ["page.past-bible-studies"] }),
  ]);
  const [result, current] = await Promise.all([
    searchGuides({ db, today, query, page: Number.isFinite(requestedPage) && requestedPage > 0 ? Math.min(requestedPage, 100_000) : 1 }),
    findCurrentGuide(db, today),
  ]);
  const block = blocks["page.past-bible-studies"];
  const page = { title: block?.title ?? t("pastTitle"), body: block?.body ?? "" };
  return {
    page,
    query: result.query,
    total: result.total,
    pageNumber: result.page,
    pages: result.pages,
    guides: result.rows.map((row) => {
      const view = guideView(row, language);
      return {
        slug: view.slug,
        title: view.title,
        weekOf: view.weekOf,
        weekLabel: view.weekLabel,
        passage: view.passageReference,
        summary: summaryOf(view.devotional),
        current: row.id === current?.id,
      };
    }),
    seo: { title: page.title, description: block?.summary ?? (page.body.slice(0, 160) || page.title) },
  };
}

/** /past-bible-studies/:slug: one published guide (404 for drafts, future weeks and unknown slugs). */
export async function loadGuidePage({ request, slug, now = new Date() }: { request: Request; slug: string; now?: Date }) {
  const { db, language } = getRequestContext(request);
  const { today } = await churchToday(db, now);
  const row = await findPublicGuide(db, slug, today);
  if (!row) throw data(null, { status: 404 });
  const guide = guideView(row, language);
  const passage = row.passageOsis ? await showPassage({ osis: row.passageOsis, language }) : null;
  return {
    guide,
    passage,
    seo: { title: guide.title, description: summaryOf(guide.devotional, 160) },
  };
}
