// What uploaded photos cost the server (issue 32, item 4): peak RSS and CPU seconds of the real
// gallery processing (`encodeGalleryImage`, or `storeGalleryImage` of an older copy given with
// --module) when several uploads arrive at once. Each scenario runs in its own child process
// started like `npm start` starts the server (MALLOC_ARENA_MAX=2, the same heap flags), so one
// scenario's memory does not hide another's.
//
//   npm run bench:images                                  # every scenario, 8 uploads at once
//   npm run bench:images -- --scenarios large --uploads 4
//   npm run bench:images -- --module /tmp/old/store-gallery-image.server.ts   # an older copy
//   npm run bench:images -- --json bench/results/image-jobs.json
//
// Scenarios (inputs generated once into $TMPDIR/bench-image-jobs):
//   attacker   the tester's PNG: 1600 × 16300 px of flat bands (~100 KB), 1 upload, then 2
//   large      the largest accepted photo: a 6000 × 4000 JPEG (24 MP, ~5 MB), --uploads at once
//   tall       the tallest accepted shape: 1767 × 14136 px PNG (25 MP, 1:8), --uploads at once
//   phone      an ordinary phone photo: 4032 × 3024 JPEG (12 MP), --uploads at once
//   flood      the phone photo, 4 × --uploads at once (shows the queue's "busy" answers)
// Figures per scenario: RSS before the uploads (sharp loaded, inputs read), peak RSS
// (getrusage's ru_maxrss) and its rise, CPU seconds (user + system), wall seconds, outcomes.
// Exit 0 when measured; 2 when it could not measure. No targets: it records.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { parseCli } from "./lib/cli.mjs";
import { loadavg, table, writeResult } from "./lib/rows.mjs";

const SCRIPT = fileURLToPath(import.meta.url);
const ROOT = path.resolve(path.dirname(SCRIPT), "..");
const DEFAULT_MODULE = path.join(ROOT, "app/features/gallery/store-gallery-image.server.ts");
const INPUT_DIR = path.join(os.tmpdir(), "bench-image-jobs");
const MB = 1024 * 1024;

const usage = `usage: tsx bench/image-jobs.ts [--scenarios attacker,large,tall,phone,flood] [--uploads 8]
                            [--module path/to/store-gallery-image.server.ts] [--json path]
  --scenarios  which scenarios to run (default all)
  --uploads    uploads started at once in large, tall and phone (default 8; flood: 4 ×)
  --module     the gallery module to measure (default the current one)
  --json       write the result (bench contract) to this file`;

interface Input {
  name: string;
  file: string;
  make: () => Promise<Buffer>;
}

/** Pixels from a function of (x, y, channel), built row by row (the 78 MB buffer is the only big one). */
function pixels(width: number, height: number, value: (x: number, y: number, c: number) => number): Buffer {
  const raw = Buffer.alloc(width * height * 3);
  let i = 0;
  for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) for (let c = 0; c < 3; c++) raw[i++] = value(x, y, c);
  return raw;
}

async function sharpOf() {
  return (await import("sharp")).default;
}

/** A photo-like picture: smooth gradients plus grain (pure noise would not fit in 8 MB as a JPEG). */
async function photoJpeg(width: number, height: number): Promise<Buffer> {
  const sharp = await sharpOf();
  let seed = 1;
  const grain = () => ((seed = (seed * 1103515245 + 12345) & 0x7fffffff) >> 16) & 15;
  const raw = pixels(width, height, (x, y, c) => (((x * (c + 1)) / width) * 180 + (y / height) * 60 + grain()) & 255);
  return sharp(raw, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 85 })
    .toBuffer();
}

/** Flat horizontal bands: compresses to ~100 KB as a PNG, like the tester's file. */
async function bandsPng(width: number, height: number): Promise<Buffer> {
  const sharp = await sharpOf();
  const raw = pixels(width, height, (_x, y, c) => ((y >> 6) * (37 + c * 20)) & 255);
  return sharp(raw, { raw: { width, height, channels: 3 } })
    .png({ compressionLevel: 9 })
    .toBuffer();
}

