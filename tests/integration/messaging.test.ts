import { eq } from "drizzle-orm";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { SMTPServer } from "smtp-server";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { outboxMessages } from "~/db/schema";
import { createMailTransport, MAIL_SEND_TIMEOUT_MS, type MailMessage, type MailTransport } from "~/server/mail.server";
import { configureMessaging, sendEmail, sendSms, stopMessaging } from "~/server/messaging.server";
import {
  CLAIM_LEASE_MS,
  deliverDueMessages,
  enqueueEmail,
  enqueueSms,
  getOutboxCounts,
  MAX_ATTEMPTS,
  startOutboxWorker,
} from "~/server/outbox.server";
import { createSmsProvider, SMS_SEND_TIMEOUT_MS, type SmsProvider } from "~/server/sms.server";
import { describeEachBackend, openMigrated, pgliteBackend, type TestDatabase } from "../support/test-database";

// ---------------------------------------------------------------- a real SMTP server

interface ReceivedMail {
  from: string | undefined;
  to: string[];
  raw: string;
}

interface SmtpSink {
  port: number;
  url: string;
  mails: ReceivedMail[];
  close(): Promise<void>;
}

interface StartSmtpServerOptions {
  port?: number;
  /** Offer STARTTLS with smtp-server's self-signed certificate. */
  offerStartTls?: boolean;
  /** An SMTP reply code (550, 450 …) to refuse a recipient with, or undefined to accept it. */
  refuseRecipient?: (address: string) => number | undefined;
}

/** smtp-server on loopback, no TLS unless `offerStartTls`. */
async function startSmtpServer({ port = 0, offerStartTls = false, refuseRecipient }: StartSmtpServerOptions = {}): Promise<SmtpSink> {
  const mails: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: offerStartTls ? ["AUTH"] : ["STARTTLS", "AUTH"],
    logger: false,
    closeTimeout: 1000,
    onRcptTo(address, _session, callback) {
      const code = refuseRecipient?.(address.address);
      if (code === undefined) return callback();
      callback(Object.assign(new Error(`No such mailbox here (${code})`), { responseCode: code }));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        const from = session.envelope.mailFrom;
        mails.push({
          from: from ? from.address : undefined,
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString("utf8"),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.server.once("error", reject);
    server.listen(port, "127.0.0.1", () => resolve());
  });
  const actual = (server.server.address() as AddressInfo).port;
  return {
    port: actual,
    url: `smtp://127.0.0.1:${actual}`,
    mails,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A loopback port with nothing listening (connection refused). */
async function closedPort(): Promise<number> {
  const sink = await startSmtpServer();
  await sink.close();
  return sink.port;
}

// ---------------------------------------------------------------- a tiny MIME reader

interface MimePart {
  headers: Map<string, string>;
  body: string;
}

function parsePart(raw: string): MimePart {
  const split = raw.search(/\r?\n\r?\n/);
  const head = split === -1 ? raw : raw.slice(0, split);
  const body = split === -1 ? "" : raw.slice(split).replace(/^\r?\n\r?\n/, "");
  const headers = new Map<string, string>();
  for (const line of head.replace(/\r?\n[ \t]+/g, " ").split(/\r?\n/)) {
    const colon = line.indexOf(":");
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body };
}

function decodeQuotedPrintable(text: string): string {
  const input = text.replace(/=\r?\n/g, "");
  const bytes: number[] = [];
  for (let i = 0; i < input.length; i++) {
    const hex = input.slice(i + 1, i + 3);
    if (input[i] === "=" && /^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(input.charCodeAt(i));
    }
  }
  return Buffer.from(bytes).toString("utf8");
}

/** RFC 2047 encoded words (`=?UTF-8?Q?…?=`), as in a Subject with accents. */
function decodeHeader(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, "?==?")
    .replace(/=\?([^?]+)\?([QqBb])\?([^?]*)\?=/g, (_, _charset: string, encoding: string, data: string) =>
      encoding.toUpperCase() === "B" ? Buffer.from(data, "base64").toString("utf8") : decodeQuotedPrintable(data.replaceAll("_", " ")),
    );
}

function decodeBody(part: MimePart): string {
  const encoding = part.headers.get("content-transfer-encoding")?.toLowerCase();
  if (encoding === "quoted-printable") return decodeQuotedPrintable(part.body);
  if (encoding === "base64") return Buffer.from(part.body.replace(/\s+/g, ""), "base64").toString("utf8");
  return part.body;
}

/** Headers plus the decoded text/plain and text/html parts of a multipart/alternative mail. */
function readMail(raw: string) {
  const message = parsePart(raw);
  const contentType = message.headers.get("content-type") ?? "";
  const boundary = /boundary="?([^";]+)"?/.exec(contentType)?.[1];
  if (!boundary) throw new Error(`not a multipart message: ${contentType}`);
  const parts = message.body
    .split(`--${boundary}`)
    .slice(1)
    .filter((chunk) => !chunk.startsWith("--"))
    .map((chunk) => parsePart(chunk.replace(/^\r?\n/, "")));
  const partOf = (type: string) => parts.find((p) => p.headers.get("content-type")?.startsWith(type));
  const text = partOf("text/plain");
  const html = partOf("text/html");
  return {
    contentType,
    subject: decodeHeader(message.headers.get("subject") ?? ""),
    from: message.headers.get("from"),
    to: message.headers.get("to"),
    text: text && decodeBody(text),
    textType: text?.headers.get("content-type"),
    html: html && decodeBody(html),
    htmlType: html?.headers.get("content-type"),
  };
}

