// `npm run security:scan` — the web vulnerability scanners wapiti and sqlmap (Debian packages:
// `apt-get install -y wapiti sqlmap`) against the production server, signed out, signed in as a
// member and signed in as an administrator (password + authenticator code). Record:
// docs/reliability.md §4.
//
// What it does, in order:
//  1. builds when build/ is missing or older than the sources (`scripts/ensure-build.mjs`;
//     `--no-build` skips it), snapshots build/ (others rebuild this checkout meanwhile);
//  2. a fresh DATA_DIR: `admin:create` makes the administrator, then `node server.js`
//     (NODE_ENV=production, demo church seeded) on a random loopback port in 41000–48999;
//  3. a member signs up through /auth and the emailed link; the administrator signs in at
//     /admin/login (password, authenticator enrolment, code) — the site's own endpoints;
//  4. every scanner request goes through a small recording proxy on loopback: it counts the
//     answers by status (403 CSRF refusals, 429 rate limits, 5xx) and refuses, without
//     forwarding, the few forms that would end the scanning session (sign out, revoke
//     sessions, the portal's logout, and the admin user actions aimed at the scanning accounts
//     themselves), so a signed-in scan stays signed in; it answers the two never-ending event
//     streams with 204;
//  5. wapiti (its default modules) and sqlmap (crawl + forms) run one at a time, for each role,
//     each bounded in time; the session is checked before and after each run. The admin runs
//     leave /admin/content (324 forms on one page) out of the crawls; sqlmap then posts one
//     form of each kind found there. After each role's scans, every query the scanners' logs
//     name is replayed with a NUL byte in each parameter (what found two of the three 500s);
//  6. the reports, the logs and `summary.md` / `summary.json` go to scan-results/<UTC time>/
//     (git-ignored); a table of findings by severity is printed.
//
// The scanners send `Origin: <the site>` on every request, as the site's own pages do, so the
// CSRF check (403 for a cross-site write) does not stop their payloads; the per-IP limits on
// sign-in, sign-up and code sends are scaled up (RATE_LIMIT_IP_SCALE=1000) for the same reason.
// The proxy's counts show what was still refused. wapiti's SSRF module needs an endpoint that
// records the requests the site makes: a local one is started here (no request leaves the
// machine; wapiti's crash reports are off).
//
// Options: --roles visitor,member,admin  --scanners wapiti,sqlmap  --no-build
//          --wapiti-crawl S (150)  --wapiti-attack S (120, per module)  --sqlmap-minutes M (12)
//          --sqlmap-content-minutes M (10)  --sqlmap-level N (1)  --sqlmap-risk N (1)  --out DIR
// Exit code: 0 no finding of medium severity or higher, 1 some, 2 a run could not be made.
import { spawn, spawnSync } from "node:child_process";
import { createWriteStream, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import net from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { snapshotProductionBuild, startAppServer, repoRoot, type AppServer } from "../tests/support/app-server";
import { callbackLink, waitForEmlTo } from "../tests/support/mail-links";
import { SESSION_ENDING, startProxy, startSsrfEndpoint, STREAMS, type ProxyTally } from "./lib/security-scan-proxy";
import { secretFromOtpauth, unusedTotp } from "../tests/support/totp";

type Role = "visitor" | "member" | "admin";
type Scanner = "wapiti" | "sqlmap";
type Severity = "critical" | "high" | "medium" | "low" | "info";
const SEVERITIES: Severity[] = ["critical", "high", "medium", "low", "info"];

interface Finding {
  severity: Severity;
  category: string;
  method?: string;
  path?: string;
  parameter?: string;
  info: string;
}

// ---------------------------------------------------------------------------------------------
// Options

const args = process.argv.slice(2);
function option(name: string, fallback: string): string {
  const i = args.indexOf(`--${name}`);
  if (i >= 0 && args[i + 1] && !args[i + 1]!.startsWith("--")) return args[i + 1]!;
  const inline = args.find((a) => a.startsWith(`--${name}=`));
  return inline ? inline.slice(name.length + 3) : fallback;
}
const roles = option("roles", "visitor,member,admin").split(",").filter(Boolean) as Role[];
const scanners = option("scanners", "wapiti,sqlmap").split(",").filter(Boolean) as Scanner[];
const wapitiCrawlSeconds = Number(option("wapiti-crawl", "150"));
const wapitiAttackSeconds = Number(option("wapiti-attack", "120"));
const sqlmapMinutes = Number(option("sqlmap-minutes", "12"));
const sqlmapContentMinutes = Number(option("sqlmap-content-minutes", "10"));
const sqlmapLevel = Number(option("sqlmap-level", "1"));
const sqlmapRisk = Number(option("sqlmap-risk", "1"));
const build = !args.includes("--no-build");
for (const role of roles) if (!["visitor", "member", "admin"].includes(role)) usage(`unknown role ${role}`);
for (const scanner of scanners) if (!["wapiti", "sqlmap"].includes(scanner)) usage(`unknown scanner ${scanner}`);
if (
  ![wapitiCrawlSeconds, wapitiAttackSeconds, sqlmapMinutes, sqlmapContentMinutes, sqlmapLevel, sqlmapRisk].every(
    (n) => Number.isFinite(n) && n > 0,
  )
)
  usage("bad number");

function usage(message: string): never {
  console.error(
    `${message}\nusage: npm run security:scan -- [--roles visitor,member,admin] [--scanners wapiti,sqlmap] [--no-build] [--wapiti-crawl S] [--wapiti-attack S] [--sqlmap-minutes M] [--sqlmap-content-minutes M] [--sqlmap-level N] [--sqlmap-risk N] [--out DIR]`,
  );
  process.exit(2);
}

const stamp = new Date()
  .toISOString()
  .replace(/[-:]/g, "")
  .replace(/\.\d+Z$/, "Z");
const outDir = path.resolve(option("out", path.join(repoRoot, "scan-results", stamp)));
mkdirSync(outDir, { recursive: true });
const log = (message: string) => console.log(`[${new Date().toISOString().slice(11, 19)}] ${message}`);

// ---------------------------------------------------------------------------------------------
// Cleanup on exit or Ctrl-C: everything started here, newest first, by PID.

const cleanups: Array<() => Promise<void> | void> = [];
let stopping = false;
async function cleanup() {
  for (const fn of cleanups.splice(0).reverse()) {
    try {
      await fn();
    } catch {
      // keep going: the next cleanup matters too
    }
  }
}
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    if (stopping) return;
    stopping = true;
    console.error(`\n${signal}: stopping the scanners and the server…`);
    void cleanup().then(() => process.exit(signal === "SIGINT" ? 130 : 143));
  });
}

