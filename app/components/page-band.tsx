import type { ReactNode } from "react";

/**
 * The coloured band at the top of a page: an optional small line above the title (a series, a
 * category), the page's one h1, an optional introduction (paragraphs split at blank lines) and
 * anything else that belongs in the band (a search form).
 */
export function PageBand({
  title,
  eyebrow,
  intro,
  compact = false,
  children,
}: {
  title: ReactNode;
  eyebrow?: ReactNode;
  intro?: string | null;
  /** Detail pages use a shorter band than section pages. */
  compact?: boolean;
  children?: ReactNode;
}) {
  return (
    <div className="bg-gradient-to-br from-brand-800 to-brand-600 text-white">
      <div className={`mx-auto max-w-7xl px-4 sm:px-6 ${compact ? "py-12 sm:py-16" : "py-14 sm:py-20"}`}>
        {eyebrow ? <p className="text-sm font-semibold uppercase tracking-wide text-brand-50">{eyebrow}</p> : null}
        <h1 className={`font-serif text-4xl font-bold wrap-anywhere sm:text-5xl ${eyebrow ? "mt-2" : ""}`}>{title}</h1>
        {intro
          ? intro
              .split(/\n{2,}/)
              .filter(Boolean)
              .map((paragraph, i) => (
                <p key={i} className="mt-4 max-w-3xl text-lg text-brand-50">
                  {paragraph}
                </p>
              ))
          : null}
        {children}
      </div>
    </div>
  );
}
