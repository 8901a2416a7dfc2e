import { describe, expect, test } from "vitest";
import { assetsIn, chunksIn, isCachedPage, isHandledNavigation } from "./sw-rules";

describe("service worker rules", () => {
  test("the key public pages are kept for offline reading", () => {
    for (const path of ["/", "/plan-visit", "/events", "/about", "/watch", "/offline"]) expect(isCachedPage(path)).toBe(true);
    for (const path of ["/admin", "/auth", "/settings", "/give", "/events/easter", "/store/cart"]) expect(isCachedPage(path)).toBe(false);
  });

  test("never answered by the worker: admin, sign-in, settings, payments, the assistant, .data", () => {
    for (const path of [
      "/admin",
      "/admin/login",
      "/admin.data",
      "/auth",
      "/auth/callback",
      "/auth.data",
      "/settings",
      "/stripe/webhook",
      "/assistant/chat",
      "/give/thanks",
      "/give/history",
      "/give/statement/2025.pdf",
      "/store/cart",
      "/store/orders/1",
      "/email/unsubscribe",
      "/events.data",
    ]) {
      expect(isHandledNavigation(path), path).toBe(false);
    }
    for (const path of ["/", "/give", "/events/easter", "/sermons/grace", "/store", "/administration-notes", "/authors"]) {
      expect(isHandledNavigation(path), path).toBe(true);
    }
  });

  test("a page's assets: links and scripts, and the route modules named only in inline scripts", () => {
    // The shapes of a built page (react-router build, app/components/scripts.tsx).
    const html = [
      '<link rel="stylesheet" href="/assets/app-S9YwZgxP.css"/>',
      '<link rel="modulepreload" href="/assets/entry.client-Ca_pygEw.js"/>',
      '<script type="module">import * as route0 from "/assets/root-DyjdGQ6t.js";',
      'import * as route2 from "/assets/offline-Cry7aYkK.js";</script>',
      '<script>(function(){var p=[{"href":"/assets/pwa-translation-QChQCoXz.js"},{"href":"/assets/root-DyjdGQ6t.js"}]})()</script>',
      '<img src="/assets/hero-1a2b3c.webp"/><a href="/assets-guide">x</a>',
      'window.__reactRouterContext = {"url":"/assets/not-a-file.jsx"}',
    ].join("\n");
    expect(assetsIn(html)).toEqual([
      "/assets/app-S9YwZgxP.css",
      "/assets/entry.client-Ca_pygEw.js",
      "/assets/root-DyjdGQ6t.js",
      "/assets/offline-Cry7aYkK.js",
      "/assets/pwa-translation-QChQCoXz.js",
    ]);
  });

  test("the files a script loads itself: imports, on-demand chunks, their preloads; not the router's manifest", () => {
    // As built (rolldown's output for app/components/site-shell.tsx, app/i18n/i18n.ts and React Router's manifest).
    const script = [
      'const __vite__mapDeps=(i,m=__vite__mapDeps,d=(m.f||(m.f=["assets/breadcrumb-trail-DYBgofB8.js","assets/app-S9YwZgxP.css"])))=>i.map(i=>d[i]);',
      'import{n as e}from"./rolldown-runtime-WkwZ5CU-.js";import{A as t}from"./framework-CjXN_5hD.js";',
      "var Wn=()=>_(()=>import(`./mobile-menu-panel-CjJ9LxzC.js`),__vite__mapDeps([0,1]));",
      'const m=l==="es"?await import("./locale-es-QKUsnHnh.js"):await import(\'./locale-en-Cx4afS4Z.js\');',
      'import("./mobile-menu-panel-CjJ9LxzC.js");',
      'window.__reactRouterManifest={"routes":{"routes/admin/layout":{"module":"/assets/layout-CYQAae-k.js","imports":["/assets/admin-ui-jEygbn1W.js"]}}};',
      'const text = "see ./notes.js and assets/readme.md";',
    ].join("\n");
    expect(chunksIn(script)).toEqual([
      "/assets/breadcrumb-trail-DYBgofB8.js",
      "/assets/app-S9YwZgxP.css",
      "/assets/rolldown-runtime-WkwZ5CU-.js",
      "/assets/framework-CjXN_5hD.js",
      "/assets/mobile-menu-panel-CjJ9LxzC.js",
      "/assets/locale-es-QKUsnHnh.js",
      "/assets/locale-en-Cx4afS4Z.js",
    ]);
  });
});
