import { useEffect, useRef, useState } from "react";
import { Form, Link, useNavigation } from "react-router";
import { SignInPrompt } from "~/components/auth/sign-in-prompt";
import type { GeneratorT } from "~/features/prayer-generator/generator-translation";
import type { ComposedPrayer, GeneratorActionData } from "~/features/prayer-generator/generator-views";
import type { Language } from "~/i18n/config";
import { inputClasses, primaryButton } from "./generator-form";

const secondaryButton =
  "inline-flex min-h-11 items-center justify-center gap-2 rounded-full border-2 border-brand-700 px-4 py-2 text-sm font-semibold text-brand-800 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700 disabled:opacity-60";
const linkButton =
  "inline-flex min-h-11 items-center justify-center rounded-full border-2 border-slate-400 px-4 py-2 text-sm font-semibold text-slate-900 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700";

/** The prayer and its references as one text, for copying and sharing. */
function shareText(prayer: ComposedPrayer): string {
  const refs = prayer.scriptures.map((s) => s.reference).join(" · ");
  return `${prayer.paragraphs.join("\n\n")}${refs ? `\n\n${refs}` : ""}`;
}

/**
 * The composed prayer (a polite live region, so a new one is announced), with Another prayer,
 * Copy (with JavaScript), Share, and for members Save and Post to the prayer wall.
 */
