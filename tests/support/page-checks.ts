import { runAxe } from "./axe";
import type { Page } from "playwright-core";
import { expect } from "vitest";

/** axe over the page's main content; a failure lists each rule with its first three elements. */
export async function expectNoAxeViolations(page: Page, where: string): Promise<void> {
  await scrollSettled(page);
  const results = await runAxe(page, { include: "main" });
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

/** axe over the whole page, shell included; a failure lists each rule with every element and why. */
export async function expectPageAccessible(page: Page, label: string): Promise<void> {
  const results = await runAxe(page);
  expect(
    results.violations.map((v) => `${label}: ${v.id} ${v.nodes.map((n) => `${n.target.join(" ")} ${n.failureSummary ?? ""}`).join(", ")}`),
  ).toEqual([]);
}

/** Elements sticking out past the right edge of the screen; wide tables scroll inside their own labelled region. */
export function overflowing(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll("body *")]
      .filter((e) => e.getBoundingClientRect().right > window.innerWidth + 1 && !e.closest("[role=region]"))
      .slice(0, 5)
      .map(
        (e) => `${e.tagName}.${e.className} ${Math.round(e.getBoundingClientRect().right)}px ${(e.textContent ?? "").trim().slice(0, 60)}`,
      ),
  );
}
