import { data } from "react-router";
import { loadTranslation } from "~/i18n/i18n";
import { getRequestContext } from "~/server/request-context.server";
import { getContentBlocks, type ContentBlock } from "./get-content-blocks.server";

/**
 * Pages whose heading, introduction and meta description come from the `page.<slug>` content
 * block, where slug is the path ("/plan-visit" → "plan-visit"). Until staff write one (an empty
 * install) the page has a plain heading and introduction of its own (`pages.intros`). `url` is
 * the page's address as the loader got it (React Router's `url`: a client navigation's request
 * is `/give.data?_routes=…`).
 */
export async function loadIntroPage({ request, url }: { request: Request; url: URL }) {
  const { db, language } = getRequestContext(request);
  const slug = url.pathname.replace(/^\/|\/$/g, "").replaceAll("/", "-");
  const key = `page.${slug}`;
  const [blocks, strings] = await Promise.all([getContentBlocks({ db, language, keys: [key] }), loadTranslation(language)]);
  const page = blocks[key] ?? defaultIntro(key, strings.pages.intros, slug);
  if (!page) throw data(null, { status: 404 });
  return {
    page,
    seo: { title: page.title, description: page.summary ?? page.body.slice(0, 160) },
  };
}

type Intros = Record<string, { title: string; intro: string }>;

function defaultIntro(key: string, intros: Intros, slug: string): ContentBlock | null {
  const intro = Object.hasOwn(intros, slug) ? intros[slug] : undefined;
  if (!intro) return null;
  return { key, title: intro.title, body: intro.intro, summary: null, imageUrl: null, imageAlt: "", linkUrl: null };
}