export function PrayerResult({
  t,
  language,
  result,
  signedIn,
}: {
  t: GeneratorT;
  language: Language;
  result: GeneratorActionData | undefined;
  signedIn: boolean;
}) {
  const prayer = result?.prayer;
  const values = result?.values;
  const busy = useNavigation().state === "submitting";
  const [canCopy, setCanCopy] = useState(false);
  const [canShare, setCanShare] = useState(false);
  const [copyStatus, setCopyStatus] = useState<string | null>(null);
  useEffect(() => {
    setCanCopy(typeof navigator !== "undefined" && Boolean(navigator.clipboard?.writeText));
    setCanShare(typeof navigator !== "undefined" && typeof navigator.share === "function");
  }, []);
  const sectionRef = useRef<HTMLElement>(null);
  useEffect(() => {
    setCopyStatus(null);
    // A new prayer may arrive below the fold (phones): bring it into view; the live region announces it.
    const section = sectionRef.current;
    if (prayer && section && section.getBoundingClientRect().top > window.innerHeight * 0.5) section.scrollIntoView({ block: "start" });
  }, [prayer]);
  const keptMessage = result && (result.intent === "save" || result.intent === "post-wall") ? result : undefined;
  const text = prayer ? shareText(prayer) : "";
  const body = prayer ? prayer.paragraphs.join("\n\n") : "";
  const references = prayer ? prayer.scriptures.map((s) => s.reference).join("\n") : "";
  const hidden = prayer ? (
    <>
      <input type="hidden" name="topic" value={prayer.topic} />
      <input type="hidden" name="language" value={prayer.language} />
      <input type="hidden" name="body" value={body} />
      <input type="hidden" name="scriptures" value={references} />
      <input type="hidden" name="source" value={prayer.source} />
      <input type="hidden" name="name" value={values?.name ?? ""} />
      <input type="hidden" name="words" value={values?.words ?? ""} />
    </>
  ) : null;

  return (
    <section
      ref={sectionRef}
      aria-labelledby="generator-result-heading"
      className="scroll-mt-24 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-6"
    >
      <h2 id="generator-result-heading" className="font-serif text-2xl font-bold text-brand-800">
        {t("result.heading")}
      </h2>
      <div aria-live="polite" className="mt-4">
        {prayer ? (
          <article lang={prayer.language} className="grid gap-3 font-serif text-lg leading-relaxed text-slate-900">
            {prayer.paragraphs.map((p, i) => (
              <p key={i} className="wrap-anywhere">
                {p}
              </p>
            ))}
          </article>
        ) : (
          <p className="text-slate-700">{t("result.placeholder")}</p>
        )}
        {prayer && prayer.scriptures.length > 0 ? (
          <div className="mt-5">
            <h3 className="font-semibold text-slate-900">{t("result.scriptures")}</h3>
            <ul lang={prayer.language} className="mt-2 flex flex-wrap gap-2">
              {prayer.scriptures.map((s) => (
                <li key={s.reference} className="rounded-full bg-brand-50 px-3 py-1 text-sm font-semibold text-brand-900">
                  {s.reference}
                  {s.verse ? <span className="block font-normal">{s.verse}</span> : null}
                </li>
              ))}
            </ul>
          </div>
        ) : null}
        {prayer?.source === "ai" ? <p className="mt-4 text-sm text-slate-700">{t("result.fromAi")}</p> : null}
      </div>

      {prayer ? (
        <div className="mt-6 grid gap-5 border-t border-slate-200 pt-5">
          <div className="flex flex-wrap items-center gap-3">
            <Form method="post">
              <input type="hidden" name="intent" value="compose" />
              <input type="hidden" name="topic" value={prayer.topic} />
              <input type="hidden" name="language" value={prayer.language} />
              <input type="hidden" name="name" value={values?.name ?? ""} />
              <input type="hidden" name="words" value={values?.words ?? ""} />
              <button type="submit" disabled={busy} className={primaryButton}>
                {t("result.again")}
              </button>
            </Form>
            {canCopy ? (
              <button
                type="button"
                className={secondaryButton}
                onClick={() => {
                  navigator.clipboard.writeText(text).then(
                    () => setCopyStatus(t("result.copied")),
                    () => setCopyStatus(t("result.copyFailed")),
                  );
                }}
              >
                {t("result.copy")}
              </button>
            ) : null}
            {canShare ? (
              <button
                type="button"
                className={secondaryButton}
                onClick={() => {
                  navigator.share({ title: t("result.shareSubject"), text }).catch(() => undefined);
                }}
              >
                {t("result.share")}
              </button>
            ) : null}
            <a
              className={linkButton}
              href={`mailto:?subject=${encodeURIComponent(t("result.shareSubject"))}&body=${encodeURIComponent(text)}`}
            >
              {t("result.shareEmail")}
            </a>
            <a className={linkButton} href={`https://wa.me/?text=${encodeURIComponent(text)}`} target="_blank" rel="noopener noreferrer">
              {t("result.shareWhatsApp")}
            </a>
          </div>
          <p role="status" className="text-sm font-semibold text-emerald-900 empty:hidden">
            {copyStatus ?? ""}
          </p>
          {keptMessage ? (
            <p
              role={keptMessage.ok ? "status" : "alert"}
              className={`rounded-lg p-3 text-sm font-semibold ${keptMessage.ok ? "bg-emerald-50 text-emerald-900" : "bg-red-50 text-red-900"}`}
            >
              {keptMessage.message}
              {keptMessage.ok && keptMessage.intent === "post-wall" ? (
                <>
                  {" "}
                  <Link to={language === "en" ? "/prayer" : `/prayer?lang=${language}`} className="underline underline-offset-2">
                    {t("member.viewWall")}
                  </Link>
                </>
              ) : null}
            </p>
          ) : null}
          {signedIn ? (
            <div className="grid gap-5">
              <Form method="post">
                <input type="hidden" name="intent" value="save" />
                {hidden}
                <button type="submit" disabled={busy} className={secondaryButton}>
                  {t("member.save")}
                </button>
              </Form>
              <Form method="post" className="grid gap-3 rounded-xl border border-slate-200 p-4" aria-labelledby="generator-post-heading">
                <h3 id="generator-post-heading" className="font-semibold text-slate-900">
                  {t("member.postHeading")}
                </h3>
                <input type="hidden" name="intent" value="post-wall" />
                {hidden}
                <div className="min-w-0 sm:max-w-xs">
                  <label htmlFor="generator-visibility" className="text-sm font-semibold text-slate-900">
                    {t("member.visibility")}
                  </label>
                  <select id="generator-visibility" name="visibility" defaultValue="public" className={inputClasses}>
                    <option value="public">{t("member.visibilityPublic")}</option>
                    <option value="members">{t("member.visibilityMembers")}</option>
                    <option value="private">{t("member.visibilityPrivate")}</option>
                  </select>
                </div>
                <label className="inline-flex min-h-11 items-center gap-2 text-slate-900">
                  <input type="checkbox" name="anonymous" className="h-5 w-5" />
                  {t("member.anonymous")}
                </label>
                <div>
                  <button type="submit" disabled={busy} className={primaryButton}>
                    {t("member.post")}
                  </button>
                </div>
              </Form>
            </div>
          ) : (
            <div>
              <p className="text-slate-800">{t("result.signInToKeep")}</p>
              <SignInPrompt className="mt-3" />
            </div>
          )}
        </div>
      ) : null}
    </section>
  );
}
