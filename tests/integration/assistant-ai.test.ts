// The church assistant with an OpenAI-compatible provider (issue 9): a stand-in on a real local
// HTTP server streaming server-sent events. Deltas are relayed as NDJSON `delta` lines and the
// `done` reply is their concatenation; the system prompt carries the retrieved facts and the
// bounded history goes along; the provider failing (500, a malformed stream, hanging before the
// first token or in the middle) ends with the embedded answer in `done`.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { rateLimits } from "~/db/schema";
import { clearAssistantKnowledgeCache } from "~/features/assistant/assistant-knowledge.server";
import { setAiProvider } from "~/features/assistant/stream-ai-answer.server";
import { startAdminHarness, type AdminHarness } from "../support/admin-harness";
import { describeOnBackend } from "../support/test-database";
import { CLIENT_IP_HEADER } from "~/server/request-input.server";
import { action as chatAction } from "~/routes/assistant/chat";
import { PUBLIC_URL } from "../support/auth-harness";
import { createLoadContext } from "~/server/load-context.server";

type Line =
  | { type: "delta"; text: string }
  | { type: "done"; reply: string; sources: Array<{ title: string; href: string }> }
  | { type: "error"; error: string };

/** Calls the route's action (as in assistant.test.ts) with a JSON body (or raw text) and reads the answer. */
async function chat(
  body: unknown,
  o: { ip?: string; language?: "en" | "es"; cookie?: string; query?: string; raw?: boolean } = {},
): Promise<{ status: number; headers: Headers; error?: string; lines: Line[]; done?: Extract<Line, { type: "done" }> }> {
  const headers = new Headers({ [CLIENT_IP_HEADER]: o.ip ?? "198.51.100.30", "content-type": "application/json" });
  if (o.language) headers.set("accept-language", o.language);
  if (o.cookie) headers.set("cookie", o.cookie);
  const request = new Request(`${PUBLIC_URL}/assistant/chat${o.query ?? ""}`, {
    method: "POST",
    headers,
    body: o.raw ? String(body) : JSON.stringify(body),
  });
  const response = await chatAction({ request, url: new URL(request.url), params: {}, context: createLoadContext("test") } as never);
  const text = await response.text();
  if (response.status !== 200)
    return { status: response.status, headers: response.headers, error: (JSON.parse(text) as { error: string }).error, lines: [] };
  const lines = text
    .split("\n")
    .filter(Boolean)
    .map((l) => JSON.parse(l) as Line);
  return {
    status: response.status,
    headers: response.headers,
    lines,
    done: lines.find((l): l is Extract<Line, { type: "done" }> => l.type === "done"),
  };
}

type Mode = "ok" | "error" | "malformed" | "hang" | "hang-midway" | "no-done";

function startProvider() {
  const state = {
    mode: "ok" as Mode,
    pieces: [] as string[],
    requests: [] as Array<{
      url: string;
      auth: string | undefined;
      body: { stream?: boolean; model?: string; messages: Array<{ role: string; content: string }> };
    }>,
  };
  const server: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
    let raw = "";
    req.on("data", (chunk) => (raw += chunk));
    req.on("end", () => {
      state.requests.push({ url: req.url ?? "", auth: req.headers.authorization, body: JSON.parse(raw || "{}") });
      if (state.mode === "error") {
        res.writeHead(500, { "content-type": "application/json" });
        return res.end(JSON.stringify({ error: { message: "boom" } }));
      }
      res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache" });
      const chunk = (content: string) =>
        `data: ${JSON.stringify({ id: "c1", object: "chat.completion.chunk", choices: [{ index: 0, delta: { content } }] })}\n\n`;
      if (state.mode === "hang") return; // never a token
      if (state.mode === "malformed") {
        res.write(chunk(state.pieces[0]!));
        return res.end("data: {this is not json\n\n");
      }
      if (state.mode === "hang-midway") {
        res.write(chunk(state.pieces[0]!));
        return; // then silence
      }
      res.write(`data: ${JSON.stringify({ choices: [{ index: 0, delta: { role: "assistant" } }] })}\n\n`);
      for (const piece of state.pieces) res.write(chunk(piece));
      if (state.mode === "no-done") return res.end();
      res.end("data: [DONE]\n\n");
    });
  });
  return new Promise<{ url: string; state: typeof state; close: () => Promise<void> }>((resolve) => {
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as AddressInfo;
      resolve({
        url: `http://127.0.0.1:${port}/v1`,
        state,
        close: () =>
          new Promise<void>((done) => {
            server.closeAllConnections();
            server.close(() => done());
          }),
      });
    });
  });
}

