import { promisify } from "node:util";
import { constants as zlibConstants, crc32, deflateRaw } from "node:zlib";

/**
 * Gzip for a body that differs per answer only in one inserted string (a cached page and its
 * CSP nonce, ADR 019): the fixed parts are compressed once, each ending on a full flush so
 * nothing after it refers back to it, and every answer is spliced together from them with the
 * insert as an uncompressed ("stored") deflate block. Per answer that costs a CRC-32 over the
 * body, instead of compressing the whole page again.
 */
export interface SplicedGzip {
  /** Each part as raw deflate ending on a full flush (byte-aligned, no final block). */
  deflated: Buffer[];
  /** CRC-32 of the first part, where every answer's checksum starts. */
  firstCrc: number;
}

const deflateRawAsync = promisify(deflateRaw);
const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 0x08, 0x00, 0, 0, 0, 0, 0x02, 0xff]);
/** An empty stored block with BFINAL set: the end of the deflate stream. */
const FINAL_BLOCK = Buffer.from([0x01, 0x00, 0x00, 0xff, 0xff]);
/** A stored block holds at most 65535 bytes. */
const MAX_STORED = 0xffff;

export async function compressParts(parts: Buffer[]): Promise<SplicedGzip> {
  const deflated = await Promise.all(
    parts.map((part) => deflateRawAsync(part, { level: 9, finishFlush: zlibConstants.Z_FULL_FLUSH })),
  );
  return { deflated, firstCrc: extendCrc(parts[0] ?? Buffer.alloc(0), 0) };
}

/**
 * The gzip member for `parts` joined by `insert`, e.g. the page with this answer's nonce, as the
 * pieces to write (no copy of the body) and their total length.
 */
export function splicedGzip(gzip: SplicedGzip, parts: Buffer[], insert: Buffer): { pieces: Buffer[]; length: number } {
  if (insert.length > MAX_STORED) throw new RangeError("the insert is larger than one stored block");
  const stored = Buffer.allocUnsafe(5);
  stored[0] = 0x00;
  stored.writeUInt16LE(insert.length, 1);
  stored.writeUInt16LE(~insert.length & 0xffff, 3);
  const pieces: Buffer[] = [GZIP_HEADER];
  let length = GZIP_HEADER.length;
  let crc = gzip.firstCrc;
  let size = parts[0]?.length ?? 0;
  gzip.deflated.forEach((deflated, index) => {
    if (index > 0) {
      pieces.push(stored, insert);
      length += stored.length + insert.length;
      crc = extendCrc(insert, crc);
      crc = extendCrc(parts[index]!, crc);
      size += insert.length + parts[index]!.length;
    }
    pieces.push(deflated);
    length += deflated.length;
  });
  const trailer = Buffer.allocUnsafe(8);
  trailer.writeUInt32LE(crc >>> 0, 0);
  trailer.writeUInt32LE(size >>> 0, 4);
  pieces.push(FINAL_BLOCK, trailer);
  return { pieces, length: length + FINAL_BLOCK.length + trailer.length };
}

/**
 * The CRC-32 continued over `data`. An empty buffer leaves it as it is: zlib's crc32 starts
 * over at 0 when handed no data pointer, which Node does for some empty buffers.
 */
function extendCrc(data: Buffer, crc: number): number {
  return data.length === 0 ? crc : crc32(data, crc);
}

/** Whether an Accept-Encoding header takes gzip (by name or `*`, with a q-value above 0). */
export function acceptsGzip(header: string | string[] | undefined): boolean {
  if (!header) return false;
  let gzip: number | undefined;
  let any: number | undefined;
  for (const item of (Array.isArray(header) ? header.join(",") : header).split(",")) {
    const [name = "", ...params] = item.split(";").map((piece) => piece.trim().toLowerCase());
    const qParam = params.find((param) => param.startsWith("q="));
    const q = qParam ? Number(qParam.slice(2)) : 1;
    const weight = Number.isFinite(q) ? q : 0;
    if (name === "gzip" || name === "x-gzip") gzip = weight;
    else if (name === "*") any = weight;
  }
  return (gzip ?? any ?? 0) > 0;
}
