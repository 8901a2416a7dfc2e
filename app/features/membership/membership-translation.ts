import type { MembershipStrings } from "~/i18n/locales/en/membership";
import { defineNamespace, type NamespaceT } from "~/i18n/namespace";

export type MembershipT = NamespaceT<MembershipStrings>;

/** The membership strings: `membershipTranslator(language)` on the server, `useMembershipTranslation()` in components. */
export const { translator: membershipTranslator, useNamespaceTranslation: useMembershipTranslation } =
  await defineNamespace<MembershipStrings>({
    en: () => import("~/i18n/locales/en/membership"),
    es: () => import("~/i18n/locales/es/membership"),
  });
