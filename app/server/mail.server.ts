import { randomUUID } from "node:crypto";
import { mkdir, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import type { Transporter } from "nodemailer";
import type SMTPTransport from "nodemailer/lib/smtp-transport";

// nodemailer (about 40 CommonJS modules) is loaded with the first message, not at start-up.
const loadNodemailer = () => import("nodemailer").then((module) => module.default);

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Extra headers, e.g. `List-Unsubscribe`; names and values must be single-line. */
  headers?: Record<string, string>;
}

export interface MailTransport {
  send(m: MailMessage): Promise<void>;
}

export interface CreateMailTransportOptions {
  /**
   * smtp://user:pass@host:587 or smtps://user:pass@host:465. nodemailer reads options from
   * the query string too, e.g. `?ignoreTLS=true` (never try STARTTLS), `?requireTLS=true`,
   * `?tls.rejectUnauthorized=false`. Without it, messages become `.eml` files.
   */
  smtpUrl?: string;
  /** The From header, e.g. `"Living Hope Church" <hello@example.church>`. */
  from: string;
  /** Mail is written to `<dataDir>/outbox/mail/` when there is no SMTP URL. */
  dataDir: string;
}

/**
 * Short network timeouts: a hung SMTP server must fail the attempt (the outbox retries it)
 * rather than hold a worker for nodemailer's defaults of minutes. The URL may override them.
 */
const SMTP_TIMEOUTS = { connectionTimeout: 15_000, greetingTimeout: 15_000, socketTimeout: 60_000 };

/**
 * The most one SMTP send may take, whatever the URL sets: nodemailer's timeouts are per step
 * and idle-based, so a server that trickles bytes could hold a send forever. The outbox's
 * claim lease is derived from this bound.
 */
export const MAIL_SEND_TIMEOUT_MS = 60_000;

/** An address with nothing around it: no name, comma, angle bracket, whitespace or second `@`. */
const PLAIN_ADDRESS = /^[^\s@<>()[\]",;:\\]+@[^\s@<>()[\]",;:\\]+$/;

/**
 * Refuses a recipient that is not exactly one plain address. nodemailer parses `to` as an
 * address list, so "a@b.c, d@e.f" would mail both and a line break could add headers. Callers
 * validate addresses earlier; this is the last line of defence. The error is marked
 * permanent: retrying cannot make the address valid.
 */
export function assertSingleRecipient(to: string): void {
  if (!PLAIN_ADDRESS.test(to)) {
    throw Object.assign(new Error(`Refusing to send mail to ${JSON.stringify(to)}: not a single plain address`), {
      permanent: true,
    });
  }
}

/** Rejects once `ms` have passed; the attempt itself goes on until its own timeouts. */
function withDeadline<T>(work: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not finish within ${ms / 1000} s`)), ms);
  });
  return Promise.race([work, deadline]).finally(() => clearTimeout(timer));
}

/**
 * Quoted-printable keeps the text parts readable in raw form (links and accents can be
 * searched in a `.eml` or a test's captured message) and is 7-bit safe for any relay.
 */
function composeOptions(from: string, m: MailMessage) {
  assertSingleRecipient(m.to);
  return {
    from,
    to: m.to,
    subject: m.subject,
    text: m.text,
    html: m.html,
    ...(m.headers ? { headers: checkedHeaders(m.headers) } : {}),
    textEncoding: "quoted-printable" as const,
  };
}

const HEADER_NAME = /^[A-Za-z0-9-]+$/;

/** Extra headers must not smuggle more headers in: a line break would start a new one. */
function checkedHeaders(headers: Record<string, string>): Record<string, string> {
  for (const [name, value] of Object.entries(headers)) {
    if (!HEADER_NAME.test(name) || /[\r\n]/.test(value)) {
      throw Object.assign(new Error(`Refusing to send mail with the header ${JSON.stringify(name)}`), { permanent: true });
    }
  }
  return headers;
}

export function createMailTransport({ smtpUrl, from, dataDir }: CreateMailTransportOptions): MailTransport {
  if (smtpUrl) {
    const options: SMTPTransport.Options = { url: smtpUrl, ...SMTP_TIMEOUTS };
    const transport = once(() => loadNodemailer().then((nodemailer) => nodemailer.createTransport(options)));
    return {
      async send(m) {
        const composed = composeOptions(from, m);
        await withDeadline((await transport()).sendMail(composed), MAIL_SEND_TIMEOUT_MS, "The SMTP send");
      },
    };
  }

  const folder = path.join(dataDir, "outbox", "mail");
  // streamTransport runs nodemailer's own MIME builder and hands back the RFC 822 bytes.
  const builder = once(() =>
    loadNodemailer().then((nodemailer) => nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "windows" })),
  );
  return {
    async send(m) {
      const composed = composeOptions(from, m);
      const info = await (await builder()).sendMail(composed);
      await mkdir(folder, { recursive: true });
      // Colons are not allowed in Windows file names; this form still sorts by time.
      const stamp = new Date().toISOString().replaceAll(":", "-");
      const name = `${stamp}-${randomUUID()}.eml`;
      // Written beside its final name, then renamed: a reader never sees half a message.
      const temporary = path.join(folder, `.${name}.tmp`);
      try {
        await writeFile(temporary, info.message as Buffer, { mode: 0o600 });
        await rename(temporary, path.join(folder, name));
      } catch (error) {
        await rm(temporary, { force: true });
        throw error;
      }
    },
  };
}

/** The transport, created on first use (a failed load is tried again on the next message). */
function once<T extends Transporter>(create: () => Promise<T>): () => Promise<T> {
  let created: Promise<T> | undefined;
  return () =>
    (created ??= create().catch((error: unknown) => {
      created = undefined;
      throw error;
    }));
}
