// Reliability point 2 (docs/reliability.md §2): faults, one after the other, on one production
// server with its own PostgreSQL cluster, SMTP server and fake Stripe (all loopback):
//   pg    PostgreSQL stopped in the middle of the point-1 load for `--outage` seconds and started
//         again: answers during the outage must be the translated 503 page (or JSON error),
//         never another 5xx; the app recovers by itself (same process) once the database
//         answers; no acknowledged write lost.
//   smtp  the SMTP server down for `--smtp-seconds` while the site queues mail: every message
//         delivered after it returns, none twice.
//   kill  the server killed with SIGKILL while members write, started again: no half-written
//         records, no acknowledged write lost, the outbox sends what was left.
//
//   npx react-router build && npm run reliability:faults [-- --only pg,smtp,kill --outage 5]
//
// Exit 1 when a requirement is missed, 2 when the run could not be made.
import { loadavg } from "node:os";
import pg from "pg";
import { Recorder, Visitor, type Sample } from "./lib/client";
import {
  discoverSite,
  emptyLedger,
  makeUsers,
  PASSWORD,
  runUserSession,
  signUpUsers,
  type Ledger,
  type SimUser,
  type SiteMap,
} from "./lib/scenario";
import { runScript, saveResults, serverErrors, startStack, startStream, stripeSessionsSince, type Stack } from "./lib/stack";
import { fmtMs, kindTable, summarize, table } from "./lib/stats";
import { checkTransactions, prayingBaseline, verifyLedger, type WriteCheck } from "./lib/verify";

function option(name: string, fallback: string): string {
  const index = process.argv.indexOf(`--${name}`);
  return index >= 0 && process.argv[index + 1] ? process.argv[index + 1]! : fallback;
}

const PHASES = new Set(option("only", "pg,smtp,kill").split(","));
const USERS = Math.min(500, Number(option("users", "200")));
const LOAD_SECONDS = Math.min(180, Number(option("seconds", "60")));
const OUTAGE_SECONDS = Math.min(60, Number(option("outage", "5")));
const SMTP_SECONDS = Math.min(180, Number(option("smtp-seconds", "60")));
const KILL_WRITERS = Math.min(200, Number(option("writers", "60")));
/** How long the outbox may take to send everything after a fault ends. */
const DRAIN_TIMEOUT_MS = 180_000;
const run = `f${Date.now().toString(36)}`;
const log = (line: string) => console.error(`[${new Date().toISOString().slice(11, 23)}] ${line}`);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface Requirement {
  phase: string;
  what: string;
  measured: string;
  pass: boolean;
}
const requirements: Requirement[] = [];
const report: string[] = [];
const figures: Record<string, unknown> = {};

function record(phase: string, what: string, measured: string, pass: boolean) {
  requirements.push({ phase, what, measured, pass });
  log(`${pass ? "PASS" : "FAIL"} [${phase}] ${what}: ${measured}`);
}

async function query<T extends pg.QueryResultRow>(databaseUrl: string, text: string, values: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return (await client.query<T>(text, values)).rows;
  } finally {
    await client.end();
  }
}

/** Waits until no outbox message is pending or being sent; answers when (Date.now()), or null. */
async function outboxDrained(databaseUrl: string, timeoutMs: number): Promise<number | null> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const [row] = await query<{ n: number }>(
      databaseUrl,
      "select count(*)::int as n from outbox_messages where status in ('pending', 'sending')",
    );
    if (row!.n === 0) return Date.now();
    await sleep(250);
  }
  return null;
}

/** Per recipient: messages the SMTP server received vs the outbox's rows (sent/failed/pending). */
async function mailAccounting(stack: Stack, since: Date, fromMail: number) {
  const rows = await query<{ recipient: string; status: string; n: number }>(
    stack.databaseUrl,
    "select recipient, status, count(*)::int as n from outbox_messages where created_at >= $1 group by recipient, status",
    [since],
  );
  const queued = new Map<string, number>();
  const byStatus: Record<string, number> = {};
  for (const row of rows) {
    queued.set(row.recipient, (queued.get(row.recipient) ?? 0) + row.n);
    byStatus[row.status] = (byStatus[row.status] ?? 0) + row.n;
  }
  const received = new Map<string, number>();
  for (const mail of stack.smtp.mails.slice(fromMail))
    for (const to of mail.to) if (queued.has(to)) received.set(to, (received.get(to) ?? 0) + 1);
  let duplicates = 0;
  let missing = 0;
  for (const [to, n] of queued) {
    const got = received.get(to) ?? 0;
    if (got > n) duplicates += got - n;
    if (got < n) missing += n - got;
  }
  return {
    queued: [...queued.values()].reduce((a, b) => a + b, 0),
    byStatus,
    received: [...received.values()].reduce((a, b) => a + b, 0),
    duplicates,
    missing,
  };
}

