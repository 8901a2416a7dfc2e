import { SendHorizontal, X } from "lucide-react";
import { useEffect, useId, useLayoutEffect, useRef, useState, type KeyboardEvent } from "react";
import { Link } from "react-router";
import { Spinner } from "~/components/ui/spinner";
import { useAssistantTranslation } from "~/features/assistant/assistant-translation";
import { MESSAGE_LIMIT, useChat, type ChatEntry } from "~/components/chat/use-chat";

export interface ChatPanelProps {
  id: string;
  open: boolean;
  phone: string;
  phoneDisplay: string;
  onClose: () => void;
}

/**
 * The church assistant's panel (a lazily loaded chunk: the strings, the chat logic and this
 * markup load on first open). Non-modal: the page stays usable. It stays mounted (hidden)
 * after closing, so the conversation is still there when it opens again.
 */
export default function ChatPanel({ id, open, phone, phoneDisplay, onClose }: ChatPanelProps) {
  const { t, language } = useAssistantTranslation();
  const { messages, pending, send } = useChat(language, {
    greeting: t("widget.greeting"),
    errorTitle: t("widget.errorTitle"),
    failed: t("widget.failed"),
    // Sends people to the phone only when the church has a number on the site.
    apology: phone && phoneDisplay ? t("widget.apology", { phone: phoneDisplay }) : t("widget.apologyNoPhone"),
  });
  const [draft, setDraft] = useState("");
  const input = useRef<HTMLTextAreaElement>(null);
  const log = useRef<HTMLDivElement>(null);
  const headingId = useId();
  const hintId = useId();

  useEffect(() => {
    if (open) input.current?.focus();
  }, [open]);
  // Back in the input once a reply is in (it was disabled while pending).
  useEffect(() => {
    if (!pending && open && document.activeElement === document.body) input.current?.focus();
  }, [pending, open]);
  useLayoutEffect(() => {
    const el = log.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [messages, pending]);

  const submit = () => {
    if (send(draft)) setDraft("");
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== "Enter" || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    submit();
  };

  return (
    <section
      id={id}
      role="dialog"
      aria-modal="false"
      aria-labelledby={headingId}
      hidden={!open}
      onKeyDown={(event) => {
        if (event.key === "Escape") {
          event.stopPropagation();
          onClose();
        }
      }}
      className="fixed right-4 bottom-4 z-[60] flex h-[500px] max-h-[calc(100dvh-2rem)] w-[24rem] max-w-[calc(100vw-2rem)] flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white text-slate-900 shadow-2xl"
    >
      <header className="flex items-center justify-between gap-2 bg-brand-900 py-2 pr-2 pl-4 text-white">
        <h2 id={headingId} className="text-lg font-semibold">
          {t("heading")}
        </h2>
        <button
          type="button"
          onClick={onClose}
          className="inline-flex h-11 w-11 items-center justify-center rounded-full hover:bg-white/15 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
        >
          <X aria-hidden="true" className="h-5 w-5" />
          <span className="sr-only">{t("widget.close")}</span>
        </button>
      </header>

      <div
        ref={log}
        role="log"
        aria-live="polite"
        aria-busy={pending}
        aria-labelledby={headingId}
        tabIndex={0}
        className="flex-1 space-y-3 overflow-y-auto p-4 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-700"
      >
        {messages.map((message) => (
          <Message key={message.id} message={message} phone={phone} phoneDisplay={phoneDisplay} t={t} />
        ))}
      </div>

      {pending ? (
        <div role="status" className="flex items-center gap-2 px-4 pb-2 text-sm text-slate-700">
          <Spinner size="sm" className="text-brand-700" />
          {t("widget.typing")}
        </div>
      ) : null}

      <form
        className="flex items-end gap-2 border-t border-slate-200 p-3"
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <label htmlFor={`${id}-input`} className="sr-only">
          {t("widget.inputLabel")}
        </label>
        <textarea
          ref={input}
          id={`${id}-input`}
          rows={2}
          maxLength={MESSAGE_LIMIT}
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
          onKeyDown={onKeyDown}
          disabled={pending}
          placeholder={t("widget.placeholder")}
          aria-describedby={hintId}
          className="max-h-32 min-h-11 flex-1 resize-none rounded-lg border border-slate-400 px-3 py-2 text-base placeholder:text-slate-600 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-brand-700 disabled:bg-slate-100"
        />
        <span id={hintId} className="sr-only">
          {t("widget.hint")}
        </span>
        <button
          type="submit"
          disabled={pending}
          className="inline-flex h-11 w-11 shrink-0 items-center justify-center rounded-full bg-brand-700 text-white hover:bg-brand-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700 disabled:bg-slate-500"
        >
          {pending ? <Spinner size="sm" /> : <SendHorizontal aria-hidden="true" className="h-5 w-5" />}
          <span className="sr-only">{t("widget.send")}</span>
        </button>
      </form>
    </section>
  );
}

const linkClass = "font-medium text-brand-800 underline underline-offset-2 hover:text-brand-900";

function Message({
  message,
  phone,
  phoneDisplay,
  t,
}: {
  message: ChatEntry;
  phone: string;
  phoneDisplay: string;
  t: ReturnType<typeof useAssistantTranslation>["t"];
}) {
  const mine = message.role === "user";
  return (
    <div className={mine ? "flex justify-end" : "flex justify-start"}>
      <div
        data-role={message.role}
        className={`max-w-[85%] rounded-2xl px-3 py-2 text-sm whitespace-pre-wrap break-words ${
          mine ? "rounded-br-sm bg-brand-700 text-white" : "rounded-bl-sm bg-slate-100 text-slate-900"
        }`}
      >
        <span className="sr-only">{mine ? t("widget.you") : t("widget.assistant")}: </span>
        {message.kind === "apology" ? <WithPhoneLink text={message.content} phone={phone} phoneDisplay={phoneDisplay} /> : message.content}
        {message.sources?.length ? (
          <div className="mt-2 border-t border-slate-300 pt-2 whitespace-normal">
            <p className="font-semibold">{t("widget.sources")}</p>
            <ul className="mt-1 list-disc space-y-1 pl-5">
              {message.sources.map((source) => (
                <li key={`${source.href} ${source.title}`}>
                  {source.href.startsWith("/") ? (
                    // A page of this site: client navigation, so the conversation stays.
                    <Link to={source.href} className={linkClass}>
                      {source.title}
                    </Link>
                  ) : (
                    <a href={source.href} className={linkClass}>
                      {source.title}
                    </a>
                  )}
                </li>
              ))}
            </ul>
          </div>
        ) : null}
      </div>
    </div>
  );
}

/** The apology with the church's number as a tel: link (still only text from our own table). */
function WithPhoneLink({ text, phone, phoneDisplay }: { text: string; phone: string; phoneDisplay: string }) {
  const at = phoneDisplay ? text.indexOf(phoneDisplay) : -1;
  if (at < 0 || !phone) return <>{text}</>;
  return (
    <>
      {text.slice(0, at)}
      <a href={`tel:${phone}`} className="font-semibold text-brand-800 underline underline-offset-2">
        {phoneDisplay}
      </a>
      {text.slice(at + phoneDisplay.length)}
    </>
  );
}
