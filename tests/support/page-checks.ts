import { AxeBuilder } from "@axe-core/playwright";
import type { Page } from "playwright-core";
import { expect } from "vitest";

/** WCAG 2.2 AA, as axe-core tags it. */
export const WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];

/** axe over the page's main content; a failure lists each rule with its first three elements. */
export async function expectNoAxeViolations(page: Page, where: string): Promise<void> {
  await scrollSettled(page);
  const results = await new AxeBuilder({ page }).include("main").withTags(WCAG_TAGS).analyze();
  const summary = results.violations.map(
    (v) =>
      `${v.id}: ${v.nodes
        .map((n) => n.target.join(" "))
        .slice(0, 3)
        .join(", ")}`,
  );
  expect(summary, `axe on ${where}`).toEqual([]);
}

/** Nothing wider than the screen: no horizontal scrolling. */
export function fitsWidth(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
}

/** Waits until a smooth scroll (focus moved, fragment followed) has come to rest: what axe sees
 *  overlapping the sticky header is then where the reader sees it. */
export async function scrollSettled(page: Page): Promise<void> {
  await page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        let last = -1;
        let still = 0;
        const started = performance.now();
        const check = () => {
          still = window.scrollY === last ? still + 1 : 0;
          last = window.scrollY;
          if (still >= 5 || performance.now() - started > 3000) resolve();
          else requestAnimationFrame(check);
        };
        requestAnimationFrame(check);
      }),
  );
}
