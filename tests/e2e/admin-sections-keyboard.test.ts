import { describe, expect, test } from "vitest";
import { setupBrowser, visit } from "../support/browser";
import { formPages, portalPage, sectionPaths } from "../support/portal-sections";

/** One focus the Tab key gave, as the page wrote it down. */
type Focus = { key: string; label: string; visible: boolean };

/** Each section of the portal by keyboard (tests/support/portal-sections.ts). */
const browser = setupBrowser();

describe("every section works by keyboard: the skip link comes first, every focus is visible, Tab is never trapped", () => {
  test.for([...sectionPaths, ...formPages])("%s", async (path) => {
    const page = await portalPage(browser);
    await visit(page, path);
    await page.keyboard.press("Tab");
    const first = await page.evaluate(() => ({
      tag: document.activeElement?.tagName,
      href: document.activeElement?.getAttribute("href"),
    }));
    expect(first, path).toEqual({ tag: "A", href: "#main" });
    // Each focus the Tab key gives is written down in the page as it happens (focusin), with the
    // element's focus style once its transitions have run: one round trip per key instead of two.
    await page.evaluate(() => {
      const log: Focus[] = [];
      (window as unknown as { focusLog: typeof log }).focusLog = log;
      document.addEventListener("focusin", (event) => {
        const el = event.target as Element;
        for (const animation of el.getAnimations()) {
          try {
            animation.finish();
          } catch {
            // An endless animation cannot finish; its style is read as it is.
          }
        }
        const style = getComputedStyle(el);
        const box = el.getBoundingClientRect();
        const outlined = style.outlineStyle !== "none" && parseFloat(style.outlineWidth) > 0;
        const ringed = style.boxShadow !== "none";
        const path: string[] = [];
        for (let n: Element | null = el; n && n !== document.body; n = n.parentElement) {
          path.unshift(`${n.tagName}${n.parentElement ? [...n.parentElement.children].indexOf(n) : 0}`);
        }
        log.push({
          key: path.join(">"),
          label: `${el.tagName} ${(el.textContent ?? "").trim().slice(0, 40)}`,
          visible: box.width > 0 && box.height > 0 && (outlined || ringed),
        });
      });
    });
    const seen = new Set<string>();
    const invisible: string[] = [];
    let wrapped = false;
    let read = 0;
    for (let pressed = 0; pressed < 2000 && !wrapped;) {
      for (let i = 0; i < 20; i++, pressed++) await page.keyboard.press("Tab");
      const { log, onBody } = await page.evaluate(
        (from) => ({
          log: (window as unknown as { focusLog: Focus[] }).focusLog.slice(from),
          onBody: !document.activeElement || document.activeElement === document.body,
        }),
        read,
      );
      // Past the last control the browser leaves the page (focus on body or the address bar) and
      // the next Tab comes back to the first, then to a focus seen before; a page that never
      // takes focus back in 20 presses has been left too.
      if (onBody && log.length === 0) wrapped = true;
      for (const focus of log) {
        if (seen.has(focus.key)) {
          wrapped = true;
          break;
        }
        seen.add(focus.key);
        if (!focus.visible) invisible.push(focus.label);
      }
      read += log.length;
    }
    expect(wrapped, `${path}: Tab cycled through more than 2000 controls`).toBe(true);
    expect(invisible, path).toEqual([]);
    // The page's own controls are reachable, not only the shell's.
    expect(seen.size, path).toBeGreaterThan(3);
  });
});
