import type { MetaDescriptor } from "react-router";
import type { Language } from "~/i18n/config";
import { seoMeta, type PageSeo } from "./page-seo";

/** What a page loader returns as `seo`; the rest comes from the root and layout data. */
export type PageSeoInput = Pick<PageSeo, "title" | "description" | "imageUrl" | "jsonLd">;

interface MetaArgsLike {
  loaderData: unknown;
  location: { pathname: string };
  matches: ReadonlyArray<{ id: string; loaderData: unknown } | undefined>;
}

/** A route's `meta` export: page title/description plus site-wide SEO tags. */
export function routeMeta({ loaderData, location, matches }: MetaArgsLike): MetaDescriptor[] {
  const root = matches.find((m) => m?.id === "root")?.loaderData as { language: Language; siteUrl: string } | undefined;
  const site = matches.find((m) => m?.id === "routes/site/layout")?.loaderData as
    { church: { name: string; ogImageUrl: string | null } } | undefined;
  const seo = (loaderData as { seo?: PageSeoInput } | undefined)?.seo;
  if (!root || !seo) return [];
  return seoMeta({
    ...seo,
    imageUrl: seo.imageUrl ?? site?.church.ogImageUrl,
    siteName: site?.church.name ?? "",
    language: root.language,
    siteUrl: root.siteUrl,
    path: location.pathname,
  });
}
