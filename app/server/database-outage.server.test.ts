import type { ServerBuild } from "react-router";
import { describe, expect, test } from "vitest";
import enCommon from "~/i18n/locales/en/common";
import esCommon from "~/i18n/locales/es/common";
import { guardDatabaseOutages, RETRY_AFTER_SECONDS, unavailableHtml } from "./database-outage.server";
import { isDatabaseUnavailable, isUniqueViolation } from "./db-errors.server";

const refused = () => Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:45432"), { code: "ECONNREFUSED" });
/** What drizzle throws around a driver error. */
const wrapped = (cause: unknown) => Object.assign(new Error("Failed query: select 1"), { cause });

describe("isDatabaseUnavailable", () => {
  test.each([
    ["a refused connection", refused()],
    ["a refused connection inside drizzle's error", wrapped(refused())],
    [
      "an administrator shutdown (57P01) two levels down",
      wrapped(wrapped(Object.assign(new Error("terminating connection due to administrator command"), { code: "57P01" }))),
    ],
    ["the server starting up (57P03)", Object.assign(new Error("the database system is starting up"), { code: "57P03" })],
    ["a connection exception (08006)", Object.assign(new Error("connection failure"), { code: "08006" })],
    ["too many connections (53300)", Object.assign(new Error("sorry, too many clients already"), { code: "53300" })],
    ["a dropped connection (node-postgres names it by message)", wrapped(new Error("Connection terminated unexpectedly"))],
    [
      "better-auth's 500 keeping the cause",
      Object.assign(new Error("Failed to get session"), { status: "INTERNAL_SERVER_ERROR", cause: wrapped(refused()) }),
    ],
    ["every address of a name refused (AggregateError)", new AggregateError([refused(), refused()], "connect failed")],
  ])("%s: yes", (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  test.each([
    ["a unique violation", wrapped(Object.assign(new Error("duplicate key"), { code: "23505" }))],
    ["a syntax error", Object.assign(new Error("syntax error"), { code: "42601" })],
    ["a plain bug", new TypeError("Cannot read properties of undefined")],
    ["not an error at all", "ECONNREFUSED"],
    ["nothing", undefined],
  ])("%s: no", (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
  });

  test("a cause chain that loops ends", () => {
    const a = new Error("a") as Error & { cause?: unknown };
    const b = new Error("b", { cause: a });
    a.cause = b;
    expect(isDatabaseUnavailable(a)).toBe(false);
    expect(isUniqueViolation(wrapped(Object.assign(new Error("dup"), { code: "23505" })))).toBe(true);
  });
});

type Args = { request: Request; url: URL; params: Record<string, string>; context: unknown };
type Fn = (args: Args) => unknown;

function buildWith(routes: Record<string, { loader?: Fn; action?: Fn; page: boolean }>): ServerBuild {
  const entries = Object.fromEntries(
    Object.entries(routes).map(([id, r]) => {
      const module: Record<string, unknown> = {};
      if (r.page) module.default = () => null;
      if (r.loader) module.loader = r.loader;
      if (r.action) module.action = r.action;
      return [id, { id, path: id, module }];
    }),
  );
  return { routes: entries } as unknown as ServerBuild;
}

/** `url`: the page's address as React Router passes it (the request's own unless given). */
function callLoader(build: ServerBuild, id: string, request: Request, kind: "loader" | "action" = "loader", url = new URL(request.url)) {
  const fn = build.routes[id]!.module[kind] as unknown as Fn;
  return Promise.resolve().then(() => fn({ request, url, params: {}, context: {} }));
}

async function thrown(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error("expected a throw");
}

describe("guardDatabaseOutages", () => {
  const failing: Fn = () => {
    throw wrapped(refused());
  };

  test("a page's loader that cannot reach the database throws a 503 with Retry-After, in the visitor's language", async () => {
    const build = guardDatabaseOutages(buildWith({ "routes/prayer": { page: true, loader: failing, action: failing } }));
    for (const [headers, text] of [
      [{}, `${enCommon.errors.unavailableTitle}. ${enCommon.errors.unavailableBody}`],
      [{ cookie: "lang=es" }, `${esCommon.errors.unavailableTitle}. ${esCommon.errors.unavailableBody}`],
      [{ "accept-language": "es-MX,es;q=0.9" }, `${esCommon.errors.unavailableTitle}. ${esCommon.errors.unavailableBody}`],
    ] as const) {
      for (const kind of ["loader", "action"] as const) {
        const error = await thrown(callLoader(build, "routes/prayer", new Request("http://site.test/prayer", { headers }), kind));
        expect(error).toBeInstanceOf(Response);
        const response = error as Response;
        expect(response.status).toBe(503);
        expect(response.headers.get("retry-after")).toBe(String(RETRY_AFTER_SECONDS));
        expect(response.headers.get("cache-control")).toBe("no-store");
        expect(await response.text()).toBe(text);
      }
    }
    // ?lang= wins over the cookie, as everywhere else.
    const query = (await thrown(
      callLoader(build, "routes/prayer", new Request("http://site.test/prayer?lang=en", { headers: { cookie: "lang=es" } })),
    )) as Response;
    expect(query.headers.get("content-language")).toBe("en");
  });

  test("a resource route answers JSON to a client that asked for JSON", async () => {
    const build = guardDatabaseOutages(buildWith({ "routes/watch/chat": { page: false, action: failing } }));
    const request = new Request("http://site.test/watch/chat", {
      method: "POST",
      headers: { accept: "application/json", cookie: "lang=es" },
    });
    const response = (await thrown(callLoader(build, "routes/watch/chat", request, "action"))) as Response;
    expect(response.status).toBe(503);
    expect(response.headers.get("content-type")).toMatch(/^application\/json/);
    expect(await response.json()).toEqual({ ok: false, error: `${esCommon.errors.unavailableTitle}. ${esCommon.errors.unavailableBody}` });
  });

  test("a browser's navigation to a resource route gets a small page of its own", async () => {
    const build = guardDatabaseOutages(buildWith({ "routes/watch/chat": { page: false, action: failing } }));
    const request = new Request("http://site.test/watch/chat", {
      method: "POST",
      headers: { accept: "text/html,application/xhtml+xml,*/*;q=0.8", cookie: "lang=es" },
    });
    const response = (await thrown(callLoader(build, "routes/watch/chat", request, "action"))) as Response;
    expect(response.status).toBe(503);
    expect(response.headers.get("content-type")).toMatch(/^text\/html/);
    const html = await response.text();
    expect(html).toContain('<html lang="es">');
    expect(html).toContain(`<h1>${esCommon.errors.unavailableTitle}</h1>`);
    expect(html).toContain(`<a href="/watch/chat">${esCommon.errors.tryAgain}</a>`);
    // React Router 8 passes the raw request: the retry link is the page's address (`url`), never
    // a client navigation's `.data` address.
    const data = new Request("http://site.test/watch/chat.data?_routes=routes%2Fwatch%2Fchat", request);
    const fromData = (await thrown(
      callLoader(build, "routes/watch/chat", data, "action", new URL("http://site.test/watch/chat")),
    )) as Response;
    expect(await fromData.text()).toContain(`<a href="/watch/chat">${esCommon.errors.tryAgain}</a>`);
    // Issue 32 item 6: the retry link is the request's path made same-site (Express's
    // `req.path` keeps a backslash, which a browser reads as a slash: `/\evil` is `//evil`).
    for (const path of ["//evil.test/x", "/\\evil.test/x", "\\\\evil.test/x", "/%5Cevil.test/x", "/.//evil.test/x"]) {
      expect(unavailableHtml("en", path), path).toContain('<a href="/evil.test/x">');
    }
    expect(unavailableHtml("en", "https://evil.test/x")).toContain('<a href="/">');
    expect(unavailableHtml("en", "/x")).toContain("We&#x27;ll be right back");
  });

  test("other errors, thrown responses and results pass through untouched", async () => {
    const bug = new TypeError("a bug");
    const notFound = new Response("Not found", { status: 404 });
    const build = guardDatabaseOutages(
      buildWith({
        bug: {
          page: true,
          loader: () => {
            throw bug;
          },
        },
        missing: {
          page: true,
          loader: () => {
            throw notFound;
          },
        },
        fine: { page: true, loader: async () => ({ ok: 1 }) },
        duplicate: {
          page: true,
          action: () => {
            throw wrapped(Object.assign(new Error("dup"), { code: "23505" }));
          },
        },
        static: { page: true },
      }),
    );
    const request = new Request("http://site.test/x");
    expect(await thrown(callLoader(build, "bug", request))).toBe(bug);
    expect(await thrown(callLoader(build, "missing", request))).toBe(notFound);
    expect(await callLoader(build, "fine", request)).toEqual({ ok: 1 });
    expect(isUniqueViolation(await thrown(callLoader(build, "duplicate", request, "action")))).toBe(true);
    // A route without a loader still has none (React Router reads the key's presence).
    expect("loader" in build.routes.static!.module).toBe(false);
    expect(build.routes.static!.module.default).toBeTypeOf("function");
  });

  test("one guarded build per loaded build", () => {
    const original = buildWith({ a: { page: true, loader: failing } });
    expect(guardDatabaseOutages(original)).toBe(guardDatabaseOutages(original));
    expect(guardDatabaseOutages(original)).not.toBe(original);
  });
});
