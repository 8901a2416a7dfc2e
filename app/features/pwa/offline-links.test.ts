import { describe, expect, test } from "vitest";
import { type LinkClick, offlineDocumentHref } from "./offline-links";

const here = new URL("https://church.example/events?view=list");
const click = (overrides: Partial<LinkClick> = {}): LinkClick => ({
  onLine: false,
  defaultPrevented: false,
  button: 0,
  modified: false,
  href: "https://church.example/plan-visit",
  target: "",
  download: false,
  ...overrides,
});

describe("offline links", () => {
  test("offline, a plain click on a link inside the site: loaded as a document", () => {
    expect(offlineDocumentHref(click(), here)).toBe("https://church.example/plan-visit");
    expect(offlineDocumentHref(click({ href: "https://church.example/?lang=es", target: "_self" }), here)).toBe(
      "https://church.example/?lang=es",
    );
    // Another view of the same page, or another page's section, is still another document.
    expect(offlineDocumentHref(click({ href: "https://church.example/events?view=calendar" }), here)).toBe(
      "https://church.example/events?view=calendar",
    );
    expect(offlineDocumentHref(click({ href: "https://church.example/about#staff" }), here)).toBe("https://church.example/about#staff");
  });

  test("left to the router or the browser: online, handled, other buttons, modifier keys, downloads, other windows", () => {
    expect(offlineDocumentHref(click({ onLine: true }), here)).toBeNull();
    expect(offlineDocumentHref(click({ defaultPrevented: true }), here)).toBeNull();
    expect(offlineDocumentHref(click({ button: 1 }), here)).toBeNull();
    expect(offlineDocumentHref(click({ modified: true }), here)).toBeNull();
    expect(offlineDocumentHref(click({ download: true }), here)).toBeNull();
    expect(offlineDocumentHref(click({ target: "_blank" }), here)).toBeNull();
  });

  test("left alone: other sites, and a jump within the page (the skip link)", () => {
    expect(offlineDocumentHref(click({ href: "https://maps.example/?q=church" }), here)).toBeNull();
    expect(offlineDocumentHref(click({ href: "mailto:office@church.example" }), here)).toBeNull();
    expect(offlineDocumentHref(click({ href: "https://church.example/events?view=list#main" }), here)).toBeNull();
  });
});
