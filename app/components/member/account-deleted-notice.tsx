import { useEffect, useRef, useState } from "react";
import { useSearchParams } from "react-router";
import { toast } from "~/components/ui/toaster";
import { useTranslation } from "~/i18n/react";

/**
 * Where /settings sends a member whose account it deleted (`/?deleted=1`). Without
 * JavaScript the page says so in a status line; once JavaScript runs, a toast says it
 * instead (the line would only repeat it).
 */
export function AccountDeletedNotice() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const deleted = params.get("deleted") === "1";
  const [hydrated, setHydrated] = useState(false);
  const shown = useRef(false);
  useEffect(() => {
    setHydrated(true);
    if (!deleted || shown.current) return;
    shown.current = true;
    toast({ title: t("common.accountDeleted") });
  }, [deleted, t]);
  if (!deleted || hydrated) return null;
  return (
    <p role="status" className="bg-brand-50 px-4 py-3 text-center font-semibold text-brand-900">
      {t("common.accountDeleted")}
    </p>
  );
}
