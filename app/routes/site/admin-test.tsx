import { useTranslation } from "~/i18n/react";
import { Link } from "react-router";
import type { Route } from "./+types/admin-test";
import { detectRequestLanguage } from "~/i18n/detect-language";
import { loadTranslation } from "~/i18n/i18n";

export async function loader({ request }: Route.LoaderArgs) {
  const translation = await loadTranslation(detectRequestLanguage(request).language);
  return { title: translation.pages.adminTest.metaTitle };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title }, { name: "robots", content: "noindex" }];

/** Spec: a plain page with links to /admin and /admin/login. */
export default function AdminTest() {
  const { t } = useTranslation();
  return (
    <main id="main" tabIndex={-1} className="mx-auto max-w-xl px-4 py-16">
      <h1 className="text-3xl font-bold">{t("adminTest.title")}</h1>
      <p className="mt-3 text-slate-700">{t("adminTest.intro")}</p>
      <ul className="mt-6 list-disc space-y-2 pl-6">
        <li>
          <Link to="/admin" className="text-brand-700 underline underline-offset-4">
            {t("adminTest.admin")}
          </Link>
        </li>
        <li>
          <Link to="/admin/login" className="text-brand-700 underline underline-offset-4">
            {t("adminTest.adminLogin")}
          </Link>
        </li>
      </ul>
    </main>
  );
}
