// The two small loopback servers `npm run security:scan` (scripts/security-scan.ts) puts
// beside the site; scanning harness only, never part of the app:
// - a recording HTTP proxy between the scanners and the site: it counts the answers by status
//   (403 CSRF refusals, 429 rate limits, 5xx), refuses the forms that would end the scanning
//   session without forwarding them, and answers the never-ending event streams with 204;
// - the SSRF endpoint wapiti's ssrf module asks whether the site fetched its payload URLs.
import http from "node:http";
import type net from "node:net";

export interface ProxyTally {
  requests: number;
  byStatus: Record<string, number>;
  csrfRefused: number;
  blocked: Record<string, number>;
  serverErrors: string[];
  rateLimited: Record<string, number>;
  /** Requests for the event streams, answered 204 by the proxy. */
  streams: number;
  /** Requests for the pages left out of this run (`skip()`), answered 204 by the proxy. */
  skipped: number;
  /** 4xx and 5xx answers by "status method path". */
  refusals: Record<string, number>;
}

/** Paths no scanner should open: never-ending event streams (they would only time out). */
export const STREAMS = ["/watch/chat/events", "/prayer/events"];

// The SSRF endpoint wapiti's ssrf module asks (its protocol: the payload URL
// `<endpoint>ssrf/<session>/<path id>/<hex parameter>/` and `GET <endpoint>get_ssrf.php?id=<session>`).

export interface EndpointHit {
  url: string;
  method: string;
  date: string;
  ip: string;
}
export function startSsrfEndpoint(): Promise<{ url: string; hits: EndpointHit[]; close(): Promise<void> }> {
  const hits: EndpointHit[] = [];
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://endpoint");
    if (url.pathname === "/get_ssrf.php" || url.pathname === "/get_xxe.php") {
      const session = url.searchParams.get("id") ?? "";
      const result: Record<string, Record<string, Array<EndpointHit & { size: number }>>> = {};
      for (const hit of hits) {
        const m = /^\/ssrf\/([^/]+)\/(\d+)\/([0-9a-f]+)\//.exec(new URL(hit.url, "http://endpoint").pathname);
        if (!m || m[1] !== session || url.pathname !== "/get_ssrf.php") continue;
        ((result[m[2]!] ??= {})[m[3]!] ??= []).push({ ...hit, size: 0 });
      }
      res.setHeader("content-type", "application/json");
      res.end(JSON.stringify(result));
      return;
    }
    if (url.pathname === "/" && req.method === "HEAD") return void res.end();
    hits.push({ url: req.url ?? "/", method: req.method ?? "GET", date: new Date().toISOString(), ip: req.socket.remoteAddress ?? "" });
    res.end("ok");
  });
  return new Promise((resolve) => {
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      resolve({ url: `http://127.0.0.1:${port}/`, hits, close: () => new Promise((r) => server.close(() => r())) });
    });
  });
}

// ---------------------------------------------------------------------------------------------
// The recording proxy between the scanners and the site.

/** Intents that end the session that posts them (or, for the admin user actions, the target's). */
// ("delete-account" is forwarded: it needs the account's password, which no scanner has.)
export const SESSION_ENDING = new Set([
  "signout",
  "signout-everywhere",
  "revoke-session",
  "revoke-other-sessions",
  "disable-two-factor",
  "logout",
  "revoke",
  "revoke-others",
]);
export const USER_ACTIONS = new Set(["set-roles", "set-scopes", "disable", "sign-out", "reset-two-factor"]);

function formFields(body: Buffer, contentType: string): Map<string, string[]> {
  const fields = new Map<string, string[]>();
  const add = (k: string, v: string) => fields.set(k, [...(fields.get(k) ?? []), v]);
  const text = body.toString("latin1");
  if (contentType.includes("multipart/form-data")) {
    for (const m of text.matchAll(/name="([^"]+)"\r\n(?:[^\r\n]+\r\n)*\r\n([^\r]*)\r\n/g)) add(m[1]!, m[2]!);
  } else {
    for (const [k, v] of new URLSearchParams(body.toString("utf8"))) add(k, v);
  }
  return fields;
}

