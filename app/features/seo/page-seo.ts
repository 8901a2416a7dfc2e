import type { MetaDescriptor } from "react-router";
import { sameSitePath } from "~/lib/same-site-path";
import { defaultLanguage, languageLocales, languages, type Language } from "~/i18n/config";

export interface PageSeo {
  title: string;
  description: string;
  siteName: string;
  language: Language;
  /** Absolute base URL of the site, no trailing slash. */
  siteUrl: string;
  /** Path of this page, starting with "/". */
  path: string;
  imageUrl?: string | null;
  /** JSON-LD objects rendered as script tags. */
  jsonLd?: Record<string, unknown>[];
}

/**
 * The URL of a page in a language: English (the default) is the plain path, other
 * languages add `?lang=`. The plain path is also x-default, so a crawler's canonical URL
 * and its hreflang entry agree. The path is often the request's own (a page's canonical link),
 * so it is made same-site first: `//evil.example` is `/evil.example` here (issue 32 item 6).
 */
export function localizedUrl(siteUrl: string, path: string, language: Language = defaultLanguage): string {
  return `${siteUrl}${sameSitePath(path)}${language === defaultLanguage ? "" : `?lang=${language}`}`;
}

/** Title, description, canonical, hreflang alternates and Open Graph for a page. */
export function seoMeta(seo: PageSeo | undefined): MetaDescriptor[] {
  if (!seo) return [];
  const title = seo.path === "/" ? `${seo.siteName}` : `${seo.title} | ${seo.siteName}`;
  const url = localizedUrl(seo.siteUrl, seo.path, seo.language);
  const image = seo.imageUrl ? new URL(seo.imageUrl, seo.siteUrl).toString() : undefined;
  const tags: MetaDescriptor[] = [
    { title },
    { name: "description", content: seo.description },
    { tagName: "link", rel: "canonical", href: url },
    ...languages.map((l) => ({
      tagName: "link" as const,
      rel: "alternate",
      hrefLang: l,
      href: localizedUrl(seo.siteUrl, seo.path, l),
    })),
    {
      tagName: "link",
      rel: "alternate",
      hrefLang: "x-default",
      href: localizedUrl(seo.siteUrl, seo.path),
    },
    { property: "og:type", content: "website" },
    { property: "og:site_name", content: seo.siteName },
    { property: "og:title", content: seo.title },
    { property: "og:description", content: seo.description },
    { property: "og:url", content: url },
    { property: "og:locale", content: languageLocales[seo.language].replace("-", "_") },
    ...languages
      .filter((l) => l !== seo.language)
      .map((l) => ({ property: "og:locale:alternate", content: languageLocales[l].replace("-", "_") })),
    { name: "twitter:card", content: image ? "summary_large_image" : "summary" },
  ];
  if (image) tags.push({ property: "og:image", content: image });
  for (const item of seo.jsonLd ?? []) tags.push({ "script:ld+json": item });
  return tags;
}