function lostWrites(checks: WriteCheck[]): number {
  return checks.reduce((n, c) => n + (c.acknowledged - c.found), 0);
}

function checksTable(checks: WriteCheck[]): string {
  return table(
    ["acknowledged write", "acknowledged", "found", "lost", "present, never acknowledged"],
    checks.map((c) => [c.kind, c.acknowledged, c.found, c.acknowledged - c.found, c.unacknowledged]),
  );
}

/** Opens the live chat's event stream; collects message ids. */
async function openChatViewer(base: string, streamId: string) {
  const abort = new AbortController();
  const ids = new Set<string>();
  let ended = false;
  const response = await fetch(`${base}/watch/chat/events?stream=${streamId}`, { signal: abort.signal });
  void (async () => {
    const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
    let buffer = "";
    for (;;) {
      const chunk = await reader.read().catch(() => ({ done: true as const, value: undefined }));
      if (chunk.done) break;
      buffer += chunk.value;
      for (const match of buffer.matchAll(/"id":"([0-9a-f-]{36})"/g)) ids.add(match[1]!);
      buffer = buffer.slice(-200);
    }
    ended = true;
  })();
  return { ids, ended: () => ended, close: () => abort.abort() };
}

// ---- pg: PostgreSQL restarted under the point-1 load ------------------------------------------

