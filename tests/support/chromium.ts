// One definition of the system Chromium and its flags, shared with the benchmarks.
export { chromiumFlags as chromiumArgs, chromiumPath } from "../../scripts/lib/chromium.mjs";
