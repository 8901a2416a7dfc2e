import { describe, expect, it } from "vitest";
import { createCoalescedBody } from "./coalesced-body.server";

const turn = () => new Promise((resolve) => setImmediate(resolve));

describe("createCoalescedBody", () => {
  it("passes on what one turn wrote as one chunk, and a later turn's writes as the next", async () => {
    let finished = 0;
    const body = createCoalescedBody(() => (finished += 1));
    const chunks: string[] = [];
    body.on("data", (chunk: Buffer) => chunks.push(chunk.toString()));
    const ended = new Promise((resolve) => body.on("end", resolve));

    body.write(Buffer.from("<!DOCTYPE html>"));
    body.write(Buffer.from("<html><body>"));
    body.write(Buffer.from("<main>shell</main>"));
    expect(chunks).toEqual([]);
    await turn();
    await turn();
    expect(chunks).toEqual(["<!DOCTYPE html><html><body><main>shell</main>"]);

    // A Suspense boundary finishing later goes out at the end of its own turn, before the end.
    body.write(Buffer.from("<template>late</template>"));
    await turn();
    await turn();
    expect(chunks).toHaveLength(2);
    expect(finished).toBe(0);

    body.write(Buffer.from("</body>"));
    body.end(Buffer.from("</html>"));
    await ended;
    expect(chunks).toEqual(["<!DOCTYPE html><html><body><main>shell</main>", "<template>late</template>", "</body></html>"]);
    expect(finished).toBe(1);
  });

  it("a single write is passed on as it is; nothing is pushed once the stream is destroyed", async () => {
    const body = createCoalescedBody(() => {});
    const chunks: Buffer[] = [];
    body.on("data", (chunk: Buffer) => chunks.push(chunk));
    const only = Buffer.from("x".repeat(70_000));
    body.write(only);
    await turn();
    await turn();
    expect(chunks).toHaveLength(1);
    expect(chunks[0]!.equals(only)).toBe(true);

    body.on("error", () => {});
    body.write(Buffer.from("after"));
    body.destroy();
    await turn();
    await turn();
    expect(chunks).toHaveLength(1);
  });
});
