// Reliability point 1 (docs/reliability.md §1): 200 simulated users for 60 s doing a realistic
// mix against the production server on a real PostgreSQL — browsing public pages in English and
// Spanish, signing in, RSVPs, prayer requests and "I'm praying", live chat, giving up to the
// Stripe Checkout redirect — then every acknowledged write counted back from the database.
//
//   npx react-router build && npm run reliability:load [-- --users 200 --seconds 60 --think 1000-5000]
//
// Everything runs on loopback ports of its own (a private PostgreSQL cluster, SMTP, the fake
// Stripe API), bounded in users and time. Exit 1: a 5xx, a lost write, a page in the wrong
// language or a server error log; 2: the run could not be made.
import { loadavg } from "node:os";
import pg from "pg";
import { Recorder, Visitor } from "./lib/client";
import { discoverSite, emptyLedger, makeUsers, runUserSession, signUpUsers } from "./lib/scenario";
import { cpuSeconds, runScript, saveResults, serverErrors, startStack, startStream, stripeSessionsSince } from "./lib/stack";
import { kindTable, summarize, table } from "./lib/stats";
import { verifyLedger } from "./lib/verify";

function option(name: string, fallback: string): string {
  const index = process.argv.indexOf(`--${name}`);
  return index >= 0 && process.argv[index + 1] ? process.argv[index + 1]! : fallback;
}

const USERS = Math.min(500, Number(option("users", "200")));
const SECONDS = Math.min(300, Number(option("seconds", "60")));
const [THINK_MIN, THINK_MAX] = option("think", "1000-5000").split("-").map(Number) as [number, number];
const MEMBER_SHARE = Number(option("members", "0.75"));
const RAMP_MS = 10_000;
const run = `l${Date.now().toString(36)}`;
const log = (line: string) => console.error(line);

/** Samples pg_stat_activity every 250 ms: how many of the app's connections are busy, and on what. */
async function sampleDatabase(databaseUrl: string) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const busy: number[] = [];
  const waits = new Map<string, number>();
  let running = true;
  const loop = (async () => {
    while (running) {
      const { rows } = await client.query<{ state: string; wait: string | null }>(
        "select state, wait_event_type || ':' || wait_event as wait from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid() and backend_type = 'client backend'",
      );
      const active = rows.filter((r) => r.state !== "idle");
      busy.push(active.length);
      for (const row of active) waits.set(row.wait ?? "CPU", (waits.get(row.wait ?? "CPU") ?? 0) + 1);
      await new Promise((r) => setTimeout(r, 250));
    }
  })();
  return {
    async stop() {
      running = false;
      await loop;
      await client.end();
      const sorted = [...busy].sort((a, b) => a - b);
      const total = [...waits.values()].reduce((a, b) => a + b, 0) || 1;
      return {
        medianBusy: sorted[Math.floor(sorted.length / 2)] ?? 0,
        maxBusy: sorted.at(-1) ?? 0,
        waits:
          [...waits]
            .sort((a, b) => b[1] - a[1])
            .slice(0, 5)
            .map(([w, n]) => `${w} ${Math.round((n / total) * 100)} %`)
            .join(", ") || "none",
      };
    },
  };
}

