import axe, { type Result } from "axe-core";
import type { Frame, Page } from "playwright-core";

/** WCAG 2.2 AA, as axe-core tags it. */
export const WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];

export interface AxeScanOptions {
  /** A CSS selector: only that part of the page is checked (it must exist). The whole page by default. */
  include?: string;
  /** axe-core's rule tags; WCAG 2.2 AA by default. */
  tags?: string[];
}

/**
 * axe-core's results (violations only) on the page as it is now: axe-core itself, injected into
 * the page once per document and run with `axe.run`. @axe-core/playwright's AxeBuilder, used
 * before, found the same violations at about six times the cost (0.7–2.8 s against 0.1–0.3 s
 * per page on a quiet machine; bench/README.md, "2026-12-03 — test suite wall times, second
 * step"): it injected axe-core again on every check, ran each frame apart, opened a blank page
 * to merge the results, and waited on lazy cross-origin frames (the map) that never load
 * offline. Here the page is checked with `iframes: false`, and each frame with a document of our
 * own (a `srcdoc`, a same-origin page) that may run scripts is checked in the same way;
 * third-party frames (map, video) are not our markup. Only violations are gathered
 * (`resultTypes`), which spares axe-core describing every passing node.
 */
export async function runAxe(page: Page, { include, tags = WCAG_TAGS }: AxeScanOptions = {}): Promise<{ violations: Result[] }> {
  const violations = await scanFrame(page.mainFrame(), { include, tags });
  if (include !== undefined) return { violations };
  const origin = new URL(page.url()).origin;
  for (const frame of page.frames()) {
    if (frame === page.mainFrame()) continue;
    const url = frame.url();
    const ours = url === "about:srcdoc" || (url.startsWith("http") && new URL(url).origin === origin);
    if (!ours || !(await runsScripts(frame))) continue;
    for (const violation of await scanFrame(frame, { tags })) {
      violations.push({ ...violation, nodes: violation.nodes.map((node) => ({ ...node, target: ["iframe", ...node.target] })) });
    }
  }
  return { violations };
}

/** A sandbox without allow-scripts (the email preview) blocks axe-core, as it blocked AxeBuilder. */
async function runsScripts(frame: Frame): Promise<boolean> {
  const sandbox = await (await frame.frameElement()).getAttribute("sandbox");
  return sandbox === null || sandbox.split(/\s+/).includes("allow-scripts");
}

async function scanFrame(frame: Frame, { include, tags }: { include?: string; tags: string[] }): Promise<Result[]> {
  if (!(await frame.evaluate(() => "axe" in window))) await frame.evaluate(axe.source);
  return frame.evaluate(
    ({ include, tags }) => {
      const w = window as unknown as { axe: typeof axe };
      return w.axe
        .run(include === undefined ? document : { include: [[include]] }, {
          runOnly: { type: "tag", values: tags },
          iframes: false,
          resultTypes: ["violations"],
        })
        .then((results) => results.violations);
    },
    { include, tags },
  );
}
