/** The system Chromium (Debian package `chromium`); never a downloaded browser. */
export const chromiumPath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

/** Flags these machines need (docs: ../shared/ARCHITECTURE.md, "Facts learned the hard way"). */
export const chromiumArgs = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
  "--disable-quic",
];