async function postgresRestart(stack: Stack, users: SimUser[], site: SiteMap, scout: Visitor, ledger: Ledger) {
  const phase = "PostgreSQL restart";
  const since = new Date();
  const recorder = new Recorder();
  const probes = new Recorder();
  const pid = stack.app.pid;
  const viewer = await openChatViewer(stack.app.baseURL, site.streamId);
  const started = Date.now();
  const until = started + LOAD_SECONDS * 1000;
  const stopAt = started + Math.min(20_000, (LOAD_SECONDS * 1000) / 3);
  log(`[pg] ${users.length} users for ${LOAD_SECONDS} s; PostgreSQL stops at +${(stopAt - started) / 1000} s for ${OUTAGE_SECONDS} s`);
  const sessions = Promise.all(
    users.map(async (user, i) => {
      await sleep((i / users.length) * 10_000);
      await runUserSession(new Visitor(stack.app.baseURL, user.index, user.ip, user.language, recorder), user, {
        site,
        ledger,
        until: () => until,
        thinkMs: [1000, 5000],
        run,
      });
    }),
  );
  // Probes every 100 ms: /readyz (the database and migrations) and a signed-in page (the
  // member's session and profile come from the database, no cache in front).
  const probeScout = new Visitor(stack.app.baseURL, -1, "10.99.0.1", "es", probes);
  for (const [name, value] of scout.cookies) probeScout.cookies.set(name, value);
  // Sent every 100 ms whatever the previous ones are doing (at most 20 in flight), so the first
  // success after the outage is seen within 100 ms of being possible.
  let probing = true;
  let inFlight = 0;
  const probes$: Promise<unknown>[] = [];
  const probing$ = (async () => {
    while (probing) {
      if (inFlight < 20) {
        inFlight += 2;
        probes$.push(
          Promise.all([
            probeScout.send("probe: /readyz (503 JSON while down, by design)", "GET", "/readyz", { accept: "application/json" }),
            probeScout.send("probe: /settings (signed in)", "GET", "/settings"),
          ]).finally(() => (inFlight -= 2)),
        );
      }
      await sleep(100);
    }
    await Promise.all(probes$);
  })();

  await sleep(stopAt - Date.now());
  const stopBegan = Date.now();
  stack.cluster.stop();
  const stopped = Date.now();
  log(`[pg] PostgreSQL stopped (pg_ctl stop -m fast took ${stopped - stopBegan} ms)`);
  await sleep(OUTAGE_SECONDS * 1000);
  const startBegan = Date.now();
  stack.cluster.start();
  // When the database answers again, as a client sees it.
  while (!(await stack.cluster.answers(500))) await sleep(20);
  const answersAt = Date.now();
  log(
    `[pg] PostgreSQL answers again (${answersAt - startBegan} ms after pg_ctl start; down ${((answersAt - stopBegan) / 1000).toFixed(1)} s)`,
  );
  await sessions;
  probing = false;
  await probing$;

  // Recovery, as a visitor sees it: requests that need the database (signed-in pages, writes,
  // the probes) sent after it answered again. The app has recovered from the moment after which
  // every such request succeeds; how long each took to answer is the load's latency, reported apart.
  const needsDatabase = (s: Sample) =>
    s.kind === "page (member)" || s.kind === "sign in" || s.kind.startsWith("write") || s.kind.startsWith("probe");
  const sentAfter = [
    ...recorder.samples.filter(needsDatabase).map((s) => ({ ...s, sent: recorder.started + s.at - answersAt })),
    ...probes.samples.map((s) => ({ ...s, sent: probes.started + s.at - answersAt })),
  ].filter((s) => s.sent >= 0);
  const failedAfter = sentAfter.filter((s) => s.status === 0 || s.status >= 500);
  const lastFailure = failedAfter.reduce((t, s) => Math.max(t, s.sent), -1);
  const firstSuccess = sentAfter.filter((s) => s.status >= 200 && s.status < 400).sort((a, b) => a.sent - b.sent)[0];
  const recoveredAfter = lastFailure < 0 ? 0 : lastFailure;
  const firstProbeOk = (kind: string) =>
    probes.samples.find((s) => s.kind === kind && probes.started + s.at >= answersAt && s.status === 200);
  const readyProbe = firstProbeOk("probe: /readyz (503 JSON while down, by design)");
  const pageProbe = firstProbeOk("probe: /settings (signed in)");
  const readyRecovery = readyProbe ? probes.started + readyProbe.at - answersAt : null;
  const pageRecovery = pageProbe ? probes.started + pageProbe.at - answersAt : null;
  // The load's requests sent while the database was down or coming back.
  const windowStart = stopBegan - recorder.started;
  const windowEnd = answersAt - recorder.started;
  const during = recorder.samples.filter((s) => s.at + s.ms >= windowStart && s.at <= windowEnd);
  const all = summarize(recorder.samples, () => "whole load")[0]!;
  const outage = summarize(during, () => "sent during the outage")[0]!;
  const probeRows = summarize(
    probes.samples.filter((s) => s.at + s.ms >= stopBegan - probes.started && s.at <= answersAt - probes.started),
  );
  const byKind = summarize(during);

  // Chat fan-out after the restart (pub/sub over PostgreSQL LISTEN/NOTIFY reconnects).
  const member = users.find((u) => u.member)!;
  const chatter = new Visitor(stack.app.baseURL, member.index, member.ip, member.language, new Recorder());
  await chatter.send("sign in", "POST", "/auth", { form: { intent: "signin-email", email: member.email, password: PASSWORD } });
  const sent = Date.now();
  const posted = await chatter.send("chat", "POST", "/watch/chat", {
    accept: "application/json",
    form: { intent: "post", streamId: site.streamId, body: `After the restart (${run})` },
  });
  const postedId = posted.status === 201 ? (JSON.parse(posted.body) as { message: { id: string } }).message.id : "";
  while (postedId && !viewer.ids.has(postedId) && Date.now() - sent < 5000) await sleep(20);
  const fanOut = postedId && viewer.ids.has(postedId) ? Date.now() - sent : null;
  const viewerEnded = viewer.ended();
  viewer.close();

  const checks = await verifyLedger({
    databaseUrl: stack.databaseUrl,
    ledger,
    stripeSessions: stripeSessionsSince(stack.stripe, since),
    emails: users.map((u) => u.email),
    since,
  });
  const alive = stack.app.process.exitCode === null && stack.app.process.signalCode === null && stack.app.pid === pid;

  report.push(
    `### PostgreSQL stopped for ${OUTAGE_SECONDS} s under ${users.length} users (${LOAD_SECONDS} s load)\n`,
    `down (stop began → answers again): ${((answersAt - stopBegan) / 1000).toFixed(1)} s; pg_ctl stop ${stopped - stopBegan} ms, start → answering ${answersAt - startBegan} ms\n`,
    kindTable([outage, all]),
    "\nrequests sent during the outage, by kind:\n",
    kindTable(byKind),
    "\nprobes (every 100 ms) during the outage:\n",
    kindTable(probeRows),
    `\nrecovery: of the requests needing the database sent after it answered again (${sentAfter.length}), ${failedAfter.length} failed (503), the last one sent ${fmtMs(lastFailure < 0 ? Number.NaN : lastFailure)} ms after; the first success was sent ${fmtMs(firstSuccess?.sent ?? Number.NaN)} ms after (answered in ${fmtMs(firstSuccess?.ms ?? Number.NaN)} ms). Probes sent every 100 ms: the first /readyz 200 was sent ${fmtMs(readyRecovery ?? Number.NaN)} ms after (answered in ${fmtMs(readyProbe?.ms ?? Number.NaN)} ms), the first signed-in /settings 200 ${fmtMs(pageRecovery ?? Number.NaN)} ms after (answered in ${fmtMs(pageProbe?.ms ?? Number.NaN)} ms)`,
    `chat fan-out after the restart: a message posted reached a viewer connected before the outage ${fanOut === null ? "NOT within 5 s" : `after ${fanOut} ms`}${viewerEnded ? " (its stream had ended)" : " (the same stream, still open)"}\n`,
    checksTable(checks),
    "",
  );
  figures.pg = {
    outage,
    all,
    byKind,
    probeRows,
    recoveredAfter,
    lastFailure,
    failedAfter: failedAfter.length,
    sentAfter: sentAfter.length,
    firstSuccess,
    readyRecovery,
    pageRecovery,
    fanOut,
    checks,
    downMs: answersAt - stopBegan,
  };
  record(
    phase,
    "no 5xx other than the translated 503 (whole load)",
    `${all.errors5xx} other 5xx, ${all.friendly503} translated 503s, ${all.noAnswer} without answer`,
    all.errors5xx === 0 && all.noAnswer === 0,
  );
  record(
    phase,
    "every 503 in the visitor's language",
    `${all.friendly503} of ${recorder.samples.filter((s) => s.status === 503).length}`,
    recorder.samples.every((s) => s.status !== 503 || s.friendly503),
  );
  record(
    phase,
    "recovers by itself within 5 s of the database answering",
    `every request needing the database sent ${fmtMs(recoveredAfter)} ms or more after it answered succeeded (${failedAfter.length} of ${sentAfter.length} sent after it failed); the first success was sent ${fmtMs(firstSuccess?.sent ?? Number.NaN)} ms after; probes: first /readyz 200 sent after ${fmtMs(readyRecovery ?? Number.NaN)} ms, first signed-in page after ${fmtMs(pageRecovery ?? Number.NaN)} ms`,
    recoveredAfter <= 5000 && firstSuccess !== undefined && firstSuccess.sent <= 5000,
  );
  record(phase, "no process restart", alive ? `same process (pid ${pid})` : "the server process exited", alive);
  record(
    phase,
    "no acknowledged write lost",
    `${lostWrites(checks)} lost of ${checks.reduce((n, c) => n + c.acknowledged, 0)}`,
    lostWrites(checks) === 0,
  );
  record(phase, "live chat reaches viewers again", fanOut === null ? "not delivered within 5 s" : `${fanOut} ms`, fanOut !== null);
}

