#!/usr/bin/env node
// Images, fonts and video of the public pages (issue 10, goal 4): each page is loaded in the
// system Chromium with an empty cache, on a phone (360x780 at 2x) and a desktop (1280x800 at 1x)
// screen, scrolled to the end so lazy images load, and checked:
//
//   images  every <img> carries width and height attributes; every raster image arrives as AVIF
//           or WebP; none is larger than the size shown: the bytes wasted on pixels the screen
//           cannot show (natural size against the box × device pixel ratio, after object-fit)
//           stay under 4 KiB per image, Lighthouse's threshold (uses-responsive-images)
//   fonts   every font file comes from this site as WOFF2, and every @font-face is a subset
//           (a unicode-range narrower than all of Unicode); system font stacks need none
//   video   no video or audio bytes (media requests, HLS playlists and segments) before the
//           page's load event; every <video> says preload="none"; a video's poster is fetched
//           before the load event at high priority (in the HTML, not discovered by a script)
//
// Exit 0: every check passed; 1: a check failed; 2: the measurement could not be made.
//
//   npm run bench:media                               # every public route, en + es, phone + desktop
//   npm run bench:media -- --pages /,/community --lang en --views phone
//   npm run bench:media -- --url http://127.0.0.1:3000 --json bench/results/media.json
import { assertChromium, chromiumVersion } from "../scripts/lib/chromium.mjs";
import { parseCli } from "./lib/cli.mjs";
import { ALL_PUBLIC, launchBrowser, pageUrl, resolvePages } from "./lib/public-pages.mjs";
import { table, writeResult } from "./lib/rows.mjs";
import { isShuttingDown, onShutdown, openTarget } from "./lib/server.mjs";

const VIEWS = {
  phone: { viewport: { width: 360, height: 780 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true },
  desktop: { viewport: { width: 1280, height: 800 }, deviceScaleFactor: 1 },
};
// Lighthouse's uses-responsive-images ignores an image wasting less than this.
const WASTE_LIMIT_BYTES = 4096;
const MODERN_IMAGE = /^image\/(avif|webp|svg\+xml)$/;
const MEDIA_URL = /\.(mp4|webm|mov|m4v|m3u8|m4s|ts|mp3|m4a|ogg|oga|aac)(\?|$)/i;
const HIGH_PRIORITY = new Set(["VeryHigh", "High"]);

const usage = `usage: node bench/media.mjs [--pages /,/about,...] [--lang en|es|both] [--views phone,desktop]
                            [--url http://host:port] [--build] [--json path]
  --pages   comma-separated paths (default: every public route, detail pages found on their lists)
  --lang    en, es or both (default both; es adds ?lang=es)
  --views   phone (360x780, 2x) and/or desktop (1280x800, 1x) (default both)
  --url     measure an already-running server instead of starting one
  --build   run \`react-router build\` before starting the server
  --json    write the result (bench contract) to this file`;

const args = parseCli(
  {
    pages: { type: "string" },
    lang: { type: "string", default: "both" },
    views: { type: "string", default: "phone,desktop" },
    url: { type: "string" },
    build: { type: "boolean", default: false },
    json: { type: "string" },
  },
  usage,
);
const languages = args.lang === "both" ? ["en", "es"] : [args.lang];
const views = args.views.split(",").map((v) => v.trim());
const pageSpecs = args.pages ? args.pages.split(",").map((p) => p.trim()) : ALL_PUBLIC;
if (
  !languages.every((l) => l === "en" || l === "es") ||
  !views.every((v) => v in VIEWS) ||
  !pageSpecs.every((p) => typeof p !== "string" || p.startsWith("/"))
) {
  console.error(usage);
  process.exit(2);
}
const log = (...parts) => console.error(...parts);
const kib = (n) => (n / 1024).toFixed(1);

/** What the page's own requests were (CDP Network), with the load event's time on the same clock. */
async function recordNetwork(context, page) {
  const cdp = await context.newCDPSession(page);
  const requests = new Map();
  let loadAt = null;
  cdp.on("Network.requestWillBeSent", (e) => {
    if (requests.has(e.requestId)) return; // a redirect keeps the first request's time
    requests.set(e.requestId, { url: e.request.url, type: e.type, priority: e.request.initialPriority, at: e.timestamp });
  });
  cdp.on("Network.responseReceived", (e) => {
    const r = requests.get(e.requestId);
    if (r) Object.assign(r, { status: e.response.status, mime: e.response.mimeType });
  });
  cdp.on("Network.loadingFinished", (e) => {
    const r = requests.get(e.requestId);
    if (r) r.bytes = e.encodedDataLength;
  });
  cdp.on("Page.loadEventFired", (e) => {
    loadAt ??= e.timestamp;
  });
  await cdp.send("Network.enable");
  await cdp.send("Page.enable");
  return { requests, loadAt: () => loadAt };
}

/** In the page before its own scripts: the first poster of every <video>, however it was added. */
function recordFirstPosters() {
  const first = new WeakMap();
  window.__firstPosters = first;
  const note = (video) => {
    const poster = video.getAttribute("poster");
    if (poster && !first.has(video)) first.set(video, new URL(poster, location.href).href);
  };
  new MutationObserver((records) => {
    for (const record of records) {
      if (record.type === "attributes") note(record.target);
      for (const node of record.addedNodes) {
        if (node.nodeType !== 1) continue;
        if (node.tagName === "VIDEO") note(node);
        node.querySelectorAll?.("video").forEach(note);
      }
    }
  }).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ["poster"] });
}

