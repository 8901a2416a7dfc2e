import { data, Form, Link, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/class-edit";
import { adminButton, AdminCard, AdminPage, AdminTable, Field, formatDateTime, inputClasses, Notice } from "~/components/admin/admin-ui";
import { churchTimeZone } from "~/platform/church/church-time-zone.server";
import { cancelClassSignup } from "~/features/membership/admin/cancel-class-signup.server";
import { loadOfferingEditor, parseOfferingId } from "~/features/membership/admin/load-offering-editor.server";
import {
  MAX_SESSIONS,
  OFFERING_STATUSES,
  sessionField,
  type OfferingFieldError,
  type OfferingFormValues,
} from "~/features/membership/admin/offering-form";
import { parseOfferingInput } from "~/features/membership/admin/parse-offering-input.server";
import { saveOffering } from "~/features/membership/admin/save-offering.server";
import { NO_STORE, requireAdmin } from "~/platform/admin/require-admin.server";
import { readInput } from "~/server/request-input.server";
import { membershipTranslator, useMembershipTranslation } from "~/features/membership/membership-translation";

/** The class this URL edits: null for /admin/classes/new; a 404 for an id that is not one. */
function offeringIdOf(params: { offeringId?: string }): number | null {
  if (params.offeringId === undefined) return null;
  const id = parseOfferingId(params.offeringId);
  if (id === null) throw data({ notFound: true }, { status: 404, headers: NO_STORE });
  return id;
}

export async function loader({ request, url, params }: Route.LoaderArgs) {
  const { db, language } = await requireAdmin(request, "inbox:signups");
  const offeringId = offeringIdOf(params);
  const timeZone = await churchTimeZone(db);
  const editor = await loadOfferingEditor({ db, offeringId, timeZone });
  if (!editor) throw data({ notFound: true }, { status: 404, headers: NO_STORE });
  const search = url.searchParams;
  const notice = (["created", "saved", "signupCancelled"] as const).find((k) => search.has(k)) ?? null;
  const t = membershipTranslator(language);
  return data(
    {
      title: editor.id === null ? t("admin.newTitle") : t("admin.editTitle", { title: editor.values.titleEn ?? "" }),
      timeZone,
      editor,
      notice,
    },
    { headers: NO_STORE },
  );
}

export type ClassFormResult = {
  ok: false;
  message: "invalid" | "notFound" | "invalidRequest" | "addedSession";
  values: OfferingFormValues;
  fieldErrors: Record<string, OfferingFieldError>;
};

export async function action({ request, params }: Route.ActionArgs) {
  const { db, admin, ip } = await requireAdmin(request, "inbox:signups");
  const offeringId = offeringIdOf(params);
  const input = await readInput(request);
  const answer = (
    status: number,
    message: ClassFormResult["message"],
    values: OfferingFormValues = {},
    fieldErrors: ClassFormResult["fieldErrors"] = {},
  ) => data<ClassFormResult>({ ok: false, message, values, fieldErrors }, { status, headers: NO_STORE });
  if (!input) return answer(400, "invalidRequest");
  const values: OfferingFormValues = {};
  for (const [key, value] of Object.entries(input)) if (typeof value === "string" && key.length <= 40) values[key] = value.slice(0, 6000);

  if (input.intent === "cancel-signup") {
    if (offeringId === null) return answer(400, "invalidRequest");
    const result = await cancelClassSignup({ db, actor: admin, ip, offeringId, signupId: input.signupId });
    if (!result.ok) return answer(result.status, result.status === 404 ? "notFound" : "invalidRequest");
    throw redirect(`/admin/classes/${offeringId}?signupCancelled=1#class-signups`, { status: 303, headers: NO_STORE });
  }
  if (input.intent === "add-session") {
    const count = Math.min((Number.parseInt(values.sessionCount ?? "", 10) || 0) + 1, MAX_SESSIONS);
    const numbers = Array.from({ length: count - 1 }, (_, i) => Number.parseInt(values[sessionField(i, "number")] ?? "", 10) || 0);
    values[sessionField(count - 1, "number")] = String(Math.min(99, Math.max(0, ...numbers) + 1));
    return data<ClassFormResult>(
      { ok: false, message: "addedSession", values: { ...values, sessionCount: String(count) }, fieldErrors: {} },
      { headers: NO_STORE },
    );
  }
  if (input.intent !== "save") return answer(400, "invalidRequest", values);
  const timeZone = await churchTimeZone(db);
  const parsed = parseOfferingInput(values, timeZone);
  if (!parsed.ok) return answer(400, "invalid", values, parsed.fieldErrors);
  const result = await saveOffering({ db, actor: admin, ip, offeringId, input: parsed.input });
  if (!result.ok) return answer(404, "notFound", values);
  throw redirect(`/admin/classes/${result.id}?${result.created ? "created" : "saved"}=1`, { status: 303, headers: NO_STORE });
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title ?? "" }];

