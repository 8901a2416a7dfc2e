// Issue 11 point 5, over HTTP: generated malformed requests against the production server
// (`node server.js` on a snapshot of build/), where Node's HTTP parser, Express, the body
// limits, the CSRF check and React Router's request handling run too. Requests are written
// to a raw socket, so anything a client can put on the wire is possible: bad percent-encoding
// in paths and queries, header junk, malformed JSON and multipart, oversize and truncated
// bodies, chunked bodies without a length. Zero 5xx, no error logged, the server still ready.
//
// One backend (the embedded PGlite the server opens by itself): what is fuzzed here is the
// layer above the database; every route's handling of the same inputs on both backends is
// fuzz-endpoints.test.ts. FUZZ_SEED replays a run; FUZZ_RUNS_SCALE scales the count.
import { mkdtempSync, rmSync } from "node:fs";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { cookieJar } from "../support/auth-harness";
import { snapshotProductionBuild, startAppServer, type AppServer } from "../support/app-server";
import { FAKE_STRIPE_SECRET_KEY, FAKE_STRIPE_WEBHOOK_SECRET, startFakeStripe, type FakeStripe } from "../support/fake-stripe";
import { routesWithHandlers } from "../support/fuzz-endpoints";
import {
  FUZZ_SEED,
  formShape,
  hostileString,
  jsonBody,
  malformedMultipart,
  multipart,
  seedFor,
  urlencoded,
  wrongKindBody,
  type RawBody,
} from "../support/fuzz-inputs";
import { callbackLink, waitForEmlTo } from "../support/mail-links";

const SCALE = Number(process.env.FUZZ_RUNS_SCALE ?? "1");
const RUNS = Math.max(1, Math.round(1500 * SCALE));
const PASSWORD = "grace-and-peace-7";
/** The server's limit for a body that is not an upload (`MAX_BODY_BYTES` in server/app.ts). */
const MAX_BODY_BYTES = 64 * 1024;

interface WireRequest {
  label: string;
  bytes: Buffer;
  /** A request a client may legitimately send: it must get an answer (not only "not a 5xx"). */
  wellFormed: boolean;
  /** The body is shorter than its Content-Length: the server is right to wait for the rest. */
  truncated: boolean;
  /**
   * The body is over the server's 64 KB form limit: the 413 goes out while the client is still
   * sending, and on a loaded machine the connection can be reset before the client reads it
   * (a TCP race no server avoids without lingering): no answer is not a failure then.
   */
  overLimit: boolean;
}

interface WireAnswer {
  status: number | null;
  head: string;
  timedOut: boolean;
}

/** Paths of every route (parameters filled with 1), their `.data` forms, and the server's own. */
function knownPaths(): string[] {
  const paths = new Set<string>([
    "/healthz",
    "/readyz",
    "/uploads/x.png",
    "/uploads/../package.json",
    "/assets/x.js",
    "/sw.js",
    "/media/x.mp4",
    "/api/auth/get-session",
    "/api/auth/sign-in/email",
  ]);
  for (const route of routesWithHandlers()) {
    if (route.key === "[root]" || route.key.startsWith("[layout]")) continue;
    const concrete = route.pattern
      .replace(/:(\w+)/g, "1")
      .replace(/\*/g, "not-a-page")
      .replace(/ \[layout\]$/, "");
    // Server-sent events never end: they are fuzzed in process.
    if (/\/events$/.test(concrete) && /(watch\/chat|prayer)\/events$/.test(concrete)) continue;
    paths.add(concrete);
    paths.add(concrete === "/" ? "/_.data" : `${concrete}.data`);
  }
  return [...paths];
}