const INPUTS: Record<string, Input> = {
  attacker: { name: "1600 × 16300 PNG (the tester's)", file: "attacker-1600x16300.png", make: () => bandsPng(1600, 16300) },
  large: { name: "6000 × 4000 JPEG (24 MP)", file: "large-6000x4000.jpg", make: () => photoJpeg(6000, 4000) },
  tall: { name: "1767 × 14136 PNG (25 MP, 1:8)", file: "tall-1767x14136.png", make: () => bandsPng(1767, 14136) },
  phone: { name: "4032 × 3024 JPEG (12 MP)", file: "phone-4032x3024.jpg", make: () => photoJpeg(4032, 3024) },
};

interface Scenario {
  name: string;
  input: keyof typeof INPUTS;
  uploads: number;
}

interface ChildResult {
  baselineMb: number;
  peakMb: number;
  cpuSeconds: number;
  wallSeconds: number;
  outcomes: Record<string, number>;
  slowestSeconds: number;
}

// ---- child: one scenario in a fresh process ----------------------------------------------------

async function runChild(modulePath: string, inputFile: string, uploads: number): Promise<void> {
  const mod = (await import(pathToFileURL(modulePath).href)) as {
    encodeGalleryImage?: (o: { input: Uint8Array; uploadDir: string }) => Promise<{ ok: true } | { ok: false; reason: string }>;
    storeGalleryImage: (input: Uint8Array, uploadDir: string) => Promise<unknown>;
  };
  await sharpOf();
  const bytes = new Uint8Array(await readFile(inputFile));
  const inputs = Array.from({ length: uploads }, () => new Uint8Array(bytes));
  const outDir = await mkdtemp(path.join(os.tmpdir(), "bench-image-out-"));
  const baseline = process.memoryUsage.rss();
  const cpu = process.cpuUsage();
  const started = performance.now();
  const outcomes: Record<string, number> = {};
  let slowest = 0;
  try {
    await Promise.all(
      inputs.map(async (input) => {
        const t0 = performance.now();
        let outcome: string;
        if (mod.encodeGalleryImage) {
          const r = await mod.encodeGalleryImage({ input, uploadDir: outDir });
          outcome = r.ok ? "stored" : r.reason;
        } else {
          outcome = (await mod.storeGalleryImage(input, outDir)) ? "stored" : "refused";
        }
        slowest = Math.max(slowest, (performance.now() - t0) / 1000);
        outcomes[outcome] = (outcomes[outcome] ?? 0) + 1;
      }),
    );
  } finally {
    await rm(outDir, { recursive: true, force: true });
  }
  const used = process.cpuUsage(cpu);
  const result: ChildResult = {
    baselineMb: baseline / MB,
    // ru_maxrss is in KiB on Linux; the peak of the whole process (the baseline included).
    peakMb: process.resourceUsage().maxRSS / 1024,
    cpuSeconds: (used.user + used.system) / 1e6,
    wallSeconds: (performance.now() - started) / 1000,
    outcomes,
    slowestSeconds: slowest,
  };
  process.stdout.write(`RESULT ${JSON.stringify(result)}\n`);
}

// ---- parent ------------------------------------------------------------------------------------

async function ensureInput(input: Input): Promise<string> {
  const file = path.join(INPUT_DIR, input.file);
  if (!existsSync(file)) {
    await mkdir(INPUT_DIR, { recursive: true });
    await writeFile(file, await input.make());
  }
  return file;
}

