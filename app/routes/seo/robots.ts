import { getEnv, siteUrl } from "~/server/env.server";

export function loader() {
  const body = [
    "User-agent: *",
    "Allow: /",
    "Disallow: /admin",
    "Disallow: /admin-test",
    "Disallow: /settings",
    "Disallow: /auth/callback",
    "",
    `Sitemap: ${siteUrl(getEnv())}/sitemap.xml`,
    "",
  ].join("\n");
  return new Response(body, {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