const PATH_JUNK = [
  "",
  "%",
  "%zz",
  "%E0%A4%A",
  "%00",
  "%2e%2e%2f%2e%2e%2fetc%2fpasswd",
  "/..%2f..%2fpackage.json",
  "%C0%AF",
  "%ED%A0%80",
  "%FF%FE",
  "//",
  "/./",
  "/../../",
  ";a=b",
  "%20",
  "\u00e9",
  "\u00ff\u00fe",
  "?%",
  "?q=%zz",
  "?lang=%FF",
  "?page=%00",
  "?index&_routes=%zz",
  "?_data=routes%2Fsite%2Fhome",
  "?redirectTo=%0d%0aSet-Cookie:%20x=1",
  "?q=" + "%F0%9F%98%80".repeat(300),
  "?" + "a=1&".repeat(2000),
  "/" + "a".repeat(9000),
];

const BAD_HEADERS: Array<[string, string]> = [
  ["Accept-Language", "*;q=abc, es;q=NaN, en-US;q=-1, ;;;,"],
  ["Accept-Language", "x".repeat(8000)],
  ["Cookie", "church.session_token=%ZZ; church_admin=\u00ff; lang=es"],
  ["Cookie", Array.from({ length: 400 }, (_, i) => `c${i}=${i}`).join("; ")],
  ["Cookie", "church.session_token=" + "A".repeat(6000)],
  ["Cookie", "=;=;;==; lang"],
  ["X-Forwarded-For", "not-an-ip, 999.999.999.999, ::ffff:1"],
  ["X-Church-Client-Ip", "spoofed"],
  ["Host", "evil.example"],
  ["Origin", "null"],
  ["Sec-Fetch-Site", "\u00ff"],
  ["Range", "bytes=999999999-0,abc"],
  ["If-None-Match", '"' + "x".repeat(3000)],
  ["If-Modified-Since", "yesterday"],
  ["Content-Encoding", "gzip"],
  ["Expect", "100-continue"],
  ["Accept-Encoding", "br;q=abc, gzip;q=2, *;q=-1"],
  ["Accept", "text/html;q=0, */*;q=junk"],
  ["X-Very-Long", "v".repeat(12_000)],
];

/** Header lines Node's parser refuses outright (with its own 400 or 431). */
const PROTOCOL_JUNK = [
  "NoColonHeader\r\n",
  "Bad Header Name: x\r\n",
  "X-Ctl: a\u0001b\r\n",
  "Content-Length: 5\r\nContent-Length: 6\r\n",
  "Content-Length: -1\r\n",
  "Content-Length: abc\r\n",
  "Transfer-Encoding: chunked\r\nContent-Length: 5\r\n",
  "Transfer-Encoding: gzip, chunked, identity\r\n",
  "X-Huge: " + "h".repeat(20_000) + "\r\n",
  " Leading-Space: x\r\n",
];

