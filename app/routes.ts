import { index, layout, route, type RouteConfig } from "@react-router/dev/routes";

/** A page whose feature arrives in a later issue: heading + introduction from content. */
const intro = (path: string) => route(path, "routes/site/intro-page.tsx", { id: `intro/${path}` });

/** An admin section whose feature arrives with a later issue. */
const comingSoon = (path: string) => route(path, "routes/admin/coming-soon.tsx", { id: `admin/coming-soon/${path}` });

// Public paths are the specification's, verbatim.
export default [
  route("admin/login", "routes/admin/login.tsx"),
  route("admin/auth/callback", "routes/admin/auth-callback.tsx"),
  route("admin/members/export.csv", "routes/admin/members-export.ts"),
  route("admin/event-registrations/:eventId/export.csv", "routes/admin/event-registrations-export.ts"),
  route("admin", "routes/admin/layout.tsx", [
    index("routes/admin/dashboard.tsx"),
    route("users", "routes/admin/users.tsx"),
    route("members", "routes/admin/members.tsx"),
    route("content", "routes/admin/content.tsx"),
    route("settings", "routes/admin/settings.tsx"),
    route("email", "routes/admin/email.tsx"),
    route("health", "routes/admin/health.tsx"),
    route("audit", "routes/admin/audit.tsx"),
    route("events", "routes/admin/events.tsx"),
    route("events/new", "routes/admin/event-edit.tsx", { id: "admin/events/new" }),
    route("events/:eventId", "routes/admin/event-edit.tsx", { id: "admin/events/edit" }),
    route("fish-fry-archive", "routes/admin/fish-fry-archive.tsx"),
    route("event-registrations", "routes/admin/event-registrations.tsx"),
    comingSoon("inbox/prayer"),
    comingSoon("inbox/meetings"),
    route("inbox/signups", "routes/admin/inbox-signups.tsx"),
    comingSoon("moderation"),
    comingSoon("groups"),
    comingSoon("store"),
    route("session-update", "routes/admin/session-update.tsx"),
    route("*", "routes/admin/not-found.tsx"),
  ]),
  route("sitemap.xml", "routes/seo/sitemap.ts"),
  route("robots.txt", "routes/seo/robots.ts"),
  route("gallery", "routes/site/gallery.ts"),
  route("events.ics", "routes/events/events-feed.ts"),
  route("events/mine.ics", "routes/events/member-feed.ts"),
  route("events/:slug/calendar.ics", "routes/events/event-ics.ts"),
  layout("routes/site/layout.tsx", [
    index("routes/site/home.tsx"),
    intro("plan-visit"),
    intro("join-church"),
    intro("kingdom-builders-class"),
    route("about", "routes/site/about.tsx"),
    intro("study"),
    intro("past-bible-studies"),
    intro("sermons"),
    route("events", "routes/events/events.tsx"),
    route("events/registration", "routes/events/registration.tsx"),
    route("events/:slug", "routes/events/event.tsx"),
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
    route("email/unsubscribe", "routes/site/email-unsubscribe.tsx"),
    route("*", "routes/site/not-found.tsx"),
  ]),
] satisfies RouteConfig;
