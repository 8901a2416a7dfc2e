import { useCallback, useEffect, useRef, useState } from "react";
import { toast } from "~/components/ui/toaster";
import type { Language } from "~/i18n/config";

/** A link the assistant cites: a page of this site (or an https address). */
export interface ChatSource {
  title: string;
  href: string;
}

/** One message in the panel. `local` ones (greeting, apology) are the widget's, not the assistant's answers. */
export interface ChatEntry {
  id: number;
  role: "user" | "assistant";
  content: string;
  sources?: ChatSource[];
  kind?: "greeting" | "apology";
}

export interface ChatTexts {
  greeting: string;
  errorTitle: string;
  /** 'Failed to get response. Please try again.' */
  failed: string;
  /** The apology with the church's phone number filled in. */
  apology: string;
}

/** At most this many earlier messages go with a question, each at most so long (the endpoint's bounds). */
export const HISTORY_LIMIT = 20;
const HISTORY_ITEM_LIMIT = 2000;
/** The longest question the endpoint takes. */
export const MESSAGE_LIMIT = 1000;

class ChatFailure extends Error {}

/**
 * The church assistant conversation: POST /assistant/chat with the message and the history
 * without it, read the NDJSON stream (deltas, then `done` with the full reply and sources).
 * A failure (transport, non-2xx, an error line, a stream without `done`) raises a destructive
 * toast and adds the apology with the church's phone number (spec, error catalogue).
 */
export function useChat(language: Language, texts: ChatTexts) {
  const [messages, setMessages] = useState<ChatEntry[]>(() => [{ id: 0, role: "assistant", content: texts.greeting, kind: "greeting" }]);
  const [pending, setPending] = useState(false);
  const pendingRef = useRef(false);
  const nextId = useRef(1);
  const controller = useRef<AbortController | null>(null);
  const textsRef = useRef(texts);
  textsRef.current = texts;

  useEffect(() => () => controller.current?.abort(), []);

  const send = useCallback(
    (input: string): boolean => {
      const message = input.trim();
      if (!message || pendingRef.current) return false;
      pendingRef.current = true;
      setPending(true);
      const history = messages
        .filter((m) => !m.kind)
        .slice(-HISTORY_LIMIT)
        .map(({ role, content }) => ({ role, content: content.slice(0, HISTORY_ITEM_LIMIT) }));
      const userEntry: ChatEntry = { id: nextId.current++, role: "user", content: message };
      const replyId = nextId.current++;
      setMessages((list) => [...list, userEntry]);

      const abort = new AbortController();
      controller.current = abort;
      const showReply = (entry: Omit<ChatEntry, "id" | "role">) =>
        setMessages((list) => [...list.filter((m) => m.id !== replyId), { id: replyId, role: "assistant", ...entry }]);
      let streamed = "";
      void postChat(language, message, history, abort.signal, (delta) => {
        streamed += delta;
        showReply({ content: streamed });
      })
        .then(({ reply, sources }) => showReply({ content: reply, sources }))
        .catch((error: unknown) => {
          if (abort.signal.aborted) return;
          const { errorTitle, failed, apology } = textsRef.current;
          toast({
            title: errorTitle,
            description: error instanceof ChatFailure && error.message ? error.message : failed,
            variant: "destructive",
          });
          showReply({ content: apology, kind: "apology" });
        })
        .finally(() => {
          if (abort.signal.aborted) return;
          pendingRef.current = false;
          setPending(false);
        });
      return true;
    },
    [language, messages],
  );

  return { messages, pending, send };
}

async function postChat(
  language: Language,
  message: string,
  conversationHistory: { role: ChatEntry["role"]; content: string }[],
  signal: AbortSignal,
  onDelta: (text: string) => void,
): Promise<{ reply: string; sources: ChatSource[] }> {
  const response = await fetch(language === "es" ? "/assistant/chat?lang=es" : "/assistant/chat", {
    method: "POST",
    headers: { "Content-Type": "application/json", Accept: "application/x-ndjson" },
    body: JSON.stringify({ message, conversationHistory }),
    signal,
  });
  if (!response.ok || !response.body) {
    const body: unknown = await response.json().catch(() => null);
    throw new ChatFailure(errorOf(body));
  }
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = "";
  for (;;) {
    const { value, done } = await reader.read();
    if (value) buffer += value;
    const lines = buffer.split("\n");
    buffer = done ? "" : (lines.pop() ?? "");
    for (const line of lines) {
      if (!line.trim()) continue;
      let event: unknown;
      try {
        event = JSON.parse(line);
      } catch {
        throw new ChatFailure("");
      }
      if (!isObject(event)) throw new ChatFailure("");
      if (event.type === "delta" && typeof event.text === "string") onDelta(event.text);
      else if (event.type === "done" && typeof event.reply === "string") {
        await reader.cancel().catch(() => {});
        return { reply: event.reply, sources: sourcesOf(event.sources) };
      } else if (event.type === "error" || "error" in event) throw new ChatFailure(errorOf(event));
    }
    if (done) throw new ChatFailure("");
  }
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null;

function errorOf(body: unknown): string {
  return isObject(body) && typeof body.error === "string" ? body.error.slice(0, 300) : "";
}

/** Only well-formed sources with a site path or an https address: never `javascript:` or the like. */
function sourcesOf(value: unknown): ChatSource[] {
  if (!Array.isArray(value)) return [];
  return value
    .filter((s): s is ChatSource => isObject(s) && typeof s.title === "string" && typeof s.href === "string")
    .filter((s) => s.title.trim() !== "" && isSafeHref(s.href))
    .map(({ title, href }) => ({ title, href }));
}

export function isSafeHref(href: string): boolean {
  return (href.startsWith("/") && !href.startsWith("//") && !href.startsWith("/\\")) || /^https:\/\/[^\s]+$/i.test(href);
}
