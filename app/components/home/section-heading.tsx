import type { ReactNode } from "react";

/** The h2 and optional introduction every home section opens with. */
export function SectionHeading({
  id,
  title,
  intro,
  tone = "light",
  align = "center",
}: {
  id: string;
  title: ReactNode;
  intro?: ReactNode;
  tone?: "light" | "dark";
  align?: "center" | "start";
}) {
  const dark = tone === "dark";
  return (
    <div className={align === "center" ? "mx-auto max-w-2xl text-center" : "max-w-2xl"}>
      <h2 id={id} className={`font-serif text-3xl font-bold sm:text-4xl ${dark ? "text-white" : "text-brand-800"}`}>
        {title}
      </h2>
      {intro ? <p className={`mt-3 text-lg ${dark ? "text-slate-100" : "text-slate-700"}`}>{intro}</p> : null}
    </div>
  );
}

/** Paragraphs of an editor's text block, split on blank lines. */
export function BlockText({ text, className = "" }: { text: string; className?: string }) {
  return (
    <>
      {text.split(/\n{2,}/).map((paragraph, i) => (
        <p key={i} className={className}>
          {paragraph}
        </p>
      ))}
    </>
  );
}
