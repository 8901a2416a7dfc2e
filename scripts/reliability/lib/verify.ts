// Counting every acknowledged write back: each one the site answered 2xx/3xx for must be in the
// database afterwards (a Stripe Checkout Session in the fake Stripe for a gift, which the site
// records only from Stripe's webhook). Also the opposite direction, for information: writes
// that exist although the client never got the answer (the request was cut off).
import pg from "pg";
import type { Ledger } from "./scenario";

export interface WriteCheck {
  kind: string;
  acknowledged: number;
  found: number;
  missing: string[];
  /** In the database without an acknowledgement (answer lost, e.g. the server was killed). */
  unacknowledged: number;
}

const count = <T>(items: T[], key: (item: T) => string) => {
  const counts = new Map<string, number>();
  for (const item of items) counts.set(key(item), (counts.get(key(item)) ?? 0) + 1);
  return counts;
};

/**
 * `since`: rows written before it (set-up, an earlier phase) are left out of the "present but
 * never acknowledged" counts; `stripeSessions`: the Checkout Sessions the fake Stripe created
 * since then.
 */
export async function verifyLedger(options: {
  databaseUrl: string;
  ledger: Ledger;
  stripeSessions: ReadonlySet<string>;
  emails: string[];
  since: Date;
}): Promise<WriteCheck[]> {
  const { ledger } = options;
  const client = new pg.Client({ connectionString: options.databaseUrl });
  await client.connect();
  try {
    const checks: WriteCheck[] = [];
    const check = (kind: string, acknowledged: string[], present: Set<string>, inDatabase: number) => {
      const missing = acknowledged.filter((key) => !present.has(key));
      checks.push({
        kind,
        acknowledged: acknowledged.length,
        found: acknowledged.length - missing.length,
        missing: missing.slice(0, 10),
        unacknowledged: Math.max(0, inDatabase - (acknowledged.length - missing.length)),
      });
    };
    const users = await client.query<{ id: string; email: string }>("select id, email from users where email = any($1::text[])", [
      options.emails,
    ]);
    const userIds = users.rows.map((r) => r.id);
    const emailOf = new Map(users.rows.map((r) => [r.id, r.email]));

    const tokens = ledger.signIns.map((s) => s.token);
    const sessions = await client.query<{ token: string }>(
      "select token from sessions where user_id = any($1::text[]) and created_at >= $2",
      [userIds, options.since],
    );
    const sessionTokens = new Set(sessions.rows.map((r) => r.token));
    check("sign-in (session row)", tokens, sessionTokens, tokens.filter((t) => sessionTokens.has(t)).length);

    const bodies = ledger.prayerPosts.map((p) => p.body);
    const posts = await client.query<{ body: string }>(
      "select body from prayer_requests where user_id = any($1::text[]) and created_at >= $2",
      [userIds, options.since],
    );
    check("prayer request", bodies, new Set(posts.rows.map((r) => r.body)), posts.rows.length);

    // "I'm praying" twice for one request counts once (by design): distinct pairs are compared,
    // and a pair may come from before `since` (the member prayed for it in an earlier phase).
    const prays = await client.query<{ request_id: string; user_id: string; recent: boolean }>(
      "select request_id::text, user_id, created_at >= $2 as recent from prayer_intercessions where user_id = any($1::text[])",
      [userIds, options.since],
    );
    const prayPairs = new Set(prays.rows.map((r) => `${emailOf.get(r.user_id)} ${r.request_id}`));
    const acknowledgedPairs = [...new Set(ledger.prays.map((p) => `${p.email} ${p.requestId}`))];
    const recentPairs = prays.rows.filter((r) => r.recent).length;
    check(
      "I'm praying (distinct member × request)",
      acknowledgedPairs,
      prayPairs,
      recentPairs +
        acknowledgedPairs.filter((k) => prays.rows.some((r) => !r.recent && `${emailOf.get(r.user_id)} ${r.request_id}` === k)).length,
    );

    const chatIds = ledger.chats.map((c) => c.id);
    const chats = await client.query<{ id: string }>(
      "select id::text from live_chat_messages where user_id = any($1::text[]) and created_at >= $2",
      [userIds, options.since],
    );
    check("live chat message", chatIds, new Set(chats.rows.map((r) => r.id)), chats.rows.length);

    // RSVPs: per member, event and occurrence, as many rows as acknowledged registrations (a
    // cancelled one stays, a new registration is a new row), and each acknowledged cancel's row
    // is cancelled.
    const registrations = await client.query<{ id: string; email: string; slug: string; occurrence: Date }>(
      "select r.id::text, u.email, e.slug, r.occurrence_start as occurrence from event_registrations r join events e on e.id = r.event_id join users u on u.id = r.user_id where r.user_id = any($1::text[]) and r.created_at >= $2",
      [userIds, options.since],
    );
    const key = (email: string, slug: string, occurrence: string | Date) => `${email} ${slug} ${new Date(occurrence).getTime()}`;
    const registers = ledger.rsvps.filter((r) => r.kind === "register");
    const expected = count(registers, (r) => key(r.email, r.slug, r.occurrence));
    const actual = count(registrations.rows, (r) => key(r.email, r.slug, r.occurrence));
    const registerKeys: string[] = [];
    const present = new Set<string>();
    for (const [k, n] of expected) {
      for (let i = 0; i < n; i += 1) {
        registerKeys.push(`${k} #${i + 1}`);
        if ((actual.get(k) ?? 0) > i) present.add(`${k} #${i + 1}`);
      }
    }
    check("event RSVP", registerKeys, present, registrations.rows.length);
    // A cancel may be of a registration made before `since`: looked up by id, counted by when.
    const cancels = ledger.rsvps.filter((r) => r.kind === "cancel").map((r) => r.registrationId ?? "");
    const cancelledRows = await client.query<{ id: string }>(
      "select id::text from event_registrations where user_id = any($1::text[]) and status = 'cancelled' and cancelled_at >= $2",
      [userIds, options.since],
    );
    check("event RSVP cancelled", cancels, new Set(cancelledRows.rows.map((r) => r.id)), cancelledRows.rows.length);

    const gives = ledger.gives.map((g) => g.sessionId);
    check("gift → Stripe Checkout Session (fake Stripe)", gives, new Set(options.stripeSessions), options.stripeSessions.size);
    return checks;
  } finally {
    await client.end();
  }
}

