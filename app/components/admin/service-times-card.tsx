import { Form } from "react-router";
import { useFormatServiceTime } from "~/components/service-times-list";
import type { SettingsResult } from "~/features/admin/settings/settings-result";
import { useTranslation } from "~/i18n/react";
import { useAdminTranslation, type AdminMessage, type AdminT } from "~/platform/admin/admin-translation";
import { AdminCard, adminButton, Field, inputClasses } from "./admin-ui";

export interface ServiceTimeRow {
  id: number;
  key: string;
  dayOfWeek: number;
  startTime: string;
  nameEn: string;
  nameEs: string;
  isMainService: boolean;
}

type Failure = Extract<SettingsResult, { ok: false }>;

const say = (t: AdminT, message: AdminMessage | undefined) => (message ? t(message.key, message.values) : null);

/**
 * The church's service times (Settings, and the welcome wizard): each with move, delete and
 * edit, and a form to add one. The forms post `save-service-time`, `delete-service-time` and
 * `move-service-time` to the page they are on (run-settings-action.server.ts answers them).
 */
export function ServiceTimesCard({ times, result, busy }: { times: ServiceTimeRow[]; result: SettingsResult | undefined; busy: boolean }) {
  const { t, language } = useAdminTranslation();
  const format = useFormatServiceTime();
  const failure = result && !result.ok && result.intent === "save-service-time" ? result : null;
  const addFailure = failure && failure.targetId == null ? failure : null;
  return (
    <AdminCard title={t("settings.serviceTimes.heading")} id="service-times">
      <p className="mb-4 text-slate-700">{t("settings.serviceTimes.intro")}</p>
      {times.length === 0 ? (
        <p className="mb-4 text-slate-700">{t("settings.serviceTimes.empty")}</p>
      ) : (
        <ol className="mb-6 grid gap-3">
          {times.map((time, index) => {
            const name = language === "es" && time.nameEs ? time.nameEs : time.nameEn;
            const rowFailure = failure && failure.targetId === time.id ? failure : null;
            return (
              <li key={time.id} className="rounded-lg border border-slate-200 p-3">
                <div className="flex flex-wrap items-center justify-between gap-3">
                  <div className="min-w-0">
                    <p className="font-semibold text-slate-900">
                      {name}
                      {time.isMainService ? (
                        <span className="ml-2 rounded bg-brand-50 px-2 py-0.5 text-xs font-semibold text-brand-800">
                          {t("settings.serviceTimes.main")}
                        </span>
                      ) : null}
                    </p>
                    <p className="text-slate-700">
                      {format({
                        key: time.key,
                        name,
                        dayOfWeek: time.dayOfWeek,
                        startTime: time.startTime,
                        isMainService: time.isMainService,
                      })}
                    </p>
                  </div>
                  <div className="flex flex-wrap gap-2">
                    <MoveButton
                      id={time.id}
                      direction="up"
                      disabled={busy || index === 0}
                      label={t("settings.serviceTimes.moveUp", { name })}
                      text={t("settings.serviceTimes.up")}
                    />
                    <MoveButton
                      id={time.id}
                      direction="down"
                      disabled={busy || index === times.length - 1}
                      label={t("settings.serviceTimes.moveDown", { name })}
                      text={t("settings.serviceTimes.down")}
                    />
                    <Form method="post">
                      <input type="hidden" name="intent" value="delete-service-time" />
                      <input type="hidden" name="id" value={time.id} />
                      <button
                        type="submit"
                        className={adminButton.danger}
                        disabled={busy}
                        aria-label={t("settings.serviceTimes.delete", { name })}
                      >
                        {t("settings.serviceTimes.deleteShort")}
                      </button>
                    </Form>
                  </div>
                </div>
                <details className="mt-3" open={rowFailure ? true : undefined}>
                  <summary className="inline-flex min-h-11 cursor-pointer items-center font-semibold text-brand-800 underline">
                    {t("settings.serviceTimes.edit", { name })}
                  </summary>
                  <ServiceTimeForm
                    idPrefix={`st-${time.id}`}
                    row={time}
                    failure={rowFailure}
                    busy={busy}
                    submit={t("settings.serviceTimes.save")}
                  />
                </details>
              </li>
            );
          })}
        </ol>
      )}
      <h3 className="mb-3 text-base font-semibold text-slate-900">{t("settings.serviceTimes.addHeading")}</h3>
      <ServiceTimeForm
        key={result?.ok && result.intent === "save-service-time" ? result.at : "add"}
        idPrefix="st-new"
        row={null}
        failure={addFailure}
        busy={busy}
        submit={t("settings.serviceTimes.add")}
      />
    </AdminCard>
  );
}

