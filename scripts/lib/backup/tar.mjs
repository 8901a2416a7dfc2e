// A small POSIX tar (ustar + pax) writer and reader for the backup archives: regular files
// only, streamed, so a sermon video never sits in memory. No dependency: the archive must be
// readable with the system's `tar -xzf` as well as by db:restore.
const BLOCK = 512;
const ZEROS = Buffer.alloc(BLOCK * 2);
const MAX_OCTAL_SIZE = 0o77777777777; // 11 octal digits: 8 GiB - 1

function octal(value, width) {
  return `${value.toString(8).padStart(width - 1, "0")}\0`;
}

/** One pax record: "<len> key=value\n", where len counts the whole record including itself. */
function paxRecord(key, value) {
  const body = ` ${key}=${value}\n`;
  let length = Buffer.byteLength(body) + 1;
  while (String(length).length + Buffer.byteLength(body) !== length) length += 1;
  return `${length}${body}`;
}

function header({ name, size, mtime, type = "0", mode = 0o644 }) {
  const block = Buffer.alloc(BLOCK);
  block.write(name, 0, 100, "utf8");
  block.write(octal(mode, 8), 100, "ascii");
  block.write(octal(0, 8), 108, "ascii");
  block.write(octal(0, 8), 116, "ascii");
  block.write(octal(Math.min(size, MAX_OCTAL_SIZE), 12), 124, "ascii");
  block.write(octal(Math.floor(mtime / 1000), 12), 136, "ascii");
  block.write("        ", 148, "ascii");
  block.write(type, 156, "ascii");
  block.write("ustar\0", 257, "ascii");
  block.write("00", 263, "ascii");
  let sum = 0;
  for (const byte of block) sum += byte;
  block.write(`${sum.toString(8).padStart(6, "0")}\0 `, 148, "ascii");
  return block;
}

function padding(size) {
  const rest = size % BLOCK;
  return rest === 0 ? null : Buffer.alloc(BLOCK - rest);
}

