import { languages } from "~/i18n/config";
import { publicPaths } from "~/features/navigation/site-links";
import { localizedUrl } from "./page-seo";

/** Pages a search engine should index (sign-in plumbing and member pages are left out). */
export const indexedPaths = publicPaths.filter((p) => p !== "/auth/callback" && p !== "/settings");

const escapeXml = (value: string) => value.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/**
 * One <url> per page and language, each listing its alternates (hreflang). `contentPaths` are
 * the pages of published content (events, sermons, study guides, groups), after the fixed ones.
 */
export function buildSitemap(siteUrl: string, contentPaths: readonly string[] = []): string {
  const urls = [...indexedPaths, ...contentPaths].flatMap((path) =>
    languages.map((language) => {
      const alternates = [
        ...languages.map((l) => `    <xhtml:link rel="alternate" hreflang="${l}" href="${escapeXml(localizedUrl(siteUrl, path, l))}"/>`),
        `    <xhtml:link rel="alternate" hreflang="x-default" href="${escapeXml(localizedUrl(siteUrl, path))}"/>`,
      ];
      return ["  <url>", `    <loc>${escapeXml(localizedUrl(siteUrl, path, language))}</loc>`, ...alternates, "  </url>"].join("\n");
    }),
  );
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
    ...urls,
    "</urlset>",
    "",
  ].join("\n");
}