// ---- smtp: the mail server down for a minute ------------------------------------------------

async function smtpOutage(stack: Stack, members: SimUser[], site: SiteMap) {
  const phase = "SMTP down";
  const since = new Date();
  const recorder = new Recorder();
  // Drain what earlier phases queued, so this phase's accounting is its own.
  await outboxDrained(stack.databaseUrl, DRAIN_TIMEOUT_MS);
  const mailsBefore = stack.smtp.mails.length;
  await stack.smtp.down();
  const downAt = Date.now();
  log(`[smtp] SMTP server down for ${SMTP_SECONDS} s; the site keeps queueing mail (sign-ups and RSVPs)`);
  let n = 0;
  const answers: Record<string, number> = {};
  while (Date.now() - downAt < SMTP_SECONDS * 1000 - 500) {
    n += 1;
    const ip = `10.98.${(n >> 8) & 255}.${n & 255}`;
    if (n % 2 === 1) {
      // A new visitor signs up: a confirmation link by mail.
      const visitor = new Visitor(stack.app.baseURL, 10_000 + n, ip, n % 4 === 1 ? "en" : "es", recorder);
      const email = `smtp-${run}-${n}@example.test`;
      const answer = await visitor.send("write: sign-up (mail queued)", "POST", "/auth", {
        form: {
          intent: "signup-email",
          fullName: `Visitor ${n}`,
          email,
          password: PASSWORD,
          confirmPassword: PASSWORD,
          username: "",
          phone: "",
        },
      });
      answers[`sign-up ${answer.status}`] = (answers[`sign-up ${answer.status}`] ?? 0) + 1;
    } else {
      // A member RSVPs (or cancels): a confirmation by mail.
      const member = members[n % members.length]!;
      const visitor = new Visitor(stack.app.baseURL, member.index, member.ip, member.language, recorder);
      await visitor.send("sign in", "POST", "/auth", { form: { intent: "signin-email", email: member.email, password: PASSWORD } });
      const slug = site.rsvpSlugs[n % site.rsvpSlugs.length]!;
      const page = await visitor.send("page (member)", "GET", `/events/${slug}`);
      const occurrence = /name="occurrence" value="([^"]+)"/.exec(page.body)?.[1];
      if (occurrence) {
        const answer = await visitor.send("write: RSVP (mail queued)", "POST", `/events/${slug}`, {
          form: { intent: "register", occurrence, partySize: "1" },
        });
        answers[`RSVP ${answer.status}`] = (answers[`RSVP ${answer.status}`] ?? 0) + 1;
      }
    }
    await sleep(800);
  }
  await sleep(Math.max(0, downAt + SMTP_SECONDS * 1000 - Date.now()));
  const pending = await query<{ n: number; attempts: number }>(
    stack.databaseUrl,
    "select count(*)::int as n, coalesce(max(attempts), 0)::int as attempts from outbox_messages where status in ('pending', 'sending')",
  );
  await stack.smtp.up();
  const upAt = Date.now();
  log(
    `[smtp] SMTP server back after ${((upAt - downAt) / 1000).toFixed(1)} s; ${pending[0]!.n} messages waiting (up to ${pending[0]!.attempts} failed attempts each)`,
  );
  const drainedAt = await outboxDrained(stack.databaseUrl, DRAIN_TIMEOUT_MS);
  await sleep(2000); // anything sent twice would arrive within this
  const accounting = await mailAccounting(stack, since, mailsBefore);
  const lastMail = stack.smtp.mails.slice(mailsBefore).reduce((t, m) => Math.max(t, m.at), 0);
  const duringOutage = stack.smtp.mails.slice(mailsBefore).filter((m) => m.at < upAt).length;
  const rows = summarize(recorder.samples);
  const total = summarize(recorder.samples, () => "all requests")[0]!;
  report.push(
    `### SMTP server down for ${SMTP_SECONDS} s\n`,
    kindTable(rows, total),
    `\nanswers: ${Object.entries(answers)
      .map(([k, v]) => `${k}: ${v}`)
      .join(", ")}`,
    `waiting when the server came back: ${pending[0]!.n} messages, up to ${pending[0]!.attempts} failed attempts each`,
    `queued in the phase: ${accounting.queued} (${Object.entries(accounting.byStatus)
      .map(([k, v]) => `${k} ${v}`)
      .join(
        ", ",
      )}); received by the SMTP server: ${accounting.received}; during the outage: ${duringOutage}; duplicates: ${accounting.duplicates}; missing: ${accounting.missing}`,
    `all delivered ${drainedAt ? `${((drainedAt - upAt) / 1000).toFixed(1)} s` : "NOT within the timeout"} after the server came back (last message received +${((lastMail - upAt) / 1000).toFixed(1)} s)\n`,
  );
  figures.smtp = {
    rows,
    total,
    answers,
    pending: pending[0],
    accounting,
    drainedMs: drainedAt ? drainedAt - upAt : null,
    lastMailMs: lastMail - upAt,
    duringOutage,
  };
  record(
    phase,
    "the site kept answering (no 5xx) while mail could not go out",
    `${total.errors5xx} 5xx, ${total.noAnswer} without answer of ${total.requests}`,
    total.errors5xx === 0 && total.noAnswer === 0 && total.friendly503 === 0,
  );
  record(
    phase,
    "every queued mail delivered after the server returned",
    `${accounting.received - accounting.duplicates} of ${accounting.queued}; ${accounting.byStatus.failed ?? 0} failed`,
    accounting.missing === 0 && !accounting.byStatus.failed && drainedAt !== null,
  );
  record(phase, "none twice", `${accounting.duplicates} duplicates`, accounting.duplicates === 0);
}

