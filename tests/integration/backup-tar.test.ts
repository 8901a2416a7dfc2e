// The backup archives' tar (issue 33, point 5: tar-stream underneath). What db:restore relies
// on: the archive it writes reads back byte-exact (and with the system's tar), and a hostile or
// broken archive is refused at its first bad entry — a symlink, hard link, device, FIFO, a
// directory with contents, an absolute or `..` path, a NUL or a backslash in a name — as is one
// cut off anywhere, even between two entries. No database: this runs in well under a second.
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { PassThrough, Writable } from "node:stream";
import { createGunzip, gzipSync } from "node:zlib";
import tarStream from "tar-stream";
import { describe, expect, test } from "vitest";
import { createTarWriter, readTar } from "../../scripts/lib/backup/tar.mjs";

type Entry = [string, Buffer];

async function writeTar(entries: Array<Entry | { name: string; source: Buffer[]; size: number }>): Promise<Buffer> {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on("data", (chunk: Buffer) => chunks.push(chunk));
  const tar = createTarWriter(out);
  for (const entry of entries) {
    if (Array.isArray(entry)) await tar.addBuffer(entry[0], entry[1], Date.UTC(2030, 0, 1));
    else await tar.addStream(entry.name, entry.size, entry.source);
  }
  await tar.finish();
  return Buffer.concat(chunks);
}

function source(bytes: Buffer, chunkSize = 4096): PassThrough {
  const stream = new PassThrough();
  for (let i = 0; i < bytes.length; i += chunkSize) stream.write(bytes.subarray(i, i + chunkSize));
  stream.end();
  return stream;
}

async function readAll(input: NodeJS.ReadableStream | PassThrough): Promise<Entry[]> {
  const entries: Entry[] = [];
  await readTar(input, async (name: string, _size: number, chunks: AsyncIterable<Buffer>) => {
    const parts: Buffer[] = [];
    for await (const chunk of chunks) parts.push(chunk);
    entries.push([name, Buffer.concat(parts)]);
  });
  return entries;
}

type CraftedHeader = Partial<tarStream.Header> & Pick<tarStream.Header, "name">;

/** A tar made by tar-stream directly, with any header an attacker likes. */
async function craft(entries: Array<{ header: CraftedHeader; body?: Buffer }>): Promise<Buffer> {
  const pack = tarStream.pack();
  const chunks: Buffer[] = [];
  const done = (async () => {
    for await (const chunk of pack as AsyncIterable<Buffer>) chunks.push(chunk);
  })();
  for (const { header, body } of entries) {
    await new Promise<void>((resolve, reject) => {
      const sink = pack.entry(header, body ?? Buffer.alloc(0), (error) => (error ? reject(error) : resolve()));
      void sink;
    });
  }
  pack.finalize();
  await done;
  return Buffer.concat(chunks);
}

const bytes = (n: number) => Buffer.from(Array.from({ length: n }, (_, i) => (i * 7 + 3) & 0xff));

