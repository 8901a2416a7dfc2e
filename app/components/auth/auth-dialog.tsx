import { use, useRef } from "react";
import { loadAuthTranslator } from "~/features/auth/load-auth-translator";
import { usePreloadAuthRoute } from "./auth-fields";
import { AuthForms } from "./auth-forms";
import { ModalDialog } from "./modal-dialog";
import type { AuthTab } from "./auth-tab";

// Fetched as soon as this chunk runs (on intent), beside it rather than after it.
const strings = loadAuthTranslator();

/** The auth dialog (lazy chunk): the auth tabs in a modal; closes after sign-in or guest. */
export default function AuthDialog({ initialTab, onClose }: { initialTab: AuthTab; onClose: () => void }) {
  const t = use(strings);
  const dialogRef = useRef<HTMLDialogElement>(null);
  usePreloadAuthRoute();
  return (
    <ModalDialog
      dialogRef={dialogRef}
      title={t("dialog.title")}
      description={t("dialog.description")}
      closeLabel={t("dialog.close")}
      onClose={onClose}
      initialFocus='[role="tab"][aria-selected="true"]'
    >
      <AuthForms t={t} initialTab={initialTab} onDone={() => dialogRef.current?.close()} />
    </ModalDialog>
  );
}
