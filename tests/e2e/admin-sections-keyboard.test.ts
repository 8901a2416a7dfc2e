import { describe, expect, test } from "vitest";
import { setupBrowser, visit } from "../support/browser";
import { formPages, portalPage, sectionPaths } from "../support/portal-sections";

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
    const seen = new Set<string>();
    const invisible: string[] = [];
    let wrapped = false;
    for (let i = 0; i < 2000 && !wrapped; i++) {
      await page.keyboard.press("Tab");
      const focus = await page.evaluate(() => {
        const el = document.activeElement;
        if (!el || el === document.body) return null;
        const style = getComputedStyle(el);
        const box = el.getBoundingClientRect();
        const outlined = style.outlineStyle !== "none" && parseFloat(style.outlineWidth) > 0;
        const ringed = style.boxShadow !== "none";
        const path: string[] = [];
        for (let n: Element | null = el; n && n !== document.body; n = n.parentElement) {
          path.unshift(`${n.tagName}${n.parentElement ? [...n.parentElement.children].indexOf(n) : 0}`);
        }
        return {
          key: path.join(">"),
          label: `${el.tagName} ${(el.textContent ?? "").trim().slice(0, 40)}`,
          visible: box.width > 0 && box.height > 0 && (outlined || ringed),
        };
      });
      // Past the last control the browser leaves the page (focus on body or the address bar).
      if (!focus || seen.has(focus.key)) {
        wrapped = true;
        break;
      }
      seen.add(focus.key);
      if (!focus.visible) invisible.push(focus.label);
    }
    expect(wrapped, `${path}: Tab cycled through more than 2000 controls`).toBe(true);
    expect(invisible, path).toEqual([]);
    // The page's own controls are reachable, not only the shell's.
    expect(seen.size, path).toBeGreaterThan(3);
  });
});