describe("backup tar", () => {
  test("what the writer writes reads back byte-exact, long and non-ASCII names included, and the system tar lists it", async () => {
    const longName = `uploads/sermons/${"a".repeat(120)}/notes – semana ñ.pdf`;
    const entries: Entry[] = [
      ["backup.json", Buffer.from('{"format":"x"}\n')],
      ["database/public.users.ndjson", bytes(70_001)],
      [longName, bytes(513)],
      ["uploads/empty.txt", Buffer.alloc(0)],
    ];
    const archive = await writeTar([...entries, { name: "uploads/cut.bin", size: 3, source: [Buffer.from("abcdef")] }]);
    for (const size of [1, 511, 4096, archive.length]) {
      const read = await readAll(source(archive, size));
      expect(read.map(([n]) => n)).toEqual([...entries.map(([n]) => n), "uploads/cut.bin"]);
      for (const [i, [, data]] of entries.entries()) expect(Buffer.compare(read[i]![1], data)).toBe(0);
      expect(read[4]![1].toString()).toBe("abc");
    }
    const dir = mkdtempSync(path.join(os.tmpdir(), "backup-tar-"));
    try {
      writeFileSync(path.join(dir, "a.tar.gz"), gzipSync(archive));
      const listed = execFileSync("tar", ["-tzf", path.join(dir, "a.tar.gz")], { encoding: "utf8" })
        .trim()
        .split("\n");
      expect(listed).toEqual([...entries.map(([n]) => n), "uploads/cut.bin"]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test("a callback that stops reading early skips the rest of its entry, and the next entry is found", async () => {
    const archive = await writeTar([
      ["a", bytes(100_000)],
      ["b", Buffer.from("second")],
    ]);
    const seen: string[] = [];
    await readTar(source(archive), async (name: string, _size: number, chunks: AsyncIterable<Buffer>) => {
      for await (const chunk of chunks) {
        seen.push(`${name}:${chunk.subarray(0, 6).toString("latin1")}`);
        break;
      }
    });
    expect(seen).toEqual([`a:${bytes(6).toString("latin1")}`, "b:second"]);
  });

  const hostile: Array<[string, CraftedHeader, RegExp]> = [
    ["a symlink", { name: "uploads/passwd", type: "symlink", linkname: "/etc/passwd" }, /not a regular file \(tar type symlink\)/],
    ["a hard link", { name: "uploads/shadow", type: "link", linkname: "etc/shadow" }, /not a regular file \(tar type link\)/],
    ["a character device", { name: "uploads/null", type: "character-device", devmajor: 1, devminor: 3 }, /not a regular file/],
    ["a FIFO", { name: "uploads/pipe", type: "fifo" }, /not a regular file/],
    ["a `../` path", { name: "../../etc/cron.d/evil", type: "file" }, /unsafe path/],
    ["a `..` segment inside", { name: "uploads/a/../../../evil", type: "file" }, /unsafe path/],
    ["an absolute path", { name: "/etc/cron.d/evil", type: "file" }, /unsafe path/],
    ["a NUL in a (pax) name", { name: "uploads/évil\0.txt", type: "file" }, /unsafe path/],
    ["a backslash path", { name: "uploads\\..\\evil", type: "file" }, /unsafe path/],
    ["a directory `..`", { name: "../up/", type: "directory" }, /unsafe path/],
  ];
  for (const [what, header, message] of hostile) {
    test(`refuses an archive holding ${what}, before its entry reaches the callback`, async () => {
      const archive = await craft([
        { header: { name: "backup.json", type: "file" }, body: Buffer.from("{}") },
        { header, body: header.type === "file" ? Buffer.from("owned") : undefined },
        { header: { name: "after", type: "file" }, body: Buffer.from("x") },
      ]);
      const names: string[] = [];
      const read = readTar(source(archive, 100), async (name: string, _size: number, chunks: AsyncIterable<Buffer>) => {
        names.push(name);
        for await (const chunk of chunks) void chunk;
      });
      await expect(read).rejects.toThrow(message);
      expect(names).toEqual(["backup.json"]);
    });
  }

  test("refuses a directory entry with contents, and skips an empty one", async () => {
    // tar-stream writes no body for a directory: a header claiming 512 bytes of contents is forged.
    const forged = await craft([
      { header: { name: "uploads/", type: "directory" } },
      { header: { name: "uploads/a.txt", type: "file" }, body: Buffer.from("a") },
    ]);
    expect((await readAll(source(forged))).map(([n]) => n)).toEqual(["uploads/a.txt"]);
    const header = Buffer.from(forged.subarray(0, 512));
    header.write("00000001000\0", 124, "ascii"); // size 512
    header.write("        ", 148, "ascii");
    let sum = 0;
    for (const byte of header) sum += byte;
    header.write(`${sum.toString(8).padStart(6, "0")}\0 `, 148, "ascii");
    const withBody = Buffer.concat([header, Buffer.alloc(512), forged.subarray(512)]);
    await expect(readAll(source(withBody))).rejects.toThrow(/directory "uploads\/" with contents/);
  });

  test("refuses an archive cut off in a file, in a header, between two entries or after a pax header, and one that is not tar", async () => {
    const archive = await writeTar([
      ["a", bytes(2000)],
      ["b", bytes(10)],
    ]);
    const endOfA = 512 + 2048;
    for (const cut of [0, 100, 512 + 1000, endOfA, endOfA + 300, endOfA + 1024, archive.length - 1024, archive.length - 10]) {
      await expect(readAll(source(archive.subarray(0, cut))), `cut at ${cut}`).rejects.toThrow(/truncated/);
    }
    // A pax header (a non-ASCII name) with its entry's header cut off.
    const pax = await writeTar([["uploads/ñ.txt", Buffer.from("x")]]);
    await expect(readAll(source(pax.subarray(0, 1024)))).rejects.toThrow(/truncated/);
    expect(await readAll(source(pax))).toEqual([["uploads/ñ.txt", Buffer.from("x")]]);
    // Not a tar at all, or a flipped byte in a header.
    await expect(readAll(source(Buffer.from("just some text\n".repeat(100))))).rejects.toThrow(/not a tar archive/);
    const flipped = Buffer.from(archive);
    flipped[10] = flipped[10]! ^ 0x01;
    await expect(readAll(source(flipped))).rejects.toThrow(/not a tar archive, or a damaged one/);
  });

  test("a gunzip error reaches the caller as it is (db:restore names a damaged .tar.gz by its code)", async () => {
    const gz = gzipSync(await writeTar([["a", bytes(200_000)]]));
    const middle = Math.floor(gz.length / 2);
    gz[middle] = gz[middle]! ^ 0xff;
    const read = readAll(source(gz).pipe(createGunzip()));
    await expect(read).rejects.toMatchObject({ code: expect.stringMatching(/^Z_/) });
  });

  test("the writer fails, never hangs, when its output fails or a source ends early", async () => {
    let taken = 0;
    const failing = new Writable({
      highWaterMark: 1024,
      write(chunk: Buffer, _encoding, callback) {
        taken += chunk.length;
        if (taken > 64 * 1024) callback(new Error("ENOSPC: no space left on device"));
        else setImmediate(callback);
      },
    });
    failing.on("error", () => {});
    const tar = createTarWriter(failing);
    const big = Array.from({ length: 64 }, () => bytes(16 * 1024));
    await expect(tar.addStream("uploads/video.mp4", 64 * 16 * 1024, big)).rejects.toThrow(/ENOSPC|closed/);

    const out = new PassThrough();
    out.resume();
    const short = createTarWriter(out);
    await expect(short.addStream("uploads/shrunk.bin", 100, [Buffer.from("only 12 byte")])).rejects.toThrow(
      /changed while it was being archived \(12 of 100/,
    );
  });
});