function runScenario(modulePath: string, file: string, uploads: number): ChildResult {
  // As `npm start` runs the server (package.json): the same allocator arenas and heap bounds.
  const env = { ...process.env, MALLOC_ARENA_MAX: process.env.MALLOC_ARENA_MAX ?? "2", NODE_ENV: "production" };
  const nodeOptions = [process.env.NODE_OPTIONS ?? "", "--max-old-space-size=192 --max-semi-space-size=8"].join(" ").trim();
  const child = spawnSync(
    process.execPath,
    [...process.execArgv, SCRIPT, "--child", file, "--module", modulePath, "--uploads", String(uploads)],
    {
      cwd: ROOT,
      env: { ...env, NODE_OPTIONS: nodeOptions },
      encoding: "utf8",
      timeout: 10 * 60_000,
    },
  );
  const line = child.stdout?.split("\n").find((l) => l.startsWith("RESULT "));
  if (!line) throw new Error(`the scenario did not finish (exit ${child.status}): ${child.stderr?.slice(-2000)}`);
  return JSON.parse(line.slice("RESULT ".length)) as ChildResult;
}

async function main(): Promise<void> {
  const args = parseCli(
    {
      scenarios: { type: "string", default: "attacker,large,tall,phone,flood" },
      uploads: { type: "string", default: "8" },
      module: { type: "string" },
      json: { type: "string" },
      child: { type: "string" },
    },
    usage,
  ) as { scenarios: string; uploads: string; module?: string; json?: string; child?: string };
  const uploads = Number(args.uploads);
  if (!Number.isInteger(uploads) || uploads < 1 || uploads > 64) {
    console.error(`--uploads must be 1–64\n${usage}`);
    process.exit(2);
  }
  const modulePath = path.resolve(args.module ?? DEFAULT_MODULE);
  if (args.child) return runChild(modulePath, args.child, uploads);

  const wanted = args.scenarios.split(",").map((s) => s.trim());
  const scenarios: Scenario[] = [];
  if (wanted.includes("attacker"))
    scenarios.push({ name: "attacker ×1", input: "attacker", uploads: 1 }, { name: "attacker ×2", input: "attacker", uploads: 2 });
  for (const name of ["large", "tall", "phone"] as const)
    if (wanted.includes(name)) scenarios.push({ name: `${name} ×${uploads}`, input: name, uploads });
  if (wanted.includes("flood")) scenarios.push({ name: `flood ×${uploads * 4}`, input: "phone", uploads: uploads * 4 });
  if (scenarios.length === 0) {
    console.error(`no known scenario in --scenarios\n${usage}`);
    process.exit(2);
  }

  const startedAt = new Date().toISOString();
  console.log(`module: ${path.relative(ROOT, modulePath) || modulePath}; ${os.cpus().length} cores; load ${loadavg().join(" ")}`);
  const rows: Array<{ measure: string; value: number; unit: string; target: null; pass: null }> = [];
  const lines: string[][] = [];
  for (const s of scenarios) {
    const input = INPUTS[s.input]!;
    const file = await ensureInput(input);
    const size = (await readFile(file)).length;
    const r = runScenario(modulePath, file, s.uploads);
    const outcomes = Object.entries(r.outcomes)
      .map(([k, v]) => `${v} ${k}`)
      .join(", ");
    lines.push([
      s.name,
      `${input.name}, ${(size / 1024).toFixed(0)} KB`,
      r.baselineMb.toFixed(0),
      r.peakMb.toFixed(0),
      (r.peakMb - r.baselineMb).toFixed(0),
      r.cpuSeconds.toFixed(2),
      r.wallSeconds.toFixed(2),
      r.slowestSeconds.toFixed(2),
      outcomes,
    ]);
    rows.push(
      { measure: `${s.name} peak RSS`, value: Math.round(r.peakMb), unit: "MB", target: null, pass: null },
      { measure: `${s.name} RSS rise`, value: Math.round(r.peakMb - r.baselineMb), unit: "MB", target: null, pass: null },
      { measure: `${s.name} CPU`, value: Math.round(r.cpuSeconds * 100) / 100, unit: "s", target: null, pass: null },
    );
  }
  console.log(table(["scenario", "input", "RSS before MB", "peak MB", "rise MB", "CPU s", "wall s", "slowest s", "outcomes"], lines));
  writeResult(args.json, { bench: "image-jobs", startedAt, rows, extra: { module: modulePath } });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(2);
});
