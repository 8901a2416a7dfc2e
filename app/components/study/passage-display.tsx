import { ExternalLink } from "lucide-react";
import type { StudyT } from "~/features/study/study-translation";
import type { PassageView } from "~/features/study/study-views";

const linkClasses =
  "inline-flex min-h-11 items-center gap-2 font-semibold text-brand-800 underline underline-offset-4 wrap-anywhere hover:text-brand-900";

/**
 * A passage: its text when the Bible text provider gave it, and in every case links to online
 * readers in the reader's language (new tab, with a visible note saying so).
 */
export function PassageDisplay({ passage, t, idPrefix }: { passage: PassageView; t: StudyT; idPrefix: string }) {
  const { text } = passage;
  let lastChapter: number | null = null;
  return (
    <div className="min-w-0">
      {text ? (
        <>
          <blockquote className="rounded-xl border-l-4 border-brand-600 bg-brand-50 p-4 text-lg leading-relaxed text-slate-900">
            {text.verses.map((v) => {
              const showChapter = lastChapter !== null && v.chapter !== lastChapter;
              lastChapter = v.chapter;
              return (
                <span key={`${v.chapter}:${v.verse}`}>
                  <sup className="mr-1 font-semibold text-brand-800">{showChapter ? `${v.chapter}:${v.verse}` : v.verse}</sup>
                  {v.text}{" "}
                </span>
              );
            })}
          </blockquote>
          <p className="mt-2 text-sm text-slate-700">{t("passage.translation", { translation: text.translationName })}</p>
        </>
      ) : (
        <p id={`${idPrefix}-links-note`} className="rounded-lg bg-slate-100 p-3 text-slate-800">
          {passage.providerFailed ? t("passage.providerFailed") : t("passage.linksNote")}
        </p>
      )}
      {text ? <p className="mt-3 text-sm text-slate-700">{t("passage.alsoRead")}</p> : null}
      <ul className="mt-2 flex flex-col gap-1">
        {passage.links.map((link) => (
          <li key={link.site}>
            <a href={link.url} target="_blank" rel="noopener" className={linkClasses}>
              <ExternalLink aria-hidden="true" className="h-4 w-4 shrink-0" />
              <span>
                {t("passage.readOn", { reference: passage.reference, site: t(`sites.${link.site}`), version: link.version })}
                <span className="sr-only"> {t("passage.newTab")}</span>
              </span>
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}