/** Writes with backpressure; a stream that failed or closed meanwhile is an error, never a hang. */
export async function write(output, chunk) {
  const closed = () => output.errored ?? new Error("the archive stream closed before the archive was complete");
  if (output.destroyed || output.writableEnded) throw closed();
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
 * Writes entries to `output` (a Writable, e.g. a gzip stream). Names longer than 100 bytes,
 * non-ASCII names and files of 8 GiB or more get a pax header, as GNU and BSD tar read them.
 */
export function createTarWriter(output) {
  async function entryHeader(name, size, mtime) {
    const records = [];
    if (Buffer.byteLength(name) > 100 || !/^[\x20-\x7e]*$/.test(name)) records.push(paxRecord("path", name));
    if (size > MAX_OCTAL_SIZE) records.push(paxRecord("size", String(size)));
    if (records.length > 0) {
      const pax = Buffer.from(records.join(""), "utf8");
      await write(output, header({ name: "PaxHeader", size: pax.length, mtime, type: "x" }));
      await write(output, pax);
      const pad = padding(pax.length);
      if (pad) await write(output, pad);
    }
    const shortName = Buffer.byteLength(name) > 100 ? Buffer.from(name).subarray(0, 100).toString("latin1") : name;
    await write(output, header({ name: shortName, size, mtime }));
  }

  return {
    /** One file from memory. */
    async addBuffer(name, buffer, mtime = Date.now()) {
      await entryHeader(name, buffer.length, mtime);
      await write(output, buffer);
      const pad = padding(buffer.length);
      if (pad) await write(output, pad);
    },
    /**
     * One file of exactly `size` bytes from an async iterable of Buffers (a file stream opened
     * with `end: size - 1`); `onChunk` sees every byte written, for hashing. A source that ends
     * early (the file shrank while being read) is an error: the archive would be corrupt.
     */
    async addStream(name, size, source, mtime = Date.now(), onChunk = () => {}) {
      await entryHeader(name, size, mtime);
      let written = 0;
      for await (const chunk of source) {
        const part = written + chunk.length > size ? chunk.subarray(0, size - written) : chunk;
        onChunk(part);
        await write(output, part);
        written += part.length;
        if (written === size) break;
      }
      if (written !== size) throw new Error(`${name} changed while it was being archived (${written} of ${size} bytes read)`);
      const pad = padding(size);
      if (pad) await write(output, pad);
    },
    /** The end-of-archive marker; ends `output`. */
    async finish() {
      await write(output, ZEROS);
      output.end();
    },
  };
}

/** Pulls exact byte counts out of an async iterable of Buffers. */
class ByteReader {
  constructor(source) {
    this.iterator = source[Symbol.asyncIterator]();
    this.buffer = Buffer.alloc(0);
    this.ended = false;
  }

  async fill(count) {
    while (this.buffer.length < count && !this.ended) {
      const { value, done } = await this.iterator.next();
      if (done) this.ended = true;
      else this.buffer = this.buffer.length === 0 ? value : Buffer.concat([this.buffer, value]);
    }
  }

  /** Up to `count` bytes (fewer only at the end of the input). */
  async read(count) {
    await this.fill(count);
    const out = this.buffer.subarray(0, count);
    this.buffer = this.buffer.subarray(count);
    return out;
  }

  /** Exactly `count` bytes as a sequence of chunks; the input ending first is an error. */
  async *chunks(count) {
    let left = count;
    while (left > 0) {
      if (this.buffer.length === 0) await this.fill(1);
      if (this.buffer.length === 0) throw new Error("the archive ends in the middle of a file (truncated?)");
      const take = Math.min(left, this.buffer.length);
      const chunk = this.buffer.subarray(0, take);
      // Consumed before it is handed out, so a reader that stops early leaves the count right.
      this.buffer = this.buffer.subarray(take);
      left -= take;
      yield chunk;
    }
  }
}

function readString(block, start, length) {
  const field = block.subarray(start, start + length);
  const end = field.indexOf(0);
  return field.subarray(0, end === -1 ? length : end).toString("utf8");
}

function readOctal(block, start, length) {
  const text = readString(block, start, length).trim();
  if (!/^[0-7]*$/.test(text)) throw new Error("not a tar archive (a header field is not a number)");
  return text === "" ? 0 : parseInt(text, 8);
}

function checksumMatches(block) {
  const stored = readOctal(block, 148, 8);
  let sum = 0;
  for (let i = 0; i < BLOCK; i += 1) sum += i >= 148 && i < 156 ? 0x20 : block[i];
  return sum === stored;
}

function parsePax(buffer) {
  const values = {};
  let offset = 0;
  while (offset < buffer.length) {
    const space = buffer.indexOf(0x20, offset);
    if (space === -1) break;
    const length = Number(buffer.subarray(offset, space).toString("ascii"));
    if (!Number.isInteger(length) || length <= 0) throw new Error("not a tar archive (bad pax header)");
    const record = buffer.subarray(space + 1, offset + length - 1).toString("utf8");
    const equals = record.indexOf("=");
    values[record.slice(0, equals)] = record.slice(equals + 1);
    offset += length;
  }
  return values;
}

/**
 * Reads a tar stream entry by entry: `onFile(name, size, chunks)` must consume `chunks` (an
 * async iterable of exactly `size` bytes). Only regular files are accepted: a link, device or
 * any other kind of entry makes the archive invalid for a restore.
 */
export async function readTar(source, onFile) {
  const reader = new ByteReader(source);
  let pax = {};
  for (;;) {
    const block = await reader.read(BLOCK);
    if (block.length === 0) throw new Error("the archive ends without the end-of-archive marker (truncated?)");
    if (block.length < BLOCK) throw new Error("the archive ends in the middle of a header (truncated?)");
    if (block.every((byte) => byte === 0)) return;
    if (!checksumMatches(block)) throw new Error("not a tar archive, or a damaged one (header checksum mismatch)");
    const type = String.fromCharCode(block[156] || 0x30);
    const size = pax.size !== undefined ? Number(pax.size) : readOctal(block, 124, 12);
    const prefix = readString(block, 345, 155);
    const name = pax.path ?? (prefix ? `${prefix}/${readString(block, 0, 100)}` : readString(block, 0, 100));
    const skipPadding = async () => {
      const rest = size % BLOCK;
      if (rest !== 0) await reader.read(BLOCK - rest);
    };
    if (type === "x" || type === "g") {
      const parts = [];
      for await (const chunk of reader.chunks(size)) parts.push(chunk);
      const data = Buffer.concat(parts);
      await skipPadding();
      if (type === "x") pax = parsePax(data);
      continue;
    }
    pax = {};
    if (type === "5") {
      await skipPadding();
      continue;
    }
    if (type !== "0") throw new Error(`the archive holds ${name}, which is not a regular file (tar type ${type}): refusing it`);
    let consumed = 0;
    const counted = async function* () {
      for await (const chunk of reader.chunks(size)) {
        consumed += chunk.length;
        yield chunk;
      }
    };
    await onFile(name, size, counted());
    // Whatever the callback left unread is skipped, so the next header is found.
    if (consumed < size) for await (const chunk of reader.chunks(size - consumed)) void chunk;
    await skipPadding();
  }
}
