#!/usr/bin/env node
// The client chunk graph of the production build (issue 10, goal 4): for every public route,
// the static import closure of what its first load needs (the entry, the root route, the site
// layout and the route module, following `imports` in build/client/.vite/manifest.json, not
// `dynamicImports`), its gzip size, and a check that no chunk in it carries admin or
// member-only code. Admin/member-only code is any module under app/routes/admin/,
// app/features/admin/, app/components/admin/, a member-only route module (settings, giving
// history, store order), and every chunk reachable only from those routes ("exclusive"). The
// modules of each chunk come from build/client/.vite/chunk-modules.json (written by the
// `chunk-modules-report` plugin in vite.config.ts; the Vite manifest names only entry modules).
//
//   npm run bench:chunks                       # uses build/ (built first if missing)
//   npm run bench:chunks -- --build --json out.json
// Exit 0 no forbidden chunk and every closure within budget, 1 otherwise, 2 the build or its
// manifest is missing.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import { parseCli } from "./lib/cli.mjs";
import { passMark, table, writeResult } from "./lib/rows.mjs";
import { ensureBuild, repoRoot } from "./lib/server.mjs";

const usage = `usage: node bench/chunk-graph.mjs [--build] [--json <path>] [--budget-home-kb 130] [--budget-kb 160]
  --build        run \`react-router build\` first (default: only when build/ is missing)
  --json         write the result (bench contract) to this file
  --budget-*     gzip budgets of the static closure (KB of 1024 bytes): / and every other route`;

const args = parseCli(
  {
    build: { type: "boolean", default: false },
    json: { type: "string" },
    "budget-home-kb": { type: "string", default: "130" },
    "budget-kb": { type: "string", default: "160" },
  },
  usage,
);

const ROUTE = "?__react-router-build-client-route";
const SHELL = ["app/entry.client.tsx", `app/root.tsx${ROUTE}`, `app/routes/site/layout.tsx${ROUTE}`];
/** Public pages: route module → a path it serves (for the table). */
const PUBLIC = {
  "routes/site/home.tsx": "/",
  "routes/site/about.tsx": "/about",
  "routes/events/events.tsx": "/events",
  "routes/events/event.tsx": "/events/:slug",
  "routes/events/registration.tsx": "/events/registration",
  "routes/sermons/sermons.tsx": "/sermons",
  "routes/sermons/sermon.tsx": "/sermons/:slug",
  "routes/study/study.tsx": "/study",
  "routes/study/past-bible-studies.tsx": "/past-bible-studies",
  "routes/study/study-guide.tsx": "/past-bible-studies/:slug",
  "routes/study/reading-plan.tsx": "/study/plans/:slug",
  "routes/prayer/prayer.tsx": "/prayer",
  "routes/prayer/prayer-generator.tsx": "/prayer-generator",
  "routes/visit/plan-visit.tsx": "/plan-visit",
  "routes/membership/join-church.tsx": "/join-church",
  "routes/membership/kingdom-builders-class.tsx": "/kingdom-builders-class",
  "routes/giving/give.tsx": "/give",
  "routes/giving/give-thanks.tsx": "/give/thanks",
  "routes/store/store.tsx": "/store",
  "routes/store/product.tsx": "/store/:slug",
  "routes/store/cart.tsx": "/store/cart",
  "routes/community/community.tsx": "/community",
  "routes/community/group.tsx": "/community/groups/:slug",
  "routes/community/discussion.tsx": "/community/discussions/:threadId",
  "routes/watch/watch.tsx": "/watch",
  "routes/auth/auth.tsx": "/auth",
  "routes/auth/callback.tsx": "/auth/callback",
  "routes/pwa/offline.tsx": "/offline",
  "routes/site/email-unsubscribe.tsx": "/email/unsubscribe",
  "routes/site/not-found.tsx": "(404)",
};
const MEMBER_ONLY = ["routes/member/settings.tsx", "routes/giving/giving-history.tsx", "routes/store/order.tsx"];
const FORBIDDEN_DIRS = ["app/routes/admin/", "app/features/admin/", "app/components/admin/"];
const isForbiddenModule = (m) => FORBIDDEN_DIRS.some((d) => m.startsWith(d)) || MEMBER_ONLY.some((r) => m === `app/${r}`);