// ---- kill: SIGKILL during writes ----------------------------------------------------------------

async function killDuringWrites(stack: Stack, members: SimUser[], site: SiteMap, signedIn: Map<number, Visitor>) {
  const phase = "SIGKILL";
  const since = new Date();
  await outboxDrained(stack.databaseUrl, DRAIN_TIMEOUT_MS);
  const mailsBefore = stack.smtp.mails.length;
  const baseline = await prayingBaseline(stack.databaseUrl);
  const recorder = new Recorder();
  const ledger = emptyLedger();
  const writers = members.slice(0, KILL_WRITERS);
  const seconds = 30;
  const started = Date.now();
  const until = started + seconds * 1000;
  log(`[kill] ${writers.length} signed-in members writing for ${seconds} s; SIGKILL at +10 s, then a fresh start`);
  const sessions = Promise.all(
    writers.map(async (user, i) => {
      await sleep((i / writers.length) * 2000);
      // Signed in already (the session their confirmation link opened): every action is a write.
      const visitor = new Visitor(stack.app.baseURL, user.index, user.ip, user.language, recorder);
      for (const [name, value] of signedIn.get(user.index)?.cookies ?? []) visitor.cookies.set(name, value);
      await runUserSession(visitor, user, { site, ledger, until: () => until, thinkMs: [200, 1000], run: `${run}k`, writesOnly: true });
    }),
  );
  await sleep(started + 10_000 - Date.now());
  const killed = stack.app;
  const killedAt = Date.now();
  killed.process.kill("SIGKILL");
  await killed.exited;
  const left = await query<{ id: string; status: string }>(
    stack.databaseUrl,
    "select id::text, status from outbox_messages where status in ('pending', 'sending')",
  );
  const claimed = {
    sending: left.filter((r) => r.status === "sending").length,
    pending: left.filter((r) => r.status === "pending").length,
  };
  log(`[kill] killed pid ${killed.pid}; outbox at that moment: ${claimed.sending} being sent, ${claimed.pending} pending`);
  const restartBegan = Date.now();
  stack.app = await stack.startApp();
  const readyAt = Date.now();
  log(`[kill] started again (pid ${stack.app.pid}), ready ${((readyAt - restartBegan) / 1000).toFixed(1)} s later`);
  await sessions;
  const drainedAt = await outboxDrained(stack.databaseUrl, DRAIN_TIMEOUT_MS);
  await sleep(2000);
  // What the killed process left in the outbox: sent by the new one, and when.
  const [leftover] = await query<{ sent: number; last: Date | null }>(
    stack.databaseUrl,
    "select count(*) filter (where status = 'sent')::int as sent, max(sent_at) as last from outbox_messages where id = any($1::uuid[])",
    [left.map((r) => r.id)],
  );
  const leftoverMs = leftover!.last ? new Date(leftover!.last).getTime() - readyAt : null;
  const checks = await verifyLedger({
    databaseUrl: stack.databaseUrl,
    ledger,
    stripeSessions: stripeSessionsSince(stack.stripe, since),
    emails: writers.map((u) => u.email),
    since,
  });
  const transactions = await checkTransactions({ databaseUrl: stack.databaseUrl, emails: members.map((u) => u.email), baseline });
  const accounting = await mailAccounting(stack, since, mailsBefore);
  const rows = summarize(recorder.samples);
  const total = summarize(recorder.samples, () => "all requests")[0]!;
  const downSamples = recorder.samples.filter((s) => s.status === 0).length;
  const received = stack.smtp.mails.length - mailsBefore;
  report.push(
    `### SIGKILL while ${writers.length} members write (${seconds} s, killed at +10 s)\n`,
    kindTable(rows, total),
    `\nserver killed → ready again: ${((readyAt - killedAt) / 1000).toFixed(1)} s; requests without an answer (cut off or refused while down): ${downSamples}`,
    `outbox when killed: ${claimed.sending} claimed (being sent), ${claimed.pending} pending; of these ${leftover!.sent} sent by the new process, the last ${leftoverMs === null ? "–" : `${(leftoverMs / 1000).toFixed(1)} s`} after it was ready; everything the phase queued sent ${drainedAt ? `${((drainedAt - readyAt) / 1000).toFixed(1)} s after the restart (the writes went on until +${seconds} s)` : "NOT within the timeout"}; received ${received}, duplicates ${accounting.duplicates}, missing ${accounting.missing}\n`,
    checksTable(checks),
    "",
    table(
      ["kept together by a transaction", "checked", "half-written"],
      transactions.map((t) => [t.name, t.checked, t.broken.length]),
    ),
    "",
  );
  figures.kill = {
    rows,
    total,
    claimed,
    leftover,
    leftoverMs,
    restartMs: readyAt - killedAt,
    drainedMs: drainedAt ? drainedAt - readyAt : null,
    accounting,
    checks,
    transactions,
  };
  record(
    phase,
    "no 5xx (requests cut off by the kill get no answer)",
    `${total.errors5xx} 5xx, ${downSamples} without answer`,
    total.errors5xx === 0,
  );
  record(
    phase,
    "no half-written records",
    transactions.map((t) => `${t.broken.length} of ${t.checked} ${t.name}`).join("; "),
    transactions.every((t) => t.broken.length === 0),
  );
  record(
    phase,
    "no acknowledged write lost",
    `${lostWrites(checks)} lost of ${checks.reduce((n, c) => n + c.acknowledged, 0)}`,
    lostWrites(checks) === 0,
  );
  record(
    phase,
    "the outbox resumes after the restart",
    drainedAt
      ? `${leftover!.sent} of ${left.length} messages left by the killed process sent by the new one (the last ${leftoverMs === null ? "–" : `${(leftoverMs / 1000).toFixed(1)} s`} after it was ready); ${accounting.missing} missing, ${accounting.duplicates} sent twice`
      : "not drained",
    drainedAt !== null && accounting.missing === 0 && leftover!.sent === left.length,
  );
}

