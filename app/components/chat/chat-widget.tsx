import { MessageSquareText } from "lucide-react";
import { lazy, Suspense, useEffect, useRef, useState } from "react";
import { Spinner } from "~/components/ui/spinner";
import { useTranslation } from "~/i18n/react";

const loadPanel = () => import("./chat-panel");
const ChatPanel = lazy(loadPanel);
const PANEL_ID = "church-assistant";

/**
 * The church assistant: a round button in the bottom-right corner of every site page. Only
 * this button is in the first-load bundle (its name is in the common strings); the panel, its
 * strings and the chat logic are a chunk loaded on first open (fetched early on hover/focus).
 */
export function ChatWidget({ phone, phoneDisplay }: { phone: string; phoneDisplay: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [used, setUsed] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const closed = useRef(false);

  useEffect(() => {
    if (!open && closed.current) {
      closed.current = false;
      button.current?.focus();
    }
  }, [open]);

  return (
    <>
      <button
        ref={button}
        type="button"
        hidden={open}
        aria-expanded={open}
        aria-controls={used ? PANEL_ID : undefined}
        onPointerEnter={() => void loadPanel()}
        onFocus={() => void loadPanel()}
        onClick={() => {
          setUsed(true);
          setOpen(true);
        }}
        className="fixed right-4 bottom-4 z-[60] inline-flex h-14 w-14 items-center justify-center rounded-full bg-brand-700 text-white shadow-lg hover:bg-brand-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700 print:hidden"
      >
        <MessageSquareText aria-hidden="true" className="h-6 w-6" />
        <span className="sr-only">{t("assistant.open")}</span>
      </button>
      {used ? (
        <Suspense
          fallback={
            open ? (
              <span className="fixed right-4 bottom-4 z-[60] inline-flex h-14 w-14 items-center justify-center rounded-full bg-brand-700 text-white shadow-lg">
                <Spinner size="sm" />
              </span>
            ) : null
          }
        >
          <ChatPanel
            id={PANEL_ID}
            open={open}
            phone={phone}
            phoneDisplay={phoneDisplay}
            onClose={() => {
              closed.current = true;
              setOpen(false);
            }}
          />
        </Suspense>
      ) : null}
    </>
  );
}
