import { chmodSync, existsSync, rmSync } from "node:fs";
import net from "node:net";
import path from "node:path";
import { logger } from "./logger.server";

/**
 * The running server's command socket (ADR 037): `DATA_DIR/control.sock`, a Unix socket only its
 * owner may open (mode 0600), on which `npm run admin:create` and `npm run db:backup` ask the
 * server to do their work while it holds the embedded database (which allows one process). One
 * request per connection: a line of JSON `{ "command": …, "args": … }`, answered by a line of
 * JSON `{ "ok": true, … }` or `{ "ok": false, "error": "…" }`. Only the commands given here
 * exist; each runs the same code, validation and audit log as the rest of the app.
 */
export const CONTROL_SOCKET = "control.sock";
/** A request is a few hundred bytes; anything longer is refused. */
const MAX_REQUEST_BYTES = 64 * 1024;

export type ControlHandler = (args: Record<string, unknown>) => Promise<Record<string, unknown>>;

export class ControlCommandError extends Error {}

export function controlSocketPath(dataDir: string): string {
  return path.resolve(dataDir, CONTROL_SOCKET);
}

export async function startControlSocket(options: {
  dataDir: string;
  commands: Record<string, ControlHandler>;
}): Promise<{ path: string; close(): Promise<void> }> {
  const socketPath = controlSocketPath(options.dataDir);
  // A socket file left by a server that did not stop cleanly: nobody answers on it.
  if (existsSync(socketPath)) {
    if (await answers(socketPath)) throw new Error(`Another server is already running on ${socketPath}.`);
    rmSync(socketPath, { force: true });
  }
  const server = net.createServer((socket) => {
    let received = "";
    let done = false;
    socket.setEncoding("utf8");
    const reply = (body: Record<string, unknown>) => {
      if (done) return;
      done = true;
      socket.end(`${JSON.stringify(body)}\n`);
    };
    socket.on("error", () => {});
    socket.on("data", (chunk: string) => {
      received += chunk;
      if (received.length > MAX_REQUEST_BYTES) return reply({ ok: false, error: "The request is too long." });
      const newline = received.indexOf("\n");
      if (newline < 0 || done) return;
      void run(received.slice(0, newline)).then(reply);
    });
  });
  const run = async (line: string): Promise<Record<string, unknown>> => {
    let request: unknown;
    try {
      request = JSON.parse(line);
    } catch {
      return { ok: false, error: "The request is not JSON." };
    }
    const { command, args } = (request ?? {}) as { command?: unknown; args?: unknown };
    const handler = typeof command === "string" && Object.hasOwn(options.commands, command) ? options.commands[command] : undefined;
    if (!handler) return { ok: false, error: `Unknown command: ${String(command)}` };
    try {
      const answer = await handler(args && typeof args === "object" ? (args as Record<string, unknown>) : {});
      return { ok: true, ...answer };
    } catch (error) {
      if (error instanceof ControlCommandError) return { ok: false, error: error.message };
      logger.error({ err: error, command }, "a command on the control socket failed");
      return { ok: false, error: "The server could not do it; its log says why." };
    }
  };
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    // Created owner-only from the start (umask), then made so explicitly.
    const umask = process.umask(0o177);
    try {
      server.listen(socketPath, () => resolve());
    } finally {
      process.umask(umask);
    }
  });
  chmodSync(socketPath, 0o600);
  return {
    path: socketPath,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        rmSync(socketPath, { force: true });
      }),
  };
}

function answers(socketPath: string): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(socketPath);
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });
}