/** Scrolls to the end a screen at a time, so lazy images load, then waits for them. */
async function scrollThrough(page) {
  await page.evaluate(async () => {
    const pause = (ms) => new Promise((r) => setTimeout(r, ms));
    for (let y = 0; y < document.documentElement.scrollHeight; y += Math.max(200, window.innerHeight * 0.8)) {
      window.scrollTo(0, y);
      await pause(120);
    }
    window.scrollTo(0, document.documentElement.scrollHeight);
    await pause(200);
    await Promise.all([...document.images].filter((img) => !img.complete).map((img) => img.decode().catch(() => {})));
  });
}

/** Everything the checks read from the page itself. */
function readDom() {
  const images = [...document.images].map((img) => {
    const box = img.getBoundingClientRect();
    const style = getComputedStyle(img);
    return {
      src: img.currentSrc || img.src,
      html: img.outerHTML.slice(0, 160),
      widthAttr: img.getAttribute("width"),
      heightAttr: img.getAttribute("height"),
      naturalWidth: img.naturalWidth,
      naturalHeight: img.naturalHeight,
      boxWidth: box.width,
      boxHeight: box.height,
      fit: style.objectFit,
      shown: box.width > 0 && box.height > 0 && style.visibility !== "hidden",
    };
  });
  const videos = [...document.querySelectorAll("video")].map((v) => ({
    preload: v.getAttribute("preload"),
    // The poster it showed first (a playlist moves on to later clips' posters after load).
    poster: window.__firstPosters?.get(v) ?? (v.getAttribute("poster") ? new URL(v.getAttribute("poster"), location.href).href : null),
  }));
  const fonts = [...document.fonts].map((f) => ({ family: f.family, unicodeRange: f.unicodeRange, status: f.status }));
  return { images, videos, fonts, dpr: window.devicePixelRatio };
}

/**
 * The share of an image's pixels the screen can show: the box in device pixels against the
 * natural size, scaled as object-fit scales it (cover fills the box and crops, contain fits it).
 */
function usedShare(img, dpr) {
  const sx = (img.boxWidth * dpr) / img.naturalWidth;
  const sy = (img.boxHeight * dpr) / img.naturalHeight;
  if (img.fit === "cover") return Math.min(1, Math.max(sx, sy) ** 2);
  if (img.fit === "contain" || img.fit === "scale-down") return Math.min(1, Math.min(sx, sy) ** 2);
  return Math.min(1, sx) * Math.min(1, sy); // fill (the default) stretches each axis
}