export default function AdminClassEdit({ loaderData, actionData }: Route.ComponentProps) {
  const { t, language } = useMembershipTranslation();
  const busy = useNavigation().state !== "idle";
  const { editor, timeZone, notice, title } = loaderData;
  const result = actionData as ClassFormResult | undefined;
  const values = result && Object.keys(result.values).length > 0 ? result.values : editor.values;
  const errors = result?.fieldErrors ?? {};
  const v = (name: string) => values[name] ?? "";
  const err = (name: string) => (errors[name] ? t(`admin.errors.${errors[name]}`) : null);
  const isNew = editor.id === null;
  const sessionCount = Math.max(1, Math.min(Number.parseInt(v("sessionCount"), 10) || 1, MAX_SESSIONS + 1));

  const text = (
    name: string,
    label: string,
    o: { lang?: "en" | "es"; max?: number; hint?: string; type?: string; required?: boolean; id?: string } = {},
  ) => (
    <Field id={o.id ?? `class-${name}`} label={label} error={err(name)} hint={o.hint}>
      {(props) => (
        <input
          {...props}
          name={name}
          type={o.type ?? "text"}
          lang={o.lang}
          defaultValue={v(name)}
          required={o.required}
          maxLength={o.max}
          className={inputClasses}
        />
      )}
    </Field>
  );

  return (
    <AdminPage
      title={title}
      actions={
        <>
          <Link to="/admin/classes" className={adminButton.secondary}>
            {t("admin.backToList")}
          </Link>
          {editor.status === "open" ? (
            <a href="/kingdom-builders-class" target="_blank" rel="noreferrer" className={adminButton.secondary}>
              {t("admin.viewPublic")}
            </a>
          ) : null}
        </>
      }
    >
      {result ? (
        <Notice tone={result.message === "addedSession" ? "info" : "error"}>{t(`admin.messages.${result.message}`)}</Notice>
      ) : notice ? (
        <Notice tone="success">{t(`admin.messages.${notice}`)}</Notice>
      ) : null}

      <Form key={`${editor.id ?? "new"}-${notice ?? ""}`} method="post" className="grid gap-6" aria-label={title}>
        <input type="hidden" name="sessionCount" value={sessionCount} />
        {/* Enter in a field saves: the first submit button is the form's default. */}
        <button type="submit" name="intent" value="save" tabIndex={-1} aria-hidden="true" className="sr-only">
          {isNew ? t("admin.create") : t("admin.save")}
        </button>
        <AdminCard id="class-text" title={t("admin.textLegend")}>
          <div className="grid gap-4">
            <div className="grid gap-4 md:grid-cols-2">
              {text("titleEn", t("admin.fields.titleEn"), { lang: "en", max: 200, required: true })}
              {text("titleEs", t("admin.fields.titleEs"), { lang: "es", max: 200, hint: t("admin.spanishHint") })}
            </div>
            <div className="grid gap-4 md:grid-cols-2">
              {(["descriptionEn", "descriptionEs"] as const).map((name) => (
                <Field
                  key={name}
                  id={`class-${name}`}
                  label={t(`admin.fields.${name}`)}
                  error={err(name)}
                  hint={name === "descriptionEs" ? t("admin.spanishHint") : undefined}
                >
                  {(props) => (
                    <textarea
                      {...props}
                      name={name}
                      lang={name === "descriptionEs" ? "es" : "en"}
                      rows={4}
                      maxLength={5000}
                      defaultValue={v(name)}
                      className={inputClasses}
                    />
                  )}
                </Field>
              ))}
            </div>
            <div className="grid gap-4 md:grid-cols-3">
              {text("locationName", t("admin.fields.locationName"), { max: 200 })}
              {text("capacity", t("admin.fields.capacity"), { type: "number", hint: t("admin.fields.capacityHint") })}
              <Field id="class-status" label={t("admin.fields.status")} error={err("status")}>
                {(props) => (
                  <select {...props} name="status" defaultValue={v("status") || "draft"} className={inputClasses}>
                    {OFFERING_STATUSES.map((status) => (
                      <option key={status} value={status}>
                        {t(`admin.statuses.${status}`)}
                      </option>
                    ))}
                  </select>
                )}
              </Field>
            </div>
          </div>
        </AdminCard>

        <AdminCard id="class-sessions" title={t("admin.sessionsLegend")}>
          <p className="mb-4 text-sm text-slate-700">{t("admin.timeZoneHint", { zone: timeZone })}</p>
          {errors.sessions ? <p className="mb-4 text-sm font-medium text-red-800">{t("admin.errors.sessions")}</p> : null}
          <div className="grid gap-4">
            {Array.from({ length: sessionCount }, (_, i) => (
              <fieldset key={i} className="grid min-w-0 gap-3 rounded-lg border border-slate-200 p-3 sm:grid-cols-2 lg:grid-cols-4">
                <legend className="px-1 text-sm font-semibold text-slate-900">
                  {t("admin.sessionHeading", { number: v(sessionField(i, "number")) || i + 1 })}
                </legend>
                {text(sessionField(i, "number"), t("admin.fields.sessionNumber"), { type: "number", id: `class-s${i}-number` })}
                {text(sessionField(i, "date"), t("admin.fields.date"), { type: "date", id: `class-s${i}-date` })}
                {text(sessionField(i, "startTime"), t("admin.fields.startTime"), { type: "time", id: `class-s${i}-start` })}
                {text(sessionField(i, "endTime"), t("admin.fields.endTime"), { type: "time", id: `class-s${i}-end` })}
                <div className="sm:col-span-2">
                  {text(sessionField(i, "topicEn"), t("admin.fields.topicEn"), { lang: "en", max: 200, id: `class-s${i}-topic-en` })}
                </div>
                <div className="sm:col-span-2">
                  {text(sessionField(i, "topicEs"), t("admin.fields.topicEs"), {
                    lang: "es",
                    max: 200,
                    id: `class-s${i}-topic-es`,
                    hint: t("admin.spanishHint"),
                  })}
                </div>
                <label className="flex min-h-11 items-center gap-3 sm:col-span-2">
                  <input
                    type="checkbox"
                    name={sessionField(i, "remove")}
                    defaultChecked={v(sessionField(i, "remove")) === "on"}
                    className="h-5 w-5"
                  />
                  <span className="text-slate-900">{t("admin.fields.remove")}</span>
                </label>
              </fieldset>
            ))}
          </div>
          {sessionCount < MAX_SESSIONS ? (
            <button type="submit" name="intent" value="add-session" disabled={busy} className={`${adminButton.secondary} mt-4`}>
              {t("admin.addSession")}
            </button>
          ) : null}
        </AdminCard>
        <div>
          <button type="submit" name="intent" value="save" disabled={busy} className={adminButton.primary}>
            {isNew ? t("admin.create") : t("admin.save")}
          </button>
        </div>
      </Form>

      {isNew ? null : (
        <AdminCard id="class-signups" title={t("admin.signupsHeading")}>
          {editor.signups.length > 0 ? (
            <p className="mb-4">
              <a href={`/admin/classes/${editor.id}/signups.csv`} download className={adminButton.secondary}>
                {t("admin.exportCsv")}
              </a>
            </p>
          ) : null}
          {editor.signups.length === 0 ? (
            <p className="text-slate-700">{t("admin.signupsNone")}</p>
          ) : (
            <AdminTable
              label={t("admin.signupsTable")}
              minWidthClass="min-w-[40rem]"
              columns={[
                t("admin.signupColumns.name"),
                t("admin.signupColumns.email"),
                t("admin.signupColumns.phone"),
                t("admin.signupColumns.date"),
                t("admin.signupColumns.status"),
                t("admin.signupColumns.actions"),
              ]}
            >
              {editor.signups.map((s) => (
                <tr key={s.id} className="border-b border-slate-200 align-top">
                  <th scope="row" className="py-3 pr-3 font-normal break-words">
                    {s.name}
                  </th>
                  <td className="py-3 pr-3 break-all">
                    <a href={`mailto:${s.email}`} className="text-brand-800 underline">
                      {s.email}
                    </a>
                  </td>
                  <td className="py-3 pr-3 whitespace-nowrap">{s.phone ?? "—"}</td>
                  <td className="py-3 pr-3 whitespace-nowrap">{formatDateTime(s.createdAt, language, timeZone)}</td>
                  <td className="py-3 pr-3">{t(`admin.signupStatuses.${s.status}`)}</td>
                  <td className="py-3">
                    {s.status === "registered" ? (
                      <Form method="post">
                        <input type="hidden" name="signupId" value={s.id} />
                        <button
                          type="submit"
                          name="intent"
                          value="cancel-signup"
                          className={adminButton.secondary}
                          aria-label={t("admin.cancelSignup", { name: s.name })}
                        >
                          {t("admin.cancelSignupButton")}
                        </button>
                      </Form>
                    ) : null}
                  </td>
                </tr>
              ))}
            </AdminTable>
          )}
        </AdminCard>
      )}
    </AdminPage>
  );
}