// ---------------------------------------------------------------------------------------------
// Helpers

function requireTool(name: string) {
  if (spawnSync("sh", ["-c", `command -v ${name}`]).status !== 0) {
    console.error(`${name} is not installed: apt-get install -y wapiti sqlmap`);
    process.exit(2);
  }
}

async function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = net.createServer();
    probe.once("error", () => resolve(false));
    probe.listen(port, "127.0.0.1", () => probe.close(() => resolve(true)));
  });
}

/** A free port in 41000–48999 (the range this machine's engineers keep for their own servers). */
async function privatePort(): Promise<number> {
  for (let i = 0; i < 50; i++) {
    const port = 41000 + Math.floor(Math.random() * 8000);
    if (await portIsFree(port)) return port;
  }
  throw new Error("no free port in 41000–48999");
}

/** Cookie header value after applying Set-Cookie answers (deletions included). */
function applySetCookies(jar: Map<string, string>, setCookies: string[]) {
  for (const line of setCookies) {
    const [pair, ...attributes] = line.split(";");
    const eq = pair!.indexOf("=");
    if (eq < 0) continue;
    const name = pair!.slice(0, eq).trim();
    const value = pair!.slice(eq + 1).trim();
    const expired = attributes.some((a) => /^\s*max-age=0\s*$/i.test(a)) || value === "";
    if (expired) jar.delete(name);
    else jar.set(name, value);
  }
}
const cookieHeader = (jar: Map<string, string>) => [...jar].map(([k, v]) => `${k}=${v}`).join("; ");

const htmlDecode = (value: string) =>
  value.replaceAll("&amp;", "&").replaceAll("&quot;", '"').replaceAll("&#x27;", "'").replaceAll("&lt;", "<").replaceAll("&gt;", ">");
function hiddenValue(html: string, name: string): string {
  const tag = new RegExp(`<input[^>]*name="${name}"[^>]*>`).exec(html)?.[0];
  const value = tag ? /value="([^"]*)"/.exec(tag)?.[1] : undefined;
  if (value === undefined) throw new Error(`no input ${name} in the page`);
  return htmlDecode(value);
}

// ---------------------------------------------------------------------------------------------
// Sessions, through the site's own forms.

class Site {
  constructor(readonly base: string) {}
  request(pathname: string, init: { method?: string; cookie?: string; form?: Record<string, string> } = {}) {
    const headers = new Headers({ Origin: this.base });
    if (init.cookie) headers.set("cookie", init.cookie);
    let body: string | undefined;
    if (init.form) {
      headers.set("content-type", "application/x-www-form-urlencoded");
      body = new URLSearchParams(init.form).toString();
    }
    return fetch(`${this.base}${pathname}`, { method: init.method ?? (init.form ? "POST" : "GET"), headers, body, redirect: "manual" });
  }
}

const MEMBER = { email: "scan-member@example.test", password: "scan-member-passphrase-9", name: "Scan Member" };
const ADMIN = { email: "scan-admin@example.test", password: "scan-admin-long-passphrase", name: "Scan Admin" };

async function memberSignUp(site: Site, dataDir: string): Promise<Map<string, string>> {
  const signup = await site.request("/auth", {
    form: {
      intent: "signup-email",
      fullName: MEMBER.name,
      email: MEMBER.email,
      password: MEMBER.password,
      confirmPassword: MEMBER.password,
      username: "",
      phone: "",
    },
  });
  if (signup.status !== 200) throw new Error(`member sign-up answered ${signup.status}`);
  const link = callbackLink(await waitForEmlTo(dataDir, MEMBER.email));
  const confirmed = await site.request(`${link.pathname}${link.search}`);
  const jar = new Map<string, string>();
  applySetCookies(jar, confirmed.headers.getSetCookie());
  if (!jar.has("church.session_token")) throw new Error(`the confirmation link set no session (HTTP ${confirmed.status})`);
  return jar;
}

async function memberSignIn(site: Site): Promise<Map<string, string>> {
  const answer = await site.request("/auth", { form: { intent: "signin-email", email: MEMBER.email, password: MEMBER.password } });
  const jar = new Map<string, string>();
  applySetCookies(jar, answer.headers.getSetCookie());
  if (!jar.has("church.session_token")) throw new Error(`member sign-in answered ${answer.status} without a session`);
  return jar;
}

