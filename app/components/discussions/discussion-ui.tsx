import type { DiscussionsActionData } from "~/features/discussions/discussion-views";

// Shared by the /community section and the thread page, kept apart so the section does not
// load the thread page's code.
export const discussionInputClasses =
  "mt-1 block w-full min-w-0 min-h-11 rounded-lg border border-slate-400 bg-white px-3 py-2 text-base text-slate-900 focus:border-brand-700 focus:outline-none focus:ring-2 focus:ring-brand-700/40 aria-[invalid=true]:border-red-700";

export function ResultMessage({ result, className = "" }: { result: DiscussionsActionData | undefined; className?: string }) {
  if (!result) return null;
  return (
    <p
      role={result.ok ? "status" : "alert"}
      className={`rounded-lg p-3 text-sm font-semibold ${result.ok ? "bg-emerald-50 text-emerald-900" : "bg-red-50 text-red-900"} ${className}`}
    >
      {result.message}
    </p>
  );
}