/**
 * Records that belong together, written in one transaction, checked together — what a process
 * killed mid-write could leave half-done if they were not: each registration of these members
 * has its confirmation email queued in the same transaction (the mail's cancel link carries the
 * token whose hash the registration keeps), and each prayer request's "praying" count equals its rows in
 * prayer_intercessions (both written in one transaction; `baseline` holds the counts before).
 */
export async function checkTransactions(options: {
  databaseUrl: string;
  emails: string[];
  baseline: Map<string, number>;
}): Promise<{ name: string; checked: number; broken: string[] }[]> {
  const client = new pg.Client({ connectionString: options.databaseUrl });
  await client.connect();
  try {
    const registrations = await client.query<{ id: string; email: string; has_mail: boolean }>(
      `select r.id::text, r.email,
              exists (select 1 from outbox_messages o
                       where o.recipient = r.email
                         and encode(sha256(convert_to(substring(o.payload->>'text' from 'registration\\?token=([A-Za-z0-9_-]+)'), 'UTF8')), 'hex') = r.cancel_token_hash) as has_mail
         from event_registrations r where r.email = any($1::text[])`,
      [options.emails],
    );
    const counts = await client.query<{ id: string; praying_count: number; rows: number }>(
      "select p.id::text, p.praying_count, (select count(*)::int from prayer_intercessions i where i.request_id = p.id) as rows from prayer_requests p",
    );
    const drift = (r: { id: string; praying_count: number; rows: number }) => r.praying_count - r.rows - (options.baseline.get(r.id) ?? 0);
    return [
      {
        name: "registration with its confirmation email (one transaction)",
        checked: registrations.rows.length,
        broken: registrations.rows.filter((r) => !r.has_mail).map((r) => r.id),
      },
      {
        name: "prayer request count = its intercession rows",
        checked: counts.rows.length,
        broken: counts.rows.filter((r) => drift(r) !== 0).map((r) => `${r.id}: count ${r.praying_count}, rows ${r.rows}`),
      },
    ];
  } finally {
    await client.end();
  }
}

/** praying_count − rows per request now (the demo church's seeded counts have no rows). */
export async function prayingBaseline(databaseUrl: string): Promise<Map<string, number>> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const rows = await client.query<{ id: string; d: number }>(
      "select p.id::text, p.praying_count - (select count(*)::int from prayer_intercessions i where i.request_id = p.id) as d from prayer_requests p",
    );
    return new Map(rows.rows.map((r) => [r.id, r.d]));
  } finally {
    await client.end();
  }
}
