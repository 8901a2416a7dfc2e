// The app's JavaScript after the first paint (issue 10, ADR 025): React Router's <Scripts>
// output rewritten so nothing is fetched before the browser has painted.
import { Script, createContext as createVmContext } from "node:vm";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, test } from "vitest";
import { BOOT_SCRIPT_ID, INERT_MODULE_TYPE, startAfterFirstPaint, starterScript } from "./scripts";

/** The shape `<Scripts>` of React Router 7 returns before hydration. */
function reactRouterScripts() {
  return (
    <>
      {null}
      <link rel="modulepreload" href="/assets/manifest-1.js" />
      <link rel="modulepreload" href="/assets/entry.client-2.js" />
      {["/assets/framework-3.js", "/assets/home-4.js"].map((href) => (
        <link key={href} rel="modulepreload" href={href} crossOrigin="anonymous" />
      ))}
      <>
        <script nonce="n0nce" dangerouslySetInnerHTML={{ __html: "window.__reactRouterContext = {};" }} />
        <script
          nonce="n0nce"
          type="module"
          async
          dangerouslySetInnerHTML={{ __html: 'import * as route0 from "/assets/root-5.js";\nimport("/assets/entry.client-2.js");' }}
        />
      </>
    </>
  );
}

describe("startAfterFirstPaint", () => {
  const html = renderToStaticMarkup(<>{startAfterFirstPaint(reactRouterScripts(), "n0nce")}</>);

  test("writes no modulepreload link and no runnable module script", () => {
    expect(html).not.toMatch(/<link[^>]*modulepreload/);
    expect(html).not.toMatch(/<script[^>]*type="module"/);
    expect(html).toContain(`<script id="${BOOT_SCRIPT_ID}" type="${INERT_MODULE_TYPE}" nonce="n0nce">import * as route0`);
  });

  test("keeps the context script first and runnable", () => {
    expect(html.indexOf("window.__reactRouterContext")).toBeLessThan(html.indexOf(BOOT_SCRIPT_ID));
    expect(html).toMatch(/<script nonce="n0nce">window\.__reactRouterContext = \{\};<\/script>/);
  });

  test("the starter lists every preload, in order, with its crossorigin", () => {
    expect(html).toContain(
      '[{"href":"/assets/manifest-1.js"},{"href":"/assets/entry.client-2.js"},' +
        '{"href":"/assets/framework-3.js","crossOrigin":"anonymous"},{"href":"/assets/home-4.js","crossOrigin":"anonymous"}]',
    );
  });

  test("anything of another shape is returned as it is", () => {
    expect(startAfterFirstPaint(null, "n")).toBeNull();
    const noModule = (
      <>
        <link rel="modulepreload" href="/a.js" />
      </>
    );
    expect(startAfterFirstPaint(noModule, "n")).toBe(noModule);
  });
});

/** Runs the starter against a minimal document and reports what it appended. */
function runStarter(options: { hidden?: boolean; paintTiming?: boolean }) {
  const appended: Record<string, unknown>[] = [];
  const listeners: Record<string, () => void> = {};
  const visibility = { state: options.hidden ? "hidden" : "visible" };
  let observer: { callback: (list: unknown, observer: unknown) => void; disconnected: boolean } | undefined;
  class FakeObserver {
    static supportedEntryTypes = options.paintTiming === false ? ["resource"] : ["paint", "resource"];
    constructor(callback: (list: unknown, observer: unknown) => void) {
      observer = { callback, disconnected: false };
    }
    observe() {}
    disconnect() {
      observer!.disconnected = true;
    }
  }
  const document = {
    get visibilityState() {
      return visibility.state;
    },
    addEventListener: (type: string, listener: () => void) => (listeners[type] = listener),
    createElement: (tag: string) => ({ tag }),
    getElementById: (id: string) => (id === BOOT_SCRIPT_ID ? { nonce: "n0nce", textContent: "import('/e.js')" } : null),
    head: { appendChild: (node: Record<string, unknown>) => appended.push(node) },
  };
  const window = { PerformanceObserver: FakeObserver };
  const context = createVmContext({ window, document });
  new Script(starterScript([{ href: "/a.js" }, { href: "/b.js", crossOrigin: "anonymous" }])).runInContext(context);
  const paint = (name: string) =>
    observer?.callback(
      { getEntriesByName: (wanted: string) => (wanted === name ? [{ name }] : []) },
      { disconnect: () => (observer!.disconnected = true) },
    );
  return { appended, listeners, visibility, paint, observer: () => observer };
}

describe("starterScript", () => {
  test("nothing is requested before the first contentful paint; then the links and the module, once", () => {
    const run = runStarter({});
    expect(run.appended).toEqual([]);
    run.paint("first-paint");
    expect(run.appended).toEqual([]);
    run.paint("first-contentful-paint");
    expect(run.appended).toEqual([
      { tag: "link", rel: "modulepreload", href: "/a.js" },
      { tag: "link", rel: "modulepreload", href: "/b.js", crossOrigin: "anonymous" },
      { tag: "script", type: "module", nonce: "n0nce", textContent: "import('/e.js')" },
    ]);
    expect(run.observer()!.disconnected).toBe(true);
    run.visibility.state = "hidden";
    run.listeners.visibilitychange!();
    expect(run.appended).toHaveLength(3);
  });

  test("a tab hidden before its first paint starts then (it would report no paint); shown again, nothing", () => {
    const run = runStarter({});
    run.listeners.visibilitychange!();
    expect(run.appended).toEqual([]);
    run.visibility.state = "hidden";
    run.listeners.visibilitychange!();
    expect(run.appended).toHaveLength(3);
  });

  test("a hidden tab, or a browser without paint timing, starts at once", () => {
    expect(runStarter({ hidden: true }).appended).toHaveLength(3);
    expect(runStarter({ paintTiming: false }).appended).toHaveLength(3);
  });

  test("a href cannot close the script element", () => {
    expect(starterScript([{ href: "/x.js</script><script>alert(1)//" }])).not.toContain("</script>");
  });
});
