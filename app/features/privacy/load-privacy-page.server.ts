import { getChurchProfile } from "~/platform/church/get-church-profile.server";
import { getRequestContext } from "~/server/request-context.server";
import { privacyTranslator } from "./privacy-translation";
import { MESSAGE_COPY_DAYS } from "./purge-expired-data.server";
import { readRetentionSettings } from "./read-retention-settings.server";

/**
 * /privacy: the church's contact details and the retention periods as saved today (the page
 * cache renders it again when an admin changes them: they bump the content version).
 */
export async function loadPrivacyPage({ request }: { request: Request }) {
  const { db, language } = getRequestContext(request);
  const [church, retention] = await Promise.all([getChurchProfile({ db, language }), readRetentionSettings({ db })]);
  const t = privacyTranslator(language);
  const churchName = church?.name ?? "";
  return {
    churchName,
    contact: church ? { email: church.email, phone: church.phone, phoneDisplay: church.phoneDisplay, address: church.address } : null,
    retention: { ...retention, messageCopyDays: MESSAGE_COPY_DAYS },
    seo: { title: t("page.title"), description: t("page.metaDescription", { church: churchName }) },
  };
}
