import { Transform, type TransformCallback } from "node:stream";

/**
 * The stream React writes a page into, passing on what one turn of the event loop wrote as one
 * chunk. React hands over its output in pieces of a few KB at most (its view buffer), 22 for
 * `/events`; each went through React Router's web stream and a `res.write` of its own. A shell
 * is written in one turn, so it now leaves as one chunk (6–8 % more rendered pages a second,
 * bench/README.md part 7); a Suspense boundary that finishes later still goes out as soon as
 * its turn ends: nothing waits for the end of the page.
 *
 * `onFinish` runs when React has written everything (before the last chunk is read).
 */
export function createCoalescedBody(onFinish: () => void): Transform {
  let held: Buffer[] = [];
  let heldBytes = 0;
  let scheduled = false;
  const body: Transform = new Transform({
    transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback) {
      held.push(chunk);
      heldBytes += chunk.length;
      if (!scheduled) {
        scheduled = true;
        setImmediate(release);
      }
      callback();
    },
    flush(callback: TransformCallback) {
      release();
      onFinish();
      callback();
    },
  });
  function release() {
    scheduled = false;
    if (held.length === 0 || body.destroyed) return;
    body.push(held.length === 1 ? held[0] : Buffer.concat(held, heldBytes));
    held = [];
    heldBytes = 0;
  }
  return body;
}