async function measure(browser, base, p, lang, view) {
  const url = pageUrl(base, p, lang);
  const origin = new URL(base).origin;
  const context = await browser.newContext({ ...VIEWS[view], serviceWorkers: "block" });
  try {
    await context.addInitScript(recordFirstPosters);
    const page = await context.newPage();
    const network = await recordNetwork(context, page);
    const response = await page.goto(url, { waitUntil: "load", timeout: 60_000 });
    if (!response || response.status() >= 400) throw new Error(`${url} answered HTTP ${response?.status() ?? "no response"}`);
    await page.waitForLoadState("networkidle", { timeout: 10_000 }).catch(() => {});
    await scrollThrough(page);
    await page.waitForLoadState("networkidle", { timeout: 10_000 }).catch(() => {});
    const dom = await page.evaluate(readDom);
    const loadAt = network.loadAt() ?? Number.POSITIVE_INFINITY;
    const requests = [...network.requests.values()];
    const byUrl = new Map(requests.map((r) => [r.url, r]));
    const problems = [];

    // Images
    for (const img of dom.images) {
      if (!/^\d+$/.test(img.widthAttr ?? "") || !/^\d+$/.test(img.heightAttr ?? "")) {
        problems.push({ check: "img width/height", detail: img.html });
      }
    }
    const imageRequests = requests.filter((r) => r.type === "Image" && r.status && r.status < 400);
    for (const r of imageRequests) {
      if (!MODERN_IMAGE.test(r.mime ?? "") && r.mime !== "image/x-icon" && r.mime !== "image/vnd.microsoft.icon") {
        problems.push({ check: "image format", detail: `${r.url.replace(origin, "")} is ${r.mime}` });
      }
    }
    let imagesChecked = 0;
    for (const img of dom.images) {
      const r = byUrl.get(img.src);
      if (!img.shown || !img.naturalWidth || !r?.bytes || r.mime === "image/svg+xml") continue;
      imagesChecked++;
      const used = usedShare(img, dom.dpr);
      const wasted = r.bytes * (1 - used);
      if (wasted > WASTE_LIMIT_BYTES) {
        problems.push({
          check: "image size",
          detail:
            `${img.src.replace(origin, "")}: ${img.naturalWidth}x${img.naturalHeight} shown at ` +
            `${Math.round(img.boxWidth)}x${Math.round(img.boxHeight)} (${img.fit}, ${dom.dpr}x): ${kib(wasted)} KiB of ${kib(r.bytes)} wasted`,
        });
      }
    }

    // Fonts
    const fontRequests = requests.filter((r) => r.type === "Font");
    for (const r of fontRequests) {
      if (!r.url.startsWith(origin)) problems.push({ check: "font hosting", detail: `${r.url} is not served by this site` });
      else if (r.mime !== "font/woff2") problems.push({ check: "font format", detail: `${r.url.replace(origin, "")} is ${r.mime}` });
    }
    for (const f of dom.fonts) {
      const range = f.unicodeRange.replace(/\s/g, "").toUpperCase();
      if (range === "" || range === "U+0-10FFFF") problems.push({ check: "font subset", detail: `${f.family}: no unicode-range` });
    }

    // Video
    const mediaRequests = requests.filter((r) => r.type === "Media" || MEDIA_URL.test(new URL(r.url).pathname));
    const mediaBeforeLoad = mediaRequests.filter((r) => r.at < loadAt);
    for (const r of mediaBeforeLoad) {
      problems.push({ check: "video before load", detail: `${r.url.replace(origin, "")} (${r.type}) requested before the load event` });
    }
    for (const v of dom.videos) {
      if (v.preload !== "none") problems.push({ check: "video preload", detail: `<video preload="${v.preload ?? ""}">` });
      if (!v.poster) continue;
      const posterRequest = byUrl.get(v.poster);
      if (!posterRequest || !(posterRequest.at < loadAt) || !HIGH_PRIORITY.has(posterRequest.priority)) {
        problems.push({
          check: "poster preload",
          detail: `${v.poster.replace(origin, "")}: ${posterRequest ? `${posterRequest.priority} priority, ${posterRequest.at < loadAt ? "before" : "after"} load` : "not requested"}`,
        });
      }
    }

    return {
      path: p,
      lang,
      view,
      images: dom.images.length,
      imagesChecked,
      imageBytes: imageRequests.reduce((n, r) => n + (r.bytes ?? 0), 0),
      fonts: fontRequests.length,
      videos: dom.videos.length,
      posters: dom.videos.filter((v) => v.poster).length,
      mediaAfterLoad: mediaRequests.length - mediaBeforeLoad.length,
      problems,
    };
  } finally {
    await context.close();
  }
}

