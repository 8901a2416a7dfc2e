import { data, Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/group-edit";
import { AdminCard, AdminPage, adminButton, Field, formatDateTime, inputClasses, Notice } from "~/components/admin/admin-ui";
import { churchTimeZone } from "~/platform/church/church-time-zone.server";
import { handleGroupAdminAction } from "~/features/groups/admin/group-admin-action.server";
import type { GroupAdminResult, GroupFormValues, GroupTextField } from "~/features/groups/admin/group-form";
import { loadGroupEditor, type EditorPerson } from "~/features/groups/admin/load-group-editor.server";
import { NO_STORE, requireAdmin } from "~/platform/admin/require-admin.server";
import { GROUP_LANGUAGES, GROUP_STATUSES, MEETING_MODES, WEEKDAYS } from "~/features/groups/group-views";
import { groupsAdminTranslator, useGroupsAdminTranslation, type GroupsAdminT } from "~/features/groups/groups-admin-translation";

/** The group this URL edits: null for /admin/groups/new; a 404 for an id that is not one. */
function groupIdOf(params: { groupId?: string }): number | null {
  if (params.groupId === undefined) return null;
  if (!/^\d{1,9}$/.test(params.groupId)) throw data({ notFound: true }, { status: 404, headers: NO_STORE });
  return Number(params.groupId);
}

export async function loader({ request, url, params }: Route.LoaderArgs) {
  const { db, language } = await requireAdmin(request, "groups");
  const groupId = groupIdOf(params);
  const editor = await loadGroupEditor({ db, groupId });
  if (!editor) throw data({ notFound: true }, { status: 404, headers: NO_STORE });
  const search = url.searchParams;
  const notice = (["created", "saved", "unchanged"] as const).find((k) => search.has(k)) ?? null;
  const t = groupsAdminTranslator(language);
  return data(
    {
      title: editor.id === null ? t("admin.newTitle") : t("admin.editTitle", { name: editor.values.nameEn ?? "" }),
      timeZone: await churchTimeZone(db),
      editor,
      notice,
    },
    { headers: NO_STORE },
  );
}

export async function action({ request, params }: Route.ActionArgs) {
  const ctx = await requireAdmin(request, "groups");
  return handleGroupAdminAction(request, ctx, groupIdOf(params));
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title ?? "" }];

const checkboxRow = "flex min-h-11 items-center gap-3 rounded-lg border border-slate-200 px-3 py-2";
const dayKeys = WEEKDAYS.map((d) => String(d) as "0");

