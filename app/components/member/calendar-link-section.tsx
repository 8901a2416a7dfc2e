import { CalendarDays } from "lucide-react";
import { Form } from "react-router";
import type { AuthT } from "~/features/auth/auth-translation";
import type { MemberSettings } from "~/features/member/load-member-settings.server";
import { FormAlert, SettingsSection, StatusNote, SubmitButton, useSettingsForm } from "./settings-form-parts";

/**
 * The private calendar link (the events the member signed up for, for a calendar app) and
 * "Reset my calendar link": a new link replaces it and the old one stops working, for a link
 * shared by mistake or left on a lost device.
 */
export function CalendarLinkSection({ settings, notice, t }: { settings: MemberSettings; notice: string | null; t: AuthT }) {
  const form = useSettingsForm("calendar", ["reset-calendar-link"]);
  return (
    <SettingsSection id="calendar" title={t("settings.calendarLink")} intro={<p>{t("settings.calendarLinkIntro")}</p>}>
      {notice ? <StatusNote>{notice}</StatusNote> : null}
      <FormAlert state={form} t={t} />
      <div className="grid gap-4">
        <p>
          <a
            href={settings.calendarFeedUrl}
            className="inline-flex min-h-11 items-center gap-2 font-semibold text-brand-800 underline underline-offset-4"
          >
            <CalendarDays aria-hidden="true" className="h-4 w-4 shrink-0" />
            {t("settings.calendarLinkOpen")}
          </a>
        </p>
        <p className="text-sm text-slate-600">{t("settings.calendarLinkResetHint")}</p>
        <Form method="post" action="/settings" preventScrollReset>
          <input type="hidden" name="intent" value="reset-calendar-link" />
          <SubmitButton
            state={form}
            variant="secondary"
            label={t("settings.calendarLinkResetButton")}
            pendingLabel={t("settings.working")}
          />
        </Form>
      </div>
    </SettingsSection>
  );
}
