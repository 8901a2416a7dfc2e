// The backup archives' tar, over tar-stream (issue 33: no hand-written parser of untrusted
// bytes): streamed both ways, so a sermon video never sits in memory, and readable with the
// system's `tar -xzf` as well as by db:restore. On reading, only regular files with safe
// relative paths are accepted; what this file still checks itself is that policy, and that the
// archive really ends with its end-of-archive marker (tar-stream accepts an archive cut off
// between two entries).
import tarStream from "tar-stream";

const BLOCK = 512;

/** Writes with backpressure; a stream that failed or closed meanwhile is an error, never a hang. */
export async function write(output, chunk) {
  const closed = () => output.errored ?? new Error("the archive stream closed before the archive was complete");
  if (output.destroyed || output.destroying || output.writableEnded) throw closed();
  if (output.write(chunk)) return;
  await new Promise((resolve, reject) => {
    const settle = (fn, value) => {
      output.off("drain", onDrain);
      output.off("error", onError);
      output.off("close", onClose);
      fn(value);
    };
    const onDrain = () => settle(resolve);
    const onError = (error) => settle(reject, error);
    const onClose = () => settle(reject, closed());
    output.on("drain", onDrain);
    output.on("error", onError);
    output.on("close", onClose);
  });
}

/**
 * Writes entries to `output` (a Writable, e.g. a gzip stream). tar-stream writes ustar headers,
 * with a pax header for names over 100 bytes or not ASCII, and a base-256 size (as GNU and BSD
 * tar read it) for files of 8 GiB or more.
 */
export function createTarWriter(output) {
  const pack = tarStream.pack();
  let failure = null;
  // The pack's bytes go to `output` as it takes them; `output` failing (disk full) fails the pack,
  // so an entry waiting for room is an error rather than a hang.
  const pumped = (async () => {
    for await (const chunk of pack) await write(output, chunk);
  })();
  pumped.catch((error) => {
    failure ??= error;
    pack.destroy(error);
  });
  const failed = () => failure ?? new Error("the archive stream closed before the archive was complete");

  /** One entry: resolves when tar-stream has taken all of it (its size checked). */
  function entry(name, size, mtime) {
    if (failure || pack.destroying) throw failed();
    let done;
    const finished = new Promise((resolve, reject) => {
      done = (error) => (error ? reject(failure ?? error) : resolve());
    });
    finished.catch(() => {});
    const sink = pack.entry({ name, size, mtime: new Date(mtime), mode: 0o644, type: "file" }, (error) => done(error));
    sink.on("error", () => {});
    return { sink, finished };
  }

  return {
    /** One file from memory. */
    async addBuffer(name, buffer, mtime = Date.now()) {
      const { sink, finished } = entry(name, buffer.length, mtime);
      if (buffer.length > 0) await write(sink, buffer).catch((error) => Promise.reject(failure ?? error));
      sink.end();
      await finished;
    },
    /**
     * One file of exactly `size` bytes from an async iterable of Buffers (a file stream opened
     * with `end: size - 1`); `onChunk` sees every byte written, for hashing. A source that ends
     * early (the file shrank while being read) is an error: the archive would be corrupt.
     */
    async addStream(name, size, source, mtime = Date.now(), onChunk = () => {}) {
      const { sink, finished } = entry(name, size, mtime);
      let written = 0;
      try {
        for await (const chunk of source) {
          const part = written + chunk.length > size ? chunk.subarray(0, size - written) : chunk;
          onChunk(part);
          if (part.length > 0) await write(sink, part);
          written += part.length;
          if (written === size) break;
        }
        if (written !== size) throw new Error(`${name} changed while it was being archived (${written} of ${size} bytes read)`);
      } catch (error) {
        // A half-written entry would corrupt the archive: nothing more is written to it.
        sink.destroy(error);
        throw failure ?? error;
      }
      sink.end();
      await finished;
    },
    /** The end-of-archive marker; ends `output`. */
    async finish() {
      if (failure) throw failure;
      pack.finalize();
      await pumped;
      output.end();
    },
  };
}

