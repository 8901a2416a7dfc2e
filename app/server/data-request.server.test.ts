import { describe, expect, test } from "vitest";
import { dataRequestPagePath, pageUrl } from "./data-request.server";

describe("dataRequestPagePath", () => {
  test("a client navigation's data path names its page, trailing slash and root included", () => {
    expect(dataRequestPagePath("/events.data")).toBe("/events");
    expect(dataRequestPagePath("/events/_.data")).toBe("/events/");
    expect(dataRequestPagePath("/_.data")).toBe("/");
    expect(dataRequestPagePath("/admin/events/new.data")).toBe("/admin/events/new");
    expect(dataRequestPagePath("/events")).toBeNull();
    expect(dataRequestPagePath("/sermons/feed.xml")).toBeNull();
  });
});

describe("pageUrl", () => {
  const page = (path: string) => {
    const url = pageUrl(new Request(`http://site.test${path}`));
    return url.pathname + url.search;
  };

  test("drops React Router's own parts of a data request's address, keeps the page's query", () => {
    expect(page("/events.data?category=youth&_routes=root%2Croutes%2Fevents%2Fevents")).toBe("/events?category=youth");
    expect(page("/community/_.data?_routes=routes%2Fcommunity%2Fcommunity")).toBe("/community/");
    expect(page("/_.data?lang=es&_routes=routes%2Fsite%2Fhome")).toBe("/?lang=es");
    expect(page("/admin/events")).toBe("/admin/events");
  });

  test("a bare index parameter (an index route's action) goes, one with a value stays", () => {
    expect(page("/?index")).toBe("/");
    expect(page("/admin.data?index&tab=2")).toBe("/admin?tab=2");
    expect(page("/x?index=3")).toBe("/x?index=3");
  });
});
