import { eq } from "drizzle-orm";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { SMTPServer } from "smtp-server";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { outboxMessages } from "~/db/schema";
import { createMailTransport, type MailMessage, type MailTransport } from "~/server/mail.server";
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
import { createSmsProvider, type SmsProvider } from "~/server/sms.server";
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

/** smtp-server on loopback, no TLS unless `offerStartTls` (then with its self-signed cert). */
async function startSmtpServer({ port = 0, offerStartTls = false } = {}): Promise<SmtpSink> {
  const mails: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: offerStartTls ? ["AUTH"] : ["STARTTLS", "AUTH"],
    logger: false,
    closeTimeout: 1000,
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
      encoding.toUpperCase() === "B"
        ? Buffer.from(data, "base64").toString("utf8")
        : decodeQuotedPrintable(data.replaceAll("_", " ")),
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
  subject: `Confirma tu cuenta en Iglesia Esperanza Viva ${tag}`.trim(),
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
    expect(await deliverDueMessages({ db: db(), mail, sms: noSms })).toEqual({ claimed: 0, sent: 0, retried: 0, failed: 0 });

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
    expect(parsed.subject).toBe("Confirma tu cuenta en Iglesia Esperanza Viva #0");
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
    let release!: () => void;
    const hung: MailTransport = { send: () => new Promise<void>((resolve) => (release = resolve)) };
    const dying = deliverDueMessages({ db: db(), mail: hung, sms: noSms, now: t0 });
    for (let i = 0; (await rowOf(id)).status !== "sending"; i++) {
      if (i > 200) throw new Error("the row was never claimed");
      await new Promise((r) => setTimeout(r, 10));
    }
    expect(await getOutboxCounts(db())).toMatchObject({ sending: 1, pending: 0 });

    const mail = createMailTransport({ smtpUrl: smtp.url, from: "church@example.test", dataDir: tempDir() });
    expect((await deliverDueMessages({ db: db(), mail, sms: noSms, now: addMs(t0, CLAIM_LEASE_MS - 1000) })).claimed).toBe(0);
    expect(await deliverDueMessages({ db: db(), mail, sms: noSms, now: addMs(t0, CLAIM_LEASE_MS + 1000) })).toMatchObject({
      claimed: 1,
      sent: 1,
    });
    expect(smtp.mails.map((m) => m.to[0])).toEqual(["stuck@example.test"]);
    expect(await rowOf(id)).toMatchObject({ status: "sent", attempts: 2 });

    release();
    await dying;
  });

  test("SMS rows go through the SMS provider; counts per status", async () => {
    const dataDir = tempDir();
    try {
      const sms = createSmsProvider({ dataDir });
      await enqueueSms(db(), { to: "+15555550100", body: "123456 es tu código de acceso de Iglesia Esperanza Viva." });
      await enqueueEmail(db(), spanishMail("a@example.test"));
      expect(await getOutboxCounts(db())).toEqual({ pending: 2, sending: 0, sent: 0, failed: 0 });
      const mail = createMailTransport({ smtpUrl: smtp.url, from: "church@example.test", dataDir });
      expect(await deliverDueMessages({ db: db(), mail, sms })).toMatchObject({ claimed: 2, sent: 2 });
      const lines = readFileSync(path.join(dataDir, "outbox", "sms.jsonl"), "utf8").trim().split("\n");
      expect(lines).toHaveLength(1);
      expect(JSON.parse(lines[0]!)).toMatchObject({ to: "+15555550100", body: "123456 es tu código de acceso de Iglesia Esperanza Viva." });
      expect(smtp.mails).toHaveLength(1);
      expect(await getOutboxCounts(db())).toEqual({ pending: 0, sending: 0, sent: 2, failed: 0 });
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  test("sendEmail/sendSms enqueue and kick the worker; unconfigured use throws", async () => {
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

      await stopMessaging();
      await expect(sendEmail(spanishMail("late@example.test"))).rejects.toThrow(/not configured/);
      await expect(sendSms({ to: "+15555550101", body: "x" })).rejects.toThrow(/not configured/);
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
    expect(parsed.subject).toBe("Confirma tu cuenta en Iglesia Esperanza Viva uno");
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
    await sms.send({ to: "+15555550100", body: "123456 es tu código de acceso.\nSegunda línea \"citada\"" });
    await sms.send({ to: "+15555550199", body: "654321 is your sign-in code." });
    const content = readFileSync(path.join(dataDir, "outbox", "sms.jsonl"), "utf8");
    expect(content.endsWith("\n")).toBe(true);
    const lines = content.trimEnd().split("\n");
    expect(lines).toHaveLength(2);
    const records = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(records.map((r) => Object.keys(r).sort())).toEqual([["at", "body", "to"], ["at", "body", "to"]]);
    expect(records[0]).toMatchObject({ to: "+15555550100", body: "123456 es tu código de acceso.\nSegunda línea \"citada\"" });
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
      await provider().send({ to: "+15555550123", body: "482913 es tu código de acceso de Iglesia Esperanza Viva. Vence en 10 minutos." });

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
        Body: "482913 es tu código de acceso de Iglesia Esperanza Viva. Vence en 10 minutos.",
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

    test("through the outbox, a Twilio rejection is stored as the row's last error", async () => {
      const database = await openMigrated(pgliteBackend);
      try {
        reply = { status: 400, body: JSON.stringify({ code: 21610, message: "Attempt to send to unsubscribed recipient" }) };
        const id = await enqueueSms(database.handle.db, { to: "+15555550123", body: "x" });
        const mail: MailTransport = failingMail("no email expected");
        expect(await deliverDueMessages({ db: database.handle.db, mail, sms: provider() })).toMatchObject({ retried: 1 });
        const [row] = await database.handle.db.select().from(outboxMessages).where(eq(outboxMessages.id, id));
        expect(row!.lastError).toContain("code 21610");
        expect(row!.lastError).toContain("unsubscribed recipient");
      } finally {
        await database.dispose();
      }
    });
  });
});
