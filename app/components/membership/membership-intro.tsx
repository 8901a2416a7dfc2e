import type { ReactNode } from "react";
import type { ContentBlock } from "~/platform/content/get-content-blocks.server";
import { PageBand } from "~/components/page-band";

/** The page's heading band and introduction (the `page.<slug>` content block), then the feature. */
export function MembershipPage({ page, children }: { page: ContentBlock; children: ReactNode }) {
  return (
    <main id="main" tabIndex={-1}>
      <PageBand title={page.title} />
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
