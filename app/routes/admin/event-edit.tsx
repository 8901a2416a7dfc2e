import type { ReactNode } from "react";
import { data, Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/event-edit";
import { AdminCard, AdminPage, adminButton, Field, inputClasses, Notice } from "~/components/admin/admin-ui";
import { adminTranslator, useAdminTranslation, type AdminMessageKey, type AdminT } from "~/platform/admin/admin-translation";
import { churchTimeZone } from "~/platform/church/church-time-zone.server";
import { parseEventId } from "~/features/events/admin/duplicate-event.server";
import {
  EVENT_CATEGORIES,
  MAX_QUESTIONS,
  QUESTION_KINDS,
  RECURRENCE_ENDS,
  RECURRENCE_FREQS,
  questionField,
  type EventFormValues,
} from "~/features/events/admin/event-form";
import type { EventFormResult } from "~/features/events/admin/event-result";
import { loadEventEditor } from "~/features/events/admin/load-event-editor.server";
import { handleEventFormAction } from "~/features/events/admin/event-form-action.server";
import { NO_STORE, requireAdmin } from "~/platform/admin/require-admin.server";

/** The event this URL edits: null for /admin/events/new; a 404 for an id that is not one. */
function eventIdOf(params: { eventId?: string }): number | null {
  if (params.eventId === undefined) return null;
  const id = parseEventId(params.eventId);
  if (id === null) throw data({ notFound: true }, { status: 404, headers: NO_STORE });
  return id;
}

export async function loader({ request, url, params }: Route.LoaderArgs) {
  const { db, language } = await requireAdmin(request, "events");
  const eventId = eventIdOf(params);
  const timeZone = await churchTimeZone(db);
  const editor = await loadEventEditor({ db, eventId, timeZone });
  if (!editor) throw data({ notFound: true }, { status: 404, headers: NO_STORE });
  const search = url.searchParams;
  const notice = (["created", "saved", "unchanged", "duplicated"] as const).find((k) => search.has(k)) ?? null;
  const t = adminTranslator(language);
  return data(
    {
      title: editor.id === null ? t("events.newTitle") : t("events.editTitle", { title: editor.values.titleEn ?? "" }),
      timeZone,
      editor,
      notice,
    },
    { headers: NO_STORE },
  );
}

export async function action({ request, params }: Route.ActionArgs) {
  const ctx = await requireAdmin(request, "events");
  return handleEventFormAction(request, ctx, eventIdOf(params));
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title ?? "" }];

const checkboxRow = "flex min-h-11 items-center gap-3 rounded-lg border border-slate-200 px-3 py-2";
const legendClasses = "mb-2 text-sm font-semibold text-slate-900";