async function main() {
  log(
    `reliability faults: ${[...PHASES].join(", ")}; load average ${loadavg()
      .map((l) => l.toFixed(2))
      .join(" ")}`,
  );
  const stack = await startStack(log);
  const users = makeUsers({ count: USERS, memberShare: 0.75, run });
  const members = users.filter((u) => u.member);
  const started = Date.now();
  const signedUp = await signUpUsers({ base: stack.app.baseURL, users: members, mails: stack.smtp.mails, recorder: new Recorder() });
  log(`set-up: ${members.length} members signed up and confirmed in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  const scout = signedUp.get(members[0]!.index)!;
  const site = await discoverSite(scout, await startStream(stack.databaseUrl, members[0]!.email));
  const pidAtStart = stack.app.pid;

  console.log(`\n## Faults, ${new Date().toISOString()} (first server pid ${pidAtStart})\n`);
  const phases: [string, () => Promise<void>][] = [
    ["pg", () => postgresRestart(stack, users, site, scout, emptyLedger())],
    ["smtp", () => smtpOutage(stack, members, site)],
    ["kill", () => killDuringWrites(stack, members, site, signedUp)],
  ];
  let crashed = false;
  for (const [name, phase] of phases) {
    if (!PHASES.has(name)) continue;
    const mark = report.length;
    try {
      await phase();
    } catch (error) {
      crashed = true;
      record(name, "the phase ran to its end", error instanceof Error ? (error.stack ?? error.message) : String(error), false);
    }
    // Each phase's figures as soon as it ends: a later phase failing does not lose them.
    console.log(report.slice(mark).join("\n"));
  }

  const errors = serverErrors(stack.serverLog());
  console.log(
    table(
      ["phase", "requirement", "measured", "pass"],
      requirements.map((r) => [r.phase, r.what, r.measured, r.pass ? "yes" : "NO"]),
    ),
  );
  console.log(`\nserver error logs (every process of the run): ${errors.length}`);
  for (const line of errors.slice(0, 10)) console.log(`  ${line}`);
  log(
    `results: ${saveResults("faults", { phases: [...PHASES], requirements, figures, serverErrors: errors, loadavg: loadavg() }, stack)} (and the server's log beside it)`,
  );
  return crashed ? 2 : requirements.every((r) => r.pass) ? 0 : 1;
}

runScript(main);
