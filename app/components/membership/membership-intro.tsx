import type { ReactNode } from "react";
import type { ContentBlock } from "~/features/content/get-content-blocks.server";

/** The page's heading band and introduction (the `page.<slug>` content block), then the feature. */
export function MembershipPage({ page, children }: { page: ContentBlock; children: ReactNode }) {
  return (
    <main id="main" tabIndex={-1}>
      <div className="bg-gradient-to-br from-brand-800 to-brand-600 text-white">
        <div className="mx-auto max-w-7xl px-4 py-14 sm:px-6 sm:py-20">
          <h1 className="font-serif text-4xl font-bold wrap-anywhere sm:text-5xl">{page.title}</h1>
        </div>
      </div>
      <div className="mx-auto max-w-4xl px-4 py-12 sm:px-6">
        {page.body.split(/\n{2,}/).map((paragraph, i) => (
          <p key={i} className="mb-4 text-lg leading-relaxed text-slate-800">
            {paragraph}
          </p>
        ))}
        {children}
      </div>
    </main>
  );
}