describeOnBackend("church assistant with an AI provider", (backend) => {
  let h: AdminHarness;
  let provider: Awaited<ReturnType<typeof startProvider>>;
  let n = 0;
  const ask = (message: string, o: { language?: "en" | "es"; history?: Array<{ role: string; content: string }> } = {}) =>
    chat({ message, conversationHistory: o.history ?? [] }, { language: o.language, ip: `192.0.2.${(n = (n % 200) + 1)}` });

  beforeAll(async () => {
    h = await startAdminHarness(backend);
    provider = await startProvider();
  });
  afterAll(async () => {
    await provider?.close();
    await h?.close();
  });
  beforeEach(async () => {
    clearAssistantKnowledgeCache();
    await h.database.handle.db.delete(rateLimits);
    provider.state.mode = "ok";
    provider.state.requests.length = 0;
    provider.state.pieces = ["Sunday Worship ", "starts at ", "11:00 AM", " at Living Hope Church."];
    setAiProvider({ baseUrl: provider.url, apiKey: "test-key", model: "test-model", timeoutMs: 1500, firstTokenMs: 600 });
  });
  afterEach(() => setAiProvider(undefined));

  test("relays the deltas; done.reply is their concatenation; the prompt carries the facts and the history", async () => {
    const history = [
      { role: "user", content: "Hello" },
      { role: "assistant", content: "Hello! How can I help?" },
    ];
    const result = await ask("What time is the Sunday service?", { history });
    expect(result.status).toBe(200);
    const deltas = result.lines.filter((l) => l.type === "delta").map((l) => (l as { text: string }).text);
    expect(deltas).toEqual(provider.state.pieces);
    expect(result.lines.at(-1)!.type).toBe("done");
    expect(result.lines.filter((l) => l.type === "done")).toHaveLength(1);
    expect(result.done!.reply).toBe(provider.state.pieces.join("").trim());
    expect(result.done!.sources).toContainEqual({ title: "Plan a visit", href: "/plan-visit" });

    const [request] = provider.state.requests;
    expect(request!.url).toBe("/v1/chat/completions");
    expect(request!.auth).toBe("Bearer test-key");
    expect(request!.body.stream).toBe(true);
    expect(request!.body.model).toBe("test-model");
    const [system, ...rest] = request!.body.messages;
    expect(system!.role).toBe("system");
    expect(system!.content).toContain("Sunday Worship, Sundays at 11:00\u00a0AM");
    expect(system!.content).toContain("(217) 555-0142");
    expect(system!.content).toContain("Answer ONLY from the facts below");
    expect(system!.content).toContain("in English");
    expect(rest).toEqual([...history, { role: "user", content: "What time is the Sunday service?" }]);
  });

  test("a Spanish question gets a Spanish prompt with Spanish facts", async () => {
    provider.state.pieces = ["El Culto Dominical ", "es a las 11:00 a. m."];
    const result = await ask("¿Cuál es la dirección de la iglesia?", { language: "en" });
    expect(result.done!.reply).toBe("El Culto Dominical es a las 11:00 a. m.");
    const system = provider.state.requests[0]!.body.messages[0]!.content;
    expect(system).toContain("in Spanish");
    expect(system).toContain("Iglesia Esperanza Viva está en 4120 Harvest Grove Road");
  });

  const embeddedTimes =
    "Our services at Living Hope Church: Sunday School, Sundays at 9:30\u00a0AM; Sunday Worship, Sundays at 11:00\u00a0AM";
  describe("failures fall back to the embedded answer", () => {
    for (const mode of ["error", "malformed", "hang", "hang-midway", "no-done"] as const) {
      test(mode, async () => {
        provider.state.mode = mode;
        const started = Date.now();
        const result = await ask("What time is the Sunday service?");
        expect(result.status).toBe(200);
        expect(provider.state.requests).toHaveLength(1);
        expect(result.done!.reply.startsWith(embeddedTimes)).toBe(true);
        expect(result.done!.sources).toContainEqual({ title: "Plan a visit", href: "/plan-visit" });
        expect(result.lines.filter((l) => l.type === "error")).toHaveLength(0);
        // Mid-stream failures: the streamed start is replaced by the authoritative reply.
        if (mode === "malformed" || mode === "hang-midway") expect(result.lines.filter((l) => l.type === "delta")).toHaveLength(1);
        if (mode === "hang") expect(Date.now() - started).toBeLessThan(1400); // the first-token limit, not the overall one
        if (mode === "hang-midway") expect(Date.now() - started).toBeGreaterThanOrEqual(1400); // tokens came: the overall limit
      });
    }
  });
});
