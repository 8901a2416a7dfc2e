import { afterAll, expect } from "vitest";

// The integration files of a worker share one process (vitest.config.ts, `isolate: false`): a
// file that changes process.env and leaves it so changes every later file's servers and scripts
// (an AUTH_SECRET left behind once kept backup-restore's server from making its own). Taken
// before the file is imported, compared after its last hook.
const before = { ...process.env };
/** Set by a library as it loads, once per process, the same for every file: sharp's libvips. */
const SET_BY_LIBRARIES = new Set(["VIPSHOME"]);

afterAll(() => {
  const changed = [...new Set([...Object.keys(before), ...Object.keys(process.env)])].filter(
    (key) => before[key] !== process.env[key] && !SET_BY_LIBRARIES.has(key),
  );
  expect(changed, "this file changed process.env and did not put it back (vi.stubEnv and vi.unstubAllEnvs do)").toEqual([]);
});