function MoveButton({
  id,
  direction,
  disabled,
  label,
  text,
}: {
  id: number;
  direction: "up" | "down";
  disabled: boolean;
  label: string;
  text: string;
}) {
  return (
    <Form method="post">
      <input type="hidden" name="intent" value="move-service-time" />
      <input type="hidden" name="id" value={id} />
      <input type="hidden" name="direction" value={direction} />
      <button type="submit" className={adminButton.secondary} disabled={disabled} aria-label={label}>
        <span aria-hidden="true">{direction === "up" ? "↑" : "↓"}</span> {text}
      </button>
    </Form>
  );
}

function ServiceTimeForm({
  idPrefix,
  row,
  failure,
  busy,
  submit,
}: {
  idPrefix: string;
  row: ServiceTimeRow | null;
  failure: Failure | null;
  busy: boolean;
  submit: string;
}) {
  const { t } = useAdminTranslation();
  const { t: siteT } = useTranslation();
  const values = failure?.values;
  const value = (name: "dayOfWeek" | "startTime" | "nameEn" | "nameEs") =>
    values?.[name] ?? (row ? String(row[name]) : name === "dayOfWeek" ? "0" : "");
  const checked = values ? values.isMainService === "on" || values.isMainService === "true" : (row?.isMainService ?? false);
  const error = (name: string) => say(t, failure?.fieldErrors?.[name]);
  return (
    <Form method="post" noValidate className="mt-3 grid gap-4 sm:grid-cols-2" key={failure ? "failed" : "form"}>
      <input type="hidden" name="intent" value="save-service-time" />
      <input type="hidden" name="id" value={row?.id ?? ""} />
      <Field id={`${idPrefix}-day`} label={t("settings.serviceTimes.day")} error={error("dayOfWeek")}>
        {(props) => (
          <select {...props} name="dayOfWeek" defaultValue={value("dayOfWeek")} className={inputClasses}>
            {(["0", "1", "2", "3", "4", "5", "6"] as const).map((day) => (
              <option key={day} value={day}>
                {siteT(`time.days.${day}`)}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field
        id={`${idPrefix}-time`}
        label={t("settings.serviceTimes.time")}
        hint={t("settings.serviceTimes.timeHint")}
        error={error("startTime")}
      >
        {(props) => (
          <input
            {...props}
            name="startTime"
            type="text"
            inputMode="numeric"
            pattern="[0-2][0-9]:[0-5][0-9]"
            maxLength={5}
            defaultValue={value("startTime")}
            required
            autoComplete="off"
            className={inputClasses}
          />
        )}
      </Field>
      <Field id={`${idPrefix}-name-en`} label={t("settings.serviceTimes.nameEn")} error={error("nameEn")}>
        {(props) => <input {...props} name="nameEn" defaultValue={value("nameEn")} required autoComplete="off" className={inputClasses} />}
      </Field>
      <Field
        id={`${idPrefix}-name-es`}
        label={t("settings.serviceTimes.nameEs")}
        hint={t("settings.profile.spanishHint")}
        error={error("nameEs")}
      >
        {(props) => <input {...props} name="nameEs" defaultValue={value("nameEs")} autoComplete="off" className={inputClasses} />}
      </Field>
      <div className="sm:col-span-2">
        <div className="flex items-start gap-3">
          <input
            id={`${idPrefix}-main`}
            type="checkbox"
            name="isMainService"
            defaultChecked={checked}
            aria-describedby={`${idPrefix}-main-hint`}
            className="mt-1 h-5 w-5 shrink-0 accent-brand-700"
          />
          <div>
            <label htmlFor={`${idPrefix}-main`} className="font-semibold text-slate-900">
              {t("settings.serviceTimes.main")}
            </label>
            <p id={`${idPrefix}-main-hint`} className="text-sm text-slate-600">
              {t("settings.serviceTimes.mainHint")}
            </p>
          </div>
        </div>
      </div>
      <div className="sm:col-span-2">
        <button type="submit" className={adminButton.primary} disabled={busy}>
          {submit}
        </button>
      </div>
    </Form>
  );
}