async function main() {
  log(
    `reliability load: ${USERS} users (${Math.round(MEMBER_SHARE * 100)} % members) for ${SECONDS} s, think time ${THINK_MIN}–${THINK_MAX} ms; load average ${loadavg()
      .map((l) => l.toFixed(2))
      .join(" ")}`,
  );
  const stack = await startStack(log);
  const setup = new Recorder();
  const users = makeUsers({ count: USERS, memberShare: MEMBER_SHARE, run });
  const members = users.filter((u) => u.member);
  let started = Date.now();
  const signedUp = await signUpUsers({ base: stack.app.baseURL, users: members, mails: stack.smtp.mails, recorder: setup });
  log(
    `set-up: ${members.length} members signed up and confirmed through /auth and the emailed link in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  const scout = signedUp.get(members[0]!.index)!;
  const streamId = await startStream(stack.databaseUrl, members[0]!.email);
  const site = await discoverSite(scout, streamId);
  log(
    `set-up: live stream ${streamId}; ${site.rsvpSlugs.length} events open for RSVP, ${site.prayerIds.length} prayer requests, ${site.fundIds.length} funds, ${site.sermonSlugs.length} sermons`,
  );

  const recorder = new Recorder();
  const ledger = emptyLedger();
  const since = new Date();
  started = Date.now();
  const cpuBefore = cpuSeconds(stack.app.pid);
  const generatorBefore = process.cpuUsage();
  const sampler = await sampleDatabase(stack.databaseUrl);
  const until = started + SECONDS * 1000;
  log(`load: ${USERS} users from ${new Date(started).toISOString()} (ramp-up ${RAMP_MS / 1000} s)…`);
  await Promise.all(
    users.map(async (user, i) => {
      await new Promise((r) => setTimeout(r, (i / users.length) * RAMP_MS));
      // A fresh browser: members sign in through the sign-in form during the run.
      const visitor = new Visitor(stack.app.baseURL, user.index, user.ip, user.language, recorder);
      await runUserSession(visitor, user, { site, ledger, until: () => until, thinkMs: [THINK_MIN, THINK_MAX], run });
    }),
  );
  const elapsed = (Date.now() - started) / 1000;
  const serverCpu = (cpuSeconds(stack.app.pid) - cpuBefore) / elapsed;
  const generatorUsage = process.cpuUsage(generatorBefore);
  // The simulated users run on the same two cores as the server: their share is reported too.
  const generatorCpu = (generatorUsage.user + generatorUsage.system) / 1e6 / elapsed;
  const database = await sampler.stop();
  const exit = stack.app.process.exitCode ?? stack.app.process.signalCode;
  const ready = await fetch(`${stack.app.baseURL}/readyz`).then(
    (r) => r.status,
    () => 0,
  );
  log(
    `load: done in ${elapsed.toFixed(1)} s; server ${exit === null ? `still running (pid ${stack.app.pid}), /readyz ${ready}` : `EXITED (${exit})`}`,
  );

  // Mail queued by the run (RSVP confirmations, "someone prayed" notes) goes out in the background;
  // the writes themselves are counted now.
  const checks = await verifyLedger({
    databaseUrl: stack.databaseUrl,
    ledger,
    stripeSessions: stripeSessionsSince(stack.stripe, since),
    emails: members.map((m) => m.email),
    since,
  });
  const rows = summarize(recorder.samples);
  const total = summarize(recorder.samples, () => "all requests")[0]!;
  const writes = summarize(
    recorder.samples.filter((s) => s.kind.startsWith("write") || s.kind === "sign in"),
    () => "all writes (incl. sign-in)",
  )[0]!;
  const errors = serverErrors(stack.serverLog());
  const wrongLanguage = recorder.samples.filter((s) => s.wrongLanguage).length;
  const lost = checks.reduce((n, c) => n + (c.acknowledged - c.found), 0);

  console.log(`\n## Load: ${USERS} users, ${SECONDS} s, ${new Date().toISOString()}\n`);
  console.log(
    `${total.requests} requests in ${elapsed.toFixed(1)} s = ${(total.requests / elapsed).toFixed(1)} req/s; the server process used ${(serverCpu * 100).toFixed(0)} % of one core on average, the simulated users ${(generatorCpu * 100).toFixed(0)} %; load average after: ${loadavg()
      .map((l) => l.toFixed(2))
      .join(" ")}\n`,
  );
  console.log(
    `database connections busy (sampled every 250 ms): median ${database.medianBusy}, max ${database.maxBusy}; what busy connections waited on: ${database.waits}\n`,
  );
  console.log(kindTable(rows, total));
  console.log(`\n${kindTable([writes])}\n`);
  console.log(
    table(
      ["acknowledged write", "acknowledged", "found in the database", "lost", "present but never acknowledged"],
      checks.map((c) => [c.kind, c.acknowledged, c.found, c.acknowledged - c.found, c.unacknowledged]),
    ),
  );
  console.log(
    `\n5xx: ${total.errors5xx}; no answer: ${total.noAnswer}; pages in the wrong language: ${wrongLanguage}; lost writes: ${lost}; server error logs: ${errors.length}`,
  );
  for (const problem of recorder.problems.slice(0, 15))
    console.log(
      `  problem: ${problem.method} ${problem.path} → ${problem.status} at ${(problem.at / 1000).toFixed(1)} s: ${problem.detail.replace(/\s+/g, " ").slice(0, 200)}`,
    );
  for (const check of checks.filter((c) => c.missing.length > 0)) console.log(`  missing ${check.kind}: ${check.missing.join(", ")}`);
  for (const line of errors.slice(0, 10)) console.log(`  server error log: ${line}`);

  log(
    `results: ${saveResults("load", { users: USERS, seconds: SECONDS, think: [THINK_MIN, THINK_MAX], elapsed, serverCpu, generatorCpu, database, total, writes, rows, checks, serverErrors: errors, problems: recorder.problems, loadavg: loadavg() }, stack)} (and the server's log beside it)`,
  );
  return total.errors5xx === 0 && total.friendly503 === 0 && lost === 0 && wrongLanguage === 0 && errors.length === 0 && exit === null
    ? 0
    : 1;
}

runScript(main);
