// The fuzz suite's endpoint table (issue 11 point 5): every route of app/routes.ts with a
// loader or an action, the identity that gets deepest into it, where its path parameters
// come from, and the vocabulary (intents, field names, enum words) read from the route
// module's own source and what it imports, so generated inputs get past the first check.
// A route in app/routes.ts that is neither in FUZZ_TABLE nor in FUZZ_EXEMPT fails the suite.
import { existsSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import routeConfig from "~/routes";
import { repoRoot } from "./app-server";

/** Where a path parameter's real value comes from (a row of the demo church). */
export type LookupKey =
  | "eventId"
  | "eventSlug"
  | "sermonId"
  | "sermonSlug"
  | "guideId"
  | "guideSlug"
  | "planId"
  | "planSlug"
  | "groupId"
  | "groupSlug"
  | "offeringId"
  | "opportunityId"
  | "productId"
  | "productSlug"
  | "orderId"
  | "threadId"
  | "leaderId"
  | "year";

export type Who = "visitor" | "member" | "admin";

export interface EndpointNotes {
  /** The identity that gets deepest (others are tried too). Default: the scoped admin for admin routes, else a member. */
  who?: Who;
  /** Path parameters and where their real values come from. */
  params?: Record<string, LookupKey>;
  /** A JSON API: most bodies are JSON. */
  json?: boolean;
  /** Takes file uploads: more multipart bodies, and the upload folders are checked after it. */
  upload?: boolean;
  /** Answers a stream (SSE): the body is cancelled, not read. */
  stream?: boolean;
  /** A form page: a refusal must carry a translated message. Default: `.tsx` route modules. */
  form?: boolean;
  /**
   * The upload form as the page sends it (values; `@key` takes a looked-up id): fuzzed uploads
   * start from it, so files with hostile names reach the code that stores them.
   */
  uploadForm?: { fields: Record<string, string>; fileFields: string[] };
}

/**
 * Every route with a loader or an action, by its URL pattern ("[layout] file" for a layout
 * without a path, "[root]" for app/root.tsx). Notes say how to reach deep into it.
 */
export const FUZZ_TABLE: Record<string, EndpointNotes> = {
  "[root]": {},
  "/admin/login": { who: "visitor" },
  // With an administrator (the fuzzed site has them) the setup answers 404 to everything.
  "/admin/setup": { who: "visitor" },
  "/admin/welcome": { upload: true, uploadForm: { fields: { intent: "save-logo" }, fileFields: ["logo"] } },
  "/admin/members/import": { upload: true, uploadForm: { fields: { intent: "upload" }, fileFields: ["file"] } },
  "/admin/members/import-template.csv": {},
  "/admin/auth/callback": { who: "visitor" },
  "/admin/members/export.csv": {},
  "/admin/event-registrations/:eventId/export.csv": { params: { eventId: "eventId" } },
  "/admin/classes/:offeringId/signups.csv": { params: { offeringId: "offeringId" } },
  "/admin/giving/gifts.csv": {},
  "/admin/store/orders.csv": {},
  "/admin [layout]": {},
  "/admin": {},
  "/admin/users": {},
  "/admin/members": {},
  "/admin/content": {
    upload: true,
    uploadForm: { fields: { intent: "upload-image", kind: "leader", id: "@leaderId" }, fileFields: ["file"] },
  },
  "/admin/settings": { upload: true, uploadForm: { fields: { intent: "save-logo" }, fileFields: ["logo"] } },
  "/admin/email": {},
  "/admin/health": {},
  "/admin/audit": {},
  "/admin/events": {},
  "/admin/events/new": { upload: true, uploadForm: { fields: { intent: "save" }, fileFields: ["image"] } },
  "/admin/events/:eventId": {
    params: { eventId: "eventId" },
    upload: true,
    uploadForm: { fields: { intent: "save" }, fileFields: ["image"] },
  },
  "/admin/fish-fry-archive": {},
  "/admin/event-registrations": {},
  "/admin/inbox/prayer": {},
  "/admin/inbox/meetings": {},
  "/admin/inbox/signups": {},
  "/admin/moderation": {},
  "/admin/sermons": {},
  "/admin/sermons/new": {
    upload: true,
    uploadForm: {
      fields: { intent: "save", titleEn: "Fuzz sermon", status: "draft" },
      fileFields: ["audioFile", "videoFile", "notesFile"],
    },
  },
  "/admin/sermons/:sermonId": {
    params: { sermonId: "sermonId" },
    upload: true,
    uploadForm: { fields: { intent: "save" }, fileFields: ["audioFile", "videoFile", "notesFile"] },
  },
  "/admin/live": {},
  "/admin/study": {},
  "/admin/study/guides/new": {},
  "/admin/study/guides/:guideId": { params: { guideId: "guideId" } },
  "/admin/study/plans/new": {},
  "/admin/study/plans/:planId": { params: { planId: "planId" } },
  "/admin/groups": {},
  "/admin/groups/new": {},
  "/admin/groups/:groupId": { params: { groupId: "groupId" } },
  "/admin/classes": {},
  "/admin/classes/new": {},
  "/admin/classes/:offeringId": { params: { offeringId: "offeringId" } },
  "/admin/gallery": { upload: true, uploadForm: { fields: { intent: "upload", album: "", title: "Fuzz photo" }, fileFields: ["files"] } },
  "/admin/volunteers": {},
  "/admin/volunteers/new": {},
  "/admin/volunteers/:opportunityId": { params: { opportunityId: "opportunityId" } },
  "/admin/giving": {},
  "/admin/store": {},
  "/admin/store/products/new": { upload: true, uploadForm: { fields: { intent: "save" }, fileFields: ["image"] } },
  "/admin/store/products/:productId": {
    params: { productId: "productId" },
    upload: true,
    uploadForm: { fields: { intent: "save" }, fileFields: ["image"] },
  },
  "/admin/store/orders/:orderId": { params: { orderId: "orderId" } },
  "/admin/session-update": {},
  "/admin/*": {},
  "/stripe/webhook": { who: "visitor", json: true },
  "/assistant/chat": { who: "visitor", json: true },
  "/tour": { json: true },
  "/manifest.webmanifest": { who: "visitor" },
  "/give/statement/:year.pdf": { params: { year: "year" } },
  "/sitemap.xml": { who: "visitor" },
  "/robots.txt": { who: "visitor" },
  "/gallery": { who: "visitor" },
  "/events.ics": { who: "visitor" },
  "/events/mine.ics": {},
  "/events/:slug/calendar.ics": { params: { slug: "eventSlug" } },
  "/sermons/feed.xml": { who: "visitor" },
  "/watch/chat": { json: true },
  "/watch/chat/events": { stream: true },
  "/prayer/events": { stream: true },
  "/settings/my-data.json": {},
  "[layout] routes/site/layout.tsx": {},
  "/": {},
  "/plan-visit": {},
  "/join-church": {},
  "/kingdom-builders-class": {},
  "/about": {},
  "/privacy": {},
  "/study": {},
  "/study/plans/:slug": { params: { slug: "planSlug" } },
  "/past-bible-studies": {},
  "/past-bible-studies/:slug": { params: { slug: "guideSlug" } },
  "/sermons": {},
  "/sermons/:slug": { params: { slug: "sermonSlug" } },
  "/events": {},
  "/events/registration": {},
  "/events/:slug": { params: { slug: "eventSlug" } },
  "/prayer": {},
  "/prayer-generator": {},
  "/give": {},
  "/give/thanks": {},
  "/give/history": {},
  "/community": {
    upload: true,
    uploadForm: { fields: { intent: "gallery-submit", title: "Fuzz photo", description: "" }, fileFields: ["file"] },
  },
  "/community/groups/:slug": { params: { slug: "groupSlug" } },
  "/community/discussions/:threadId": { params: { threadId: "threadId" } },
  "/watch": {},
  "/store": {},
  "/store/cart": {},
  "/store/orders/:orderId": { params: { orderId: "orderId" } },
  "/store/:slug": { params: { slug: "productSlug" } },
  "/auth": { who: "visitor" },
  "/auth/callback": { who: "visitor" },
  "/auth/reset-password": { who: "visitor" },
  "/settings": {},
  "/admin-test": {},
  "/email/unsubscribe": { who: "visitor" },
  "/offline": { who: "visitor" },
  "/*": {},
};

/** Routes left out on purpose, with the reason. Empty today: every route is fuzzed. */
export const FUZZ_EXEMPT: Record<string, string> = {};

export interface FuzzEndpoint {
  key: string;
  /** The route module, relative to app/. */
  file: string;
  /** The URL pattern (":name" parameters, "*" splat). */
  pattern: string;
  hasLoader: boolean;
  hasAction: boolean;
  /** The admin scope the module asks for (null: any administrator); undefined: not an admin route. */
  scope: string | null | undefined;
  notes: EndpointNotes;
}

interface RouteEntry {
  file: string;
  path?: string;
  index?: boolean;
  children?: RouteEntry[];
}

function exportsFunction(source: string, name: "loader" | "action"): boolean {
  return new RegExp(
    `export\\s+(?:async\\s+)?function\\s+${name}\\b|export\\s+(?:const|let|var)\\s+${name}\\b|export\\s*\\{[^}]*\\b${name}\\b[^}]*\\}`,
  ).test(source);
}

function scopeOf(source: string): string | null | undefined {
  const match = /requireAdmin\(\s*request\s*,\s*(null|"([^"]+)")/.exec(source);
  if (!match) return undefined;
  return match[1] === "null" ? null : match[2]!;
}

/** Every route of app/routes.ts (and app/root.tsx) that has a loader or an action. */
export function routesWithHandlers(): Array<Omit<FuzzEndpoint, "notes">> {
  const out: Array<Omit<FuzzEndpoint, "notes">> = [];
  const visit = (entries: readonly RouteEntry[], parent: string) => {
    for (const entry of entries) {
      const joined = entry.path !== undefined ? `${parent}/${entry.path}`.replace(/\/+/g, "/") : parent;
      const source = readFileSync(path.join(repoRoot, "app", entry.file), "utf8");
      const hasLoader = exportsFunction(source, "loader");
      const hasAction = exportsFunction(source, "action");
      const isLayout = Boolean(entry.children?.length);
      const key = isLayout ? (entry.path !== undefined ? `${joined} [layout]` : `[layout] ${entry.file}`) : joined || "/";
      if (hasLoader || hasAction) {
        out.push({ key, file: entry.file, pattern: joined || "/", hasLoader, hasAction, scope: scopeOf(source) });
      }
      visit(entry.children ?? [], joined);
    }
  };
  const root = readFileSync(path.join(repoRoot, "app", "root.tsx"), "utf8");
  out.push({
    key: "[root]",
    file: "root.tsx",
    pattern: "/",
    hasLoader: exportsFunction(root, "loader"),
    hasAction: exportsFunction(root, "action"),
    scope: undefined,
  });
  visit(routeConfig as unknown as RouteEntry[], "");
  return out;
}

/** The table joined with the route config; routes missing from both lists are returned apart. */
export function fuzzEndpoints(): { endpoints: FuzzEndpoint[]; uncovered: string[]; stale: string[] } {
  const routes = routesWithHandlers();
  const endpoints: FuzzEndpoint[] = [];
  const uncovered: string[] = [];
  for (const route of routes) {
    if (route.key in FUZZ_EXEMPT) continue;
    const notes = FUZZ_TABLE[route.key];
    if (!notes) uncovered.push(`${route.key} (${route.file})`);
    else endpoints.push({ ...route, notes });
  }
  const keys = new Set(routes.map((r) => r.key));
  const stale = [...Object.keys(FUZZ_TABLE), ...Object.keys(FUZZ_EXEMPT)].filter((k) => !keys.has(k));
  return { endpoints, uncovered, stale };
}

// ---------------------------------------------------------------------------------------
// Vocabulary: read from the route module and what it imports (features, components).
// ---------------------------------------------------------------------------------------

export interface Vocabulary {
  intents: string[];
  /** Form and query field names. */
  names: string[];
  /** Enum values, option values and other short literals the module compares against. */
  words: string[];
  fileFields: string[];
}

const appDir = path.join(repoRoot, "app");

function resolveImport(from: string, spec: string): string | null {
  const base = spec.startsWith("~/")
    ? path.join(appDir, spec.slice(2))
    : spec.startsWith(".")
      ? path.resolve(path.dirname(from), spec)
      : null;
  if (!base) return null;
  for (const ext of ["", ".ts", ".tsx", "/index.ts"]) {
    const candidate = base + ext;
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return null;
}

const vocabularyCache = new Map<string, Vocabulary>();

export function vocabularyOf(file: string): Vocabulary {
  const cached = vocabularyCache.get(file);
  if (cached) return cached;
  const seen = new Set<string>();
  const walk = (current: string, depth: number) => {
    if (seen.has(current) || depth < 0) return;
    seen.add(current);
    const source = readFileSync(current, "utf8");
    for (const m of source.matchAll(/from\s+"([^"]+)"/g)) {
      const resolved = resolveImport(current, m[1]!);
      if (resolved && /\/app\/(features|routes|components)\//.test(resolved) && !/\/i18n\//.test(resolved)) walk(resolved, depth - 1);
    }
  };
  walk(path.join(appDir, file), 3);
  const intents = new Set<string>();
  const names = new Set<string>();
  const words = new Set<string>();
  const fileFields = new Set<string>();
  for (const current of seen) {
    const source = readFileSync(current, "utf8");
    for (const m of source.matchAll(/intent\s*[!=]==?\s*"([\w:-]{1,40})"/g)) intents.add(m[1]!);
    for (const m of source.matchAll(/name="intent"\s+value="([\w:-]{1,40})"/g)) intents.add(m[1]!);
    for (const m of source.matchAll(/case\s+"([\w:-]{1,40})":/g)) words.add(m[1]!);
    for (const m of source.matchAll(/name="([\w[\].-]{1,40})"/g)) names.add(m[1]!);
    for (const m of source.matchAll(/<input[^>]*type="file"[^>]*name="([\w-]+)"|<input[^>]*name="([\w-]+)"[^>]*type="file"/g))
      fileFields.add((m[1] ?? m[2])!);
    for (const m of source.matchAll(/\b(?:input|raw|form|fields|body|values|parsed\.data)\.(\w{1,40})\b/g)) names.add(m[1]!);
    for (const m of source.matchAll(/\.(?:get|getAll|has)\(\s*"([\w[\].-]{1,40})"\s*\)/g)) names.add(m[1]!);
    for (const m of source.matchAll(/^\s*(\w{1,40}):\s*(?:z\.|formText|optionalText|text\(|longText|id\b|ids\b|optional)/gm))
      names.add(m[1]!);
    for (const m of source.matchAll(/z\.enum\(\[([^\]]{1,2000})\]/g)) for (const w of m[1]!.matchAll(/"([^"]{1,40})"/g)) words.add(w[1]!);
    for (const m of source.matchAll(/\[((?:\s*"[\w:-]{1,40}",?)+)\s*\]\s*as const/g))
      for (const w of m[1]!.matchAll(/"([^"]{1,40})"/g)) words.add(w[1]!);
    for (const m of source.matchAll(/value="([\w:-]{1,40})"/g)) words.add(m[1]!);
  }
  // Words that only name things in code, not form fields.
  for (const noise of ["length", "map", "filter", "then", "catch", "trim", "toString", "data", "ok", "status", "headers", "get", "set"])
    names.delete(noise);
  if (intents.size === 0) for (const w of words) if (/^[a-z]+(?:-[a-z]+)+$/.test(w)) intents.add(w);
  const vocabulary = {
    intents: [...intents].sort(),
    names: [...names].sort(),
    words: [...words].sort(),
    fileFields: [...fileFields].sort(),
  };
  vocabularyCache.set(file, vocabulary);
  return vocabulary;
}
