// `npm run deps:check` (ADR 034): one dependency-cruiser run over app/, checked twice.
// 1. The module rules of .dependency-cruiser.cjs (layers, no module cycle), reported as
//    `depcruise --output-type err` does.
// 2. The feature folders import one way: every module of app/features/<domain>/ (its admin/
//    and other subfolders included) counts as <domain>, and the graph of domains must have no
//    cycle, even one that goes through different files (auth → events in one file, events →
//    auth in another) and so is no module cycle.
// Exits 1 when either fails.
import { spawnSync } from "node:child_process";
import { format } from "dependency-cruiser";

const run = spawnSync("depcruise", ["app", "--config", ".dependency-cruiser.cjs", "--output-type", "json"], {
  encoding: "utf8",
  maxBuffer: 256 * 1024 * 1024,
});
let result;
try {
  result = JSON.parse(run.stdout);
} catch {
  process.stderr.write(run.stderr || run.error?.message || "dependency-cruiser gave no result\n");
  process.exit(2);
}

const moduleReport = await format(result, { outputType: "err" });
process.stdout.write(moduleReport.output);

const cycles = featureFolderCycles(result.modules);
if (cycles.length > 0) {
  process.stdout.write(
    `\n  error feature-folders-import-one-way: ${cycles.length === 1 ? "a cycle" : `${cycles.length} cycles`} between feature folders ` +
      "(app/features/<domain>, its subfolders counted as the domain). Move what both need below them\n" +
      "  (platform, lib, server) or invert the dependency (the lower domain takes what it needs as an argument;\n" +
      "  routes, server/ or seed/ wire them).\n\n",
  );
  for (const cycle of cycles) {
    process.stdout.write(`  ${cycle.folders.map((f) => `features/${f}`).join(" → ")}\n`);
    for (const edge of cycle.edges) process.stdout.write(`      ${edge}\n`);
  }
  process.stdout.write(`\nx ${cycles.length} feature folder cycle${cycles.length === 1 ? "" : "s"}.\n\n`);
} else {
  process.stdout.write(`✔ feature folders import one way (${domainCount(result.modules)} domains, no folder cycle)\n\n`);
}

process.exit(result.summary.error > 0 || cycles.length > 0 ? 1 : 0);

function domainOf(path) {
  return /^app\/features\/([^/]+)\//.exec(path)?.[1] ?? null;
}

function domainCount(modules) {
  return new Set(modules.map((m) => domainOf(m.source)).filter(Boolean)).size;
}

/** One cycle per strongly connected group of domains, each edge with the first import that makes it. */
function featureFolderCycles(modules) {
  /** @type {Map<string, Map<string, string>>} domain → (imported domain → one import, as text) */
  const graph = new Map();
  for (const module of modules) {
    const from = domainOf(module.source);
    if (!from) continue;
    if (!graph.has(from)) graph.set(from, new Map());
    for (const dependency of module.dependencies) {
      const to = domainOf(dependency.resolved);
      if (!to || to === from || graph.get(from).has(to)) continue;
      graph.get(from).set(to, `${module.source} → ${dependency.resolved}`);
    }
  }
  return stronglyConnected(graph)
    .filter((group) => group.length > 1)
    .map((group) => {
      const folders = shortestCycle(graph, group);
      const edges = folders.slice(0, -1).map((folder, i) => graph.get(folder).get(folders[i + 1]));
      return { folders, edges };
    });
}

/** Tarjan's algorithm: the groups of domains that reach each other. */
function stronglyConnected(graph) {
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const groups = [];
  const visit = (node) => {
    index.set(node, index.size);
    low.set(node, index.get(node));
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node)?.keys() ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node), low.get(next)));
      } else if (onStack.has(next)) {
        low.set(node, Math.min(low.get(node), index.get(next)));
      }
    }
    if (low.get(node) === index.get(node)) {
      const group = [];
      let member;
      do {
        member = stack.pop();
        onStack.delete(member);
        group.push(member);
      } while (member !== node);
      groups.push(group.sort());
    }
  };
  for (const node of [...graph.keys()].sort()) if (!index.has(node)) visit(node);
  return groups;
}

/** The shortest way from the group's first domain back to itself, inside the group (breadth first). */
function shortestCycle(graph, group) {
  const members = new Set(group);
  const start = group[0];
  const previous = new Map();
  const queue = [start];
  while (queue.length > 0) {
    const node = queue.shift();
    for (const next of [...(graph.get(node)?.keys() ?? [])].sort()) {
      if (!members.has(next)) continue;
      if (next === start) {
        const path = [node];
        while (path[0] !== start) path.unshift(previous.get(path[0]));
        return [...path, start];
      }
      if (!previous.has(next)) {
        previous.set(next, node);
        queue.push(next);
      }
    }
  }
  return [start, start];
}
