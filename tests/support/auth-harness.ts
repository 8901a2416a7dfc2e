import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { SMTPServer } from "smtp-server";
import { createAuthNotifier } from "~/features/auth/auth-notifier.server";
import { CLIENT_IP_HEADER } from "~/server/request-input.server";
import { runAuthIntent, type AuthActionData } from "~/features/auth/run-auth-intent.server";
import type { Language } from "~/i18n/config";
import { createAuth, setAuth } from "~/server/auth.server";
import { setDatabase } from "~/server/db.server";
import { createMailTransport } from "~/server/mail.server";
import { configureMessaging, stopMessaging } from "~/server/messaging.server";
import { startOutboxWorker } from "~/server/outbox.server";
import { createSmsProvider } from "~/server/sms.server";
import { decodeMail } from "./mail-links";
import type { Backend, TestDatabase } from "./test-database";

export { callbackLink, decodeMail } from "./mail-links";

export const PUBLIC_URL = "http://localhost:3000";

export interface ReceivedMail {
  to: string[];
  raw: string;
}

/** A real SMTP server on loopback that keeps every message it receives. */
export async function startSmtpServer(): Promise<{ url: string; mails: ReceivedMail[]; close(): Promise<void> }> {
  const mails: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        mails.push({ to: session.envelope.rcptTo.map((r) => r.address), raw: Buffer.concat(chunks).toString("utf8") });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export interface AuthHarness {
  database: TestDatabase;
  mails: ReceivedMail[];
  dataDir: string;
  /** POSTs one form to the /auth action; `cookie` carries a session, `ip` the client address. */
  post(
    fields: Record<string, string>,
    options?: { cookie?: string; ip?: string; language?: Language; json?: unknown; rawBody?: string; contentType?: string },
  ): Promise<{ status: number; data: AuthActionData; cookie: string; setCookies: string[] }>;
  waitForMail(to: string, count?: number): Promise<string>;
  smsLines(): { to: string; body: string; at: string }[];
  close(): Promise<void>;
}

/** The whole member-auth stack on a migrated, seeded database, mail to a real SMTP server. */
export async function startAuthHarness(backend: Backend): Promise<AuthHarness> {
  // A copy of the run's migrated and seeded database (tests/support/integration-global-setup.ts).
  const database = await backend.openSeeded();
  const db = database.handle.db;
  setDatabase(database.handle);
  const smtp = await startSmtpServer();
  const dataDir = mkdtempSync(path.join(tmpdir(), "auth-harness-"));
  const mail = createMailTransport({ smtpUrl: smtp.url, from: "church@example.test", dataDir });
  const sms = createSmsProvider({ dataDir });
  const worker = startOutboxWorker({ db, mail, sms, intervalMs: 200 });
  configureMessaging({ db, mail, sms, worker });
  setAuth(
    createAuth({
      db,
      publicUrl: PUBLIC_URL,
      secret: "integration-test-secret-0123456789abcdef",
      notifier: createAuthNotifier({ db, publicUrl: PUBLIC_URL }),
    }),
  );

  return {
    database,
    mails: smtp.mails,
    dataDir,
    async post(fields, options = {}) {
      const headers = new Headers({ [CLIENT_IP_HEADER]: options.ip ?? "198.51.100.7" });
      if (options.cookie) headers.set("cookie", options.cookie);
      let body: string;
      if (options.rawBody !== undefined) {
        body = options.rawBody;
        headers.set("content-type", options.contentType ?? "application/json");
      } else if (options.json !== undefined) {
        body = JSON.stringify(options.json);
        headers.set("content-type", "application/json");
      } else {
        body = new URLSearchParams(fields).toString();
        headers.set("content-type", "application/x-www-form-urlencoded");
      }
      const request = new Request(`${PUBLIC_URL}/auth`, { method: "POST", headers, body });
      const result = await runAuthIntent({ db, request, language: options.language ?? "en" });
      const setCookies = result.headers.getSetCookie();
      return { status: result.status, data: result.data, setCookies, cookie: cookieJar(options.cookie, setCookies) };
    },
    async waitForMail(to, count = 1) {
      const deadline = Date.now() + 10_000;
      for (;;) {
        const mine = smtp.mails.filter((m) => m.to.includes(to));
        if (mine.length >= count) return decodeMail(mine[count - 1]!.raw);
        if (Date.now() > deadline) throw new Error(`no mail #${count} for ${to} within 10 s`);
        worker.kick();
        await new Promise((r) => setTimeout(r, 50));
      }
    },
    smsLines() {
      try {
        return readFileSync(path.join(dataDir, "outbox", "sms.jsonl"), "utf8")
          .trim()
          .split("\n")
          .filter(Boolean)
          .map((line) => JSON.parse(line) as { to: string; body: string; at: string });
      } catch {
        return [];
      }
    },
    async close() {
      await stopMessaging();
      setAuth(undefined);
      setDatabase(undefined);
      await smtp.close();
      await database.dispose();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Applies Set-Cookie headers to a cookie string (deleted cookies are dropped). */
export function cookieJar(current: string | undefined, setCookies: string[]): string {
  const jar = new Map<string, string>();
  for (const pair of (current ?? "")
    .split(";")
    .map((p) => p.trim())
    .filter(Boolean)) {
    const [name, ...rest] = pair.split("=");
    jar.set(name!, rest.join("="));
  }
  for (const header of setCookies) {
    const [pair, ...attributes] = header.split(";");
    const [name, ...rest] = pair!.trim().split("=");
    const value = rest.join("=");
    const expired = attributes.some((a) => /max-age=0/i.test(a.trim())) || value === "";
    if (expired) jar.delete(name!);
    else jar.set(name!, value);
  }
  return [...jar].map(([k, v]) => `${k}=${v}`).join("; ");
}
