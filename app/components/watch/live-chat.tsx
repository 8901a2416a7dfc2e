import { useEffect, useRef, useState, type FormEvent } from "react";
import { SignInPrompt } from "~/components/auth/sign-in-prompt";
import { CHAT_BODY_MAX, MUTE_DURATIONS, parseChatEvent, type ChatMessageView, type MuteDuration } from "~/features/live/chat-events";
import { formatChatTime } from "~/features/live/format-chat-time";
import type { WatchT } from "~/features/live/watch-translation";

/** The most messages kept on screen; older ones are still in the history. */
const KEEP = 200;

interface LiveChatProps {
  t: WatchT;
  language: string;
  timeZone: string;
  streamId: string;
  initialMessages: ChatMessageView[];
  chatEnabled: boolean;
  signedIn: boolean;
  canModerate: boolean;
}

type Answer = { ok: true; message?: ChatMessageView; notice?: string } | { ok: false; error: string };

async function postChat(fields: Record<string, string>, fallbackError: string): Promise<Answer> {
  try {
    const response = await fetch("/watch/chat", {
      method: "POST",
      headers: { Accept: "application/json" },
      body: new URLSearchParams(fields),
    });
    return (await response.json()) as Answer;
  } catch {
    return { ok: false, error: fallbackError };
  }
}

function addMessage(list: ChatMessageView[], message: ChatMessageView): ChatMessageView[] {
  if (list.some((m) => m.id === message.id)) return list;
  return [...list, message].slice(-KEEP);
}

/**
 * The stream's chat: messages arrive by server-sent events (GET /watch/chat/events), which the
 * browser reconnects by itself; posting and moderation go to POST /watch/chat. Messages are
 * text, never HTML. The list is a polite log, so new messages are read out without stealing focus.
 */
export function LiveChat({
  t,
  language,
  timeZone,
  streamId,
  initialMessages,
  chatEnabled: initialEnabled,
  signedIn,
  canModerate,
}: LiveChatProps) {
  const [messages, setMessages] = useState(initialMessages);
  const [chatEnabled, setChatEnabled] = useState(initialEnabled);
  const [ended, setEnded] = useState(false);
  const [connected, setConnected] = useState(true);
  const [body, setBody] = useState("");
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const log = useRef<HTMLDivElement>(null);
  const stickToBottom = useRef(true);

  useEffect(() => {
    let source: EventSource | null = null;
    let retry: number | undefined;
    let stopped = false;
    const connect = () => {
      source = new EventSource(`/watch/chat/events?stream=${encodeURIComponent(streamId)}`);
      source.addEventListener("open", () => setConnected(true));
      source.addEventListener("history", (e) => {
        try {
          const { messages: history } = JSON.parse((e as MessageEvent<string>).data) as { messages: ChatMessageView[] };
          setMessages(history);
        } catch {
          // a malformed event is ignored; the next history replaces it
        }
      });
      for (const type of ["message", "delete", "status"] as const) {
        source.addEventListener(type, (e) => {
          const event = parseChatEvent((e as MessageEvent<string>).data);
          if (!event) return;
          if (event.type === "message") setMessages((list) => addMessage(list, event.message));
          else if (event.type === "delete") setMessages((list) => list.filter((m) => m.id !== event.id));
          else {
            setChatEnabled(event.chatEnabled);
            setEnded(event.ended);
          }
        });
      }
      source.addEventListener("error", () => {
        setConnected(false);
        // The browser retries by itself unless the server refused the stream: then we do, slowly.
        if (source?.readyState === EventSource.CLOSED && !stopped) {
          source.close();
          retry = window.setTimeout(connect, 5000);
        }
      });
    };
    connect();
    return () => {
      stopped = true;
      window.clearTimeout(retry);
      source?.close();
    };
  }, [streamId]);

  useEffect(() => {
    const element = log.current;
    if (element && stickToBottom.current) element.scrollTop = element.scrollHeight;
  }, [messages]);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const text = body.trim();
    if (!text) return setError(t("errors.empty"));
    if (text.length > CHAT_BODY_MAX) return setError(t("errors.tooLong"));
    setSending(true);
    setError(null);
    const answer = await postChat({ intent: "post", streamId, body: text }, t("errors.sendFailed"));
    setSending(false);
    if (!answer.ok) return setError(answer.error);
    setBody("");
    stickToBottom.current = true;
    if (answer.message) setMessages((list) => addMessage(list, answer.message!));
  }

  async function moderate(fields: Record<string, string>, removeId?: string) {
    setNotice(null);
    setError(null);
    const answer = await postChat(fields, t("errors.sendFailed"));
    if (!answer.ok) return setError(answer.error);
    if (removeId) setMessages((list) => list.filter((m) => m.id !== removeId));
    setNotice(answer.notice ?? null);
  }

  const open = chatEnabled && !ended;
  return (
    <section
      aria-labelledby="watch-chat"
      className="flex min-w-0 flex-col rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5"
    >
      <h2 id="watch-chat" className="font-serif text-xl font-bold text-brand-800">
        {t("chat.heading")}
      </h2>
      {!connected ? (
        <p role="status" className="mt-2 text-sm text-slate-700">
          {t("chat.reconnecting")}
        </p>
      ) : null}
      <div
        ref={log}
        role="log"
        aria-live="polite"
        aria-label={t("chat.logLabel")}
        tabIndex={0}
        onScroll={(e) => {
          const el = e.currentTarget;
          stickToBottom.current = el.scrollHeight - el.scrollTop - el.clientHeight < 40;
        }}
        className="mt-3 h-80 min-w-0 overflow-y-auto rounded-lg bg-slate-50 p-3 focus:outline-2 focus:outline-brand-700 sm:h-96"
      >
        {messages.length === 0 ? <p className="text-slate-700">{t("chat.empty")}</p> : null}
        <ol className="space-y-3">
          {messages.map((message) => (
            <li key={message.id} className="min-w-0">
              <p className="flex flex-wrap items-baseline gap-x-2 text-sm">
                <span className="font-semibold wrap-anywhere text-slate-900">{message.authorName}</span>
                <time dateTime={message.createdAt} className="text-slate-700">
                  {formatChatTime(message.createdAt, language, timeZone)}
                </time>
              </p>
              <p className="whitespace-pre-wrap wrap-anywhere text-slate-900">{message.body}</p>
              {canModerate ? <ModerateMessage t={t} message={message} onModerate={moderate} /> : null}
            </li>
          ))}
        </ol>
      </div>
      {notice ? (
        <p role="status" className="mt-2 text-sm text-emerald-900">
          {notice}
        </p>
      ) : null}
      {ended ? (
        <p className="mt-3 rounded-lg bg-slate-100 p-3 text-slate-900">{t("chat.ended")}</p>
      ) : !chatEnabled ? (
        <p className="mt-3 rounded-lg bg-slate-100 p-3 text-slate-900">{t("chat.off")}</p>
      ) : null}
      {!signedIn ? (
        <div className="mt-3">
          <p className="mb-2 text-sm text-slate-800">{t("chat.signedOut")}</p>
          <SignInPrompt />
        </div>
      ) : open ? (
        <form method="post" action="/watch/chat" onSubmit={submit} className="mt-3 grid gap-2" noValidate>
          <input type="hidden" name="intent" value="post" />
          <input type="hidden" name="streamId" value={streamId} />
          <label htmlFor="chat-body" className="text-sm font-semibold text-slate-900">
            {t("chat.messageLabel")}
          </label>
          <p id="chat-hint" className="text-sm text-slate-700">
            {t("chat.hint")}
          </p>
          <textarea
            id="chat-body"
            name="body"
            rows={2}
            maxLength={CHAT_BODY_MAX}
            required
            value={body}
            onChange={(e) => setBody(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === "Enter" && !e.shiftKey && !e.nativeEvent.isComposing) {
                e.preventDefault();
                e.currentTarget.form?.requestSubmit();
              }
            }}
            aria-describedby={error ? "chat-hint chat-error" : "chat-hint"}
            aria-invalid={error ? true : undefined}
            className="block w-full min-w-0 rounded-lg border border-slate-400 bg-white px-3 py-2 text-base text-slate-900 focus:border-brand-700 focus:ring-2 focus:ring-brand-700/40 focus:outline-none"
          />
          {error ? (
            <p id="chat-error" role="alert" className="text-sm font-medium text-red-800">
              {error}
            </p>
          ) : null}
          <button
            type="submit"
            disabled={sending}
            className="inline-flex min-h-11 items-center justify-center justify-self-start rounded-full bg-brand-700 px-5 text-sm font-semibold text-white hover:bg-brand-800 disabled:opacity-60"
          >
            {sending ? t("chat.sending") : t("chat.send")}
          </button>
        </form>
      ) : error ? (
        <p role="alert" className="mt-2 text-sm font-medium text-red-800">
          {error}
        </p>
      ) : null}
    </section>
  );
}

