// The public routes the page benches load (js-size, lighthouse, media), how a path becomes a URL
// in one language, and the system Chromium as Playwright starts it for them.
import { chromium } from "playwright-core";
import { chromiumFlags, chromiumPath } from "../../scripts/lib/chromium.mjs";

/**
 * Every public route (SPEC paths). `{ from, match }`: a detail page, the first link on its list
 * page whose path matches, found at run time (the demo data changes; slugs are not hard-coded).
 */
export const ALL_PUBLIC = [
  "/",
  "/about",
  "/events",
  { from: "/events", match: /^\/events\/(?!registration$|mine\.ics$)[^/?#.]+$/ },
  "/sermons",
  { from: "/sermons", match: /^\/sermons\/(?!feed\.xml$)[^/?#.]+$/ },
  "/study",
  "/past-bible-studies",
  { from: "/past-bible-studies", match: /^\/past-bible-studies\/[^/?#.]+$/ },
  { from: "/study", match: /^\/study\/plans\/[^/?#.]+$/ },
  "/prayer",
  "/prayer-generator",
  "/plan-visit",
  "/join-church",
  "/kingdom-builders-class",
  "/give",
  "/store",
  { from: "/store", match: /^\/store\/(?!cart$|orders$)[^/?#.]+$/ },
  "/store/cart",
  "/community",
  { from: "/community", match: /^\/community\/groups\/[^/?#.]+$/ },
  "/watch",
  "/auth",
  "/offline",
];

/** The page in a language: Spanish adds `lang=es` to the query. */
export const pageUrl = (base, p, lang) => base + p + (lang === "es" ? (p.includes("?") ? "&" : "?") + "lang=es" : "");

/** Resolves `{ from, match }` specs to paths (strings are kept as they are), without repeats. */
export async function resolvePages(base, specs) {
  const out = [];
  const htmlOf = new Map();
  for (const spec of specs) {
    if (typeof spec === "string") {
      out.push(spec);
      continue;
    }
    if (!htmlOf.has(spec.from)) {
      const res = await fetch(base + spec.from, { signal: AbortSignal.timeout(30_000) });
      htmlOf.set(spec.from, res.ok ? await res.text() : "");
    }
    const hrefs = [...htmlOf.get(spec.from).matchAll(/href="([^"]+)"/g)].map((m) => m[1].replace(/&amp;/g, "&").replace(base, ""));
    const found = hrefs.map((h) => h.split(/[?#]/)[0]).find((h) => spec.match.test(h));
    if (found) out.push(found);
    else throw new Error(`no link matching ${spec.match} on ${spec.from} (is the demo data seeded?)`);
  }
  return [...new Set(out)];
}

/** The system Chromium through Playwright; bench/lib/server.mjs handles Ctrl-C (browser, server, exit). */
export function launchBrowser() {
  return chromium.launch({
    executablePath: chromiumPath,
    headless: true,
    args: chromiumFlags,
    handleSIGINT: false,
    handleSIGTERM: false,
    handleSIGHUP: false,
  });
}
