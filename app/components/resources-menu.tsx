import { ChevronDown } from "lucide-react";
import { useEffect, useId, useRef, useState, type KeyboardEvent } from "react";
import { useTranslation } from "~/i18n/react";
import { NavLink, useLocation } from "react-router";
import { resourceLinks } from "~/features/navigation/site-links";

const TYPEAHEAD_RESET_MS = 1000;
const HOVER_OPEN_DELAY_MS = 100;

/**
 * The Resources dropdown as a disclosure of links (the WAI pattern for site navigation):
 * Enter/Space/↓ open it, ↑/↓/Home/End move, typing jumps to a link (reset after 1 s),
 * Escape closes and returns focus to the button, leaving it closes it.
 */
export function ResourcesMenu() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const listId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const containerRef = useRef<HTMLDivElement>(null);
  const linkRefs = useRef<(HTMLAnchorElement | null)[]>([]);
  const typeahead = useRef({ text: "", timer: 0 as ReturnType<typeof setTimeout> | 0 });
  const hoverTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const location = useLocation();
  const active = resourceLinks.some((l) => location.pathname === l.to);

  useEffect(() => setOpen(false), [location.pathname]);

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!containerRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener("pointerdown", onPointerDown);
    return () => document.removeEventListener("pointerdown", onPointerDown);
  }, [open]);

  const focusLink = (index: number) => {
    const count = resourceLinks.length;
    linkRefs.current[((index % count) + count) % count]?.focus();
  };

  const openAndFocus = (index: number) => {
    setOpen(true);
    requestAnimationFrame(() => focusLink(index));
  };

  const onButtonKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key === "ArrowDown") {
      event.preventDefault();
      openAndFocus(0);
    } else if (event.key === "ArrowUp") {
      event.preventDefault();
      openAndFocus(resourceLinks.length - 1);
    }
  };

  const onListKeyDown = (event: KeyboardEvent<HTMLUListElement>) => {
    const current = linkRefs.current.indexOf(document.activeElement as HTMLAnchorElement);
    if (event.key === "Escape") {
      event.preventDefault();
      setOpen(false);
      buttonRef.current?.focus();
    } else if (event.key === "ArrowDown") {
      event.preventDefault();
      focusLink(current + 1);
    } else if (event.key === "ArrowUp") {
      event.preventDefault();
      focusLink(current - 1);
    } else if (event.key === "Home") {
      event.preventDefault();
      focusLink(0);
    } else if (event.key === "End") {
      event.preventDefault();
      focusLink(resourceLinks.length - 1);
    } else if (event.key.length === 1 && /\S/.test(event.key)) {
      const state = typeahead.current;
      if (state.timer) clearTimeout(state.timer);
      state.text += event.key.toLowerCase();
      state.timer = setTimeout(() => (state.text = ""), TYPEAHEAD_RESET_MS);
      const labels = linkRefs.current.map((el) => el?.textContent?.trim().toLowerCase() ?? "");
      const start = current + (state.text.length === 1 ? 1 : 0);
      for (let i = 0; i < labels.length; i++) {
        const index = (start + i) % labels.length;
        if (labels[index]!.startsWith(state.text)) {
          focusLink(index);
          break;
        }
      }
    }
  };

  return (
    <div
      ref={containerRef}
      className="relative"
      onBlur={(event) => {
        if (!containerRef.current?.contains(event.relatedTarget as Node)) setOpen(false);
      }}
      onPointerEnter={(event) => {
        if (event.pointerType !== "mouse") return;
        hoverTimer.current = setTimeout(() => setOpen(true), HOVER_OPEN_DELAY_MS);
      }}
      onPointerLeave={(event) => {
        if (event.pointerType !== "mouse") return;
        clearTimeout(hoverTimer.current);
        setOpen(false);
      }}
    >
      <button
        ref={buttonRef}
        type="button"
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen((o) => !o)}
        onKeyDown={onButtonKeyDown}
        className={`inline-flex min-h-11 items-center gap-1 whitespace-nowrap rounded-full px-2.5 text-sm font-medium hover:bg-black/5 ${active ? "text-brand-700" : ""}`}
      >
        {t("nav.resources")}
        <ChevronDown aria-hidden="true" className={`h-4 w-4 transition-transform ${open ? "rotate-180" : ""}`} />
      </button>
      <ul
        id={listId}
        hidden={!open}
        onKeyDown={onListKeyDown}
        className="absolute left-0 top-full z-40 mt-1 w-64 rounded-xl bg-white p-2 shadow-xl ring-1 ring-slate-200"
      >
        {resourceLinks.map((link, i) => (
          <li key={link.to}>
            <NavLink
              ref={(el) => {
                linkRefs.current[i] = el;
              }}
              to={link.to}
              className={({ isActive }) =>
                `block rounded-lg px-3 py-2.5 text-sm text-slate-800 hover:bg-brand-50 focus:bg-brand-50 ${isActive ? "font-semibold text-brand-700" : ""}`
              }
            >
              {t(link.labelKey)}
            </NavLink>
          </li>
        ))}
      </ul>
    </div>
  );
}
