import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { describeRecoverableError } from "~/features/errors/recoverable-error";
import { followLinksAsDocumentsWhenOffline } from "~/features/pwa/offline-links";
import { isLanguage, languageCookieName } from "~/i18n/config";
import { readLanguageCookie } from "~/i18n/detect-language";
import { loadTranslation } from "~/i18n/i18n";
import { I18nProvider } from "~/i18n/react";

const htmlLanguage = document.documentElement.lang;
const language = isLanguage(htmlLanguage) ? htmlLanguage : "en";

// The explicit choice lives in a cookie (read by the server) mirrored in localStorage.
// If the cookie was cleared but the device remembers a choice, restore it and re-render.
const stored = safeStorageGet(languageCookieName);
const cookie = readLanguageCookie(document.cookie);
if (!cookie && isLanguage(stored) && stored !== language) {
  document.cookie = `${languageCookieName}=${stored}; Path=/; Max-Age=31536000; SameSite=Lax`;
  window.location.reload();
} else {
  if (cookie) safeStorageSet(languageCookieName, cookie);
  followLinksAsDocumentsWhenOffline();
  try {
    const strings = await loadTranslation(language);
    startTransition(() => {
      hydrateRoot(
        document,
        <StrictMode>
          <I18nProvider language={language} strings={strings}>
            <HydratedRouter />
          </I18nProvider>
        </StrictMode>,
        // Logged with its cause (React's own report names only an error code).
        { onRecoverableError: (error, info) => console.error(describeRecoverableError(error, info.componentStack)) },
      );
    });
  } catch (error) {
    // Spec: log and continue. The server-rendered page stays readable and its links and
    // forms keep working as plain HTML; hydrating without texts would blank them.
    console.error("Failed to load translations", error);
  }
}

function safeStorageGet(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

function safeStorageSet(key: string, value: string): void {
  try {
    window.localStorage.setItem(key, value);
  } catch {
    // Private mode or storage disabled: the cookie still holds the choice.
  }
}
