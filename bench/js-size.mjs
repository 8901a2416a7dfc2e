#!/usr/bin/env node
// First-load JavaScript of a page: load it once in headless Chromium (system /usr/bin/chromium,
// via playwright-core, empty cache), record every same-origin response of resource type
// "script" (module scripts, <link rel=modulepreload>, chunks imported while hydrating), gzip each
// body with node:zlib at level 9 (and brotli at quality 11), print a per-file table and the
// total. Budgets (issue 10): 130 KB gzip for /, 160 KB for any other page (1 KB = 1024 bytes).
// Exits 1 when a measured page exceeds its budget, 2 on a usage or start-up error.
//
//   npm run bench:js-size                              # / on our own production server
//   npm run bench:js-size -- --path /about --path /    # several pages
//   npm run bench:js-size -- --lang es --budget-kb 160 --url http://127.0.0.1:3000 --build
//   npm run bench:js-size -- --all-public --json out.json   # every public route, en and es
import { mkdirSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { assertChromium, chromiumVersion } from "../scripts/lib/chromium.mjs";
import { parseCli } from "./lib/cli.mjs";
import { ALL_PUBLIC, launchBrowser, pageUrl, resolvePages } from "./lib/public-pages.mjs";
import { writeResult } from "./lib/rows.mjs";
import { isShuttingDown, onShutdown, openTarget, repoRoot } from "./lib/server.mjs";

const usage = `usage: node bench/js-size.mjs [--path /] [--path /about ...] [--all-public] [--lang en|es]
                               [--budget-home-kb 130] [--budget-kb 160] [--url http://host:port]
                               [--build] [--mobile] [--json <path>]
  --path        page to load (repeatable; default /)
  --all-public  every public route (detail pages found from the list pages' links), in en and es
  --lang        en (default) or es (adds ?lang=es); ignored with --all-public
  --budget-home-kb  gzip budget of / in KB of 1024 bytes (default 130)
  --budget-kb   gzip budget of every other page (default 160)
  --json        write the result (bench contract) to this file
  --url         measure an already-running server instead of starting one
  --build       run \`react-router build\` before starting the server
  --mobile      412x823 touch viewport (Lighthouse's mobile screen) instead of 1280x800`;

const args = parseCli(
  {
    path: { type: "string", multiple: true },
    lang: { type: "string", default: "en" },
    "all-public": { type: "boolean", default: false },
    "budget-home-kb": { type: "string", default: "130" },
    "budget-kb": { type: "string", default: "160" },
    json: { type: "string" },
    url: { type: "string" },
    build: { type: "boolean", default: false },
    mobile: { type: "boolean", default: false },
  },
  usage,
);
const budgetKb = Number(args["budget-kb"]);
const homeBudgetKb = Number(args["budget-home-kb"]);
if (!["en", "es"].includes(args.lang) || !(budgetKb > 0) || !(homeBudgetKb > 0) || (args.path ?? []).some((p) => !p.startsWith("/"))) {
  console.error(usage);
  process.exit(2);
}
const languages = args["all-public"] ? ["en", "es"] : [args.lang];
const budgetOf = (p) => (p === "/" ? homeBudgetKb : budgetKb);
const log = (...parts) => console.error(...parts);

// Every public route, and a page that does not exist (the 404 page loads the shell too).
const NOT_FOUND_PATH = "/no-such-page-js-size";

const gzip = (buf) => zlib.gzipSync(buf, { level: 9 }).length;
const brotli = (buf) =>
  zlib.brotliCompressSync(buf, {
    params: {
      [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
      [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: buf.length,
    },
  }).length;
const kb = (n) => (n / 1024).toFixed(1);

async function measure(browser, base, p, lang) {
  const url = pageUrl(base, p, lang);
  const origin = new URL(base).origin;
  const context = await browser.newContext(
    args.mobile
      ? { viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true }
      : { viewport: { width: 1280, height: 800 } },
  );
  const page = await context.newPage();
  const pending = [];
  const seen = new Set();
  const consoleErrors = [];
  page.on("console", (m) => m.type() === "error" && consoleErrors.push(m.text()));
  page.on("pageerror", (e) => consoleErrors.push(String(e)));
  // Scripts that arrive after the measurement (a dialog's chunk on a timer) are not counted:
  // their bodies could no longer be read once the context is closed.
  let measuring = true;
  page.on("response", (response) => {
    const request = response.request();
    if (!measuring || request.resourceType() !== "script") return;
    const u = new URL(response.url());
    if (u.origin !== origin) return;
    if (seen.has(u.href)) return;
    seen.add(u.href);
    pending.push(
      (async () => {
        const body = await response.body();
        const sizes = await request.sizes().catch(() => null);
        return {
          file: u.pathname + u.search,
          status: response.status(),
          raw: body.length,
          gzip: gzip(body),
          brotli: brotli(body),
          // What the server actually sent (its own compression), headers excluded.
          wire: sizes?.responseBodySize ?? null,
          encoding: (await response.headerValue("content-encoding")) ?? "identity",
        };
      })(),
    );
  });

  const response = await page.goto(url, { waitUntil: "load", timeout: 60_000 });
  if (!response || (response.status() >= 400 && !(p === NOT_FOUND_PATH && response.status() === 404))) {
    throw new Error(`${url} answered HTTP ${response?.status() ?? "no response"}`);
  }
  // Chunks imported while hydrating arrive after `load`: wait for the network to settle
  // (media can keep it busy, so this is bounded), then a moment more.
  await page.waitForLoadState("networkidle", { timeout: 15_000 }).catch(() => {});
  await page.waitForTimeout(1000);
  const inline = await page.evaluate(() =>
    [...document.querySelectorAll("script:not([src])")]
      .filter((s) => !s.type || s.type === "module" || s.type === "text/javascript")
      .map((s) => s.textContent ?? ""),
  );
  measuring = false;
  const files = (await Promise.all(pending)).sort((a, b) => b.gzip - a.gzip);
  await context.close();
  const broken = files.filter((f) => f.status !== 200);
  if (broken.length) {
    throw new Error(
      `${url}: scripts answered with errors, the measurement would be wrong: ` + broken.map((f) => `${f.file} HTTP ${f.status}`).join(", "),
    );
  }

  const inlineBuf = Buffer.from(inline.join("\n"));
  const total = files.reduce(
    (t, f) => ({
      raw: t.raw + f.raw,
      gzip: t.gzip + f.gzip,
      brotli: t.brotli + f.brotli,
      wire: t.wire + (f.wire ?? 0),
    }),
    { raw: 0, gzip: 0, brotli: 0, wire: 0 },
  );
  return {
    path: p,
    lang,
    budgetKb: budgetOf(p),
    url,
    files,
    total,
    inlineScripts: { count: inline.length, raw: inlineBuf.length, gzip: gzip(inlineBuf) },
    consoleErrors,
    withinBudget: total.gzip <= Math.round(budgetOf(p) * 1024),
  };
}

function printPage(r) {
  const rows = [["file", "raw KB", "gzip-9 KB", "brotli-11 KB", "served KB"]];
  for (const f of r.files) {
    rows.push([
      f.file + (f.status !== 200 ? ` [HTTP ${f.status}]` : ""),
      kb(f.raw),
      kb(f.gzip),
      kb(f.brotli),
      f.wire === null ? "—" : `${kb(f.wire)} ${f.encoding === "identity" ? "" : f.encoding}`.trim(),
    ]);
  }
  rows.push([`TOTAL (${r.files.length} files)`, kb(r.total.raw), kb(r.total.gzip), kb(r.total.brotli), kb(r.total.wire)]);
  const widths = rows[0].map((_, i) => Math.max(...rows.map((row) => String(row[i]).length)));
  const fmt = (row) => row.map((c, i) => (i === 0 ? String(c).padEnd(widths[i]) : String(c).padStart(widths[i]))).join("  ");
  const rule = widths.map((w) => "-".repeat(w)).join("  ");
  console.log(`\n${r.url}`);
  console.log(fmt(rows[0]));
  console.log(rule);
  for (const row of rows.slice(1, -1)) console.log(fmt(row));
  console.log(rule);
  console.log(fmt(rows.at(-1)));
  console.log(
    `inline <script> in the HTML (not in the total): ${r.inlineScripts.count} scripts, ` +
      `${kb(r.inlineScripts.raw)} KB raw, ${kb(r.inlineScripts.gzip)} KB gzip`,
  );
  const verdict = r.withinBudget ? "within" : "OVER";
  console.log(`first-load JS ${kb(r.total.gzip)} KB gzip: ${verdict} the ${r.budgetKb} KB budget`);
  if (r.consoleErrors.length) {
    console.log(`console errors (${r.consoleErrors.length}): ${r.consoleErrors.slice(0, 3).join(" | ").slice(0, 400)}`);
  }
}

async function main() {
  assertChromium();
  const startedAt = new Date();
  let target;
  try {
    target = await openTarget({ url: args.url, build: args.build, log });
  } catch (error) {
    if (isShuttingDown()) return new Promise(() => {}); // Ctrl-C: the cleanups exit
    log(`cannot start or reach the server: ${error.message}`);
    writeResult(args.json, {
      bench: "js-size",
      startedAt: startedAt.toISOString(),
      rows: [{ measure: "first-load JS", value: null, unit: "KB", target: "", pass: null }],
      notes: [`cannot start or reach the server: ${error.message}`],
    });
    process.exit(2);
  }
  const results = [];
  let browser;
  try {
    browser = await launchBrowser();
    onShutdown(() => browser.close());
    const paths = args["all-public"]
      ? [...(await resolvePages(target.url, ALL_PUBLIC)), NOT_FOUND_PATH]
      : args.path?.length
        ? args.path
        : ["/"];
    for (const lang of languages) {
      for (const p of paths) results.push(await measure(browser, target.url, p, lang));
    }
  } finally {
    await browser?.close();
    await target.close();
  }

  console.log(
    `First-load JavaScript (same-origin scripts, empty cache), lang ${languages.join(" + ")}, ` +
      `${args.mobile ? "mobile 412x823" : "desktop 1280x800"} viewport; KB = 1024 bytes`,
  );
  console.log(`${chromiumVersion()}; Node ${process.version}`);
  for (const r of results) printPage(r);

  const stamp = startedAt.toISOString().replace(/[:.]/g, "-");
  const dir = path.join(repoRoot, "bench/results");
  mkdirSync(dir, { recursive: true });
  const out = path.join(dir, `js-size-${stamp}.json`);
  writeFileSync(
    out,
    JSON.stringify(
      {
        date: startedAt.toISOString(),
        target: target.url,
        externalServer: target.external,
        build: target.build,
        languages,
        viewport: args.mobile ? "mobile" : "desktop",
        budget: { homeGzipKb: homeBudgetKb, gzipKb: budgetKb },
        environment: { node: process.version, chromium: chromiumVersion(), cpus: os.cpus().length },
        pages: results,
      },
      null,
      2,
    ) + "\n",
  );
  console.log(`\nsummary: ${path.relative(repoRoot, out)}`);
  if (results.length > 1) {
    console.log("\npage  lang  files  gzip KB  budget KB  ok");
    for (const r of results) {
      console.log(`${r.path}  ${r.lang}  ${r.files.length}  ${kb(r.total.gzip)}  ${r.budgetKb}  ${r.withinBudget ? "yes" : "NO"}`);
    }
  }
  if (args.json) {
    writeResult(args.json, {
      bench: "js-size",
      startedAt: startedAt.toISOString(),
      rows: results.map((r) => ({
        measure: `${r.path}${r.lang === "es" ? " (es)" : ""} first-load JS gzip`,
        value: Math.round((r.total.gzip / 1024) * 10) / 10,
        unit: "KB",
        target: `≤ ${r.budgetKb} KB`,
        pass: r.withinBudget,
      })),
      notes: [
        `same-origin scripts loaded without interaction (load + network idle + 1 s), ${args.mobile ? "mobile" : "desktop"} viewport, gzip -9`,
      ],
    });
  }
  const over = results.filter((r) => !r.withinBudget);
  if (over.length) {
    console.log(
      `FAIL: over the gzip budget: ${over.map((r) => `${r.path} (${r.lang}) ${kb(r.total.gzip)} KB > ${r.budgetKb} KB`).join(", ")}`,
    );
    process.exitCode = 1;
  } else {
    console.log(
      `PASS: ${results.length} page loads within budget (${results.map((r) => `${r.path}${r.lang === "es" ? " es" : ""} ${kb(r.total.gzip)}`).join(", ")} KB)`,
    );
  }
}

main().catch((error) => {
  if (isShuttingDown()) return; // Ctrl-C: the cleanups exit
  console.error(error?.stack ?? error);
  writeResult(args.json, {
    bench: "js-size",
    startedAt: new Date().toISOString(),
    rows: [{ measure: "first-load JS", value: null, unit: "KB", target: "", pass: null }],
    notes: [`measurement failed: ${error?.message ?? error}`],
  });
  process.exit(2);
});
