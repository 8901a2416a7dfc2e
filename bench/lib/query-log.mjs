// Preloaded into the app by `bench/uncached.mjs --count-queries` (NODE_OPTIONS=--import):
// records the SQL text of every query the app sends through node-postgres (pg.Client#query,
// which pg.Pool#query also goes through). On SIGUSR2 the queries recorded since the last signal
// are written as JSON to $BENCH_QUERY_LOG (written to a temp name, then renamed) and forgotten.
// Only for counting queries per request; never loaded by the app itself.
import { renameSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";

const file = process.env.BENCH_QUERY_LOG;
if (file) {
  const require = createRequire(path.join(process.cwd(), "package.json"));
  const pg = require("pg");
  const MAX = 20_000;
  let recorded = [];
  let dropped = 0;
  const original = pg.Client.prototype.query;
  pg.Client.prototype.query = function query(config, ...rest) {
    const text = typeof config === "string" ? config : config?.text;
    const values = typeof config === "string" || !Array.isArray(config?.values) ? rest[0] : config.values;
    if (typeof text === "string") {
      if (recorded.length < MAX) recorded.push({ text, values: Array.isArray(values) ? values : [] });
      else dropped++;
    }
    return original.call(this, config, ...rest);
  };
  process.on("SIGUSR2", () => {
    writeFileSync(file + ".tmp", JSON.stringify({ queries: recorded, dropped }));
    renameSync(file + ".tmp", file);
    recorded = [];
    dropped = 0;
  });
}