export default function AdminGroupEdit({ loaderData, actionData }: Route.ComponentProps) {
  const { t, language } = useGroupsAdminTranslation();
  const busy = useNavigation().state !== "idle";
  const { editor, timeZone, notice, title } = loaderData;
  const result = actionData as GroupAdminResult | undefined;
  const saveFailed = result && !result.ok && result.intent === "save" ? result : undefined;
  const values: GroupFormValues = saveFailed?.values ?? editor.values;
  const errors = saveFailed?.fieldErrors ?? {};
  const v = (name: GroupTextField) => values[name] ?? "";
  const err = (name: GroupTextField) => (errors[name] ? t(`admin.errors.${errors[name]}`) : null);
  const isNew = editor.id === null;

  const text = (name: GroupTextField, o: { required?: boolean; lang?: "en" | "es"; max?: number; hint?: string; type?: string } = {}) => (
    <Field id={`group-${name}`} label={t(`admin.form.${name}` as "admin.form.nameEn")} error={err(name)} hint={o.hint}>
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
  const area = (name: GroupTextField, o: { lang: "en" | "es"; max: number; hint?: string }) => (
    <Field id={`group-${name}`} label={t(`admin.form.${name}` as "admin.form.nameEn")} error={err(name)} hint={o.hint}>
      {(props) => (
        <textarea {...props} name={name} lang={o.lang} rows={4} defaultValue={v(name)} maxLength={o.max} className={inputClasses} />
      )}
    </Field>
  );
  const select = (name: GroupTextField, options: { value: string; label: string }[]) => (
    <Field id={`group-${name}`} label={t(`admin.form.${name}` as "admin.form.nameEn")} error={err(name)}>
      {(props) => (
        <select {...props} name={name} defaultValue={v(name)} className={inputClasses}>
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
  const peopleMessage = result && result.intent !== "save" ? result : undefined;

  return (
    <AdminPage
      title={title}
      actions={
        <>
          <Link to="/admin/groups" className={adminButton.secondary}>
            {t("admin.backToList")}
          </Link>
          {editor.slug && editor.status === "active" ? (
            <a href={`/community/groups/${editor.slug}`} target="_blank" rel="noreferrer" className={adminButton.secondary}>
              {t("admin.viewPublic")}
            </a>
          ) : null}
        </>
      }
    >
      {saveFailed ? (
        <Notice tone="error">{t(`admin.messages.${saveFailed.message}`)}</Notice>
      ) : peopleMessage ? (
        <Notice tone={peopleMessage.ok ? "success" : "error"}>
          {t(`admin.messages.${peopleMessage.message}`, { name: peopleMessage.name ?? "" })}
        </Notice>
      ) : notice ? (
        <Notice tone="success">{t(`admin.messages.${notice}`)}</Notice>
      ) : null}

      <Form key={`${editor.id ?? "new"}-${notice ?? ""}`} method="post" className="grid gap-6" aria-label={title}>
        <input type="hidden" name="intent" value="save" />
        <AdminCard id="group-text" title={t("admin.form.textLegend")}>
          <div className="grid gap-4">
            <div className="grid gap-4 md:grid-cols-2">
              {text("nameEn", { required: true, lang: "en", max: 160 })}
              {text("nameEs", { lang: "es", max: 160, hint: t("admin.form.spanishHint") })}
            </div>
            <div className="grid gap-4 md:grid-cols-2">
              {area("descriptionEn", { lang: "en", max: 4000 })}
              {area("descriptionEs", { lang: "es", max: 4000, hint: t("admin.form.spanishHint") })}
            </div>
          </div>
        </AdminCard>

        <AdminCard id="group-schedule" title={t("admin.form.scheduleLegend")}>
          <div className="grid gap-4">
            <div className="grid gap-4 md:grid-cols-3">
              {select(
                "dayOfWeek",
                dayKeys.map((d) => ({ value: d, label: t(`days.${d}`) })),
              )}
              {text("startTime", { required: true, type: "time", hint: t("admin.form.startTimeHint", { zone: timeZone }) })}
              {text("durationMinutes", { required: true, type: "number" })}
            </div>
            <div className="grid gap-4 md:grid-cols-2">
              {area("scheduleNotesEn", { lang: "en", max: 1000, hint: t("admin.form.scheduleNotesHint") })}
              {area("scheduleNotesEs", { lang: "es", max: 1000, hint: t("admin.form.spanishHint") })}
            </div>
          </div>
        </AdminCard>

        <AdminCard id="group-place" title={t("admin.form.placeLegend")}>
          <div className="grid gap-4 md:grid-cols-2">
            {select(
              "meetingMode",
              MEETING_MODES.map((m) => ({ value: m, label: t(`modes.${m}`) })),
            )}
            {text("locationName", { max: 200 })}
            {text("address", { max: 300 })}
            {text("onlineUrl", { type: "url", max: 500, hint: t("admin.form.onlineUrlHint") })}
          </div>
        </AdminCard>

        <AdminCard id="group-settings" title={t("admin.form.settingsLegend")}>
          <div className="grid gap-4 md:grid-cols-2">
            {select(
              "language",
              GROUP_LANGUAGES.map((l) => ({ value: l, label: t(`languages.${l}`) })),
            )}
            {text("contactName", { max: 120, hint: t("admin.form.contactNameHint") })}
            {text("capacity", { type: "number", hint: t("admin.form.capacityHint") })}
            {select(
              "status",
              GROUP_STATUSES.map((s) => ({ value: s, label: t(`admin.statuses.${s}`) })),
            )}
            {text("slug", { max: 80, hint: t("admin.form.slugHint") })}
            <label className={`${checkboxRow} self-end`}>
              <input type="checkbox" name="isOpen" defaultChecked={values.isOpen === "on"} className="h-5 w-5" />
              <span className="text-slate-900">{t("admin.form.isOpen")}</span>
            </label>
          </div>
        </AdminCard>

        <div>
          <button type="submit" className={adminButton.primary} disabled={busy}>
            {isNew ? t("admin.form.create") : t("admin.form.save")}
          </button>
        </div>
      </Form>

      {isNew ? (
        <p className="text-slate-700">{t("admin.people.saveFirst")}</p>
      ) : (
        <People
          t={t}
          people={editor.people}
          busy={busy}
          language={language}
          timeZone={timeZone}
          leaderEmailError={result?.intent === "add-leader" && !result.ok ? t(`admin.messages.${result.message}`) : null}
        />
      )}
    </AdminPage>
  );
}

function PersonButton({
  intent,
  memberId,
  label,
  ariaLabel,
  tone,
  busy,
}: {
  intent: string;
  memberId: string;
  label: string;
  ariaLabel: string;
  tone: "primary" | "secondary" | "danger";
  busy: boolean;
}) {
  return (
    <Form method="post">
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="memberId" value={memberId} />
      <button type="submit" className={adminButton[tone]} disabled={busy} aria-label={ariaLabel}>
        {label}
      </button>
    </Form>
  );
}

function People({
  t,
  people,
  busy,
  language,
  timeZone,
  leaderEmailError,
}: {
  t: GroupsAdminT;
  people: EditorPerson[];
  busy: boolean;
  language: string;
  timeZone: string;
  leaderEmailError: string | null;
}) {
  const leaders = people.filter((p) => p.status === "active" && p.role === "leader");
  const members = people.filter((p) => p.status === "active" && p.role === "member");
  const requests = people.filter((p) => p.status === "pending");
  const row = "flex flex-wrap items-center justify-between gap-3 border-b border-slate-200 py-3 last:border-b-0";
  const who = (p: EditorPerson) => (
    <div className="min-w-0">
      <p className="font-semibold wrap-anywhere text-slate-900">{p.name || p.email}</p>
      {p.email ? <p className="text-sm wrap-anywhere text-slate-700">{p.email}</p> : null}
    </div>
  );
  return (
    <>
      <AdminCard id="group-requests" title={t("admin.people.requestsHeading")}>
        {requests.length === 0 ? (
          <p className="text-slate-700">{t("admin.people.noRequests")}</p>
        ) : (
          <ul>
            {requests.map((p) => (
              <li key={p.id} className={row}>
                <div className="min-w-0">
                  {who(p)}
                  <p className="text-sm text-slate-700">{t("leader.requestedOn", { date: formatDateTime(p.since, language, timeZone) })}</p>
                  {p.message ? <p className="mt-1 whitespace-pre-line wrap-anywhere text-slate-800">{p.message}</p> : null}
                </div>
                <div className="flex flex-wrap gap-2">
                  <PersonButton
                    intent="accept"
                    memberId={p.id}
                    label={t("leader.accept")}
                    ariaLabel={t("leader.acceptFor", { name: p.name })}
                    tone="primary"
                    busy={busy}
                  />
                  <PersonButton
                    intent="decline"
                    memberId={p.id}
                    label={t("leader.decline")}
                    ariaLabel={t("leader.declineFor", { name: p.name })}
                    tone="secondary"
                    busy={busy}
                  />
                </div>
              </li>
            ))}
          </ul>
        )}
      </AdminCard>

      <AdminCard id="group-leaders" title={t("admin.people.leadersHeading")}>
        {leaders.length === 0 ? (
          <p className="text-slate-700">{t("admin.people.noLeaders")}</p>
        ) : (
          <ul>
            {leaders.map((p) => (
              <li key={p.id} className={row}>
                {who(p)}
                <PersonButton
                  intent="remove-leader"
                  memberId={p.id}
                  label={t("admin.people.removeLeader")}
                  ariaLabel={t("admin.people.removeLeaderFor", { name: p.name })}
                  tone="secondary"
                  busy={busy}
                />
              </li>
            ))}
          </ul>
        )}
        <Form method="post" className="mt-4 grid gap-3 sm:grid-cols-[minmax(0,1fr)_auto] sm:items-end">
          <input type="hidden" name="intent" value="add-leader" />
          <Field
            id="group-leader-email"
            label={t("admin.people.leaderEmail")}
            hint={t("admin.people.leaderEmailHint")}
            error={leaderEmailError}
          >
            {(props) => (
              <input {...props} name="leaderEmail" type="email" autoComplete="off" required maxLength={254} className={inputClasses} />
            )}
          </Field>
          <button type="submit" className={adminButton.secondary} disabled={busy}>
            {t("admin.people.addLeader")}
          </button>
        </Form>
      </AdminCard>

      <AdminCard id="group-members" title={t("admin.people.membersHeading")}>
        {members.length === 0 ? (
          <p className="text-slate-700">{t("admin.people.noMembers")}</p>
        ) : (
          <ul>
            {members.map((p) => (
              <li key={p.id} className={row}>
                {who(p)}
                <PersonButton
                  intent="remove-member"
                  memberId={p.id}
                  label={t("admin.people.removeMember")}
                  ariaLabel={t("admin.people.removeMemberFor", { name: p.name })}
                  tone="danger"
                  busy={busy}
                />
              </li>
            ))}
          </ul>
        )}
      </AdminCard>
    </>
  );
}