async function main() {
  assertChromium();
  const startedAt = new Date();
  const target = await openTarget({ url: args.url, build: args.build, log });
  const results = [];
  let browser;
  try {
    browser = await launchBrowser();
    onShutdown(() => browser.close());
    const paths = await resolvePages(target.url, pageSpecs);
    for (const lang of languages) {
      for (const view of views) {
        for (const p of paths) {
          const r = await measure(browser, target.url, p, lang, view);
          log(`${p} ${lang} ${view}: ${r.images} images, ${r.problems.length ? `${r.problems.length} problems` : "ok"}`);
          results.push(r);
        }
      }
    }
  } finally {
    await browser?.close();
    await target.close();
  }

  console.log(`Images, fonts and video of ${results.length} page loads (${chromiumVersion()}; empty cache, service workers blocked)`);
  console.log(
    table(
      ["page", "lang", "view", "<img>", "sized checked", "image KiB", "fonts", "videos", "media after load", "problems"],
      results.map((r) => [
        r.path,
        r.lang,
        r.view,
        String(r.images),
        String(r.imagesChecked),
        kib(r.imageBytes),
        String(r.fonts),
        r.videos ? `${r.videos} (${r.posters} poster)` : "0",
        String(r.mediaAfterLoad),
        String(r.problems.length),
      ]),
    ),
  );
  const checks = [
    "img width/height",
    "image format",
    "image size",
    "font hosting",
    "font format",
    "font subset",
    "video before load",
    "video preload",
    "poster preload",
  ];
  const failures = results.flatMap((r) => r.problems.map((x) => ({ ...x, where: `${r.path} ${r.lang} ${r.view}` })));
  for (const f of failures) console.log(`  ${f.check}: ${f.where}: ${f.detail}`);
  const rows = checks.map((check) => {
    const count = failures.filter((f) => f.check === check).length;
    return { measure: `${check} problems (${results.length} page loads)`, value: count, unit: "", target: "0", pass: count === 0 };
  });
  const totals = {
    images: results.reduce((n, r) => n + r.images, 0),
    fonts: results.reduce((n, r) => n + r.fonts, 0),
    videos: results.reduce((n, r) => n + r.videos, 0),
    posters: results.reduce((n, r) => n + r.posters, 0),
  };
  const notes = [
    `${results.length} page loads (${languages.join(" + ")}, ${views.join(" + ")}): ${totals.images} <img>, ${totals.fonts} font files, ${totals.videos} <video> (${totals.posters} with a poster)`,
  ];
  writeResult(args.json, { bench: "media", startedAt: startedAt.toISOString(), rows, notes });
  console.log(`\n${notes[0]}`);
  console.log(failures.length ? `FAIL: ${failures.length} problems` : "PASS: every image, font and video check");
  process.exitCode = failures.length ? 1 : 0;
}

main().catch((error) => {
  if (isShuttingDown()) return;
  console.error(error?.stack ?? error);
  writeResult(args.json, {
    bench: "media",
    startedAt: new Date().toISOString(),
    rows: [{ measure: "images, fonts and video", value: null, unit: "", target: "", pass: null }],
    notes: [`measurement failed: ${error?.message ?? error}`],
  });
  process.exit(2);
});
