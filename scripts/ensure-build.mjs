// `npm start` serves the production build, and `npm test` tests it: build it when it is missing
// or older than the sources (or the installed packages), so `npm install && npm start` works on
// a fresh checkout and a second `npm test` does not rebuild what has not changed.
import { execSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
const output = path.join(root, "build/server/index.js");
const inputs = ["app", "server", "public", "drizzle", "vite.config.ts", "react-router.config.ts", "package.json", "package-lock.json"];

function newest(target) {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let latest = stat.mtimeMs;
  for (const entry of readdirSync(target)) latest = Math.max(latest, newest(path.join(target, entry)));
  return latest;
}

const built = existsSync(output) ? statSync(output).mtimeMs : 0;
const sources = Math.max(...inputs.map((i) => newest(path.join(root, i))));
if (built < sources) {
  console.log("Building the production bundle…");
  execSync("npx react-router build", { cwd: root, stdio: "inherit" });
}
