// The command-line side of the running server's command socket (app/server/control-socket.server.ts,
// ADR 037): `npm run admin:create` and `npm run db:backup` ask the server to do their work while
// it holds the embedded database. Plain Node, like the backup code, so both commands can use it.
import { existsSync } from "node:fs";
import net from "node:net";
import path from "node:path";

export const CONTROL_SOCKET = "control.sock";

/**
 * Sends one command to the server listening on `DATA_DIR/control.sock` and resolves with its
 * answer (`{ ok: true, … }` or `{ ok: false, error }`), or null when no server listens there.
 */
export function sendControlCommand(dataDir, command, args, timeoutMs = 10 * 60 * 1000) {
  const socketPath = path.resolve(dataDir, CONTROL_SOCKET);
  if (!existsSync(socketPath)) return Promise.resolve(null);
  return new Promise((resolve, reject) => {
    const socket = net.connect(socketPath);
    let received = "";
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error(`The server did not answer within ${Math.round(timeoutMs / 1000)} s.`));
    }, timeoutMs);
    socket.setEncoding("utf8");
    socket.once("connect", () => socket.write(`${JSON.stringify({ command, args })}\n`));
    socket.on("data", (chunk) => {
      received += chunk;
    });
    socket.once("error", (error) => {
      clearTimeout(timer);
      if (error.code === "ENOENT" || error.code === "ECONNREFUSED") resolve(null);
      else reject(error);
    });
    socket.once("end", () => {
      clearTimeout(timer);
      try {
        resolve(JSON.parse(received.trim()));
      } catch {
        reject(new Error("The server's answer could not be read."));
      }
    });
  });
}
