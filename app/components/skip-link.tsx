import { useTranslation } from "~/i18n/react";

export function SkipLink() {
  const { t } = useTranslation();
  return (
    <a
      href="#main"
      className="sr-only z-50 rounded-full bg-white px-4 py-2 font-semibold text-brand-800 shadow focus:not-sr-only focus:fixed focus:left-3 focus:top-3"
    >
      {t("common.skipToContent")}
    </a>
  );
}