let adminSecret = "";
async function adminSignIn(site: Site): Promise<Map<string, string>> {
  const jar = new Map<string, string>();
  const first = await site.request("/admin/login", { form: { intent: "password", email: ADMIN.email, password: ADMIN.password } });
  if (first.status !== 200) throw new Error(`admin password step answered ${first.status}`);
  applySetCookies(jar, first.headers.getSetCookie());
  if (!adminSecret) {
    const page = await first.text();
    const totpUri = hiddenValue(page, "totpUri");
    adminSecret = secretFromOtpauth(totpUri);
    const enrolled = await site.request("/admin/login", {
      cookie: cookieHeader(jar),
      form: { intent: "enrol-confirm", code: await unusedTotp(adminSecret), totpUri, backupCodes: hiddenValue(page, "backupCodes") },
    });
    if (enrolled.status !== 200) throw new Error(`admin enrolment answered ${enrolled.status}`);
    applySetCookies(jar, enrolled.headers.getSetCookie());
  } else {
    await first.body?.cancel();
    const coded = await site.request("/admin/login", {
      cookie: cookieHeader(jar),
      form: { intent: "code", code: await unusedTotp(adminSecret) },
    });
    if (coded.status !== 303) throw new Error(`admin code step answered ${coded.status}`);
    applySetCookies(jar, coded.headers.getSetCookie());
  }
  if (!jar.has("church_admin")) throw new Error("the admin sign-in set no portal cookie");
  return jar;
}

/** Is this role's session still signed in? */
async function sessionAlive(site: Site, role: Role, jar: Map<string, string>): Promise<boolean> {
  if (role === "visitor") return true;
  const answer = await site.request(role === "admin" ? "/admin" : "/settings", { cookie: cookieHeader(jar) });
  await answer.body?.cancel();
  return answer.status === 200;
}

/** The user id of an account, from the portal's user search. */
async function userIdOf(site: Site, adminJar: Map<string, string>, email: string): Promise<string> {
  const answer = await site.request(`/admin/users?q=${encodeURIComponent(email)}`, { cookie: cookieHeader(adminJar) });
  const html = await answer.text();
  const id = /[?&](?:amp;)?user=([^&"#]+)/.exec(html)?.[1];
  if (!id) throw new Error(`no user id for ${email} on /admin/users (HTTP ${answer.status})`);
  return decodeURIComponent(htmlDecode(id));
}

/** The content editor: 324 forms on one page (the prayer library's parts are most of them). */
const ADMIN_CONTENT = "/admin/content";

/** One form of each kind (by `intent`) on /admin/content, as url-encoded data; file uploads left out. */
async function contentForms(site: Site, cookie: string): Promise<Array<{ intent: string; data: string }>> {
  const html = await (await site.request(ADMIN_CONTENT, { cookie })).text();
  const kinds = new Map<string, string>();
  for (const form of html.match(/<form[^>]*method="post"[^>]*>[\s\S]*?<\/form>/g) ?? []) {
    if (/type="file"/.test(form)) continue;
    const fields = new URLSearchParams();
    for (const tag of form.match(/<input[^>]*>/g) ?? []) {
      const name = /name="([^"]*)"/.exec(tag)?.[1];
      if (!name || /type="(?:submit|button|checkbox|radio)"/.test(tag)) continue;
      fields.append(htmlDecode(name), htmlDecode(/value="([^"]*)"/.exec(tag)?.[1] ?? ""));
    }
    for (const m of form.matchAll(/<textarea[^>]*name="([^"]*)"[^>]*>([\s\S]*?)<\/textarea>/g))
      fields.append(htmlDecode(m[1]!), htmlDecode(m[2]!));
    for (const m of form.matchAll(/<select[^>]*name="([^"]*)"[^>]*>([\s\S]*?)<\/select>/g)) {
      const options = [...m[2]!.matchAll(/<option[^>]*value="([^"]*)"([^>]*)>/g)];
      const chosen = options.find((o) => /selected/.test(o[2]!)) ?? options[0];
      fields.append(htmlDecode(m[1]!), htmlDecode(chosen?.[1] ?? ""));
    }
    const intent = fields.get("intent");
    // The portal's own logout form is on every page: not a content form.
    if (intent && !SESSION_ENDING.has(intent) && !kinds.has(intent)) kinds.set(intent, fields.toString());
  }
  return [...kinds].map(([intent, data]) => ({ intent, data }));
}