export default function AdminEventEdit({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useAdminTranslation();
  const busy = useNavigation().state !== "idle";
  const { editor, timeZone, notice } = loaderData;
  const result = actionData as EventFormResult | undefined;
  const failed = result && !result.ok ? result : undefined;
  const values: EventFormValues = failed && Object.keys(failed.values).length > 0 ? failed.values : editor.values;
  const errors = failed?.fieldErrors ?? {};
  const v = (name: string) => values[name] ?? "";
  const err = (name: string) => (errors[name] ? t(`events.errors.${errors[name]}` as AdminMessageKey) : null);
  const checked = (name: string) => values[name] === "on";
  const isNew = editor.id === null;
  const questionCount = Math.max(0, Math.min(Number.parseInt(v("questionCount"), 10) || 0, MAX_QUESTIONS + 5));
  const weekdays = new Set(v("byWeekday").split(",").filter(Boolean));
  const zoneHint = t("events.form.timeZoneHint", { zone: timeZone });
  const label = (key: string) => t(`events.form.${key}` as AdminMessageKey);

  const text = (name: string, options: { required?: boolean; lang?: "en" | "es"; max?: number; hint?: string; type?: string } = {}) => (
    <Field id={`event-${name}`} label={label(name)} error={err(name)} hint={options.hint}>
      {(props) => (
        <input
          {...props}
          name={name}
          type={options.type ?? "text"}
          lang={options.lang}
          defaultValue={v(name)}
          required={options.required}
          maxLength={options.max}
          className={inputClasses}
        />
      )}
    </Field>
  );
  const check = (name: string) => (
    <label className={checkboxRow}>
      <input type="checkbox" name={name} defaultChecked={checked(name)} className="h-5 w-5" />
      <span className="text-slate-900">{label(name)}</span>
    </label>
  );

  return (
    <AdminPage
      title={isNew ? t("events.newTitle") : t("events.editTitle", { title: editor.values.titleEn ?? "" })}
      actions={
        <>
          <Link to="/admin/events" className={adminButton.secondary}>
            {t("events.backToList")}
          </Link>
          {editor.slug && editor.status === "published" ? (
            <a href={`/events/${editor.slug}`} target="_blank" rel="noreferrer" className={adminButton.secondary}>
              {t("events.viewPublic")}
            </a>
          ) : null}
        </>
      }
    >
      {failed ? (
        <Notice tone={failed.message === "addedQuestion" ? "info" : "error"}>{t(`events.messages.${failed.message}`)}</Notice>
      ) : notice ? (
        <Notice tone={notice === "duplicated" ? "info" : "success"}>{t(`events.messages.${notice}`)}</Notice>
      ) : null}

      <Form
        key={`${editor.id ?? "new"}-${editor.values.slug ?? ""}-${notice ?? ""}`}
        method="post"
        encType="multipart/form-data"
        className="grid gap-6"
        aria-label={isNew ? t("events.newTitle") : t("events.editTitle", { title: editor.values.titleEn ?? "" })}
      >
        <input type="hidden" name="questionCount" value={questionCount} />
        {/* Enter in a field saves: the first submit button is the form's default. */}
        <button type="submit" name="intent" value="save" tabIndex={-1} aria-hidden="true" className="sr-only">
          {isNew ? t("events.form.create") : t("events.form.save")}
        </button>

        <AdminCard id="event-text" title={t("events.form.textLegend")}>
          <div className="grid gap-4">
            <div className="grid gap-4 md:grid-cols-2">
              {text("titleEn", { required: true, lang: "en", max: 200 })}
              {text("titleEs", { lang: "es", max: 200, hint: t("events.form.spanishHint") })}
            </div>
            <div className="grid gap-4 md:grid-cols-2">
              {(["descriptionEn", "descriptionEs"] as const).map((name) => (
                <Field
                  key={name}
                  id={`event-${name}`}
                  label={label(name)}
                  error={err(name)}
                  hint={name === "descriptionEs" ? t("events.form.spanishHint") : undefined}
                >
                  {(props) => (
                    <textarea
                      {...props}
                      name={name}
                      lang={name === "descriptionEn" ? "en" : "es"}
                      rows={6}
                      defaultValue={v(name)}
                      required={name === "descriptionEn"}
                      maxLength={5000}
                      className={inputClasses}
                    />
                  )}
                </Field>
              ))}
            </div>
            <Field id="event-category" label={label("category")} error={err("category")}>
              {(props) => (
                <select {...props} name="category" defaultValue={v("category")} className={inputClasses}>
                  {EVENT_CATEGORIES.map((c) => (
                    <option key={c} value={c}>
                      {t(`events.categories.${c}`)}
                    </option>
                  ))}
                </select>
              )}
            </Field>
          </div>
        </AdminCard>

        <AdminCard id="event-when" title={t("events.form.whenLegend")}>
          <div className="grid gap-4">
            <p className="text-sm text-slate-700">{zoneHint}</p>
            <div className="grid gap-4 sm:grid-cols-3">
              {text("startDate", { required: true, type: "date" })}
              {text("startTime", { required: true, type: "time" })}
              {text("endTime", { type: "time", hint: t("events.form.endTimeHint") })}
            </div>
            <div className="grid gap-4 sm:grid-cols-2">
              <Field id="event-recurrenceFreq" label={label("recurrenceFreq")} error={err("recurrenceFreq")}>
                {(props) => (
                  <select {...props} name="recurrenceFreq" defaultValue={v("recurrenceFreq") || "none"} className={inputClasses}>
                    {RECURRENCE_FREQS.map((f) => (
                      <option key={f} value={f}>
                        {t(`events.form.freq.${f}`)}
                      </option>
                    ))}
                  </select>
                )}
              </Field>
              {text("recurrenceInterval", { type: "number" })}
            </div>
            <fieldset className="grid gap-2" aria-describedby={errors.byWeekday ? "event-byWeekday-error" : undefined}>
              <legend className={legendClasses}>{t("events.form.weekdaysLegend")}</legend>
              <div className="flex flex-wrap gap-2">
                {(["0", "1", "2", "3", "4", "5", "6"] as const).map((d) => (
                  <label key={d} className={checkboxRow}>
                    <input type="checkbox" name="byWeekday" value={d} defaultChecked={weekdays.has(d)} className="h-5 w-5" />
                    <span className="text-slate-900">{t(`events.form.weekdays.${d}`)}</span>
                  </label>
                ))}
              </div>
              {errors.byWeekday ? (
                <p id="event-byWeekday-error" className="text-sm font-medium text-red-800">
                  {err("byWeekday")}
                </p>
              ) : null}
            </fieldset>
            <div className="grid gap-4 sm:grid-cols-3">
              <Field id="event-recurrenceEnd" label={label("recurrenceEnd")} error={err("recurrenceEnd")}>
                {(props) => (
                  <select {...props} name="recurrenceEnd" defaultValue={v("recurrenceEnd") || "never"} className={inputClasses}>
                    {RECURRENCE_ENDS.map((e) => (
                      <option key={e} value={e}>
                        {t(`events.form.ends.${e}`)}
                      </option>
                    ))}
                  </select>
                )}
              </Field>
              {text("recurrenceUntil", { type: "date" })}
              {text("recurrenceCount", { type: "number" })}
            </div>
            {text("excludedDates", { hint: t("events.form.excludedDatesHint"), max: 3000 })}
          </div>
        </AdminCard>

        <AdminCard id="event-place" title={t("events.form.placeLegend")}>
          <div className="grid gap-4 md:grid-cols-2">
            {text("locationName", { max: 200 })}
            {text("address", { max: 300 })}
            {text("mapUrl", { type: "url", max: 2000, hint: t("events.form.mapUrlHint") })}
          </div>
        </AdminCard>

        <AdminCard id="event-registration" title={t("events.form.registrationLegend")}>
          <div className="grid gap-4">
            <div className="grid gap-4 sm:grid-cols-2">
              {text("capacity", { type: "number", hint: t("events.form.capacityHint") })}
              {text("maxPartySize", { type: "number", required: true })}
            </div>
            <div className="grid gap-2">
              {check("rsvpEnabled")}
              {check("guestRegistration")}
              {check("needsFollowUp")}
            </div>
            <fieldset className="grid gap-4">
              <legend className={legendClasses}>{t("events.form.questionsLegend")}</legend>
              <p className="text-sm text-slate-700">{t("events.form.questionsHint")}</p>
              {errors.questions ? <p className="text-sm font-medium text-red-800">{err("questions")}</p> : null}
              {Array.from({ length: questionCount }, (_, i) => (
                <QuestionRow key={i} index={i} v={v} err={err} t={t} />
              ))}
              <div>
                <button type="submit" name="intent" value="add-question" formNoValidate className={adminButton.secondary} disabled={busy}>
                  {t("events.form.addQuestion")}
                </button>
              </div>
            </fieldset>
          </div>
        </AdminCard>

        <AdminCard id="event-image" title={t("events.form.imageLegend")}>
          <div className="grid gap-4">
            {editor.imageUrl ? (
              <div className="grid gap-2">
                <p className="text-sm font-semibold text-slate-900">{t("events.form.currentImage")}</p>
                <img
                  src={editor.imageUrl}
                  alt={editor.values.imageAltEn ?? ""}
                  className="max-h-48 w-auto max-w-full rounded-lg object-contain"
                />
                {check("removeImage")}
              </div>
            ) : null}
            <Field id="event-image-file" label={t("events.form.image")} hint={t("events.form.imageHint")} error={err("image")}>
              {(props) => (
                <input
                  {...props}
                  type="file"
                  name="image"
                  accept="image/jpeg,image/png,image/webp"
                  className="block w-full text-sm text-slate-900"
                />
              )}
            </Field>
            <div className="grid gap-4 md:grid-cols-2">
              {text("imageAltEn", { lang: "en", max: 300, hint: t("events.form.imageAltHint") })}
              {text("imageAltEs", { lang: "es", max: 300, hint: t("events.form.spanishHint") })}
            </div>
          </div>
        </AdminCard>

        <AdminCard id="event-publish" title={t("events.form.publishLegend")}>
          <div className="grid gap-4">
            <Field id="event-status" label={label("status")} error={err("status")}>
              {(props) => (
                <select {...props} name="status" defaultValue={v("status") || "draft"} className={inputClasses}>
                  <option value="draft">{t("events.statuses.draft")}</option>
                  <option value="published">{t("events.statuses.published")}</option>
                  {editor.status === "cancelled" ? <option value="cancelled">{t("events.statuses.cancelled")}</option> : null}
                </select>
              )}
            </Field>
            {check("isFeatured")}
            {text("slug", { max: 100, hint: t("events.form.slugHint") })}
          </div>
        </AdminCard>

        <div>
          <button type="submit" name="intent" value="save" className={adminButton.primary} disabled={busy}>
            {isNew ? t("events.form.create") : t("events.form.save")}
          </button>
        </div>
      </Form>
    </AdminPage>
  );
}

function QuestionRow({
  index,
  v,
  err,
  t,
}: {
  index: number;
  v: (name: string) => string;
  err: (name: string) => string | null;
  t: AdminT;
}) {
  const name = (field: string) => questionField(index, field);
  const id = (field: string) => `event-q${index}-${field}`;
  const input = (field: "labelEn" | "labelEs" | "min" | "max", extra: { lang?: string; type?: string; hint?: string } = {}): ReactNode => (
    <Field id={id(field)} label={t(`events.form.${field}`)} error={err(name(field))} hint={extra.hint}>
      {(props) => (
        <input
          {...props}
          name={name(field)}
          lang={extra.lang}
          type={extra.type ?? "text"}
          defaultValue={v(name(field))}
          maxLength={200}
          className={inputClasses}
        />
      )}
    </Field>
  );
  return (
    <fieldset className="grid min-w-0 gap-4 rounded-lg border border-slate-200 p-3">
      <legend className="px-1 text-sm font-semibold text-slate-900">{t("events.form.question", { number: index + 1 })}</legend>
      <input type="hidden" name={name("id")} value={v(name("id"))} />
      <Field id={id("kind")} label={t("events.form.kind")} error={err(name("kind"))}>
        {(props) => (
          <select {...props} name={name("kind")} defaultValue={v(name("kind")) || "text"} className={inputClasses}>
            {QUESTION_KINDS.map((k) => (
              <option key={k} value={k}>
                {t(`events.form.kinds.${k}`)}
              </option>
            ))}
          </select>
        )}
      </Field>
      <div className="grid gap-4 md:grid-cols-2">
        {input("labelEn", { lang: "en" })}
        {input("labelEs", { lang: "es" })}
      </div>
      <Field id={id("options")} label={t("events.form.options")} hint={t("events.form.optionsHint")} error={err(name("options"))}>
        {(props) => <textarea {...props} name={name("options")} rows={3} defaultValue={v(name("options"))} className={inputClasses} />}
      </Field>
      <div className="grid gap-4 sm:grid-cols-2">
        {input("min", { type: "number" })}
        {input("max", { type: "number" })}
      </div>
      <div className="flex flex-wrap gap-2">
        <label className={checkboxRow}>
          <input type="checkbox" name={name("required")} defaultChecked={v(name("required")) === "on"} className="h-5 w-5" />
          <span className="text-slate-900">{t("events.form.required")}</span>
        </label>
        {v(name("labelEn")) ? (
          <label className={checkboxRow}>
            <input type="checkbox" name={name("remove")} defaultChecked={v(name("remove")) === "on"} className="h-5 w-5" />
            <span className="text-slate-900">{t("events.form.remove")}</span>
          </label>
        ) : null}
      </div>
    </fieldset>
  );
}
