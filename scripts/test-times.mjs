// Wall time of each vitest project (unit, integration, e2e) and the slowest files, from the JSON
// report a CI run writes (vitest.config.ts): `npm run test:times [-- path/to/vitest.json]`.
import { readFileSync } from "node:fs";
import path from "node:path";

const file = process.argv[2] ?? "test-results/vitest.json";
const report = JSON.parse(readFileSync(file, "utf8"));
// The files' common folder: the checkout the report was written in.
const names = report.testResults.map((r) => r.name);
let root = path.dirname(names[0] ?? "") + path.sep;
while (!names.every((name) => name.startsWith(root))) root = path.dirname(root.slice(0, -1)) + path.sep;
const projectOf = (name) => (name.startsWith("app/") ? "unit" : name.startsWith("tests/integration/") ? "integration" : "e2e");

const files = report.testResults.map((r) => ({
  name: r.name.replace(root, ""),
  start: r.startTime,
  end: r.endTime,
}));
const end = Math.max(...files.map((f) => f.end));
console.log(`vitest: ${((end - report.startTime) / 1000).toFixed(0)} s from start to the last file's end; ${report.numTotalTests} tests`);
for (const project of ["unit", "integration", "e2e"]) {
  const own = files.filter((f) => projectOf(f.name) === project);
  if (own.length === 0) continue;
  const first = Math.min(...own.map((f) => f.start));
  const last = Math.max(...own.map((f) => f.end));
  const sum = own.reduce((total, f) => total + (f.end - f.start), 0);
  console.log(
    `${project.padEnd(12)} ${String(own.length).padStart(3)} files  wall ${((last - first) / 1000).toFixed(0).padStart(4)} s` +
      `  (from ${((first - report.startTime) / 1000).toFixed(0)} s to ${((last - report.startTime) / 1000).toFixed(0)} s)` +
      `  sum of files ${(sum / 1000).toFixed(0)} s`,
  );
}
console.log("slowest files:");
for (const f of files.sort((a, b) => b.end - b.start - (a.end - a.start)).slice(0, 10)) {
  console.log(`  ${((f.end - f.start) / 1000).toFixed(1).padStart(6)} s  ${f.name}`);
}
