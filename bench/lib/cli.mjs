// The command line of a bench script: its options (node:util parseArgs) plus -h/--help.
// A bad option prints the message and the usage and exits 2 (the contract's "could not
// measure"); --help prints the usage and exits 0.
import { parseArgs } from "node:util";

export function parseCli(options, usage) {
  let values;
  try {
    ({ values } = parseArgs({ options: { ...options, help: { type: "boolean", short: "h", default: false } } }));
  } catch (error) {
    console.error(`${error.message}\n${usage}`);
    process.exit(2);
  }
  if (values.help) {
    console.log(usage);
    process.exit(0);
  }
  return values;
}
