#!/usr/bin/env node
// Lighthouse page-speed benchmark: MOBILE preset (Lighthouse's default config: Moto G Power
// emulation, simulated slow 4G + 4x CPU throttling) on public pages, N runs each, median
// performance score. Targets (issue 10): performance >= 98 on `/` and >= 95 elsewhere,
// accessibility / best practices / SEO = 100 everywhere, LCP <= 2.0 s and CLS <= 0.02 on `/`.
// Exits 1 when a gated page misses a target (`/` only, every page with --gate-all or
// --all-public), 2 on a usage or start-up error.
//
//   npm run bench:lighthouse                      # own production server, English, 3 runs
//   npm run bench:lighthouse -- --lang es         # Spanish (?lang=es); --lang both: en then es
//   npm run bench:lighthouse -- --all-public --lang both   # every public route (1 run, 3 on /)
//   npm run bench:lighthouse -- --runs 5 --pages /,/about
//   npm run bench:lighthouse -- --all-public --json bench/results/lh.json
//   npm run bench:lighthouse -- --url http://127.0.0.1:3000   # an already-running server
//   npm run bench:lighthouse -- --build           # rebuild (react-router build) first
//
// Run 1 of every page audits all four categories; runs 2..N audit performance only (the
// accessibility, best-practices and SEO audits do not depend on timing). Each page gets a
// fresh Chromium (system /usr/bin/chromium, fresh profile); each run opens its own tab and
// Lighthouse clears the origin's cache and storage first.
import { mkdirSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { ReportGenerator } from "lighthouse/report/generator/report-generator.js";
import { assertChromium, chromiumFlags, chromiumPath, chromiumVersion } from "../scripts/lib/chromium.mjs";
import { parseCli } from "./lib/cli.mjs";
import { ALL_PUBLIC, pageUrl, resolvePages } from "./lib/public-pages.mjs";
import { isShuttingDown, onShutdown, openTarget, repoRoot } from "./lib/server.mjs";

const DEFAULT_PAGES = ["/", "/about", "/events", "/plan-visit", "/sermons"];
const TARGETS = { performance: 95, accessibility: 100, "best-practices": 100, seo: 100 };
// Stricter on the home page, plus Core Web Vitals there.
const HOME_TARGETS = { ...TARGETS, performance: 98 };
const HOME_LCP_MS = 2000;
const HOME_CLS = 0.02;
// Pages that say `noindex` on purpose (the service worker's offline fallback): their SEO score is
// gated without the "is-crawlable" audit, and the table marks it with `*`.
const NOINDEX_BY_DESIGN = new Set(["/offline"]);
const targetsFor = (p) => (p === "/" ? HOME_TARGETS : TARGETS);
const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"];
// Failures that only mean "this machine has no internet" (third-party hosts unreachable).
const OFFLINE_ERROR =
  /ERR_NAME_NOT_RESOLVED|ERR_INTERNET_DISCONNECTED|ERR_CONNECTION_(REFUSED|RESET|TIMED_OUT|CLOSED)|ERR_ADDRESS_UNREACHABLE|ERR_TIMED_OUT/;
// Audits that Lighthouse 13 still runs beside the performance insight that reports the same
// finding (it removed the other legacy twins Lighthouse 12 had).
const LEGACY_TWIN = {
  "server-response-time": "document-latency-insight",
  redirects: "document-latency-insight",
  "layout-shifts": "cls-culprits-insight",
};
const SHORT = { performance: "perf", accessibility: "a11y", "best-practices": "bp", seo: "seo" };

const usage = `usage: node bench/lighthouse.mjs [--runs N] [--runs-home N] [--lang en|es|both]
                                [--pages /,/about,...] [--all-public] [--json path]
                                [--url http://host:port] [--build] [--gate-all] [--verbose]
  --runs N      runs per page (default 3, 1 with --all-public); the median performance score is reported
  --runs-home N runs for / (default: --runs, at least 3 with --all-public)
  --lang        en (default), es (adds ?lang=es) or both (every page in en, then in es)
  --pages       comma-separated paths (default ${DEFAULT_PAGES.join(",")})
  --all-public  every public route (detail slugs discovered from the list pages); gates every page
  --json path   also write the bench summary (rows with targets) to path
  --url         measure an already-running server instead of starting one
  --build       run \`react-router build\` before starting the server
  --gate-all    apply the targets to every page, not only /
  --verbose     print performance hints for every page, not only those under target`;

const args = parseCli(
  {
    runs: { type: "string" },
    "runs-home": { type: "string" },
    lang: { type: "string", default: "en" },
    pages: { type: "string" },
    "all-public": { type: "boolean", default: false },
    json: { type: "string" },
    url: { type: "string" },
    build: { type: "boolean", default: false },
    "gate-all": { type: "boolean", default: false },
    verbose: { type: "boolean", default: false },
  },
  usage,
);
const allPublic = args["all-public"];
const runs = Number(args.runs ?? (allPublic ? 1 : 3));
const runsHome = Number(args["runs-home"] ?? (allPublic ? Math.max(3, runs) : runs));
if (![runs, runsHome].every((n) => Number.isInteger(n) && n >= 1 && n <= 15)) {
  console.error(`--runs and --runs-home must be integers from 1 to 15\n${usage}`);
  process.exit(2);
}
if (!["en", "es", "both"].includes(args.lang)) {
  console.error(`--lang must be en, es or both\n${usage}`);
  process.exit(2);
}
if (allPublic && args.pages) {
  console.error(`--all-public and --pages are exclusive\n${usage}`);
  process.exit(2);
}
const langs = args.lang === "both" ? ["en", "es"] : [args.lang];
const pageSpecs = allPublic
  ? ALL_PUBLIC
  : args.pages
    ? args.pages
        .split(",")
        .map((p) => p.trim())
        .filter(Boolean)
    : DEFAULT_PAGES;
if (pageSpecs.some((p) => typeof p === "string" && !p.startsWith("/"))) {
  console.error(`--pages must be paths starting with /\n${usage}`);
  process.exit(2);
}

const log = (...parts) => console.error(...parts);
const label = (p, lang) => (lang === "es" ? `${p}${p.includes("?") ? "&" : "?"}lang=es` : p);

const pct = (score) => (score === null || score === undefined ? null : Math.round(score * 100));
const slug = (p) => (p === "/" ? "home" : p.replace(/^\//, "").replace(/[^a-z0-9]+/gi, "-"));

function median(sortedRuns) {
  // Runs sorted by performance score: the middle one (the lower middle for an even count).
  return sortedRuns[Math.floor((sortedRuns.length - 1) / 2)];
}

function metricsOf(lhr) {
  const a = lhr.audits;
  const num = (id) => a[id]?.numericValue ?? null;
  return {
    performance: pct(lhr.categories.performance?.score),
    fcpMs: num("first-contentful-paint"),
    lcpMs: num("largest-contentful-paint"),
    tbtMs: num("total-blocking-time"),
    cls: num("cumulative-layout-shift"),
    speedIndexMs: num("speed-index"),
    totalByteWeight: num("total-byte-weight"),
    benchmarkIndex: lhr.environment?.benchmarkIndex ?? null,
    failedRequests: failedRequests(lhr),
    runWarnings: lhr.runWarnings ?? [],
  };
}

/** Same-origin requests that answered 4xx/5xx (a missing file, or a build replaced under the server). */
function failedRequests(lhr) {
  const origin = new URL(lhr.finalDisplayedUrl).origin;
  return (lhr.audits["network-requests"]?.details?.items ?? [])
    .filter((r) => r.statusCode >= 400 && r.url.startsWith(origin))
    .map((r) => `${r.statusCode} ${r.url.slice(origin.length)}`);
}

/** Table rows of an audit's details, nested lists (insights) flattened; trees skipped. */
function detailItems(details) {
  if (!details) return [];
  if (details.type === "list") return details.items.flatMap((sub) => detailItems(sub.type === "list-section" ? sub.value : sub));
  if (details.type === "table" || details.type === "opportunity") return details.items ?? [];
  return [];
}

/** One short line per offending item, so a developer can find it without opening the report. */
function itemLines(audit, max = 3) {
  const items = detailItems(audit.details);
  const lines = [];
  for (const item of items.slice(0, max)) {
    const node = item.node ?? item.subItems?.items?.[0]?.relatedNode;
    const numbers = [];
    if (item.wastedBytes) numbers.push(`${Math.round(item.wastedBytes / 1024)} KiB wasted`);
    if (item.wastedMs) numbers.push(`${Math.round(item.wastedMs)} ms`);
    if (item.total && typeof item.total === "number") numbers.push(`${Math.round(item.total)} ms`);
    let text;
    if (node?.snippet || node?.selector) {
      text = [node.selector, node.snippet].filter(Boolean).join("  ");
    } else if ((item.groupLabel || item.label) && typeof item.duration === "number") {
      text = `${item.groupLabel ?? item.label}: ${Math.round(item.duration)} ms`;
    } else if (item.description || item.source) {
      const source = typeof item.source === "object" ? (item.source?.url ?? item.source?.value) : item.source;
      const where = item.sourceLocation?.url ?? item.url ?? "";
      text = [source, item.description, where].filter((x) => typeof x === "string" && x).join(" | ");
      if (typeof item.reflowTime === "number") numbers.push(`${Math.round(item.reflowTime)} ms reflow`);
    } else if (typeof item.url === "string") {
      text = item.url;
    } else if (item.label || item.reason) {
      text = String(item.label ?? item.reason);
    } else {
      continue;
    }
    if (numbers.length) text += ` (${numbers.join(", ")})`;
    if (OFFLINE_ERROR.test(text)) text += "  [no internet on this machine: not a site defect if the host is reachable]";
    lines.push(text.replace(/\s+/g, " ").slice(0, 240));
  }
  if (items.length > max) lines.push(`… and ${items.length - max} more`);
  return lines;
}

/** Accessibility / best-practices / SEO audits that lost points (score < 1) or errored. */
function failingAudits(lhr) {
  const out = [];
  for (const category of ["accessibility", "best-practices", "seo"]) {
    const cat = lhr.categories[category];
    if (!cat) continue;
    for (const ref of cat.auditRefs) {
      const audit = lhr.audits[ref.id];
      if (!audit) continue;
      const mode = audit.scoreDisplayMode;
      if (["notApplicable", "manual", "informative"].includes(mode)) continue;
      if (mode !== "error" && (audit.score === null || audit.score >= 1)) continue;
      out.push({
        category,
        id: audit.id,
        title: audit.title,
        score: audit.score,
        weight: ref.weight,
        explanation: audit.explanation ?? audit.errorMessage ?? null,
        items: itemLines(audit),
      });
    }
  }
  return out;
}

/** Performance audits worth a look: failing opportunities/diagnostics/insights, biggest savings first. */
function perfHints(lhr) {
  const cat = lhr.categories.performance;
  if (!cat) return [];
  const hints = [];
  for (const ref of cat.auditRefs) {
    if (ref.weight > 0 || ref.id === "max-potential-fid") continue; // metrics: in the table
    const audit = lhr.audits[ref.id];
    if (!audit || audit.score === null || audit.score >= 0.9) continue;
    if (["notApplicable", "manual", "informative", "error"].includes(audit.scoreDisplayMode)) continue;
    const savings = audit.metricSavings ?? {};
    const ms = (savings.LCP ?? 0) + (savings.FCP ?? 0) + (savings.TBT ?? 0) + (savings.INP ?? 0);
    hints.push({
      id: audit.id,
      title: audit.title,
      score: audit.score,
      displayValue: audit.displayValue ?? "",
      metricSavings: savings,
      rank: ms + (savings.CLS ?? 0) * 10_000,
      items: itemLines(audit, 3),
    });
  }
  // A few findings come twice (legacy audit + performance insight): keep the insight.
  const ids = new Set(hints.map((h) => h.id));
  return hints
    .filter((h) => !(LEGACY_TWIN[h.id] && ids.has(LEGACY_TWIN[h.id])))
    .filter((h) => h.items.length > 0 || h.rank > 0 || h.displayValue)
    .sort((x, y) => y.rank - x.rank)
    .slice(0, 8);
}

/** The SEO category score re-weighted without one audit (a page that is noindex by design). */
function seoWithout(lhr, auditId) {
  const refs = (lhr.categories.seo?.auditRefs ?? []).filter((ref) => {
    const a = lhr.audits[ref.id];
    return ref.id !== auditId && ref.weight > 0 && a && a.score !== null && a.scoreDisplayMode !== "notApplicable";
  });
  const total = refs.reduce((sum, ref) => sum + ref.weight, 0);
  if (!total) return null;
  return pct(refs.reduce((sum, ref) => sum + ref.weight * lhr.audits[ref.id].score, 0) / total);
}

async function launchChromium() {
  const chrome = await chromeLauncher.launch({
    chromePath: chromiumPath,
    chromeFlags: chromiumFlags,
    logLevel: "silent",
    // bench/lib/server.mjs handles Ctrl-C (browser, then server, then exit).
    handleSIGINT: false,
  });
  const unregister = onShutdown(() => chrome.kill());
  return {
    port: chrome.port,
    kill: async () => {
      unregister();
      await chrome.kill();
    },
  };
}

/** One Lighthouse navigation in a new tab of `chrome` (Lighthouse resets the origin's storage and cache first). */
async function runOnce(chrome, url, categories) {
  const result = await lighthouse(url, {
    port: chrome.port,
    output: "json",
    logLevel: "error",
    onlyCategories: categories,
    // The full-page screenshot only decorates the HTML report and costs ~1.2 s per run.
    disableFullPageScreenshot: true,
  });
  if (!result?.lhr) throw new Error("Lighthouse returned no result");
  if (result.lhr.runtimeError) {
    throw new Error(`${result.lhr.runtimeError.code}: ${result.lhr.runtimeError.message}`);
  }
  return result.lhr;
}

const fmtMs = (v) => (v === null ? "—" : v >= 1000 ? `${(v / 1000).toFixed(1)} s` : `${Math.round(v)} ms`);
const fmtKiB = (v) => (v === null ? "—" : `${Math.round(v / 1024)} KiB`);
const fmtCls = (v) => (v === null ? "—" : v.toFixed(3));

function table(rows) {
  const widths = rows[0].map((_, i) => Math.max(...rows.map((r) => String(r[i]).length)));
  return rows
    .map((r, ri) => {
      const line = r.map((c, i) => (i === 0 ? String(c).padEnd(widths[i]) : String(c).padStart(widths[i]))).join("  ");
      return ri === 0 ? `${line}\n${widths.map((w) => "-".repeat(w)).join("  ")}` : line;
    })
    .join("\n");
}

async function main() {
  assertChromium();
  const startedAt = new Date();
  const stamp = startedAt.toISOString().replace(/[:.]/g, "-");
  const resultsDir = path.join(repoRoot, "bench/results");
  const reportDir = path.join(resultsDir, `lighthouse-${stamp}`);
  const load = os.loadavg()[0];
  if (load > os.cpus().length * 0.75) {
    log(
      `WARNING: load average ${load.toFixed(2)} on ${os.cpus().length} cores: other work on this machine ` +
        "skews the CPU-bound metrics (TBT, LCP). Prefer a quiet machine for recorded figures.",
    );
  }

  let target;
  try {
    target = await openTarget({ url: args.url, build: args.build, log });
  } catch (error) {
    if (isShuttingDown()) return new Promise(() => {}); // Ctrl-C: the cleanups exit
    log(`cannot start or reach the server: ${error.message}`);
    process.exit(2);
  }

  const results = [];
  let pages;
  try {
    try {
      pages = await resolvePages(target.url, pageSpecs);
    } catch (error) {
      log(`cannot discover the detail pages: ${error.message}`);
      process.exitCode = 2;
      return;
    }
    log(`${pages.length} page(s) × ${langs.join("+")}: ${pages.join(" ")}`);
    // Warm the server (JIT, caches) so run 1 does not measure a cold process.
    for (const lang of langs) {
      for (const p of pages) {
        for (let i = 0; i < 2; i++) await fetch(pageUrl(target.url, p, lang)).then((r) => r.arrayBuffer());
      }
    }
    for (const lang of langs)
      for (const p of pages) {
        const url = pageUrl(target.url, p, lang);
        const pageRuns = p === "/" ? runsHome : runs;
        const lhrs = [];
        // One fresh Chromium (fresh profile) per page; each run opens its own tab.
        let chrome = await launchChromium();
        try {
          for (let i = 0; i < pageRuns; i++) {
            const t0 = Date.now();
            const categories = i === 0 ? CATEGORIES : ["performance"];
            const lhr = await runOnce(chrome, url, categories).catch(async (error) => {
              if (isShuttingDown()) return new Promise(() => {}); // Ctrl-C: the cleanups exit
              log(`  ${label(p, lang)}  run ${i + 1}/${pageRuns} failed (${error.message}); retrying once in a new Chromium`);
              await chrome.kill();
              chrome = await launchChromium();
              return runOnce(chrome, url, categories);
            });
            lhrs.push(lhr);
            const m = metricsOf(lhr);
            log(
              `  ${label(p, lang)}  run ${i + 1}/${pageRuns}: perf ${m.performance}  LCP ${fmtMs(m.lcpMs)}  TBT ${fmtMs(m.tbtMs)}  ` +
                `(benchmarkIndex ${Math.round(m.benchmarkIndex)}, ${((Date.now() - t0) / 1000).toFixed(0)} s)`,
            );
          }
        } finally {
          await chrome.kill();
        }
        const full = lhrs[0];
        const sorted = [...lhrs].sort((x, y) => x.categories.performance.score - y.categories.performance.score);
        const med = median(sorted);
        const failing = failingAudits(full);
        const hints = perfHints(med);
        mkdirSync(reportDir, { recursive: true });
        const reports = [`${slug(p)}${lang === "es" ? ".es" : ""}.html`];
        writeFileSync(path.join(reportDir, reports[0]), ReportGenerator.generateReportHtml(full));
        if (med !== full) {
          reports.push(`${slug(p)}${lang === "es" ? ".es" : ""}.median-performance.html`);
          writeFileSync(path.join(reportDir, reports[1]), ReportGenerator.generateReportHtml(med));
        }
        results.push({
          path: p,
          lang,
          url,
          runs: lhrs.map(metricsOf),
          median: metricsOf(med),
          medianRun: lhrs.indexOf(med) + 1,
          scores: {
            performance: pct(med.categories.performance.score),
            accessibility: pct(full.categories.accessibility?.score),
            "best-practices": pct(full.categories["best-practices"]?.score),
            seo: NOINDEX_BY_DESIGN.has(p) ? seoWithout(full, "is-crawlable") : pct(full.categories.seo?.score),
          },
          seoExempt: NOINDEX_BY_DESIGN.has(p) ? { audit: "is-crawlable", fullScore: pct(full.categories.seo?.score) } : null,
          failingAudits: failing,
          perfHints: hints,
          reports: reports.map((r) => path.relative(repoRoot, path.join(reportDir, r))),
          finalUrl: full.finalDisplayedUrl,
          lighthouseVersion: full.lighthouseVersion,
          userAgent: full.environment?.hostUserAgent,
        });
      }
  } finally {
    await target.close();
  }

  // ---- gate -------------------------------------------------------------------------------
  const gated = args["gate-all"] || allPublic ? results : results.filter((r) => r.path === "/");
  const misses = [];
  for (const r of gated) {
    const t = targetsFor(r.path);
    for (const c of CATEGORIES) {
      const v = r.scores[c];
      if (v === null || v < t[c]) misses.push(`${label(r.path, r.lang)}: ${c} ${v ?? "n/a"} < ${t[c]}`);
    }
    if (r.path === "/") {
      if (!(r.median.lcpMs <= HOME_LCP_MS)) misses.push(`${label(r.path, r.lang)}: LCP ${fmtMs(r.median.lcpMs)} > 2.0 s`);
      if (!(r.median.cls <= HOME_CLS)) misses.push(`${label(r.path, r.lang)}: CLS ${fmtCls(r.median.cls)} > ${HOME_CLS}`);
    }
  }

  // ---- report -----------------------------------------------------------------------------
  const rows = [["page", "perf (runs)", "a11y", "bp", "seo", "LCP", "CLS", "TBT", "FCP", "bytes"]];
  for (const r of results) {
    const t = targetsFor(r.path);
    const mark = (c) => {
      const v = r.scores[c];
      return `${v ?? "—"}${v !== null && v < t[c] ? "!" : ""}`;
    };
    const home = r.path === "/";
    const runScores = r.runs.map((x) => x.performance).join(" ");
    rows.push([
      label(r.path, r.lang),
      `${mark("performance")} (${runScores})`,
      mark("accessibility"),
      mark("best-practices"),
      mark("seo") + (r.seoExempt ? "*" : ""),
      fmtMs(r.median.lcpMs) + (home && !(r.median.lcpMs <= HOME_LCP_MS) ? "!" : ""),
      fmtCls(r.median.cls) + (home && !(r.median.cls <= HOME_CLS) ? "!" : ""),
      fmtMs(r.median.tbtMs),
      fmtMs(r.median.fcpMs),
      fmtKiB(r.median.totalByteWeight),
    ]);
  }
  const bi = results.flatMap((r) => r.runs.map((x) => x.benchmarkIndex)).filter((x) => x !== null);
  console.log(
    `\nLighthouse ${results[0]?.lighthouseVersion} mobile (simulated throttling), ${runs} run(s)/page ` +
      `(${runsHome} on /), lang ${args.lang}, ${target.url}, load average ${load.toFixed(2)} at start`,
  );
  console.log(
    `${chromiumVersion()}; Node ${process.version}; ${os.cpus().length} cores; ` +
      `benchmarkIndex ${Math.round(Math.min(...bi))}–${Math.round(Math.max(...bi))}`,
  );
  console.log(
    "perf = median of the runs (all runs in brackets); metrics from the median run; ! = misses target " +
      `(perf ≥ ${HOME_TARGETS.performance} on /, ≥ ${TARGETS.performance} elsewhere; a11y/bp/seo 100; on /: LCP ≤ 2.0 s, CLS ≤ ${HOME_CLS})\n`,
  );
  console.log(table(rows));

  if (results.some((r) => r.seoExempt)) {
    console.log(
      `* noindex by design (${[...NOINDEX_BY_DESIGN].join(", ")}): SEO scored without "is-crawlable" ` +
        `(Lighthouse's own SEO score: ${results
          .filter((r) => r.seoExempt)
          .map((r) => `${label(r.path, r.lang)} ${r.seoExempt.fullScore}`)
          .join(", ")})`,
    );
  }
  const failed = [...new Set(results.flatMap((r) => r.runs.flatMap((x) => x.failedRequests)))];
  if (failed.length) console.log(`\nWARNING: same-origin requests failed: ${failed.join(", ")}`);
  for (const r of results) {
    const showHints = args.verbose || (r.scores.performance ?? 0) < targetsFor(r.path).performance;
    if (!r.failingAudits.length && !(showHints && r.perfHints.length)) continue;
    console.log(`\n${label(r.path, r.lang)}`);
    for (const f of r.failingAudits) {
      console.log(
        `  [${SHORT[f.category]}] ${f.id} — ${f.title}${f.explanation ? ` (${f.explanation.replace(/\s+/g, " ").slice(0, 200)})` : ""}`,
      );
      for (const line of f.items) console.log(`        ${line}`);
    }
    if (showHints) {
      for (const h of r.perfHints) {
        console.log(`  [perf] ${h.id} — ${h.title}${h.displayValue ? ` (${h.displayValue})` : ""}`);
        for (const line of h.items) console.log(`        ${line}`);
      }
    }
  }

  const summary = {
    date: startedAt.toISOString(),
    preset: "mobile (Lighthouse default config, simulated throttling)",
    lang: args.lang,
    runsPerPage: runs,
    runsHome,
    target: target.url,
    externalServer: target.external,
    build: target.build,
    environment: {
      node: process.version,
      chromium: chromiumVersion(),
      lighthouse: results[0]?.lighthouseVersion,
      cpus: os.cpus().length,
      cpuModel: os.cpus()[0]?.model,
      loadAverageAtStart: load,
    },
    targets: { home: { ...HOME_TARGETS, lcpMs: HOME_LCP_MS, cls: HOME_CLS }, other: TARGETS },
    gate: { pages: gated.map((r) => r.path), pass: misses.length === 0, misses },
    pages: results,
  };
  mkdirSync(resultsDir, { recursive: true });
  const out = path.join(resultsDir, `lighthouse-${stamp}.json`);
  writeFileSync(out, JSON.stringify(summary, null, 2) + "\n");
  console.log(`\nsummary: ${path.relative(repoRoot, out)}; HTML reports: ${path.relative(repoRoot, reportDir)}/`);
  const elapsedS = (Date.now() - startedAt.getTime()) / 1000;
  console.log(`total time ${elapsedS.toFixed(0)} s (${results.length} page(s), load average now ${os.loadavg()[0].toFixed(2)})`);
  if (args.json) writeBenchJson({ startedAt, load, results, elapsedS, bi });

  if (misses.length) {
    console.log(`\nFAIL: targets missed\n  ${misses.join("\n  ")}`);
    process.exitCode = 1;
  } else {
    console.log(`\nPASS: ${gated.map((r) => r.path).join(", ")} meet the targets`);
  }
}

/** The `npm run bench` contract: one row per page × language and category, targets beside. */
function writeBenchJson({ startedAt, load, results, elapsedS, bi }) {
  const rows = [];
  for (const r of results) {
    const t = targetsFor(r.path);
    const name = label(r.path, r.lang);
    for (const c of CATEGORIES) {
      const v = r.scores[c];
      rows.push({
        measure: `${name} ${SHORT[c]}`,
        value: v ?? "n/a",
        unit: "score",
        target: `≥ ${t[c]}`,
        pass: v === null ? false : v >= t[c],
      });
    }
    if (r.path === "/") {
      rows.push({
        measure: `${name} LCP`,
        value: Math.round(r.median.lcpMs),
        unit: "ms",
        target: `≤ ${HOME_LCP_MS} ms`,
        pass: r.median.lcpMs <= HOME_LCP_MS,
      });
      rows.push({
        measure: `${name} CLS`,
        value: Number(r.median.cls.toFixed(3)),
        unit: "ratio",
        target: `≤ ${HOME_CLS}`,
        pass: r.median.cls <= HOME_CLS,
      });
    }
  }
  rows.push({ measure: "sweep time", value: Math.round(elapsedS), unit: "s", target: "", pass: null });
  const notes = [
    `Lighthouse mobile preset (simulated throttling), ${runs} run(s)/page, ${runsHome} on / (median)`,
    `benchmarkIndex ${Math.round(Math.min(...bi))}–${Math.round(Math.max(...bi))}`,
  ];
  const out = path.resolve(args.json);
  mkdirSync(path.dirname(out), { recursive: true });
  writeFileSync(
    out,
    JSON.stringify(
      { bench: "lighthouse", startedAt: startedAt.toISOString(), loadavg: os.loadavg(), loadAtStart: load, rows, notes },
      null,
      2,
    ) + "\n",
  );
  console.log(`bench JSON: ${path.relative(process.cwd(), out)}`);
}

main().catch((error) => {
  if (isShuttingDown()) return; // Ctrl-C: the cleanups exit
  console.error(error?.stack ?? error);
  process.exit(2);
});
