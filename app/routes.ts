import { index, layout, route, type RouteConfig } from "@react-router/dev/routes";

/** A page whose feature arrives in a later issue: heading + introduction from content. */
const intro = (path: string) => route(path, "routes/site/intro-page.tsx", { id: `intro/${path}` });

// Public paths are the specification's, verbatim.
export default [
  route("sitemap.xml", "routes/seo/sitemap.ts"),
  route("robots.txt", "routes/seo/robots.ts"),
  route("gallery", "routes/site/gallery.ts"),
  layout("routes/site/layout.tsx", [
    index("routes/site/home.tsx"),
    intro("plan-visit"),
    intro("join-church"),
    intro("kingdom-builders-class"),
    route("about", "routes/site/about.tsx"),
    intro("study"),
    intro("past-bible-studies"),
    intro("sermons"),
    intro("events"),
    intro("prayer"),
    intro("prayer-generator"),
    intro("give"),
    intro("community"),
    intro("watch"),
    intro("store"),
    route("auth", "routes/auth/auth.tsx"),
    route("auth/callback", "routes/auth/callback.tsx"),
    route("settings", "routes/member/settings.tsx"),
    route("admin-test", "routes/site/admin-test.tsx"),
    route("*", "routes/site/not-found.tsx"),
  ]),
] satisfies RouteConfig;
