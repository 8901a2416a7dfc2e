import { useEffect, useRef, type ReactNode } from "react";
import { LanguageSwitcher } from "~/components/language-switcher";
import { SkipLink } from "~/components/skip-link";

/**
 * The frame of the pages before the portal (sign-in, first-run setup): a bar with `site` and
 * the language switcher, and a narrow column under a small `eyebrow` and the step's heading.
 * Each new step (`step` changes after a form's answer) moves focus to the heading, so a screen
 * reader hears where it is.
 */
export function AdminEntryFrame({
  site,
  eyebrow,
  heading,
  step,
  children,
}: {
  site: ReactNode;
  eyebrow: string;
  heading: string;
  step: unknown;
  children: ReactNode;
}) {
  const ref = useRef<HTMLHeadingElement>(null);
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    ref.current?.focus();
  }, [step]);
  return (
    <div className="min-h-screen bg-slate-100">
      <SkipLink />
      <header className="flex items-center justify-between gap-2 border-b border-slate-200 bg-white px-4 py-2">
        {site}
        <LanguageSwitcher compact className="text-slate-800" />
      </header>
      <main id="main" tabIndex={-1} className="mx-auto grid max-w-md gap-6 px-4 py-10 focus:outline-none">
        <div>
          <p className="text-sm font-semibold uppercase tracking-wide text-brand-700">{eyebrow}</p>
          <h1 ref={ref} tabIndex={-1} className="mt-1 font-serif text-3xl font-bold text-slate-900 focus:outline-none">
            {heading}
          </h1>
        </div>
        {children}
      </main>
    </div>
  );
}