function ModerateMessage({
  t,
  message,
  onModerate,
}: {
  t: WatchT;
  message: ChatMessageView;
  onModerate: (fields: Record<string, string>, removeId?: string) => Promise<void>;
}) {
  const [duration, setDuration] = useState<MuteDuration>("15m");
  const selectId = `mute-${message.id}`;
  return (
    <details className="mt-1 text-sm">
      <summary className="inline-flex min-h-6 cursor-pointer font-semibold text-brand-800 underline underline-offset-2">
        <span aria-hidden="true">{t("chat.moderate")}</span>
        <span className="sr-only">{t("chat.moderateFor", { name: message.authorName })}</span>
      </summary>
      <div className="mt-2 flex flex-wrap items-end gap-2">
        <button
          type="button"
          onClick={() => void onModerate({ intent: "delete", messageId: message.id }, message.id)}
          className="min-h-11 rounded-lg bg-red-700 px-3 font-semibold text-white hover:bg-red-800"
        >
          {t("chat.deleteMessage")}
        </button>
        <span className="grid gap-1">
          <label htmlFor={selectId} className="text-xs font-semibold text-slate-900">
            {t("chat.muteLength")}
          </label>
          <select
            id={selectId}
            value={duration}
            onChange={(e) => setDuration(e.target.value as MuteDuration)}
            className="min-h-11 rounded-lg border border-slate-400 bg-white px-2 text-slate-900"
          >
            {MUTE_DURATIONS.map((d) => (
              <option key={d} value={d}>
                {t(`muteDurations.${d}`)}
              </option>
            ))}
          </select>
        </span>
        <button
          type="button"
          onClick={() => void onModerate({ intent: "mute", messageId: message.id, duration })}
          className="min-h-11 rounded-lg border border-slate-400 bg-white px-3 font-semibold text-slate-900 hover:bg-slate-100"
        >
          {t("chat.muteAuthor")}
        </button>
      </div>
    </details>
  );
}