describe("fuzzing the HTTP server (production build)", () => {
  let snapshot: ReturnType<typeof snapshotProductionBuild>;
  let dataDir: string;
  let server: AppServer;
  let stripe: FakeStripe;
  let memberCookie = "";
  const paths = knownPaths();
  const counts = { requests: 0, answered: 0, noAnswer: 0, timedOut: 0 };
  const statuses = new Map<number, number>();

  beforeAll(async () => {
    console.log(`fuzz-http: FUZZ_SEED=${FUZZ_SEED} (set FUZZ_SEED to replay), ${RUNS} requests`);
    snapshot = snapshotProductionBuild();
    dataDir = mkdtempSync(path.join(tmpdir(), "church-fuzz-http-"));
    // Every request comes from 127.0.0.1: scale the per-address limits so inputs reach the
    // forms' own checks instead of the rate limit.
    // Payments configured (a local stand-in for Stripe), as a live site is: without them the give
    // and store forms answer 503 "not set up" before reading the form at all.
    stripe = await startFakeStripe();
    server = await startAppServer({
      cwd: snapshot.dir,
      dataDir,
      env: {
        RATE_LIMIT_IP_SCALE: "1000",
        LOG_LEVEL: "warn",
        STRIPE_SECRET_KEY: FAKE_STRIPE_SECRET_KEY,
        STRIPE_WEBHOOK_SECRET: FAKE_STRIPE_WEBHOOK_SECRET,
        STRIPE_API_URL: stripe.url,
      },
    });
    // A signed-in member (the sign-up form and the emailed link), for the cookie-gated paths.
    const email = `fuzz-http-${Date.now()}@example.test`;
    const signup = await fetch(`${server.baseURL}/auth`, {
      method: "POST",
      headers: { Origin: server.baseURL, "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({
        intent: "signup-email",
        fullName: "Fuzz Http",
        email,
        password: PASSWORD,
        confirmPassword: PASSWORD,
        username: "",
        phone: "",
      }).toString(),
    });
    expect(signup.status).toBe(200);
    const link = callbackLink(await waitForEmlTo(dataDir, email));
    const confirmed = await fetch(`${server.baseURL}${link.pathname}${link.search}`, { redirect: "manual" });
    memberCookie = cookieJar("", confirmed.headers.getSetCookie());
    expect(memberCookie).toContain("church.session_token=");
  }, 240_000);

  afterAll(async () => {
    await server?.stop(4000);
    await stripe?.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    snapshot?.remove();
    const byStatus = [...statuses]
      .sort(([a], [b]) => a - b)
      .map(([s, n]) => `${s}×${n}`)
      .join(" ");
    console.log(
      `fuzz-http FUZZ_SEED=${FUZZ_SEED}: ${counts.requests} requests, ${counts.answered} answered (${byStatus}), ${counts.noAnswer} closed without an answer (protocol junk, or a body over the limit), ${counts.timedOut} left waiting for a declared body`,
    );
  });

  /** Writes the bytes on a new connection and reads the status line (and the rest, until close). */
  function send(bytes: Buffer, timeoutMs: number): Promise<WireAnswer> {
    return new Promise((resolve) => {
      const socket = connect({ host: "127.0.0.1", port: server.port });
      let received = Buffer.alloc(0);
      let settled = false;
      const finish = (timedOut: boolean) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        socket.destroy();
        // An interim answer (100 Continue to `Expect`) comes first: the status is the final one.
        const text = received.toString("latin1");
        const final = [...text.matchAll(/(?:^|\r\n)HTTP\/1\.[01] (\d{3})[^\r\n]*/g)].find((m) => Number(m[1]) >= 200);
        const at = final?.index ?? 0;
        resolve({ status: final ? Number(final[1]) : null, head: text.slice(at, at + 400), timedOut });
      };
      const timer = setTimeout(() => finish(true), timeoutMs);
      socket.on("data", (chunk: Buffer) => {
        received = Buffer.concat([received, chunk]);
        if (received.length > 2_000_000) finish(false);
      });
      socket.on("end", () => finish(false));
      socket.on("close", () => finish(false));
      // An error (EPIPE/ECONNRESET while still writing) is followed by "close": an answer that
      // arrived meanwhile is still read until then.
      socket.on("error", () => undefined);
      socket.write(bytes);
    });
  }

  const bodyArb: fc.Arbitrary<RawBody> = (() => {
    const names = [
      "intent",
      "id",
      "email",
      "password",
      "body",
      "title",
      "message",
      "q",
      "file",
      "files",
      "name",
      "fullName",
      "quantity",
      "variantId",
      "kind",
    ];
    const intents = ["post", "signin-email", "magic-link", "signup-email", "upload", "upload-image", "save", "delete", "complete", "add"];
    const valueFor = () => fc.oneof(hostileString, fc.constantFrom("1", "yes", "a@b.co"));
    const shape = formShape({ intents, names, valueFor, fileFields: ["file", "files", "image", "audio"] });
    return fc.oneof(
      { weight: 3, arbitrary: shape.map((s) => urlencoded(s.fields)) },
      { weight: 3, arbitrary: shape.map((s) => multipart(s)) },
      { weight: 3, arbitrary: shape.chain((s) => malformedMultipart(s)) },
      { weight: 3, arbitrary: jsonBody({ intents, names, valueFor }) },
      { weight: 3, arbitrary: wrongKindBody },
      {
        weight: 1,
        arbitrary: fc.constantFrom<RawBody>(
          {
            contentType: "application/x-www-form-urlencoded",
            body: `intent=post&body=${"x".repeat(70 * 1024)}`,
            label: "70 KB form (over the 64 KB limit)",
          },
          { contentType: "application/json", body: JSON.stringify({ message: "y".repeat(2 * 1024 * 1024) }), label: "2 MB JSON" },
        ),
      },
    );
  })();

  const requestArb: fc.Arbitrary<WireRequest> = fc
    .record({
      method: fc.oneof(
        { weight: 8, arbitrary: fc.constantFrom("GET", "POST") },
        { weight: 1, arbitrary: fc.constantFrom("HEAD", "PUT", "PATCH", "DELETE", "OPTIONS", "TRACE", "get", "FOO", "CONNECT") },
      ),
      path: fc.constantFrom(...paths),
      junk: fc.oneof({ weight: 2, arbitrary: fc.constant("") }, { weight: 3, arbitrary: fc.constantFrom(...PATH_JUNK) }),
      headers: fc.array(fc.constantFrom(...BAD_HEADERS), { maxLength: 3 }),
      protocolJunk: fc.oneof({ weight: 6, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary: fc.constantFrom(...PROTOCOL_JUNK) }),
      member: fc.boolean(),
      sameOrigin: fc.oneof({ weight: 6, arbitrary: fc.constant(true) }, { weight: 1, arbitrary: fc.constant(false) }),
      body: bodyArb,
      framing: fc.oneof(
        { weight: 10, arbitrary: fc.constant<"exact">("exact") },
        {
          weight: 1,
          arbitrary: fc.constantFrom<"chunked" | "short" | "long" | "none" | "huge-declared">(
            "chunked",
            "short",
            "long",
            "none",
            "huge-declared",
          ),
        },
      ),
    })
    .map((r) => {
      const withBody = !["GET", "HEAD", "get"].includes(r.method);
      const body = withBody && r.body.body !== null ? Buffer.from(r.body.body as string | Uint8Array) : Buffer.alloc(0);
      const lines = [`${r.method} ${r.path}${r.junk} HTTP/1.1`, `Host: 127.0.0.1:${server.port}`, "Connection: close", "User-Agent: fuzz"];
      if (r.sameOrigin) lines.push(`Origin: ${server.baseURL}`, "Sec-Fetch-Site: same-origin");
      if (r.member) lines.push(`Cookie: ${memberCookie}`);
      for (const [name, value] of r.headers) lines.push(`${name}: ${value}`);
      if (withBody && r.body.contentType) lines.push(`Content-Type: ${r.body.contentType}`);
      let payload = body;
      let truncated = false;
      if (withBody) {
        if (r.framing === "exact") lines.push(`Content-Length: ${body.length}`);
        else if (r.framing === "short") lines.push(`Content-Length: ${Math.max(0, body.length - 3)}`);
        else if (r.framing === "long") {
          lines.push(`Content-Length: ${body.length + 100}`);
          truncated = true;
        } else if (r.framing === "huge-declared") {
          lines.push("Content-Length: 10000000000");
          truncated = true;
        } else if (r.framing === "chunked") {
          lines.push("Transfer-Encoding: chunked");
          payload = Buffer.concat([Buffer.from(`${body.length.toString(16)}\r\n`), body, Buffer.from("\r\nzz\r\n")]);
        }
      }
      const head = lines.map((l) => `${l}\r\n`).join("") + (r.protocolJunk ?? "") + "\r\n";
      // Header values with characters above 0x7f go out as raw bytes (latin1), as a hostile client would send them.
      const bytes = Buffer.concat([Buffer.from(head, "latin1"), payload]);
      const wellFormed =
        !r.protocolJunk &&
        !["get", "FOO", "CONNECT", "TRACE"].includes(r.method) &&
        r.framing === "exact" &&
        !r.junk.includes("\u00e9") &&
        !r.junk.includes("\u00ff");
      const overLimit = withBody && body.length > MAX_BODY_BYTES;
      return {
        label: `${r.method} ${r.path}${r.junk.slice(0, 60)} [${r.body.label}; ${r.framing}; ${r.headers.map(([n]) => n).join(",")}${r.protocolJunk ? `; junk ${JSON.stringify(r.protocolJunk.slice(0, 40))}` : ""}]`,
        bytes,
        wellFormed,
        truncated,
        overLimit,
      };
    });

  test("TRACE (which the Fetch API cannot carry) is refused with 405, not a 500", async () => {
    for (const target of ["/", "/about", "/admin/classes/new", "/prayer.data", "/not-a-page"]) {
      const answer = await send(
        Buffer.from(`TRACE ${target} HTTP/1.1\r\nHost: 127.0.0.1:${server.port}\r\nConnection: close\r\n\r\n`),
        10_000,
      );
      expect(answer.status, target).toBe(405);
      expect(answer.head).toMatch(/\r\nAllow: GET, HEAD, POST/i);
    }
  });

  test("the Stripe webhook refuses every unsigned or mis-signed body with 400", async () => {
    const bodies = fc.sample(
      fc.oneof(
        fc.jsonValue({ maxDepth: 3 }).map((v) => JSON.stringify(v) ?? "null"),
        hostileString,
      ),
      { seed: seedFor("http webhook"), numRuns: 60 },
    );
    for (const [i, body] of bodies.entries()) {
      const signature = i % 3 === 0 ? undefined : i % 3 === 1 ? "t=1,v1=00" : `t=${Math.floor(Date.now() / 1000)},v1=${"ab".repeat(32)}`;
      const response = await fetch(`${server.baseURL}/stripe/webhook`, {
        method: "POST",
        headers: { "Content-Type": "application/json", ...(signature ? { "Stripe-Signature": signature } : {}) },
        body,
      });
      counts.requests++;
      counts.answered++;
      statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
      expect(response.status, `body ${JSON.stringify(body.slice(0, 80))}`).toBe(400);
      await response.body?.cancel();
    }
  });

  test(`${RUNS} malformed requests: no 5xx, no error logged, the server still ready`, async () => {
    const failures: string[] = [];
    const details = await fc.check(
      fc.asyncProperty(requestArb, async (request) => {
        counts.requests++;
        const answer = await send(request.bytes, request.truncated ? 1_000 : 15_000);
        if (answer.status === null) {
          if (answer.timedOut) counts.timedOut++;
          else counts.noAnswer++;
          if (request.wellFormed && !request.truncated && !request.overLimit) {
            failures.push(`no answer to a well-formed request: ${request.label}`);
            return false;
          }
          return true;
        }
        counts.answered++;
        if (process.env.FUZZ_HTTP_TRACE) console.log(answer.status, request.label.slice(0, 200));
        statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
        if (answer.status >= 500) {
          failures.push(`${answer.status} for ${request.label}\n${answer.head.slice(0, 300)}`);
          return false;
        }
        return true;
      }),
      { seed: seedFor("http"), numRuns: RUNS, endOnFailure: true },
    );
    if (details.failed)
      throw new Error(
        `fuzz-http (FUZZ_SEED=${FUZZ_SEED}) failed at request ${details.numRuns}:\n${failures.join("\n") || String(details.errorInstance)}`,
      );
    // An error swallowed into a 4xx is still an error: none may be logged.
    const { stdout, stderr } = server.output();
    const errors = `${stdout}\n${stderr}`.split("\n").filter((line) => /"level":(50|60)/.test(line));
    expect(errors.slice(0, 5)).toEqual([]);
    const ready = await fetch(`${server.baseURL}/readyz`);
    expect(ready.status).toBe(200);
    expect(counts.answered).toBeGreaterThan(RUNS * 0.8);
  }, 600_000);
});
