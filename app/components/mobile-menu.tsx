import { Menu } from "lucide-react";
import { lazy, Suspense, useState } from "react";
import { useTranslation } from "~/i18n/react";

const loadPanel = () => import("./mobile-menu-panel");
const MobileMenuPanel = lazy(loadPanel);
const preloadPanel = () => void loadPanel();

/**
 * The side menu below the desktop breakpoint. Only its button is in every page's bundle: the
 * panel (links, account, language, a native modal dialog) is a chunk fetched on the intent to
 * open it (pointer over or down, keyboard focus) and mounted when the button is pressed.
 */
export function MobileMenu() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);

  return (
    <>
      <button
        type="button"
        onPointerEnter={preloadPanel}
        onPointerDown={preloadPanel}
        onFocus={preloadPanel}
        onClick={() => setOpen(true)}
        data-auth-return=""
        data-tour="mobileMenu"
        className="inline-flex h-11 w-11 items-center justify-center rounded-full hover:bg-black/5 xl:hidden"
        aria-haspopup="dialog"
      >
        <Menu aria-hidden="true" className="h-6 w-6" />
        <span className="sr-only">{t("nav.openMenu")}</span>
      </button>
      {open ? (
        <Suspense fallback={null}>
          <MobileMenuPanel onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
