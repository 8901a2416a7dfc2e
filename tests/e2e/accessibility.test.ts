// axe-core on every public page, in both languages: zero WCAG 2.2 AA violations.
import type { Result } from "axe-core";
import { describe, expect, test } from "vitest";
import { publicPaths } from "~/features/navigation/site-links";
import { unavailableHtml } from "~/server/database-outage.server";
import { setupBrowser, visit } from "../support/browser";
import { fitsWidth } from "../support/page-checks";
import { runAxe } from "../support/axe";

const browser = setupBrowser();

/** One line per offending element, so a failure says what to fix and where. */
function describeViolations(violations: Result[]): string {
  return violations
    .map((v) => {
      const nodes = v.nodes
        .slice(0, 5)
        .map((n) => `    - ${n.target.join(" ")}\n      ${n.failureSummary?.replace(/\n/g, "\n      ")}`)
        .join("\n");
      const more = v.nodes.length > 5 ? `\n    … and ${v.nodes.length - 5} more` : "";
      return `  [${v.impact}] ${v.id}: ${v.help} (${v.helpUrl})\n${nodes}${more}`;
    })
    .join("\n");
}

const pages: Array<{ path: string; status: number }> = [
  // Without a token the callback page explains the link is invalid (HTTP 400);
  // /settings sends a signed-out visitor to /auth (the signed-in page is checked in auth tests).
  ...publicPaths.map((path) => ({ path, status: path === "/auth/callback" ? 400 : 200 })),
  { path: "/admin-test", status: 200 },
  { path: "/this-page-does-not-exist", status: 404 },
];

describe.each(["en", "es"] as const)("axe, %s", (language) => {
  test.each(pages)("$path", async ({ path, status }) => {
    // One page per language for the whole list: each test loads its own address in it.
    const page = await browser.keptPage(language, {
      allowConsoleErrors: status >= 400 ? [new RegExp(`status of ${status}`)] : [],
    });
    await visit(page, `${path}?lang=${language}`, status);
    expect(await page.getAttribute("html", "lang")).toBe(language);
    const results = await runAxe(page);
    if (results.violations.length > 0) {
      expect.fail(
        `${results.violations.length} accessibility violation(s) on ${path}?lang=${language}:\n${describeViolations(results.violations)}`,
      );
    }
  });
});

describe("axe, mobile side menu open (360×800)", () => {
  test("/about with the side menu open", async () => {
    const page = await browser.newPage({ viewport: { width: 360, height: 800 }, isMobile: true, hasTouch: true });
    await visit(page, "/about");
    await page.getByRole("button", { name: "Open menu" }).click();
    await page.getByRole("dialog").waitFor({ state: "visible" });
    const results = await runAxe(page);
    if (results.violations.length > 0) {
      expect.fail(`violations with the side menu open:\n${describeViolations(results.violations)}`);
    }
  });

  test("desktop Resources menu open", async () => {
    const page = await browser.newPage();
    await visit(page, "/about");
    await page.getByRole("banner").getByRole("button", { name: "Resources" }).click();
    const results = await runAxe(page);
    if (results.violations.length > 0) {
      expect.fail(`violations with the Resources menu open:\n${describeViolations(results.violations)}`);
    }
  });
});

// The page a database outage answers with when React cannot render (the Express fallback and
// the document requests of database-outage.server.ts): plain HTML, no stylesheet. Its own test
// (tests/integration/database-outage.test.ts) serves it with the database cut off; here, the same
// bytes in the browser.
describe("axe, the database outage page (503)", () => {
  test.each(["en", "es"] as const)("%s, on a phone and on a desktop", async (language) => {
    for (const viewport of [
      { width: 360, height: 800 },
      { width: 1280, height: 800 },
    ]) {
      const page = await browser.newPage({ viewport });
      await page.setContent(unavailableHtml(language, "/events"));
      expect(await page.getAttribute("html", "lang")).toBe(language);
      expect(await fitsWidth(page)).toBe(true);
      const results = await runAxe(page);
      if (results.violations.length > 0) {
        expect.fail(`violations on the outage page (${language}, ${viewport.width} px):\n${describeViolations(results.violations)}`);
      }
    }
  });
});

// The checker every browser test uses (tests/support/axe.ts): it must see what axe-core sees,
// in the page, inside a frame of our own, and within `include`.
describe("the axe check itself", () => {
  const broken =
    '<img src="/x.png"><p style="color:#bbb;background:#fff">faint text</p><button></button><a href="/a"></a><input type="text">';
  const expected = ["button-name", "color-contrast", "image-alt", "label", "link-name"];

  test("finds violations in the page, in a srcdoc frame, and only inside `include`", async () => {
    const page = await browser.newPage({ allowConsoleErrors: [/status of 404/] });
    await visit(page, "/about");
    await page.evaluate((html) => {
      document.querySelector("main")!.insertAdjacentHTML("afterbegin", `<div id="broken">${html}</div>`);
      const frame = document.createElement("iframe");
      frame.title = "preview";
      frame.srcdoc = `<!doctype html><html lang="en"><title>preview</title><body>${html}</body></html>`;
      document.querySelector("main")!.append(frame);
    }, broken);
    await expect
      .poll(() =>
        page
          .frames()
          .find((frame) => frame.url() === "about:srcdoc")
          ?.evaluate(() => document.readyState),
      )
      .toBe("complete");

    const whole = (await runAxe(page)).violations;
    const inPage = (ids: string[], framed: boolean) =>
      whole.filter((v) => ids.includes(v.id) && v.nodes.some((n) => (n.target[0] === "iframe") === framed)).map((v) => v.id);
    expect(inPage(expected, false).sort(), "in the page").toEqual(expected);
    expect(inPage(expected, true).sort(), "inside the srcdoc frame").toEqual(expected);

    const part = (await runAxe(page, { include: "#broken" })).violations;
    expect(part.map((v) => v.id).sort()).toEqual(expected);
    expect(part.flatMap((v) => v.nodes).every((n) => n.target[0] !== "iframe")).toBe(true);
    expect((await runAxe(page, { include: "header" })).violations).toEqual([]);
  });
});
