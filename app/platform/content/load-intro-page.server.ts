import { data } from "react-router";
import { getRequestContext } from "~/server/request-context.server";
import { getContentBlocks } from "./get-content-blocks.server";

/**
 * Pages whose features arrive in later issues: heading, introduction and meta description
 * come from the `page.<slug>` content block, where slug is the path ("/auth/callback" →
 * "auth-callback"). `url` is the page's address as the loader got it (React Router's `url`:
 * a client navigation's request is `/give.data?_routes=…`).
 */
export async function loadIntroPage({ request, url }: { request: Request; url: URL }) {
  const { db, language } = getRequestContext(request);
  const slug = url.pathname.replace(/^\/|\/$/g, "").replaceAll("/", "-");
  const key = `page.${slug}`;
  const blocks = await getContentBlocks({ db, language, keys: [key] });
  const page = blocks[key];
  if (!page) throw data(null, { status: 404 });
  return {
    page,
    seo: { title: page.title, description: page.summary ?? page.body.slice(0, 160) },
  };
}
