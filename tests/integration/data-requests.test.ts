// React Router 8 hands loaders and actions the raw request: on a client navigation its address is
// the page's data address (`/prayer.data?_routes=…`, `/events/_.data` for `/events/`), and only the
// `url` argument is the page's own. Links, redirects and content slugs built from the raw address
// pointed at `…data?_routes=…`, and the intro pages (slug from the path) answered 404. Against the
// production build, as a browser's client navigation asks.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { snapshotProductionBuild, startAppServer, type AppServer } from "../support/app-server";

let server: AppServer;
let snapshot: ReturnType<typeof snapshotProductionBuild>;
let dataDir: string;

beforeAll(async () => {
  snapshot = snapshotProductionBuild();
  dataDir = mkdtempSync(path.join(tmpdir(), "church-data-requests-"));
  server = await startAppServer({ cwd: snapshot.dir, dataDir });
});
afterAll(async () => {
  await server?.stop(2000);
  rmSync(dataDir, { recursive: true, force: true });
  snapshot?.remove();
});

/** A client navigation's data request for `page`, running the loaders of `routes`. */
async function navigationData(dataPath: string, routes: string[]): Promise<{ status: number; body: string; headers: Headers }> {
  const separator = dataPath.includes("?") ? "&" : "?";
  const response = await fetch(`${server.baseURL}${dataPath}${separator}_routes=${encodeURIComponent(routes.join(","))}`, {
    redirect: "manual",
  });
  return { status: response.status, body: await response.text(), headers: response.headers };
}

describe("client navigations' data requests", () => {
  test("a loader's sign-in link names the page, never its data address", async () => {
    const answer = await navigationData("/prayer.data", ["routes/prayer/prayer"]);
    expect(answer.status).toBe(200);
    expect(answer.body).toContain("/auth?redirectTo=/prayer");
    expect(answer.body).not.toContain("_routes");
    expect(answer.body).not.toContain("prayer.data");
  });

  test("an intro page finds its content block from the page's path", async () => {
    const answer = await navigationData("/join-church.data", ["routes/membership/join-church"]);
    expect(answer.status).toBe(200);
    expect(answer.body).not.toContain("_routes");
  });

  test("a trailing slash's data address (`/events/_.data`) is the page `/events/`", async () => {
    const answer = await navigationData("/events/_.data", ["routes/events/events"]);
    expect(answer.status).toBe(200);
  });

  test("redirects go to the page's address: the old gallery path, the admin login's way back", async () => {
    const gallery = await navigationData("/gallery.data?album=spring", ["routes/site/gallery"]);
    expect(gallery.body).toContain("/community?album=spring");
    expect(gallery.body).not.toContain("_routes");
    const admin = await navigationData("/admin/events.data", ["root", "routes/admin/layout", "routes/admin/events"]);
    expect(`${admin.body} ${[...admin.headers].join(" ")}`).toContain("/admin/login?redirectTo=%2Fadmin%2Fevents");
    expect(admin.body).not.toContain("_routes");
    expect(admin.body).not.toContain("events.data");
  });
});