export function startProxy(site: URL, protectedUserIds: Set<string>) {
  let tally: ProxyTally = newTally();
  let skipped = new Set<string>();
  function newTally(): ProxyTally {
    return {
      requests: 0,
      byStatus: {},
      csrfRefused: 0,
      blocked: {},
      serverErrors: [],
      rateLimited: {},
      streams: 0,
      skipped: 0,
      refusals: {},
    };
  }
  const server = http.createServer((req, res) => {
    let target: URL;
    try {
      target = new URL(req.url ?? "", site);
    } catch {
      res.writeHead(400).end();
      return;
    }
    // Loopback only: the site and the local SSRF endpoint.
    if (target.protocol !== "http:" || !["127.0.0.1", "localhost"].includes(target.hostname)) {
      res.writeHead(502, { "content-type": "text/plain" }).end("security-scan proxy: loopback targets only");
      return;
    }
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const body = Buffer.concat(chunks);
      const isSite = target.port === site.port;
      // Never-ending event streams: a scanner would only wait for its timeout on each request.
      // (wapiti 3.0.4's `-x` crashes on Python 3.11, so they are answered here instead.)
      if (isSite && STREAMS.includes(target.pathname)) {
        tally.streams++;
        res.writeHead(204).end();
        return;
      }
      if (isSite && req.method === "GET" && skipped.has(target.pathname.replace(/\.data$/, ""))) {
        tally.skipped++;
        res.writeHead(204).end();
        return;
      }
      if (isSite && req.method === "POST") {
        const fields = formFields(body, String(req.headers["content-type"] ?? ""));
        const intents = fields.get("intent") ?? [];
        const userIds = fields.get("userId") ?? [];
        const ending = intents.find((i) => SESSION_ENDING.has(i) || (USER_ACTIONS.has(i) && userIds.some((u) => protectedUserIds.has(u))));
        if (ending) {
          tally.blocked[ending] = (tally.blocked[ending] ?? 0) + 1;
          res
            .writeHead(403, { "content-type": "text/plain" })
            .end("security-scan proxy: this form would end the scanning session; not forwarded");
          return;
        }
      }
      const headers = { ...req.headers };
      delete headers["proxy-connection"];
      headers.connection = "close";
      const upstream = http.request(
        { host: "127.0.0.1", port: target.port || 80, method: req.method, path: `${target.pathname}${target.search}`, headers },
        (answer) => {
          if (isSite) {
            tally.requests++;
            const status = String(answer.statusCode ?? 0);
            tally.byStatus[status] = (tally.byStatus[status] ?? 0) + 1;
            if ((answer.statusCode ?? 0) >= 400) {
              const key = `${answer.statusCode} ${req.method} ${target.pathname}`;
              tally.refusals[key] = (tally.refusals[key] ?? 0) + 1;
            }
            if (answer.statusCode === 429) tally.rateLimited[target.pathname] = (tally.rateLimited[target.pathname] ?? 0) + 1;
            if ((answer.statusCode ?? 0) >= 500 && tally.serverErrors.length < 200) {
              tally.serverErrors.push(`${answer.statusCode} ${req.method} ${target.pathname}${target.search.slice(0, 200)}`);
            }
          }
          const keep: Buffer[] = [];
          answer.on("data", (c: Buffer) => {
            if (answer.statusCode === 403 && keep.length < 4) keep.push(c);
          });
          answer.on("end", () => {
            if (answer.statusCode === 403 && Buffer.concat(keep).toString().includes("Cross-site request refused")) tally.csrfRefused++;
          });
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
        },
      );
      upstream.setTimeout(60_000, () => upstream.destroy(new Error("upstream timeout")));
      upstream.on("error", () => {
        if (!res.headersSent) res.writeHead(502).end();
        else res.destroy();
      });
      upstream.end(body);
    });
  });
  return new Promise<{ url: string; take(): ProxyTally; skip(paths: string[]): void; close(): Promise<void> }>((resolve) => {
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      resolve({
        url: `http://127.0.0.1:${port}`,
        /** Pages (GET, exact path) answered 204 until the next call. */
        skip(paths) {
          skipped = new Set(paths);
        },
        take() {
          const result = tally;
          tally = newTally();
          return result;
        },
        close: () => {
          server.closeAllConnections();
          return new Promise((r) => server.close(() => r()));
        },
      });
    });
  });
}
