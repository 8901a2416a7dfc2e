// Shared by memory.mjs, startup.mjs and run-all.mjs: the `--json` result contract
// ({ bench, startedAt, loadavg, rows: [{ measure, value, unit, target, pass }], notes }),
// a plain-text table, and a throwaway PostgreSQL database on 127.0.0.1:5432.
import { spawnSync } from "node:child_process";
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";

export const loadavg = () => os.loadavg().map((n) => Math.round(n * 100) / 100);

/** Exit code of the contract: 2 when a measurement is missing, 1 when a target is missed, else 0. */
export function exitCodeOf(rows, failed = false) {
  if (failed || rows.some((r) => r.value === null || r.value === undefined)) return 2;
  return rows.some((r) => r.pass === false) ? 1 : 0;
}

export function writeResult(file, { bench, startedAt, rows, notes = [], extra = {} }) {
  if (!file) return;
  mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  const result = { bench, startedAt, loadavg: loadavg(), rows, notes, ...extra };
  writeFileSync(file, JSON.stringify(result, null, 2) + "\n");
}

export function formatValue(value, unit) {
  if (value === null || value === undefined) return "n/a";
  if (typeof value !== "number") return String(value);
  const digits = Number.isInteger(value) || Math.abs(value) >= 100 ? 0 : Math.abs(value) >= 10 ? 1 : 2;
  return `${value.toFixed(digits)}${unit ? " " + unit : ""}`;
}

/** Left-aligned text table; `columns` are header names, `lines` arrays of strings. */
export function table(columns, lines) {
  const widths = columns.map((c, i) => Math.max(c.length, ...lines.map((l) => String(l[i] ?? "").length)));
  const fmt = (cells) =>
    cells
      .map((c, i) => String(c ?? "").padEnd(widths[i]))
      .join("  ")
      .trimEnd();
  return [fmt(columns), widths.map((w) => "-".repeat(w)).join("  "), ...lines.map(fmt)].join("\n");
}

export function rowsTable(rows) {
  return table(
    ["measure", "figure", "target", "pass"],
    rows.map((r) => [r.measure, formatValue(r.value, r.unit), r.target ?? "", passMark(r.pass)]),
  );
}

export const passMark = (pass) => (pass === true ? "yes" : pass === false ? "NO" : "–");

// ---- PostgreSQL -------------------------------------------------------------------------------
const PG = ["-h", "127.0.0.1", "-p", "5432", "-U", "postgres"];

/** Create an empty database; returns its URL. Throws with the client's message on failure. */
export function createDatabase(name) {
  const result = spawnSync("createdb", [...PG, name], { encoding: "utf8" });
  if (result.error) throw new Error(`createdb not available (${result.error.message}); apt-get install -y postgresql-client`);
  if (result.status !== 0) throw new Error(`createdb ${name} failed: ${result.stderr.trim()}`);
  return `postgres://postgres@127.0.0.1:5432/${name}`;
}

export function dropDatabase(name) {
  const result = spawnSync("dropdb", [...PG, "--if-exists", "--force", name], { encoding: "utf8" });
  if (result.status !== 0) console.error(`WARNING: dropdb ${name} failed: ${(result.stderr ?? "").trim()}`);
}

/** Child processes of `pid` (cluster mode's workers), from /proc; shared with the cluster-mode test. */
export function childPids(pid) {
  const children = [];
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // /proc/<pid>/stat: "pid (comm) state ppid …"; comm may hold spaces, so read after the last ")".
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      if (Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]) === pid) children.push(Number(entry));
    } catch {
      // exited meanwhile
    }
  }
  return children.sort((a, b) => a - b);
}

/**
 * VmRSS of a process and its child processes, in MB: `{ total, each }` with `each` as
 * `[{ pid, mb }]`, the process itself first.
 */
export async function treeRssMb(pid) {
  const each = [];
  for (const p of [pid, ...childPids(pid)]) {
    const mb = await rssMb(p);
    if (mb !== null) each.push({ pid: p, mb });
  }
  return { total: each.reduce((sum, e) => sum + e.mb, 0), each };
}

/** VmRSS of a process in MB (1 MB = 1024 * 1024 bytes), or null when it is gone. */
export async function rssMb(pid) {
  try {
    const status = readFileSync(`/proc/${pid}/status`, "utf8");
    const match = /^VmRSS:\s+(\d+)\s+kB/m.exec(status);
    return match ? Number(match[1]) / 1024 : null;
  } catch {
    return null;
  }
}

/** The process is a node process (not npm / a shell wrapper). */
export async function processName(pid) {
  try {
    return readFileSync(`/proc/${pid}/comm`, "utf8").trim();
  } catch {
    return null;
  }
}