function main() {
  const startedAt = new Date().toISOString();
  const notes = [];
  let buildInfo;
  try {
    buildInfo = ensureBuild({ force: args.build, log: console.error });
  } catch (error) {
    console.error(`cannot build: ${error.message}`);
    return fail(startedAt, [`cannot build: ${error.message}`]);
  }
  const clientDir = path.join(repoRoot, "build/client");
  const manifestFile = path.join(clientDir, ".vite/manifest.json");
  const modulesFile = path.join(clientDir, ".vite/chunk-modules.json");
  if (!existsSync(manifestFile) || !existsSync(modulesFile)) {
    const message = `${path.relative(repoRoot, existsSync(manifestFile) ? modulesFile : manifestFile)} is missing: rebuild with the current vite.config.ts (npm run build)`;
    console.error(message);
    return fail(startedAt, [message]);
  }
  const manifest = JSON.parse(readFileSync(manifestFile, "utf8"));
  const chunkModules = JSON.parse(readFileSync(modulesFile, "utf8"));

  const closure = (keys, { dynamic = false } = {}) => {
    const seen = new Set();
    const queue = [...keys];
    while (queue.length) {
      const key = queue.pop();
      if (seen.has(key) || !manifest[key]) continue;
      seen.add(key);
      queue.push(...(manifest[key].imports ?? []));
      if (dynamic) queue.push(...(manifest[key].dynamicImports ?? []));
    }
    return seen;
  };
  const routeKey = (file) => `app/${file}${ROUTE}`;
  for (const key of [...SHELL, ...Object.keys(PUBLIC).map(routeKey)]) {
    if (!manifest[key]) {
      const message = `${key} is not in the build manifest (route renamed? update bench/chunk-graph.mjs)`;
      console.error(message);
      return fail(startedAt, [message]);
    }
  }

  // Chunks that carry forbidden modules, and chunks reachable only from forbidden routes.
  const entries = Object.keys(manifest).filter((k) => manifest[k].isEntry);
  const forbiddenEntry = (key) => isForbiddenModule(key.replace(ROUTE, ""));
  const reach = new Map(); // chunk key → entries reaching it (static or dynamic)
  for (const entry of entries) {
    for (const key of closure([entry], { dynamic: true })) {
      if (!reach.has(key)) reach.set(key, new Set());
      reach.get(key).add(entry);
    }
  }
  const forbidden = new Map(); // chunk key → why
  for (const [key, chunk] of Object.entries(manifest)) {
    if (!chunk.file.endsWith(".js")) continue;
    const modules = (chunkModules[chunk.file] ?? []).map((m) => m.module);
    const bad = modules.filter(isForbiddenModule);
    if (bad.length) forbidden.set(key, `contains ${bad.slice(0, 3).join(", ")}${bad.length > 3 ? ` (+${bad.length - 3})` : ""}`);
    else if (!manifest[key].isEntry || forbiddenEntry(key)) {
      const from = [...(reach.get(key) ?? [])];
      if (from.length && from.every(forbiddenEntry))
        forbidden.set(key, `only used by ${from.slice(0, 2).join(", ")}${from.length > 2 ? "…" : ""}`);
    }
  }

  const gzipCache = new Map();
  const gzipOf = (file) => {
    if (!gzipCache.has(file)) gzipCache.set(file, zlib.gzipSync(readFileSync(path.join(clientDir, file)), { level: 9 }).length);
    return gzipCache.get(file);
  };
  const homeBudget = Number(args["budget-home-kb"]) * 1024;
  const budget = Number(args["budget-kb"]) * 1024;

  const rows = [];
  const lines = [];
  const violations = [];
  for (const [file, routePath] of Object.entries(PUBLIC)) {
    const keys = closure([...SHELL, routeKey(file)]);
    const js = [...keys].map((k) => manifest[k].file).filter((f) => f.endsWith(".js"));
    const bytes = js.reduce((t, f) => t + gzipOf(f), 0);
    const bad = [...keys].filter((k) => forbidden.has(k));
    const limit = routePath === "/" ? homeBudget : budget;
    for (const k of bad) violations.push(`${routePath}: ${manifest[k].file} (${forbidden.get(k)})`);
    const kb = Math.round((bytes / 1024) * 10) / 10;
    rows.push({
      measure: `${routePath} static JS closure (gzip)`,
      value: kb,
      unit: "KB",
      target: `≤ ${limit / 1024} KB`,
      pass: bytes <= limit,
    });
    rows.push({ measure: `${routePath} admin/member-only chunks`, value: bad.length, unit: "", target: "0", pass: bad.length === 0 });
    lines.push([
      routePath,
      String(js.length),
      `${kb.toFixed(1)} KB`,
      `≤ ${limit / 1024} KB`,
      passMark(bytes <= limit),
      String(bad.length),
      passMark(bad.length === 0),
    ]);
  }

  console.log(
    `Client chunk graph of build/ (built ${buildInfo?.builtAt ?? "?"}), static closures of entry + root + site layout + route; KB = 1024 bytes, gzip -9`,
  );
  console.log(table(["route", "chunks", "closure gzip", "budget", "ok", "admin/member chunks", "ok"], lines));
  console.log(`\n${forbidden.size} chunks hold admin or member-only code (never allowed in a public closure).`);
  if (violations.length) {
    console.log("FORBIDDEN chunks in public closures:");
    for (const v of violations) console.log(`  ${v}`);
  }
  notes.push(`${Object.keys(PUBLIC).length} public route modules; ${forbidden.size} admin/member-only chunks in the build`);
  notes.push("closure = static imports only (dynamic imports such as dialogs and string tables are counted by js-size.mjs)");
  writeResult(args.json, { bench: "chunk-graph", startedAt, rows, notes, extra: { violations } });
  const pass = rows.every((r) => r.pass);
  console.log(pass ? "PASS" : "FAIL");
  process.exitCode = pass ? 0 : 1;
}

function fail(startedAt, notes) {
  writeResult(args.json, {
    bench: "chunk-graph",
    startedAt,
    rows: [{ measure: "chunk graph", value: null, unit: "", target: "", pass: null }],
    notes,
  });
  process.exitCode = 2;
}

main();
