// The system Chromium and the flags it must run with on these machines (no sandbox, no GPU,
// no internet: nothing that phones home). Never download a browser.
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";

export const chromiumPath = process.env.CHROMIUM_PATH || "/usr/bin/chromium";

export const chromiumFlags = [
  "--headless=new",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
  "--disable-quic",
];

export function assertChromium() {
  if (!existsSync(chromiumPath)) {
    throw new Error(`${chromiumPath} not found: install the Debian package (apt-get install -y chromium) or set CHROMIUM_PATH`);
  }
}

/** "Chromium 156.0.8078.79 built on Debian GNU/Linux 12 (bookworm)" */
export function chromiumVersion() {
  try {
    return execFileSync(chromiumPath, ["--version"], { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] }).trim();
  } catch {
    return "unknown";
  }
}