/** One URL per (path, parameter names) among the GET requests with a query in the scanners' logs. */
function crawledQueries(logFiles: string[], role: Role): string[] {
  const seen = new Map<string, string>();
  for (const file of logFiles) {
    for (const m of readFileSync(file, "latin1").matchAll(/GET http:\/\/127\.0\.0\.1:\d+(\/[^\s?#]*)\?(\S*)/g)) {
      const [pathname, query] = [m[1]!, m[2]!];
      if (role !== "admin" && pathname.startsWith("/admin")) continue;
      if (STREAMS.includes(pathname)) continue;
      let params: URLSearchParams;
      try {
        params = new URLSearchParams(query);
      } catch {
        continue;
      }
      // The scanners' own payloads are not queries the site wrote: keep plain values only.
      if ([...params.values()].some((v) => /[<>'"\u0000]|\.\.|\/etc\/|http:/.test(v))) continue;
      const key = `${pathname}?${[...params.keys()].sort().join("&")}`;
      if (!seen.has(key)) seen.set(key, `${pathname}?${params.toString()}`);
    }
  }
  return [...seen.values()];
}

async function replayNul(base: string, cookie: string, urls: string[]) {
  const tally: ProxyTally = {
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
  const failures: Array<{ path: string; parameter: string; status: number }> = [];
  for (const url of urls) {
    const [pathname, query] = url.split("?") as [string, string];
    const params = [...new URLSearchParams(query)];
    for (let i = 0; i < params.length; i++) {
      const [name, value] = params[i]!;
      for (const payload of ["a\u0000b", `${value}\u0000`]) {
        const next = new URLSearchParams(params.map(([k, v], j) => [k, j === i ? payload : v]));
        const response = await fetch(`${base}${pathname}?${next}`, { headers: cookie ? { cookie } : {}, redirect: "manual" });
        await response.body?.cancel();
        tally.requests++;
        tally.byStatus[String(response.status)] = (tally.byStatus[String(response.status)] ?? 0) + 1;
        if (response.status >= 500) {
          tally.serverErrors.push(`${response.status} GET ${pathname} [${name}]`);
          if (!failures.some((f) => f.path === pathname && f.parameter === name))
            failures.push({ path: pathname, parameter: name, status: response.status });
        }
      }
    }
  }
  return { urls: urls.length, tally, failures };
}

// ---------------------------------------------------------------------------------------------
// The scanners.

interface RunResult {
  role: Role;
  /** A scanner, or the NUL replay this script adds after them. */
  scanner: Scanner | "nul-replay";
  commands: string[];
  seconds: number;
  exit: string;
  findings: Finding[];
  tally: ProxyTally;
  sessionBefore: boolean;
  sessionAfter: boolean;
  serverErrorLogs: number;
  /** How much of what the scanner found it had time to test. */
  coverage: string;
  note?: string;
}

function coverageOf(scanner: Scanner, logFile: string): string {
  if (!existsSync(logFile)) return "no log";
  const text = readFileSync(logFile, "utf8");
  if (scanner === "wapiti") {
    const found = /Wapiti found (\d+) URLs and forms/.exec(text)?.[1] ?? "?";
    const cut = [...text.matchAll(/Max attack time was reached for module (\w+)/g)].map((m) => m[1]);
    return `${found} URLs and forms crawled; ${cut.length ? `attack time ran out in ${cut.join(", ")}` : "every module finished"}`;
  }
  const targets = [...text.matchAll(/^\[(\d+)\/(\d+)\] (?:URL|Form):/gm)];
  const last = targets.at(-1);
  const forms = text.match(/^\[\d+\/\d+\] Form:/gm)?.length ?? 0;
  return last ? `reached target ${last[1]} of ${last[2]} (${forms} forms among them)` : "no target reached";
}

function runTool(
  command: string,
  argv: string[],
  logFile: string,
  hardLimitSeconds: number,
): Promise<{ code: number | null; signal: string | null; timedOut: boolean }> {
  return new Promise((resolve) => {
    const out = createWriteStream(logFile);
    const env = { ...process.env };
    for (const name of ["http_proxy", "HTTP_PROXY", "https_proxy", "HTTPS_PROXY", "no_proxy", "NO_PROXY", "all_proxy", "ALL_PROXY"])
      delete env[name];
    // One process group: a hard stop ends the scanner and anything it started.
    const child = spawn(command, argv, { env, detached: true, stdio: ["ignore", "pipe", "pipe"] });
    child.stdout.pipe(out, { end: false });
    child.stderr.pipe(out, { end: false });
    let timedOut = false;
    const kill = (signal: NodeJS.Signals) => {
      try {
        process.kill(-child.pid!, signal);
      } catch {
        // already gone
      }
    };
    const timer = setTimeout(() => {
      timedOut = true;
      kill("SIGTERM");
      setTimeout(() => kill("SIGKILL"), 10_000).unref();
    }, hardLimitSeconds * 1000);
    const stop = () => kill("SIGKILL");
    const unregister = () => {
      const i = cleanups.indexOf(stop);
      if (i >= 0) cleanups.splice(i, 1);
    };
    cleanups.push(stop);
    child.once("exit", (code, signal) => {
      clearTimeout(timer);
      unregister();
      out.end(() => resolve({ code, signal, timedOut }));
    });
  });
}

const quote = (a: string) => (/^[\w@%+=:,./-]+$/.test(a) ? a : `'${a.replaceAll("'", `'\\''`)}'`);

function wapitiSeverity(level: unknown): Severity {
  switch (String(level)) {
    case "4":
      return "critical";
    case "3":
      return "high";
    case "2":
      return "medium";
    case "1":
      return "low";
    default:
      return "info";
  }
}

interface WapitiItem {
  method?: string;
  path?: string;
  info?: string;
  level?: number | string;
  parameter?: string;
}
function parseWapiti(reportFile: string): Finding[] {
  const report = JSON.parse(readFileSync(reportFile, "utf8")) as Record<string, Record<string, WapitiItem[]>>;
  const findings: Finding[] = [];
  for (const [group, categories] of Object.entries(report)) {
    if (!["vulnerabilities", "anomalies", "additionals"].includes(group)) continue;
    for (const [category, items] of Object.entries(categories ?? {})) {
      for (const item of items ?? []) {
        findings.push({
          severity: group === "additionals" ? "info" : wapitiSeverity(item.level),
          category: group === "anomalies" ? `${category} (anomaly)` : category,
          method: item.method,
          path: item.path,
          parameter: item.parameter,
          info: String(item.info ?? "")
            .split("\n")[0]!
            .slice(0, 300),
        });
      }
    }
  }
  return findings;
}

function parseSqlmap(logFile: string): Finding[] {
  const text = readFileSync(logFile, "utf8");
  const findings: Finding[] = [];
  let currentUrl = "";
  for (const line of text.split("\n")) {
    const target = /\[INFO\] (?:testing|checking) URL '([^']+)'|^(?:GET|POST) (http\S+)/.exec(line);
    if (target) currentUrl = target[1] ?? target[2] ?? currentUrl;
    const form = /\[#\d+\] form:\s*$/.test(line);
    if (form) continue;
    let m: RegExpExecArray | null;
    if ((m = /(\w+ parameter '[^']+') (?:is vulnerable|appears to be '([^']+)' injectable)/.exec(line))) {
      findings.push({ severity: "high", category: "SQL injection", path: currentUrl, parameter: m[1], info: line.trim() });
    } else if ((m = /heuristic \(basic\) test shows that (\w+ parameter '[^']+') might be injectable/.exec(line))) {
      // A database error text in the answer: an error leak at least.
      findings.push({
        severity: "medium",
        category: "SQL error in answer (heuristic)",
        path: currentUrl,
        parameter: m[1],
        info: line.trim(),
      });
    } else if ((m = /heuristic \(XSS\) test shows that (\w+ parameter '[^']+') might be vulnerable/.exec(line))) {
      findings.push({ severity: "medium", category: "XSS (sqlmap heuristic)", path: currentUrl, parameter: m[1], info: line.trim() });
    } else if ((m = /heuristic \(FI\) test shows that (\w+ parameter '[^']+') might be vulnerable/.exec(line))) {
      findings.push({
        severity: "medium",
        category: "file inclusion (sqlmap heuristic)",
        path: currentUrl,
        parameter: m[1],
        info: line.trim(),
      });
    }
  }
  // sqlmap lists the HTTP errors of the run at the end: "500 (Internal Server Error) - 3 times".
  for (const m of text.matchAll(/^(5\d\d) \(([^)]+)\) - (\d+) times/gm)) {
    findings.push({ severity: "medium", category: `HTTP ${m[1]} answers`, info: `${m[1]} (${m[2]}) - ${m[3]} times` });
  }
  return findings;
}

// ---------------------------------------------------------------------------------------------
// Main

/** Others rebuild this checkout: wait (up to 5 min) until build/ exists and has not changed for 10 s. */
async function waitForSteadyBuild() {
  const entry = path.join(repoRoot, "build/server/index.js");
  const deadline = Date.now() + 300_000;
  let last = -1;
  let steadySince = Date.now();
  while (Date.now() < deadline) {
    const mtime = existsSync(entry) ? statSync(entry).mtimeMs : 0;
    if (mtime !== last) {
      last = mtime;
      steadySince = Date.now();
    } else if (mtime > 0 && Date.now() - steadySince >= 10_000) {
      return;
    }
    await new Promise((r) => setTimeout(r, 1000));
  }
  throw new Error("build/ is missing or kept changing for 5 minutes (a build running elsewhere?)");
}

async function main(): Promise<number> {
  requireTool("wapiti");
  requireTool("sqlmap");
  const started = Date.now();
  if (build) {
    log("build: `node scripts/ensure-build.mjs` (builds only when build/ is missing or older than the sources)");
    const result = spawnSync(process.execPath, ["scripts/ensure-build.mjs"], { cwd: repoRoot, stdio: "inherit" });
    if (result.status !== 0) throw new Error("the build failed");
  }
  await waitForSteadyBuild();
  const snapshot = snapshotProductionBuild();
  cleanups.push(() => snapshot.remove());
  const work = mkdtempSync(path.join(tmpdir(), "security-scan-"));
  cleanups.push(() => rmSync(work, { recursive: true, force: true }));
  const dataDir = path.join(work, "data");

  log("admin:create (the administrator the admin scans sign in as)");
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: "warn" };
  delete env.DATABASE_URL;
  const created = spawnSync(
    "npm",
    [
      "run",
      "--silent",
      "admin:create",
      "--",
      "--email",
      ADMIN.email,
      "--password",
      ADMIN.password,
      "--name",
      ADMIN.name,
      "--scopes",
      "admin:*",
    ],
    { cwd: repoRoot, env, encoding: "utf8", timeout: 300_000 },
  );
  if (created.status !== 0) throw new Error(`admin:create failed:\n${created.stdout}\n${created.stderr}`);

  const port = await privatePort();
  log(`starting the production server on 127.0.0.1:${port} (fresh DATA_DIR, demo church)`);
  const server: AppServer = await startAppServer({
    cwd: snapshot.dir,
    dataDir,
    port,
    readyTimeoutMs: 180_000,
    env: { RATE_LIMIT_IP_SCALE: "1000", LOG_LEVEL: "warn" },
  });
  cleanups.push(async () => {
    await server.stop(8000);
  });
  const serverLog = createWriteStream(path.join(outDir, "server.log"));
  let serverErrorLogs = 0;
  const watchLog = (chunk: Buffer | string) => {
    const text = chunk.toString();
    serverLog.write(text);
    serverErrorLogs += (text.match(/"level":(?:50|60)/g) ?? []).length;
  };
  server.process.stdout!.on("data", watchLog);
  server.process.stderr!.on("data", watchLog);
  log(`server ready at ${server.baseURL} (pid ${server.pid})`);

  const site = new Site(server.baseURL);
  const endpoint = await startSsrfEndpoint();
  cleanups.push(() => endpoint.close());
  const protectedIds = new Set<string>();
  const proxy = await startProxy(new URL(server.baseURL), protectedIds);
  cleanups.push(() => proxy.close());

  const jars: Record<Role, Map<string, string>> = { visitor: new Map(), member: new Map(), admin: new Map() };
  if (roles.includes("member")) jars.member = await memberSignUp(site, dataDir);
  if (roles.includes("admin")) {
    jars.admin = await adminSignIn(site);
    protectedIds.add(await userIdOf(site, jars.admin, ADMIN.email));
    if (roles.includes("member")) protectedIds.add(await userIdOf(site, jars.admin, MEMBER.email));
  }
  log(`sessions ready: ${roles.join(", ")}`);

  const results: RunResult[] = [];
  for (const role of roles) {
    for (const scanner of scanners) {
      if (stopping) break;
      let sessionBefore = await sessionAlive(site, role, jars[role]);
      if (!sessionBefore) {
        log(`${role}: session ended before ${scanner}: signing in again`);
        jars[role] = role === "admin" ? await adminSignIn(site) : await memberSignIn(site);
        sessionBefore = await sessionAlive(site, role, jars[role]);
      }
      const runDir = path.join(outDir, `${scanner}-${role}`);
      mkdirSync(runDir, { recursive: true });
      const cookies = cookieHeader(jars[role]);
      const show = (argv: string[]) =>
        [scanner, ...argv].map((a) => quote(cookies ? a.replace(cookies, "<session cookies>") : a)).join(" ");
      // `lang` (?lang=es on every link) is attacked on every page in the visitor's runs; the
      // signed-in runs skip it so their time goes to their own forms.
      const skipLang = role !== "visitor";
      proxy.take();
      const errorLogsBefore = serverErrorLogs;
      const t0 = Date.now();
      const logFile = path.join(runDir, `${scanner}.log`);
      const commands: string[] = [];
      let findings: Finding[] = [];
      let note: string | undefined;
      let exitText: string;
      if (scanner === "wapiti") {
        const cookieFile = path.join(runDir, "cookies.json");
        const cookieJson: Record<string, Record<string, Record<string, object>>> = { "127.0.0.1": { "/": {} } };
        for (const [name, value] of jars[role])
          cookieJson["127.0.0.1"]!["/"]![name] = { value, expires: null, secure: false, port: null, version: 0 };
        writeFileSync(cookieFile, JSON.stringify(cookieJson, null, 2));
        const argv = [
          // The administrator's run covers the portal; the public and member pages are the others'.
          "-u",
          `${server.baseURL}${role === "admin" ? "/admin/" : "/"}`,
          "--scope",
          "folder",
          ...(role === "visitor" ? [] : ["-c", cookieFile]),
          "-H",
          `Origin: ${server.baseURL}`,
          // Without the Debian package python3-brotli, wapiti asks for `br` and cannot read it:
          // every rendered page would look empty to it.
          "-H",
          "Accept-Encoding: gzip, deflate",
          ...(skipLang ? ["--skip", "lang"] : []),
          "-p",
          `${proxy.url}/`,
          "--endpoint",
          endpoint.url,
          "--max-scan-time",
          String(wapitiCrawlSeconds),
          "--max-attack-time",
          String(wapitiAttackSeconds),
          "--max-links-per-page",
          "40",
          "--max-files-per-dir",
          "50",
          "-t",
          "15",
          "--flush-session",
          "--store-session",
          path.join(work, `wapiti-${role}`),
          "--store-config",
          path.join(work, `wapiti-config-${role}`),
          "--no-bugreport",
          "-v",
          "1",
          "-f",
          "json",
          "-o",
          path.join(runDir, "report.json"),
        ];
        // /admin/content holds 324 forms (786 KB): wapiti 3.0.4 spends ~1.2 s of CPU per form
        // parsing it and would spend its whole budget there. sqlmap covers its handler below.
        proxy.skip(role === "admin" ? [ADMIN_CONTENT] : []);
        commands.push(show(argv));
        log(`wapiti as ${role}: ${commands[0]}`);
        // Crawl + 11 modules each bounded, plus the module start-up and the report.
        const hardLimit = wapitiCrawlSeconds + 11 * wapitiAttackSeconds + 600;
        const exit = await runTool("wapiti", argv, logFile, hardLimit);
        proxy.skip([]);
        exitText = exit.timedOut ? `stopped after ${hardLimit} s` : exit.signal ? `signal ${exit.signal}` : `exit ${exit.code}`;
        const report = path.join(runDir, "report.json");
        if (existsSync(report)) findings = parseWapiti(report);
        else note = "no report (wapiti stopped before writing it)";
      } else {
        const common = [
          "--batch",
          `--level=${sqlmapLevel}`,
          `--risk=${sqlmapRisk}`,
          "--dbms=PostgreSQL",
          "--threads=1",
          "--timeout=15",
          "--retries=1",
          "-H",
          `Origin: ${server.baseURL}`,
          ...(role === "visitor" ? [] : [`--cookie=${cookies}`, "--drop-set-cookie"]),
          ...(skipLang ? ["--skip=lang"] : []),
          `--proxy=${proxy.url}`,
          "--flush-session",
          "--disable-coloring",
        ];
        const excluded = [...STREAMS, ...(role === "admin" ? [ADMIN_CONTENT] : [])].map((p) => p.replaceAll("/", "\\/"));
        const argv = [
          "-u",
          `${server.baseURL}${role === "admin" ? "/admin" : "/"}`,
          "--crawl=2",
          "--forms",
          "--crawl-exclude",
          `(${excluded.join("|")}|\\.(ics|xml|pdf|csv|json|webmanifest)(\\?|$))`,
          ...common,
          "--output-dir",
          path.join(runDir, "output"),
          "--results-file",
          path.join(runDir, "results.csv"),
        ];
        commands.push(show(argv));
        log(`sqlmap as ${role}: ${commands[0]}`);
        const exit = await runTool("sqlmap", argv, logFile, sqlmapMinutes * 60);
        exitText = exit.timedOut ? `stopped after ${sqlmapMinutes * 60} s` : exit.signal ? `signal ${exit.signal}` : `exit ${exit.code}`;
        findings = parseSqlmap(logFile);
        if (exit.timedOut) note = `crawl run stopped at the ${sqlmapMinutes}-minute limit`;
        if (role === "admin") {
          // The content editor's handler: one form of each kind from /admin/content, posted as it is.
          const forms = await contentForms(site, cookieHeader(jars.admin));
          const deadline = Date.now() + sqlmapContentMinutes * 60_000;
          let tested = 0;
          for (const form of forms) {
            const left = Math.floor((deadline - Date.now()) / 1000);
            if (left < 20 || stopping) break;
            const formArgv = [
              "-u",
              `${server.baseURL}${ADMIN_CONTENT}`,
              `--data=${form.data}`,
              ...common,
              "--output-dir",
              path.join(runDir, "output-content"),
            ];
            commands.push(show(formArgv));
            log(`sqlmap as admin, ${ADMIN_CONTENT} intent=${form.intent}`);
            const formLog = path.join(runDir, `sqlmap-content-${form.intent}.log`);
            await runTool("sqlmap", formArgv, formLog, left);
            findings.push(...parseSqlmap(formLog));
            tested++;
          }
          note = `${note ? `${note}; ` : ""}${ADMIN_CONTENT}: ${tested} of ${forms.length} kinds of form tested (${forms.map((f) => f.intent).join(", ")})`;
        }
      }
      const seconds = Math.round((Date.now() - t0) / 1000);
      const tally = proxy.take();
      for (const hit of endpoint.hits.splice(0)) {
        findings.push({
          severity: "critical",
          category: "SSRF endpoint contacted by the site",
          method: hit.method,
          path: hit.url,
          info: `${hit.ip} at ${hit.date}`,
        });
      }
      const sessionAfter = await sessionAlive(site, role, jars[role]);
      const result: RunResult = {
        role,
        scanner,
        commands,
        seconds,
        exit: exitText,
        findings,
        tally,
        sessionBefore,
        sessionAfter,
        serverErrorLogs: serverErrorLogs - errorLogsBefore,
        coverage: coverageOf(scanner, logFile),
        note,
      };
      results.push(result);
      writeFileSync(path.join(runDir, "findings.json"), JSON.stringify(result, null, 2));
      log(
        `${scanner} as ${role}: ${seconds} s, ${tally.requests} requests, ${countLine(findings)}, session ${sessionAfter ? "kept" : "LOST"}`,
      );
    }
    if (stopping) break;
    // Replay every query the scanners found with a NUL byte in each parameter: wapiti sends one
    // only from some modules and only where its time allowed, and PostgreSQL refuses a NUL in
    // text (a 500) wherever a parameter reaches it unchecked.
    const logs = scanners.map((scanner) => path.join(outDir, `${scanner}-${role}`, `${scanner}.log`)).filter((f) => existsSync(f));
    if (!(await sessionAlive(site, role, jars[role]))) jars[role] = role === "admin" ? await adminSignIn(site) : await memberSignIn(site);
    const t0 = Date.now();
    const replay = await replayNul(server.baseURL, cookieHeader(jars[role]), crawledQueries(logs, role));
    const result: RunResult = {
      role,
      scanner: "nul-replay",
      commands: [`# GET each query the scanners' logs name (${replay.urls} kinds), each parameter set to "a<NUL>b" and to its value + NUL`],
      seconds: Math.round((Date.now() - t0) / 1000),
      exit: "done",
      findings: replay.failures.map((f) => ({
        severity: "high" as const,
        category: "HTTP 5xx (NUL in a query parameter)",
        method: "GET",
        path: f.path,
        parameter: f.parameter,
        info: `${f.status}`,
      })),
      tally: replay.tally,
      sessionBefore: true,
      sessionAfter: await sessionAlive(site, role, jars[role]),
      serverErrorLogs: 0,
      coverage: `${replay.urls} kinds of query, ${replay.tally.requests} requests`,
    };
    results.push(result);
    writeFileSync(path.join(outDir, `nul-replay-${role}.json`), JSON.stringify(result, null, 2));
    log(`NUL replay as ${role}: ${replay.tally.requests} requests, ${replay.failures.length} failing`);
  }

  const summary = renderSummary(results, { base: server.baseURL, seconds: Math.round((Date.now() - started) / 1000) });
  writeFileSync(path.join(outDir, "summary.md"), summary);
  writeFileSync(path.join(outDir, "summary.json"), JSON.stringify(results, null, 2));
  console.log(`\n${summary}`);
  console.log(`Reports: ${path.relative(process.cwd(), outDir) || "."}`);
  await new Promise<void>((r) => serverLog.end(() => r()));
  const serious = results.some(
    (r) =>
      r.findings.some((f) => ["critical", "high", "medium"].includes(f.severity)) ||
      Object.keys(r.tally.byStatus).some((s) => s.startsWith("5")),
  );
  const incomplete = results.some((r) => (r.scanner === "wapiti" && r.note) || !r.sessionAfter || r.tally.requests === 0);
  return serious ? 1 : incomplete ? 2 : 0;
}

function countLine(findings: Finding[]): string {
  return SEVERITIES.map((s) => `${findings.filter((f) => f.severity === s).length} ${s}`).join(", ");
}

function renderSummary(results: RunResult[], info: { base: string; seconds: number }): string {
  const lines: string[] = [];
  lines.push(`# Security scan ${stamp}`, "");
  lines.push(
    `Target ${info.base} (production build, fresh embedded database, demo church). Total ${Math.round(info.seconds / 60)} min.`,
    "",
  );
  lines.push(
    "| role | scanner | time | requests | 403 CSRF | 403 proxy (session kept) | 429 | 5xx | critical | high | medium | low | info | session |",
  );
  lines.push("|---|---|---|---|---|---|---|---|---|---|---|---|---|---|");
  for (const r of results) {
    const count = (s: Severity) => r.findings.filter((f) => f.severity === s).length;
    const fivexx = Object.entries(r.tally.byStatus)
      .filter(([s]) => s.startsWith("5"))
      .reduce((n, [, c]) => n + c, 0);
    const blocked = Object.values(r.tally.blocked).reduce((n, c) => n + c, 0);
    lines.push(
      `| ${r.role} | ${r.scanner} | ${Math.floor(r.seconds / 60)}m${String(r.seconds % 60).padStart(2, "0")}s | ${r.tally.requests} | ${r.tally.csrfRefused} | ${blocked} | ${r.tally.byStatus["429"] ?? 0} | ${fivexx} | ${SEVERITIES.map(count).join(" | ")} | ${r.role === "visitor" ? "—" : r.sessionAfter ? "kept" : "**lost**"} |`,
    );
  }
  lines.push("");
  for (const r of results) {
    lines.push(`## ${r.scanner} as ${r.role} (${r.exit}${r.note ? `; ${r.note}` : ""})`, "", "```sh", ...r.commands, "```", "");
    lines.push(`Coverage: ${r.coverage}.`);
    lines.push(
      `Answers by status: ${
        Object.entries(r.tally.byStatus)
          .sort()
          .map(([s, c]) => `${s}×${c}`)
          .join(", ") || "none"
      }.`,
    );
    if (Object.keys(r.tally.blocked).length)
      lines.push(
        `Not forwarded (would end the session): ${Object.entries(r.tally.blocked)
          .map(([i, c]) => `${i}×${c}`)
          .join(", ")}.`,
      );
    const refusals = Object.entries(r.tally.refusals).sort((a, b) => b[1] - a[1]);
    if (refusals.length)
      lines.push(
        `Most frequent 4xx/5xx: ${refusals
          .slice(0, 12)
          .map(([k, c]) => `${k} ×${c}`)
          .join(", ")}.`,
      );
    if (r.tally.skipped) lines.push(`Requests for pages left out of this run, answered 204 by the proxy: ${r.tally.skipped}.`);
    if (r.tally.streams) lines.push(`Event-stream requests answered 204 by the proxy: ${r.tally.streams}.`);
    if (Object.keys(r.tally.rateLimited).length)
      lines.push(
        `429 by path: ${Object.entries(r.tally.rateLimited)
          .map(([p, c]) => `${p}×${c}`)
          .join(", ")}.`,
      );
    if (r.serverErrorLogs) lines.push(`Server error log lines during the run: ${r.serverErrorLogs}.`);
    for (const e of r.tally.serverErrors.slice(0, 20)) lines.push(`- ${e}`);
    lines.push("");
    const grouped = new Map<string, Finding[]>();
    for (const f of r.findings) {
      const key = `${f.severity} · ${f.category}`;
      grouped.set(key, [...(grouped.get(key) ?? []), f]);
    }
    const ordered = [...grouped].sort((a, b) => SEVERITIES.indexOf(a[1][0]!.severity) - SEVERITIES.indexOf(b[1][0]!.severity));
    for (const [key, items] of ordered) {
      lines.push(`- **${key}** ×${items.length}`);
      for (const f of items.slice(0, 8))
        lines.push(`  - ${[f.method, f.path, f.parameter && `[${f.parameter}]`].filter(Boolean).join(" ")} — ${f.info.slice(0, 200)}`);
    }
    lines.push("");
  }
  return lines.join("\n");
}

let exitCode = 2;
try {
  exitCode = await main();
} catch (error) {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  exitCode = 2;
} finally {
  await cleanup();
}
// Anything left in the output folder from a run cut short is kept for inspection.
if (existsSync(outDir) && readdirSync(outDir).length === 0) rmSync(outDir, { recursive: true, force: true });
process.exit(exitCode);