// ---------------------------------------------------------------- fixtures

const spanishMail = (to: string, tag = ""): MailMessage => ({
  to,
  subject: `Confirme su cuenta en Iglesia Esperanza Viva ${tag}`.trim(),
  text: `¡Hola, María! Año nuevo, corazón renovado. ${tag}\nhttps://example.church/auth/callback?token=abc&type=signup`,
  html: `<p>¡Hola, María! Año nuevo, corazón renovado. ${tag}</p><a href="https://example.church/x">Confirmar</a>`,
});

const noSms: SmsProvider = {
  send: () => Promise.reject(new Error("no SMS expected in this test")),
};

const failingMail = (message = "SMTP is on fire"): MailTransport => ({
  send: () => Promise.reject(new Error(message)),
});

function tempDir(): string {
  return mkdtempSync(path.join(tmpdir(), "messaging-test-"));
}

const addMs = (date: Date, ms: number) => new Date(date.getTime() + ms);

// ---------------------------------------------------------------- outbox on each backend

describeEachBackend("outbox delivery", (backend) => {
  let database: TestDatabase;
  let smtp: SmtpSink;
  const db = () => database.handle.db;
  const rowOf = async (id: string) => {
    const [row] = await db().select().from(outboxMessages).where(eq(outboxMessages.id, id));
    if (!row) throw new Error(`no outbox row ${id}`);
    return row;
  };
  /**
   * Starts a pass whose one send never finishes until the test settles it (a process killed
   * mid-send, or a connection hanging past the lease); resolves once the row is claimed.
   */
  const startHungPass = async (id: string, now: Date) => {
    const settle: { resolve?: () => void; reject?: (error: Error) => void } = {};
    const hung: MailTransport = {
      send: () =>
        new Promise<void>((resolve, reject) => {
          settle.resolve = resolve;
          settle.reject = reject;
        }),
    };
    const pass = deliverDueMessages({ db: db(), mail: hung, sms: noSms, now });
    for (let i = 0; (await rowOf(id)).status !== "sending"; i++) {
      if (i > 200) throw new Error("the row was never claimed");
      await new Promise((r) => setTimeout(r, 10));
    }
    return { pass, finish: () => settle.resolve!(), fail: (error: Error) => settle.reject!(error) };
  };

  beforeAll(async () => {
    database = await openMigrated(backend);
  });
  afterAll(() => database?.dispose());
  beforeEach(async () => {
    await db().delete(outboxMessages);
    smtp = await startSmtpServer();
  });
  afterEach(async () => {
    await stopMessaging();
    await smtp.close();
  });

  test("two concurrent delivery passes send each message through SMTP exactly once", async () => {
    const mail = createMailTransport({ smtpUrl: smtp.url, from: '"Iglesia Esperanza Viva" <hola@example.church>', dataDir: tempDir() });
    const ids = [];
    for (let i = 0; i < 5; i++) ids.push(await enqueueEmail(db(), spanishMail(`member${i}@example.test`, `#${i}`)));

    const [a, b] = await Promise.all([
      deliverDueMessages({ db: db(), mail, sms: noSms }),
      deliverDueMessages({ db: db(), mail, sms: noSms }),
    ]);
    expect(a.claimed + b.claimed).toBe(5);
    expect(a.sent + b.sent).toBe(5);
    // A third pass finds nothing left.
    expect(await deliverDueMessages({ db: db(), mail, sms: noSms })).toEqual({
      claimed: 0,
      sent: 0,
      retried: 0,
      failed: 0,
      released: 0,
      stale: 0,
    });

    expect(smtp.mails).toHaveLength(5);
    expect(smtp.mails.map((m) => m.to[0]).sort()).toEqual(ids.map((_, i) => `member${i}@example.test`));
    for (const id of ids) {
      const row = await rowOf(id);
      expect(row).toMatchObject({ status: "sent", attempts: 1, lastError: null });
      expect(row.sentAt).toBeInstanceOf(Date);
    }

    const received = smtp.mails.find((m) => m.to[0] === "member0@example.test")!;
    expect(received.from).toBe("hola@example.church");
    const parsed = readMail(received.raw);
    expect(parsed.contentType).toMatch(/^multipart\/alternative/);
    expect(parsed.subject).toBe("Confirme su cuenta en Iglesia Esperanza Viva #0");
    expect(parsed.to).toBe("member0@example.test");
    expect(parsed.textType).toMatch(/charset=utf-8/i);
    expect(parsed.text).toContain("¡Hola, María! Año nuevo, corazón renovado. #0");
    expect(parsed.text).toContain("https://example.church/auth/callback?token=abc&type=signup");
    expect(parsed.html).toContain("<p>¡Hola, María! Año nuevo, corazón renovado. #0</p>");
  });

  test("SMTP down: the message stays pending with backoff, and goes out once when it is back", async () => {
    const port = await closedPort();
    const mail = createMailTransport({ smtpUrl: `smtp://127.0.0.1:${port}`, from: "church@example.test", dataDir: tempDir() });
    const id = await enqueueEmail(db(), spanishMail("down@example.test"));
    const t0 = new Date();

    expect(await deliverDueMessages({ db: db(), mail, sms: noSms, now: t0 })).toMatchObject({ claimed: 1, retried: 1 });
    let row = await rowOf(id);
    expect(row.status).toBe("pending");
    expect(row.attempts).toBe(1);
    expect(row.lastError).toMatch(/ECONNREFUSED|connect/i);
    expect(row.nextAttemptAt.getTime()).toBe(t0.getTime() + 30_000);
    expect(row.sentAt).toBeNull();

    // Not due yet: nothing is claimed before the backoff has passed.
    expect((await deliverDueMessages({ db: db(), mail, sms: noSms, now: addMs(t0, 29_000) })).claimed).toBe(0);

    const revived = await startSmtpServer({ port });
    try {
      const later = addMs(t0, 31_000);
      expect(await deliverDueMessages({ db: db(), mail, sms: noSms, now: later })).toMatchObject({ claimed: 1, sent: 1 });
      expect(await deliverDueMessages({ db: db(), mail, sms: noSms, now: addMs(later, 3_600_000) })).toMatchObject({ claimed: 0 });
      expect(revived.mails).toHaveLength(1);
      expect(revived.mails[0]!.to).toEqual(["down@example.test"]);
      row = await rowOf(id);
      expect(row).toMatchObject({ status: "sent", attempts: 2 });
    } finally {
      await revived.close();
    }
  });

  test(`after ${MAX_ATTEMPTS} failed attempts the message is failed and left alone`, async () => {
    const id = await enqueueEmail(db(), spanishMail("never@example.test"));
    const mail = failingMail("x".repeat(5000));
    let now = new Date();
    const delays: number[] = [];
    for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
      const counts = await deliverDueMessages({ db: db(), mail, sms: noSms, now });
      expect(counts.claimed).toBe(1);
      const row = await rowOf(id);
      expect(row.attempts).toBe(attempt);
      if (attempt < MAX_ATTEMPTS) {
        expect(counts.retried).toBe(1);
        expect(row.status).toBe("pending");
        delays.push(row.nextAttemptAt.getTime() - now.getTime());
        now = row.nextAttemptAt;
      } else {
        expect(counts.failed).toBe(1);
        expect(row.status).toBe("failed");
      }
      expect(row.lastError!.length).toBeLessThanOrEqual(1000);
    }
    // 30 s doubling, capped at an hour.
    expect(delays.slice(0, 4)).toEqual([30_000, 60_000, 120_000, 240_000]);
    expect(Math.max(...delays)).toBe(3_600_000);
    expect((await deliverDueMessages({ db: db(), mail, sms: noSms, now: addMs(now, 86_400_000) })).claimed).toBe(0);
    expect(await getOutboxCounts(db())).toEqual({ pending: 0, sending: 0, sent: 0, failed: 1 });
  });

  test("a row stuck in 'sending' (its sender died) is reclaimed after the lease", async () => {
    const id = await enqueueEmail(db(), spanishMail("stuck@example.test"));
    const t0 = new Date();
    // A sender that claims the row and then never finishes, like a process killed mid-send.
    const { pass: dying, finish: release } = await startHungPass(id, t0);
    expect(await getOutboxCounts(db())).toMatchObject({ sending: 1, pending: 0 });

    const mail = createMailTransport({ smtpUrl: smtp.url, from: "church@example.test", dataDir: tempDir() });
    expect((await deliverDueMessages({ db: db(), mail, sms: noSms, now: addMs(t0, CLAIM_LEASE_MS - 1000) })).claimed).toBe(0);
    expect(await deliverDueMessages({ db: db(), mail, sms: noSms, now: addMs(t0, CLAIM_LEASE_MS + 1000) })).toMatchObject({
      claimed: 1,
      sent: 1,
    });
    expect(smtp.mails.map((m) => m.to[0])).toEqual(["stuck@example.test"]);
    const sent = await rowOf(id);
    expect(sent).toMatchObject({ status: "sent", attempts: 2 });

    // The first sender finishes after all: its claim is gone, so it records nothing.
    release();
    expect(await dying).toMatchObject({ claimed: 1, sent: 0, stale: 1 });
    expect(await rowOf(id)).toEqual(sent);
  });

  test("a send that outlives its lease and then fails leaves the newer attempt's 'sent' alone", async () => {
    const id = await enqueueEmail(db(), spanishMail("late-failure@example.test"));
    const t0 = new Date();
    const { pass: slow, fail } = await startHungPass(id, t0);

    const mail = createMailTransport({ smtpUrl: smtp.url, from: "church@example.test", dataDir: tempDir() });
    expect(await deliverDueMessages({ db: db(), mail, sms: noSms, now: addMs(t0, CLAIM_LEASE_MS + 1000) })).toMatchObject({
      claimed: 1,
      sent: 1,
    });
    const sent = await rowOf(id);
    expect(sent).toMatchObject({ status: "sent", attempts: 2, lastError: null });

    fail(new Error("the first connection finally timed out"));
    expect(await slow).toMatchObject({ claimed: 1, retried: 0, failed: 0, stale: 1 });
    // Still sent, not back to pending with the stale error: it is not sent a third time.
    expect(await rowOf(id)).toEqual(sent);
    expect(await deliverDueMessages({ db: db(), mail, sms: noSms, now: addMs(t0, 86_400_000) })).toMatchObject({ claimed: 0 });
    expect(smtp.mails).toHaveLength(1);
  });

  test("a stale failure does not overwrite a newer attempt's failure either", async () => {
    const id = await enqueueEmail(db(), spanishMail("two-failures@example.test"));
    const t0 = new Date();
    const { pass: slow, fail } = await startHungPass(id, t0);
    const t1 = addMs(t0, CLAIM_LEASE_MS + 1000);
    expect(await deliverDueMessages({ db: db(), mail: failingMail("second attempt failed"), sms: noSms, now: t1 })).toMatchObject({
      retried: 1,
    });
    const retried = await rowOf(id);
    expect(retried).toMatchObject({ status: "pending", attempts: 2, lastError: "second attempt failed" });
    expect(retried.nextAttemptAt.getTime()).toBe(t1.getTime() + 60_000);

    fail(new Error("first attempt failed late"));
    expect(await slow).toMatchObject({ stale: 1, retried: 0 });
    expect(await rowOf(id)).toEqual(retried);
  });

  test("a pass stopped while its claims are landing gives them back at once, attempts not counted", async () => {
    const ids = [];
    for (let i = 0; i < 3; i++) ids.push(await enqueueEmail(db(), spanishMail(`released${i}@example.test`)));
    const before = await rowOf(ids[0]!);
    let sends = 0;
    const mail: MailTransport = {
      async send() {
        sends += 1;
      },
    };
    const now = new Date();
    const stopping = new AbortController();
    // The lanes have checked the signal and sent their claims; the stop lands before the answers.
    const pass = deliverDueMessages({ db: db(), mail, sms: noSms, now, signal: stopping.signal });
    stopping.abort();
    // Every claim comes back unsent. A lane whose claim lands late (its pooled connection was
    // still opening) may claim a row another lane has just given back, and gives it back too:
    // so at least the three rows, each claim released.
    const counts = await pass;
    expect(counts).toMatchObject({ sent: 0, retried: 0, failed: 0 });
    expect(counts.claimed).toBeGreaterThanOrEqual(3);
    expect(counts.released).toBe(counts.claimed);
    expect(sends).toBe(0);
    for (const id of ids) {
      const row = await rowOf(id);
      expect(row).toMatchObject({ status: "pending", attempts: 0, lastError: null });
      expect(row.nextAttemptAt.getTime()).toBeLessThanOrEqual(Math.max(now.getTime(), before.nextAttemptAt.getTime()));
    }
    // An aborted signal claims nothing at all.
    expect(await deliverDueMessages({ db: db(), mail, sms: noSms, signal: stopping.signal })).toMatchObject({ claimed: 0 });
  });

  test("stopping the worker leaves only the sends in flight claimed; the rest are due at once", async () => {
    let started = 0;
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const mail: MailTransport = {
      async send() {
        started += 1;
        await gate;
      },
    };
    const ids = [];
    for (let i = 0; i < 6; i++) ids.push(await enqueueEmail(db(), spanishMail(`shutdown${i}@example.test`)));
    const worker = startOutboxWorker({ db: db(), mail, sms: noSms, intervalMs: 60 * 60_000 });
    const deadline = Date.now() + 5000;
    while (started < 4 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
    expect(started).toBe(4);
    // Only what is being sent is claimed: the other two wait, unclaimed, for a free sender.
    expect(await getOutboxCounts(db())).toMatchObject({ sending: 4, pending: 2 });

    const stopped = worker.stop();
    await new Promise((r) => setTimeout(r, 50));
    const waiting = (await db().select().from(outboxMessages)).filter((row) => row.status === "pending");
    expect(waiting).toHaveLength(2);
    for (const row of waiting) {
      expect(row.attempts).toBe(0);
      // Due now: another instance (or the next start) can send them without waiting for a lease.
      expect(row.nextAttemptAt.getTime()).toBeLessThanOrEqual(Date.now());
    }

    release();
    await stopped;
    expect(started).toBe(4);
    expect(await getOutboxCounts(db())).toMatchObject({ sent: 4, pending: 2, sending: 0 });
  });

  test("a message claimed late in a long pass still gets its full lease", async () => {
    for (let i = 0; i < 5; i++) await enqueueEmail(db(), spanishMail(`late-claim${i}@example.test`));
    // Four lanes: the fifth message is claimed only when the first send is done, 300 ms in.
    const mail: MailTransport = { send: () => new Promise<void>((resolve) => setTimeout(resolve, 300)) };
    const t0 = new Date();
    expect(await deliverDueMessages({ db: db(), mail, sms: noSms, now: t0 })).toMatchObject({ claimed: 5, sent: 5 });
    const leases = (await db().select().from(outboxMessages))
      .map((row) => row.nextAttemptAt.getTime() - t0.getTime() - CLAIM_LEASE_MS)
      .sort((a, b) => a - b);
    expect(leases[0]).toBeLessThan(250);
    expect(leases[4]).toBeGreaterThanOrEqual(250);
  });

  test("the claim lease is just above the slowest transport's deadline", () => {
    expect(CLAIM_LEASE_MS).toBeGreaterThan(Math.max(MAIL_SEND_TIMEOUT_MS, SMS_SEND_TIMEOUT_MS));
    expect(CLAIM_LEASE_MS).toBeLessThanOrEqual(Math.max(MAIL_SEND_TIMEOUT_MS, SMS_SEND_TIMEOUT_MS) + 30_000);
    // A sign-in code sent by text is valid for 10 minutes: a stuck claim must not outlast it.
    expect(CLAIM_LEASE_MS).toBeLessThan(2 * 60_000);
  });

  test("an SMTP 5xx refusal fails the message at once and keeps the server's reply", async () => {
    const picky = await startSmtpServer({ refuseRecipient: (address) => (address.startsWith("gone") ? 550 : undefined) });
    try {
      const mail = createMailTransport({ smtpUrl: picky.url, from: "church@example.test", dataDir: tempDir() });
      const id = await enqueueEmail(db(), spanishMail("gone@example.test"));
      const t0 = new Date();
      expect(await deliverDueMessages({ db: db(), mail, sms: noSms, now: t0 })).toMatchObject({ claimed: 1, failed: 1, retried: 0 });
      const row = await rowOf(id);
      expect(row).toMatchObject({ status: "failed", attempts: 1 });
      expect(row.lastError).toMatch(/550/);
      expect(row.lastError).toContain("No such mailbox here");
      expect(await deliverDueMessages({ db: db(), mail, sms: noSms, now: addMs(t0, 86_400_000) })).toMatchObject({ claimed: 0 });
      expect(picky.mails).toHaveLength(0);
    } finally {
      await picky.close();
    }
  });

  test.each([450, 535])("an SMTP %i (busy, or our own credentials) is temporary: retried with backoff", async (code) => {
    const busy = await startSmtpServer({ refuseRecipient: () => code });
    try {
      const mail = createMailTransport({ smtpUrl: busy.url, from: "church@example.test", dataDir: tempDir() });
      const id = await enqueueEmail(db(), spanishMail("later@example.test"));
      expect(await deliverDueMessages({ db: db(), mail, sms: noSms })).toMatchObject({ claimed: 1, retried: 1, failed: 0 });
      const row = await rowOf(id);
      expect(row).toMatchObject({ status: "pending", attempts: 1 });
      expect(row.lastError).toMatch(new RegExp(String(code)));
    } finally {
      await busy.close();
    }
  });

  test("a row whose recipient is not one plain address fails at once, nothing sent", async () => {
    // Written past enqueueEmail's check, as an older version (or a hand edit) could have.
    const [inserted] = await db()
      .insert(outboxMessages)
      // Due by this process's clock, as insertMessage writes it: the database's defaultNow() has
      // microseconds, so a pass in the same millisecond would not find the row due yet.
      .values({
        channel: "email",
        recipient: "a@example.test, b@example.test",
        payload: { subject: "s", text: "t", html: "<p>h</p>" },
        nextAttemptAt: new Date(),
      })
      .returning({ id: outboxMessages.id });
    const mail = createMailTransport({ smtpUrl: smtp.url, from: "church@example.test", dataDir: tempDir() });
    expect(await deliverDueMessages({ db: db(), mail, sms: noSms })).toMatchObject({ claimed: 1, failed: 1 });
    expect((await rowOf(inserted!.id)).lastError).toMatch(/not a single plain address/);
    expect(smtp.mails).toHaveLength(0);
  });

  test.each([
    "a@example.test, b@example.test",
    "a,b@example.test",
    "Someone <a@example.test>",
    "<a@example.test>",
    "a@example.test b@example.test",
    "a@example.test\r\nBcc: c@example.test",
    " a@example.test",
    "a@example.test;b@example.test",
    "a@b@example.test",
    "",
  ])("enqueueEmail refuses the recipient %j and queues nothing", async (to) => {
    await expect(enqueueEmail(db(), spanishMail(to))).rejects.toThrow(/not a single plain address/);
    expect(await getOutboxCounts(db())).toEqual({ pending: 0, sending: 0, sent: 0, failed: 0 });
  });

  test("SMS rows go through the SMS provider; counts per status", async () => {
    const dataDir = tempDir();
    try {
      const sms = createSmsProvider({ dataDir });
      await enqueueSms(db(), { to: "+15555550100", body: "123456 es su código de acceso de Iglesia Esperanza Viva." });
      await enqueueEmail(db(), spanishMail("a@example.test"));
      expect(await getOutboxCounts(db())).toEqual({ pending: 2, sending: 0, sent: 0, failed: 0 });
      const mail = createMailTransport({ smtpUrl: smtp.url, from: "church@example.test", dataDir });
      expect(await deliverDueMessages({ db: db(), mail, sms })).toMatchObject({ claimed: 2, sent: 2 });
      const lines = readFileSync(path.join(dataDir, "outbox", "sms.jsonl"), "utf8")
        .trim()
        .split("\n");
      expect(lines).toHaveLength(1);
      expect(JSON.parse(lines[0]!)).toMatchObject({ to: "+15555550100", body: "123456 es su código de acceso de Iglesia Esperanza Viva." });
      expect(smtp.mails).toHaveLength(1);
      expect(await getOutboxCounts(db())).toEqual({ pending: 0, sending: 0, sent: 2, failed: 0 });
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  test("sendEmail/sendSms enqueue and kick the worker; after stopMessaging they still enqueue", async () => {
    const dataDir = tempDir();
    try {
      const mail = createMailTransport({ smtpUrl: smtp.url, from: "church@example.test", dataDir });
      const sms = createSmsProvider({ dataDir });
      // A long interval: only the kicks can deliver within the test.
      const worker = startOutboxWorker({ db: db(), mail, sms, intervalMs: 60 * 60_000 });
      configureMessaging({ db: db(), mail, sms, worker });
      const emailId = await sendEmail(spanishMail("kick@example.test"));
      const smsId = await sendSms({ to: "+15555550101", body: "hola" });

      const deadline = Date.now() + 10_000;
      while (((await rowOf(emailId)).status !== "sent" || (await rowOf(smsId)).status !== "sent") && Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, 25));
      }
      expect((await rowOf(emailId)).status).toBe("sent");
      expect((await rowOf(smsId)).status).toBe("sent");
      expect(smtp.mails.map((m) => m.to[0])).toEqual(["kick@example.test"]);
      expect(readFileSync(path.join(dataDir, "outbox", "sms.jsonl"), "utf8")).toContain('"to":"+15555550101"');

      // Shutdown stops the worker while requests may still be answered: a sign-up in progress
      // must still queue its mail (sent by the next start), not fail.
      await stopMessaging();
      const lateEmail = await sendEmail(spanishMail("late@example.test"));
      const lateSms = await sendSms({ to: "+15555550101", body: "x" });
      await new Promise((r) => setTimeout(r, 200));
      expect(await rowOf(lateEmail)).toMatchObject({ status: "pending", attempts: 0 });
      expect(await rowOf(lateSms)).toMatchObject({ status: "pending", attempts: 0 });
      expect(smtp.mails).toHaveLength(1);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  test("the worker runs one pass at a time, coalesces kicks, and stop() waits for the pass", async () => {
    let inFlight = 0;
    let maxInFlight = 0;
    let sends = 0;
    let release!: () => void;
    let gate = new Promise<void>((resolve) => (release = resolve));
    const mail: MailTransport = {
      async send() {
        sends += 1;
        inFlight += 1;
        maxInFlight = Math.max(maxInFlight, inFlight);
        await gate;
        inFlight -= 1;
      },
    };
    // batchSize 1: each pass sends one message, so overlapping passes would show as inFlight 2.
    const worker = startOutboxWorker({ db: db(), mail, sms: noSms, intervalMs: 60 * 60_000, batchSize: 1 });
    await enqueueEmail(db(), spanishMail("one@example.test"));
    await enqueueEmail(db(), spanishMail("two@example.test"));
    for (let i = 0; i < 20; i++) worker.kick();
    const deadline = Date.now() + 5000;
    while (sends < 1 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
    expect(sends).toBe(1);

    let stopped = false;
    const stopping = worker.stop().then(() => (stopped = true));
    await new Promise((r) => setTimeout(r, 100));
    expect(stopped).toBe(false);
    release();
    gate = Promise.resolve();
    await stopping;
    expect(maxInFlight).toBe(1);
    // Stopped after the pass in progress: the second message waits for the next start.
    expect(sends).toBe(1);
    expect(await getOutboxCounts(db())).toMatchObject({ sent: 1, pending: 1 });
  });
});

// ---------------------------------------------------------------- transports without a database

describe("mail transport", () => {
  let dataDir: string;
  beforeEach(() => {
    dataDir = tempDir();
  });
  afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

  test("without SMTP, each message is an RFC 822 .eml file named by time", async () => {
    const mail = createMailTransport({ from: '"Iglesia Pequeña" <hola@example.church>', dataDir });
    await mail.send(spanishMail("first@example.test", "uno"));
    await mail.send(spanishMail("second@example.test", "dos"));

    const folder = path.join(dataDir, "outbox", "mail");
    const files = readdirSync(folder);
    expect(files).toHaveLength(2); // no temporary files left behind
    for (const file of files) expect(file).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}\.\d{3}Z-[0-9a-f-]{36}\.eml$/);
    const sorted = [...files].sort();
    const first = readFileSync(path.join(folder, sorted[0]!), "utf8");
    const second = readFileSync(path.join(folder, sorted[1]!), "utf8");

    expect(first).toContain("\r\n"); // RFC 822 line ends
    const parsed = readMail(first);
    expect(parsed.subject).toBe("Confirme su cuenta en Iglesia Esperanza Viva uno");
    expect(decodeHeader(parsed.from ?? "")).toBe("Iglesia Pequeña <hola@example.church>");
    expect(parsed.to).toBe("first@example.test");
    expect(parsed.contentType).toMatch(/^multipart\/alternative/);
    expect(parsed.text).toContain("¡Hola, María! Año nuevo, corazón renovado. uno");
    expect(parsed.html).toContain("<p>¡Hola, María! Año nuevo, corazón renovado. uno</p>");
    expect(parsed.htmlType).toMatch(/charset=utf-8/i);
    expect(readMail(second).to).toBe("second@example.test");
    expect(first).toMatch(/^Message-ID: </im);
    expect(first).toMatch(/^Date: /im);
  });

  test("a recipient that is not one plain address is refused before anything is written or sent", async () => {
    const sink = await startSmtpServer();
    try {
      for (const mail of [
        createMailTransport({ from: "church@example.test", dataDir }),
        createMailTransport({ smtpUrl: sink.url, from: "church@example.test", dataDir }),
      ]) {
        await expect(mail.send(spanishMail("a,b@example.test"))).rejects.toThrow(/not a single plain address/);
        await expect(mail.send(spanishMail("x@example.test\nBcc: y@example.test"))).rejects.toThrow(/not a single plain address/);
      }
      expect(sink.mails).toHaveLength(0);
      expect(existsSync(path.join(dataDir, "outbox"))).toBe(false);
    } finally {
      await sink.close();
    }
  });

  test("SMTP URL options reach nodemailer: ?ignoreTLS=true skips an offered STARTTLS", async () => {
    const sink = await startSmtpServer({ offerStartTls: true });
    try {
      // The server offers STARTTLS with a self-signed certificate: upgrading would fail.
      const strict = createMailTransport({ smtpUrl: sink.url, from: "church@example.test", dataDir });
      await expect(strict.send(spanishMail("tls@example.test"))).rejects.toThrow(/certificate/i);
      const plain = createMailTransport({ smtpUrl: `${sink.url}?ignoreTLS=true`, from: "church@example.test", dataDir });
      await plain.send(spanishMail("plain@example.test"));
      expect(sink.mails.map((m) => m.to[0])).toEqual(["plain@example.test"]);
      expect(existsSync(path.join(dataDir, "outbox"))).toBe(false);
    } finally {
      await sink.close();
    }
  });
});

describe("SMS provider", () => {
  let dataDir: string;
  beforeEach(() => {
    dataDir = tempDir();
  });
  afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

  test("without Twilio, one JSON line per message with to, body and at", async () => {
    const sms = createSmsProvider({ dataDir });
    const before = Date.now();
    await sms.send({ to: "+15555550100", body: '123456 es su código de acceso.\nSegunda línea "citada"' });
    await sms.send({ to: "+15555550199", body: "654321 is your sign-in code." });
    const content = readFileSync(path.join(dataDir, "outbox", "sms.jsonl"), "utf8");
    expect(content.endsWith("\n")).toBe(true);
    const lines = content.trimEnd().split("\n");
    expect(lines).toHaveLength(2);
    const records = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(records.map((r) => Object.keys(r).sort())).toEqual([
      ["at", "body", "to"],
      ["at", "body", "to"],
    ]);
    expect(records[0]).toMatchObject({ to: "+15555550100", body: '123456 es su código de acceso.\nSegunda línea "citada"' });
    expect(records[1]).toMatchObject({ to: "+15555550199", body: "654321 is your sign-in code." });
    for (const record of records) {
      const at = record.at as string;
      expect(new Date(at).toISOString()).toBe(at);
      expect(new Date(at).getTime()).toBeGreaterThanOrEqual(before - 1);
    }
  });

  describe("Twilio", () => {
    interface Captured {
      method: string | undefined;
      url: string | undefined;
      authorization: string | undefined;
      contentType: string | undefined;
      body: string;
    }
    let server: Server;
    let baseUrl: string;
    const requests: Captured[] = [];
    let reply: { status: number; body: string } = { status: 201, body: "{}" };

    beforeAll(async () => {
      server = createServer((req: IncomingMessage, res) => {
        const chunks: Buffer[] = [];
        req.on("data", (chunk: Buffer) => chunks.push(chunk));
        req.on("end", () => {
          requests.push({
            method: req.method,
            url: req.url,
            authorization: req.headers.authorization,
            contentType: req.headers["content-type"],
            body: Buffer.concat(chunks).toString("utf8"),
          });
          res.writeHead(reply.status, { "content-type": "application/json" });
          res.end(reply.body);
        });
      });
      await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
      baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    });
    afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
    beforeEach(() => {
      requests.length = 0;
    });

    const provider = () =>
      createSmsProvider({
        dataDir,
        twilio: { accountSid: "AC0123456789abcdef", authToken: "s3cret-token", from: "+15555550000", apiBaseUrl: baseUrl },
      });

    test("POSTs the form to the Messages endpoint with Basic auth", async () => {
      reply = { status: 201, body: JSON.stringify({ sid: "SM123", status: "queued" }) };
      await provider().send({ to: "+15555550123", body: "482913 es su código de acceso de Iglesia Esperanza Viva. Vence en 10 minutos." });

      expect(requests).toHaveLength(1);
      const request = requests[0]!;
      expect(request.method).toBe("POST");
      expect(request.url).toBe("/2010-04-01/Accounts/AC0123456789abcdef/Messages.json");
      expect(request.authorization).toBe(`Basic ${Buffer.from("AC0123456789abcdef:s3cret-token").toString("base64")}`);
      expect(request.contentType).toMatch(/^application\/x-www-form-urlencoded/);
      const form = new URLSearchParams(request.body);
      expect(Object.fromEntries(form)).toEqual({
        To: "+15555550123",
        From: "+15555550000",
        Body: "482913 es su código de acceso de Iglesia Esperanza Viva. Vence en 10 minutos.",
      });
      // Nothing falls back to the file when Twilio is configured.
      expect(existsSync(path.join(dataDir, "outbox"))).toBe(false);
    });

    test("a 400 rejects with Twilio's error message and code", async () => {
      reply = {
        status: 400,
        body: JSON.stringify({
          code: 21211,
          message: "The 'To' number +1555 is not a valid phone number.",
          more_info: "https://www.twilio.com/docs/errors/21211",
          status: 400,
        }),
      };
      await expect(provider().send({ to: "+1555", body: "x" })).rejects.toThrow(
        "Twilio rejected the message (HTTP 400, code 21211): The 'To' number +1555 is not a valid phone number.",
      );
    });

    test("a non-JSON error still rejects with the status", async () => {
      reply = { status: 503, body: "<html>down</html>" };
      await expect(provider().send({ to: "+15555550123", body: "x" })).rejects.toThrow(/HTTP 503/);
    });

    describe("through the outbox", () => {
      let database: TestDatabase;
      beforeAll(async () => {
        database = await openMigrated(pgliteBackend);
      });
      afterAll(() => database?.dispose());

      /** Queues one text, runs one delivery pass with the given provider, returns the counts and the row. */
      async function deliverOneSms(sms: SmsProvider) {
        const { db } = database.handle;
        await db.delete(outboxMessages);
        const id = await enqueueSms(db, { to: "+15555550123", body: "x" });
        const counts = await deliverDueMessages({ db, mail: failingMail("no email expected"), sms });
        const [row] = await db.select().from(outboxMessages).where(eq(outboxMessages.id, id));
        return { counts, row: row! };
      }

      test("a Twilio 400 fails the message at once with Twilio's error", async () => {
        reply = { status: 400, body: JSON.stringify({ code: 21610, message: "Attempt to send to unsubscribed recipient" }) };
        const { counts, row } = await deliverOneSms(provider());
        expect(counts).toMatchObject({ failed: 1, retried: 0 });
        expect(row).toMatchObject({ status: "failed", attempts: 1 });
        expect(row.lastError).toContain("code 21610");
        expect(row.lastError).toContain("unsubscribed recipient");
      });

      test.each([404])("a Twilio %i is permanent too", async (status) => {
        reply = { status, body: JSON.stringify({ code: 20003, message: "Authenticate" }) };
        const { counts, row } = await deliverOneSms(provider());
        expect(counts).toMatchObject({ failed: 1 });
        expect(row.lastError).toContain(`HTTP ${status}`);
      });

      // 401/403: wrong credentials, which the operator fixes; the codes must not be dropped.
      test.each([401, 403, 429, 500, 503])("a Twilio %i is retried", async (status) => {
        reply = { status, body: JSON.stringify({ code: 20429, message: "Too many requests" }) };
        const { counts, row } = await deliverOneSms(provider());
        expect(counts).toMatchObject({ retried: 1, failed: 0 });
        expect(row).toMatchObject({ status: "pending", attempts: 1 });
        expect(row.lastError).toContain(`HTTP ${status}`);
      });

      test("Twilio unreachable: the last error says why the request failed (its cause), and it is retried", async () => {
        const port = await closedPort();
        const unreachable = createSmsProvider({
          dataDir,
          twilio: { accountSid: "AC1", authToken: "t", from: "+15555550000", apiBaseUrl: `http://127.0.0.1:${port}` },
        });
        const { counts, row } = await deliverOneSms(unreachable);
        expect(counts).toMatchObject({ retried: 1 });
        expect(row.lastError).toMatch(/^fetch failed \(cause: .*ECONNREFUSED/);
        expect(row.lastError).toContain(`127.0.0.1:${port}`);
      });
    });
  });
});
