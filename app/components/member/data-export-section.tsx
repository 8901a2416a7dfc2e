import { Download } from "lucide-react";
import { Link } from "react-router";
import type { AuthT } from "~/features/auth/auth-translation";
import type { Language } from "~/i18n/config";
import { buttonStyles, SettingsSection } from "./settings-form-parts";

/**
 * "Download your data": a plain link to the JSON file (an attachment, so the page stays where
 * it is; a refusal such as the hourly limit opens as a page saying why).
 */
export function DataExportSection({ t, language }: { t: AuthT; language: Language }) {
  const query = language === "es" ? "?lang=es" : "";
  return (
    <SettingsSection id="download-data" title={t("settings.dataExport")} intro={<p>{t("settings.dataExportHint")}</p>}>
      <div className="grid gap-4">
        <p className="text-sm text-slate-600">{t("settings.dataExportNote")}</p>
        <div className="flex flex-wrap items-center gap-x-6 gap-y-3">
          <a href={`/settings/my-data.json${query}`} className={buttonStyles.secondary}>
            <Download aria-hidden="true" className="h-4 w-4" />
            {t("settings.dataExportButton")}
          </a>
          <Link
            to="/privacy"
            className="inline-flex min-h-11 items-center text-sm font-semibold text-brand-800 underline underline-offset-4"
          >
            {t("settings.privacyLink")}
          </Link>
        </div>
      </div>
    </SettingsSection>
  );
}