/** A name is a relative POSIX path of plain segments: no absolute path, `..`, `.`, NUL or backslash. */
function safeName(name) {
  if (typeof name !== "string" || name === "" || name.startsWith("/")) return false;
  return name.split("/").every((s) => s !== "" && s !== "." && s !== ".." && !s.includes("\0") && !s.includes("\\"));
}

const roundUp = (size) => Math.ceil(size / BLOCK) * BLOCK;

/** tar-stream's errors in the words the restore shows. */
function explain(error) {
  // The callback's own errors (db:restore's BackupError) pass as they are.
  if (!(error instanceof Error) || error.constructor !== Error) return error;
  const message = String(error?.message ?? error);
  if (/unexpected end of data/i.test(message)) return new Error("the archive ends in the middle of a file or header (truncated?)");
  if (/invalid tar header|unknown format|invalid header|header exceeds max size/i.test(message))
    return new Error(`not a tar archive, or a damaged one (${message})`);
  return error;
}

/**
 * Reads a tar stream entry by entry: `onFile(name, size, chunks)` must consume `chunks` (an
 * async iterable of exactly `size` bytes); whatever it leaves unread is skipped. Only regular
 * files with a safe relative name are accepted: a link, device, FIFO or any other kind of
 * entry, an absolute name or one with `..` makes the archive invalid for a restore. Empty
 * directory entries are skipped. An error of `source` (a gunzip error) is thrown as it is.
 */
export async function readTar(source, onFile) {
  const extract = tarStream.extract();
  let sourceError = null;
  let total = 0;
  let lastNonZero = -1;
  const feeding = (async () => {
    try {
      for await (const chunk of source) {
        if (extract.destroying || extract.destroyed) return;
        for (let i = chunk.length - 1; i >= 0; i -= 1) {
          if (chunk[i] !== 0) {
            lastNonZero = total + i;
            break;
          }
        }
        total += chunk.length;
        await write(extract, chunk);
      }
      extract.end();
    } catch (error) {
      if (!extract.destroying && !extract.destroyed) {
        sourceError = error;
        extract.destroy(error);
      }
    }
  })();

  let lastEntryEnd = 0;
  try {
    for await (const entry of extract) {
      const { name, type, size } = entry.header;
      const shown = JSON.stringify(String(name));
      if (typeof entry.header.byteOffset !== "number")
        throw new Error("tar-stream no longer reports where an entry starts: the end-of-archive check cannot run");
      if (type === "directory") {
        if (size !== 0) throw new Error(`the archive holds a directory ${shown} with contents: refusing it`);
        if (!safeName(String(name).replace(/\/$/, ""))) throw new Error(`the archive holds an unsafe path ${shown}: refusing it`);
        entry.resume();
        lastEntryEnd = entry.header.byteOffset;
        continue;
      }
      if (type !== "file")
        throw new Error(`the archive holds ${shown}, which is not a regular file (tar type ${type ?? "unknown"}): refusing it`);
      if (!safeName(name)) throw new Error(`the archive holds an unsafe path ${shown}: refusing it`);
      // Read through the entry's own iterator without ever returning it: a callback that stops
      // early must not destroy the extraction (the rest of the entry is skipped below).
      const iterator = entry[Symbol.asyncIterator]();
      let consumed = 0;
      const chunks = {
        async *[Symbol.asyncIterator]() {
          for (;;) {
            const next = await iterator.next();
            if (next.done) return;
            consumed += next.value.length;
            yield next.value;
          }
        },
      };
      await onFile(name, size, chunks);
      for (;;) {
        const next = await iterator.next();
        if (next.done) break;
        consumed += next.value.length;
      }
      if (consumed !== size) throw new Error(`the archive ends in the middle of ${shown} (truncated?)`);
      lastEntryEnd = entry.header.byteOffset + roundUp(size);
    }
  } catch (error) {
    extract.destroy();
    throw sourceError ?? explain(error);
  }
  await feeding;
  if (sourceError) throw sourceError;
  // After the last entry: at least one zero block and nothing else (an archive cut off between
  // two entries or after a pax header would otherwise pass as complete).
  if (total - lastEntryEnd < BLOCK || lastNonZero >= lastEntryEnd) {
    throw new Error("the archive ends without the end-of-archive marker (truncated?)");
  }
}
