import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

/** Undoes quoted-printable soft breaks and escapes so links and accents can be searched. */
export function decodeMail(raw: string): string {
  return raw.replace(/=\r?\n/g, "").replace(/(?:=[0-9A-F]{2})+/g, (match) => {
    try {
      return Buffer.from(match.replaceAll("=", ""), "hex").toString("utf8");
    } catch {
      return match;
    }
  });
}

/** The /auth/callback link in a received mail. */
export function callbackLink(mail: string): URL {
  const match = mail.match(/https?:\/\/[^\s"<>]+\/auth\/callback\?[^\s"<>]+/);
  if (!match) throw new Error(`no callback link in mail:\n${mail.slice(0, 2000)}`);
  return new URL(match[0].replaceAll("&amp;", "&"));
}

/** The /auth/reset-password link in a received mail ("Forgot your password?"). */
export function resetPasswordLink(mail: string): URL {
  const match = mail.match(/https?:\/\/[^\s"<>]+\/auth\/reset-password\?[^\s"<>]+/);
  if (!match) throw new Error(`no password reset link in mail:\n${mail.slice(0, 2000)}`);
  return new URL(match[0].replaceAll("&amp;", "&"));
}

/** The newest `.eml` in DATA_DIR/outbox/mail addressed to `to`, decoded; waits up to 10 s. */
export async function waitForEmlTo(dataDir: string, to: string, after = 0): Promise<string> {
  const folder = path.join(dataDir, "outbox", "mail");
  const deadline = Date.now() + 10_000;
  for (;;) {
    let files: string[] = [];
    try {
      files = readdirSync(folder)
        .filter((f) => f.endsWith(".eml"))
        .sort();
    } catch {
      files = [];
    }
    const matching = files
      .map((f) => decodeMail(readFileSync(path.join(folder, f), "utf8")))
      .filter((mail) => new RegExp(`^To: .*${to.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`, "mi").test(mail));
    if (matching.length > after) return matching[matching.length - 1]!;
    if (Date.now() > deadline) throw new Error(`no mail to ${to} in ${folder} within 10 s`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
