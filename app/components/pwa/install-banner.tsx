import { Download } from "lucide-react";
import { useId } from "react";
import { useRouteLoaderData } from "react-router";
import { toast } from "~/components/ui/toaster";
import { pwaTranslator, usePwaTranslation } from "~/features/pwa/pwa-translation";
import type { InstallEvent } from "~/features/pwa/install-state";
import { pageLanguage } from "~/i18n/namespace";

/** After the browser's `appinstalled`: the app is on the home screen. */
export function toastInstalled(): void {
  const t = pwaTranslator(pageLanguage());
  toast({ title: t("toast.installedTitle"), description: t("toast.installedDescription") });
}

/**
 * The install banner (lazy chunk): a labelled region in the bottom-left corner, clear of the
 * chat button, that does not take the focus. 'Install' opens the browser's prompt; 'Not Now'
 * stores the time (7 days' rest, done by the caller).
 */
export default function InstallBanner({ event, onDone }: { event: InstallEvent; onDone: (notNow: boolean) => void }) {
  const { t } = usePwaTranslation();
  const site = useRouteLoaderData("routes/site/layout") as { church?: { name: string } } | undefined;
  const headingId = useId();

  async function install() {
    onDone(false);
    try {
      await event.prompt();
      const choice = await event.userChoice;
      if (choice.outcome === "accepted") toast({ title: t("toast.installingTitle"), description: t("toast.installingDescription") });
    } catch {
      toast({ title: t("toast.errorTitle"), description: t("toast.errorDescription"), variant: "destructive" });
    }
  }

  return (
    <section
      aria-labelledby={headingId}
      data-testid="install-banner"
      className="fixed bottom-4 left-4 right-[5.5rem] z-50 max-w-md rounded-2xl border border-slate-200 bg-white p-4 text-slate-900 shadow-xl sm:right-auto sm:w-[26rem] print:hidden"
    >
      <div className="flex items-start gap-3">
        <Download aria-hidden="true" className="mt-0.5 h-6 w-6 shrink-0 text-brand-700" />
        <div className="min-w-0 flex-1">
          <h2 id={headingId} className="font-semibold text-brand-800">
            {t("heading")}
          </h2>
          <p className="mt-1 text-sm text-slate-700">{t("banner.text", { name: site?.church?.name ?? "" })}</p>
          <div className="mt-3 flex flex-wrap gap-2">
            <button
              type="button"
              onClick={() => void install()}
              className="inline-flex min-h-11 items-center rounded-lg bg-brand-700 px-4 text-sm font-semibold text-white hover:bg-brand-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
            >
              {t("banner.install")}
            </button>
            <button
              type="button"
              onClick={() => onDone(true)}
              className="inline-flex min-h-11 items-center rounded-lg px-4 text-sm font-semibold text-brand-700 ring-1 ring-brand-700 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
            >
              {t("banner.notNow")}
            </button>
          </div>
        </div>
      </div>
    </section>
  );
}
