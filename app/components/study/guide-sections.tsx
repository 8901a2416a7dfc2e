import type { ReactNode } from "react";
import type { StudyT } from "~/features/study/study-translation";
import type { GuideView } from "~/features/study/study-views";

const headingClasses = "font-serif text-xl font-bold text-brand-800";

function paragraphs(text: string) {
  return text
    .split(/\n{2,}/)
    .filter((p) => p.trim())
    .map((p, i) => (
      <p key={i} className="mt-3 text-lg leading-relaxed whitespace-pre-line wrap-anywhere text-slate-800">
        {p}
      </p>
    ));
}

/**
 * A guide's passage, devotional, questions and prayer. `level` is the heading level of the
 * section titles (3 under the study page's h2, 2 on a guide's own page).
 */
export function GuideSections({ guide, t, level, passage }: { guide: GuideView; t: StudyT; level: 2 | 3; passage: ReactNode }) {
  const H = level === 2 ? "h2" : "h3";
  const id = (name: string) => `guide-${guide.id}-${name}`;
  return (
    <div className="grid gap-8">
      <section aria-labelledby={id("passage")}>
        <H id={id("passage")} className={headingClasses}>
          <span className="wrap-anywhere">{t("guide.passageOf", { reference: guide.passageReference })}</span>
        </H>
        <div className="mt-3">{passage}</div>
      </section>
      <section aria-labelledby={id("devotional")}>
        <H id={id("devotional")} className={headingClasses}>
          {t("guide.devotional")}
        </H>
        {paragraphs(guide.devotional)}
      </section>
      {guide.questions.length > 0 ? (
        <section aria-labelledby={id("questions")}>
          <H id={id("questions")} className={headingClasses}>
            {t("guide.questions")}
          </H>
          <ol className="mt-3 list-decimal space-y-2 pl-6 text-lg text-slate-800">
            {guide.questions.map((q, i) => (
              <li key={i} className="wrap-anywhere">
                {q}
              </li>
            ))}
          </ol>
        </section>
      ) : null}
      <section aria-labelledby={id("prayer")}>
        <H id={id("prayer")} className={headingClasses}>
          {t("guide.prayer")}
        </H>
        {paragraphs(guide.prayer)}
      </section>
    </div>
  );
}
