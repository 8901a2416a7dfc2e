// Retention for a folder of nightly archives: the newest archive of each of the last N days
// that have one, and the newest of each of the last M ISO weeks (like restic's --keep-daily
// and --keep-weekly). Only files named as db:backup names them are ever considered.
import { readdirSync, rmSync } from "node:fs";
import path from "node:path";

export const ARCHIVE_PATTERN = /^church-backup-(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z\.tar\.gz$/;

/** `church-backup-20260314T031500Z.tar.gz` for that instant (UTC). */
export function archiveName(date) {
  const stamp = date
    .toISOString()
    .replace(/\.\d{3}Z$/, "Z")
    .replaceAll("-", "")
    .replaceAll(":", "");
  return `church-backup-${stamp}.tar.gz`;
}

function archiveDate(name) {
  const m = ARCHIVE_PATTERN.exec(name);
  return m ? new Date(Date.UTC(+m[1], +m[2] - 1, +m[3], +m[4], +m[5], +m[6])) : null;
}

/** ISO 8601 week key (e.g. 2026-W11) of a UTC date. */
function isoWeek(date) {
  const day = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()));
  const weekday = day.getUTCDay() || 7;
  day.setUTCDate(day.getUTCDate() + 4 - weekday);
  const yearStart = new Date(Date.UTC(day.getUTCFullYear(), 0, 1));
  const week = Math.ceil(((day - yearStart) / 86_400_000 + 1) / 7);
  return `${day.getUTCFullYear()}-W${String(week).padStart(2, "0")}`;
}

/** Which of `names` to keep and which to delete (names that are not archives are left out of both). */
export function planRetention(names, { keepDaily, keepWeekly }) {
  const archives = names
    .map((name) => ({ name, date: archiveDate(name) }))
    .filter((a) => a.date)
    .sort((a, b) => b.date - a.date);
  const keep = new Set();
  if (archives.length > 0) keep.add(archives[0].name);
  const days = new Set();
  const weeks = new Set();
  for (const archive of archives) {
    const day = archive.date.toISOString().slice(0, 10);
    if (!days.has(day) && days.size < keepDaily) {
      days.add(day);
      keep.add(archive.name);
    }
    const week = isoWeek(archive.date);
    if (!weeks.has(week) && weeks.size < keepWeekly) {
      weeks.add(week);
      keep.add(archive.name);
    }
  }
  return {
    keep: archives.filter((a) => keep.has(a.name)).map((a) => a.name),
    remove: archives.filter((a) => !keep.has(a.name)).map((a) => a.name),
  };
}

/** Deletes the archives in `dir` that the retention does not keep; answers their names. */
export function pruneBackups(dir, retention) {
  const { remove } = planRetention(readdirSync(dir), retention);
  for (const name of remove) rmSync(path.join(dir, name), { force: true });
  return remove;
}
