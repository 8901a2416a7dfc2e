import type { GeneratorStrings } from "~/i18n/locales/en/generator";
import { defineNamespace, type NamespaceT } from "~/i18n/namespace";

export type GeneratorT = NamespaceT<GeneratorStrings>;

/** The generator strings: `generatorTranslator(language)` on the server, `useGeneratorTranslation()` in components. */
export const { translator: generatorTranslator, useNamespaceTranslation: useGeneratorTranslation } =
  await defineNamespace<GeneratorStrings>({
    en: () => import("~/i18n/locales/en/generator"),
    es: () => import("~/i18n/locales/es/generator"),
  });
