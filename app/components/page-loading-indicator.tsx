import { useEffect, useState } from "react";
import { useTranslation } from "~/i18n/react";
import { useLocation, useNavigation } from "react-router";
import { Spinner } from "./ui/spinner";

/** 'Loading page...' while the next page's code and data load on client navigation. */
export function PageLoadingIndicator() {
  const navigation = useNavigation();
  const location = useLocation();
  const { t } = useTranslation();
  const changingPage = navigation.state === "loading" && navigation.location.pathname !== location.pathname;
  const [visible, setVisible] = useState(false);

  useEffect(() => {
    if (!changingPage) {
      setVisible(false);
      return;
    }
    // A short delay keeps fast navigations from flashing the spinner.
    const timer = setTimeout(() => setVisible(true), 120);
    return () => clearTimeout(timer);
  }, [changingPage]);

  return (
    <div role="status" aria-live="polite" className={visible ? "fixed inset-x-0 top-20 z-50 flex justify-center" : "sr-only"}>
      {visible ? (
        <span className="flex items-center gap-3 rounded-full bg-white px-5 py-3 text-brand-800 shadow-lg ring-1 ring-slate-200">
          <Spinner size="sm" />
          {t("common.loadingPage")}
        </span>
      ) : null}
    </div>
  );
}
