// A real SMTP server on a loopback port (the `smtp-server` package, as the tests use) that can
// be taken down and brought back on the same port: `down()` stops listening and drops open
// connections, so the app's sends are refused exactly as with a stopped mail server.
import { SMTPServer } from "smtp-server";

export interface ReceivedMail {
  to: string[];
  subject: string;
  /** Date.now() when the message was accepted. */
  at: number;
  raw: string;
}

export interface RestartableSmtp {
  url: string;
  port: number;
  mails: ReceivedMail[];
  isUp(): boolean;
  down(): Promise<void>;
  up(): Promise<void>;
  close(): Promise<void>;
}

function subjectOf(raw: string): string {
  const header = raw.split(/\r?\n\r?\n/, 1)[0] ?? "";
  const match = /^Subject: (.*(?:\r?\n[ \t].*)*)/im.exec(header);
  return match ? match[1]!.replace(/\r?\n[ \t]/g, " ").trim() : "";
}

export async function startRestartableSmtp({ port }: { port: number }): Promise<RestartableSmtp> {
  const mails: ReceivedMail[] = [];
  let server: SMTPServer | null = null;

  const up = async () => {
    if (server) return;
    const next = new SMTPServer({
      authOptional: true,
      disabledCommands: ["STARTTLS", "AUTH"],
      logger: false,
      // down() should not wait for the app's open connections: it drops them.
      closeTimeout: 50,
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on("data", (chunk: Buffer) => chunks.push(chunk));
        stream.on("end", () => {
          const raw = Buffer.concat(chunks).toString("utf8");
          mails.push({ to: session.envelope.rcptTo.map((r) => r.address), subject: subjectOf(raw), at: Date.now(), raw });
          callback();
        });
      },
    });
    next.on("error", () => {});
    await new Promise<void>((resolve, reject) => {
      next.server.once("error", reject);
      next.listen(port, "127.0.0.1", () => resolve());
    });
    server = next;
  };

  const down = async () => {
    const current = server;
    if (!current) return;
    server = null;
    await new Promise<void>((resolve) => current.close(() => resolve()));
  };

  await up();
  return { url: `smtp://127.0.0.1:${port}`, port, mails, isUp: () => server !== null, down, up, close: down };
}
