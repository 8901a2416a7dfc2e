import { useEffect, useState } from "react";
import { data, Form, Link, redirect, useNavigation, useRevalidator } from "react-router";
import type { Route } from "./+types/email";
import { AdminCard, AdminPage, adminButton, Field, formatDateTime, inputClasses, Notice } from "~/components/admin/admin-ui";
import {
  adminTranslator,
  useAdminTranslation,
  type AdminMessage,
  type AdminMessageKey,
  type AdminT,
} from "~/platform/admin/admin-translation";
import { formValues, parseCampaign, ZCampaignId } from "~/features/messaging/admin/campaign-input.server";
import { storedFormValues, type CampaignField, type CampaignFormValues } from "~/features/messaging/admin/campaign-form-values";
import { BODY_MAX, DELIVERY_STATUSES, SUBJECT_MAX } from "~/features/messaging/admin/email-constants";
import { findMissingSegmentTarget } from "~/features/messaging/admin/find-missing-segment-target.server";
import { decodeSegment } from "~/features/messaging/admin/segment-value";
import { listRegistrationEvents, type EventChoice } from "~/features/events/admin/list-registration-events.server";
import { listGroupChoices } from "~/features/groups/list-group-choices.server";
import { readEventId, readOccurrence } from "~/features/events/admin/registrations-input";
import { loadEmailSection, type CampaignDetail, type CampaignSummary } from "~/features/messaging/admin/load-email-section.server";
import { previewCampaign, type CampaignPreview } from "~/features/messaging/admin/preview-campaign.server";
import { saveCampaignDraft } from "~/features/messaging/admin/save-campaign-draft.server";
import { sendCampaign } from "~/features/messaging/admin/send-campaign.server";
import { NO_STORE, requireAdmin } from "~/platform/admin/require-admin.server";
import { readInput } from "~/server/request-input.server";

const NOTICES = { saved: "email.messages.saved", sent: "email.messages.sent" } as const;

export async function loader({ request, url }: Route.LoaderArgs) {
  const { db, language } = await requireAdmin(request, "email");
  const page = Number.parseInt(url.searchParams.get("page") ?? "1", 10);
  const section = await loadEmailSection({ db, campaignId: url.searchParams.get("campaign"), page: Number.isFinite(page) ? page : 1 });
  const notice = url.searchParams.get("notice");
  const [eventChoices, groupChoices] = await Promise.all([listRegistrationEvents({ db, language }), listGroupChoices(db, language)]);
  // "Email these registrants" (event registrations page): the new message's segment, preselected.
  const presetEvent = url.searchParams.get("segment") === "event-registrants" ? readEventId(url.searchParams.get("event")) : null;
  const presetOccurrence = presetEvent ? readOccurrence(url.searchParams.get("occurrence")) : null;
  return data(
    {
      title: adminTranslator(language)("sections.email"),
      ...section,
      notice: notice === "saved" || notice === "sent" ? notice : null,
      eventChoices,
      groupChoices,
      preset: presetEvent
        ? {
            segment: "event-registrants",
            segmentEvent: String(presetEvent),
            segmentOccurrence: presetOccurrence ? presetOccurrence.toISOString() : "",
            segmentGroup: "",
          }
        : null,
    },
    { headers: NO_STORE },
  );
}

type ActionData = {
  ok: boolean;
  intent: string;
  message?: AdminMessage;
  values?: CampaignFormValues;
  fieldErrors?: Partial<Record<CampaignField, AdminMessageKey>>;
  preview?: CampaignPreview;
};

function refuse(status: number, body: ActionData) {
  return data(body, { status, headers: NO_STORE });
}

export async function action({ request }: Route.ActionArgs) {
  const { db, admin, ip, language } = await requireAdmin(request, "email");
  const input = await readInput(request);
  const intent = typeof input?.intent === "string" ? input.intent : "";
  if (!input || !["save-draft", "preview", "send"].includes(intent)) {
    return refuse(400, { ok: false, intent, message: { key: "email.messages.invalidRequest" } });
  }
  const rawId = typeof input.campaignId === "string" && input.campaignId !== "" ? input.campaignId : null;
  const campaignId = rawId === null ? null : ZCampaignId.safeParse(rawId);
  if (campaignId && !campaignId.success) {
    return refuse(400, { ok: false, intent, message: { key: "email.messages.invalidRequest" }, values: formValues(input) });
  }
  const id = campaignId?.data ?? null;
  const parsed = parseCampaign(input);
  if (!parsed.ok) {
    return refuse(400, {
      ok: false,
      intent,
      message: { key: "email.messages.fixErrors" },
      values: parsed.values,
      fieldErrors: parsed.fieldErrors,
    });
  }
  const missing = await findMissingSegmentTarget(db, parsed.input.segment);
  if (missing) {
    return refuse(400, {
      ok: false,
      intent,
      message: { key: "email.messages.fixErrors" },
      values: parsed.values,
      fieldErrors: { [missing]: missing === "segmentEvent" ? "email.errors.eventNotFound" : "email.errors.groupNotFound" },
    });
  }

  if (intent === "preview") {
    const preview = await previewCampaign({
      db,
      input: parsed.input,
      sampleAddress: adminTranslator(language)("email.preview.sampleAddress"),
    });
    return data({ ok: true, intent, values: parsed.values, preview } satisfies ActionData, { headers: NO_STORE });
  }

  if (intent === "save-draft") {
    const saved = await saveCampaignDraft({ db, admin, ip, campaignId: id, input: parsed.input });
    if (!saved.ok)
      return refuse(saved.status, { ok: false, intent, message: { key: `email.messages.${saved.reason}` }, values: parsed.values });
    throw redirect(`/admin/email?campaign=${saved.id}&notice=saved`, { status: 303, headers: NO_STORE });
  }

  // send: only a saved draft (a double submit of a new message must not make two).
  if (!id) return refuse(400, { ok: false, intent, message: { key: "email.messages.invalidRequest" }, values: parsed.values });
  const sent = await sendCampaign({ db, admin, ip, campaignId: id, input: parsed.input });
  if (!sent.ok) return refuse(sent.status, { ok: false, intent, message: { key: `email.messages.${sent.reason}` }, values: parsed.values });
  throw redirect(`/admin/email?campaign=${sent.id}&notice=sent`, { status: 303, headers: NO_STORE });
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title ?? "" }];

const cell = "border-b border-slate-200 px-3 py-2 text-left align-top";
const statusTone: Record<string, string> = {
  draft: "bg-slate-100 text-slate-800",
  sending: "bg-amber-100 text-amber-900",
  sent: "bg-emerald-100 text-emerald-900",
  pending: "bg-slate-100 text-slate-800",
  failed: "bg-red-100 text-red-900",
  skipped: "bg-slate-200 text-slate-800",
};

function StatusBadge({ status, t }: { status: string; t: AdminT }) {
  return (
    <span className={`inline-block rounded-full px-2 py-0.5 text-xs font-semibold ${statusTone[status] ?? ""}`}>
      {t(`email.status.${status}` as AdminMessageKey)}
    </span>
  );
}

export default function EmailSection({ loaderData, actionData }: Route.ComponentProps) {
  const { t, language } = useAdminTranslation();
  const { campaigns, campaign, campaignMissing, notice, eventChoices, groupChoices, preset } = loaderData;
  const result = actionData as ActionData | undefined;
  const editing = !campaign || campaign.status === "draft";

  return (
    <AdminPage
      title={t("sections.email")}
      intro={t("email.intro")}
      actions={
        campaign || campaignMissing ? (
          <Link to="/admin/email" className={adminButton.secondary}>
            {t("email.newCampaign")}
          </Link>
        ) : null
      }
    >
      {notice && campaign ? (
        <Notice tone="success">{t(NOTICES[notice as keyof typeof NOTICES], { count: campaign.recipientCount })}</Notice>
      ) : null}
      {campaignMissing ? <Notice tone="error">{t("email.messages.notFound")}</Notice> : null}
      {result?.message && !result.ok ? <Notice tone="error">{t(result.message.key, result.message.values)}</Notice> : null}

      {editing ? (
        <Compose
          key={campaign?.id ?? `new-${preset?.segmentEvent ?? ""}`}
          campaign={campaign}
          result={result}
          eventChoices={eventChoices}
          groupChoices={groupChoices}
          preset={campaign ? null : preset}
        />
      ) : (
        <CampaignView campaign={campaign} eventChoices={eventChoices} groupChoices={groupChoices} />
      )}
      {result?.preview ? <Preview preview={result.preview} /> : null}

      <CampaignList campaigns={campaigns} currentId={campaign?.id ?? null} t={t} language={language} />
    </AdminPage>
  );
}

type GroupChoice = { id: number; name: string };

/** How the page names a stored segment: the kind, for an event its title (and date), for a group its name. */
function segmentLabel(segment: string, eventChoices: EventChoice[], groupChoices: GroupChoice[], t: AdminT, language: string): string {
  const choice = decodeSegment(segment);
  if (!choice) return segment;
  if (choice.kind === "group-members") {
    const name = groupChoices.find((g) => g.id === choice.groupId)?.name ?? `#${choice.groupId}`;
    return t("email.segments.groupNamed", { name });
  }
  if (choice.kind !== "event-registrants") return t(`email.segments.${choice.kind}`);
  const event = eventChoices.find((e) => e.id === choice.eventId);
  const title = event?.title ?? `#${choice.eventId}`;
  const named = t("email.segments.eventNamed", { title });
  return choice.occurrence ? `${named} (${formatDateTime(choice.occurrence, language)})` : named;
}

type Preset = Pick<CampaignFormValues, "segment" | "segmentEvent" | "segmentOccurrence">;

function Compose({
  campaign,
  result,
  eventChoices,
  groupChoices,
  preset,
}: {
  campaign: CampaignDetail | null;
  result: ActionData | undefined;
  eventChoices: EventChoice[];
  groupChoices: GroupChoice[];
  preset: Preset | null;
}) {
  const { t, language } = useAdminTranslation();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const values: CampaignFormValues =
    result?.values ??
    (campaign
      ? storedFormValues(campaign)
      : {
          subjectEn: "",
          subjectEs: "",
          bodyEn: "",
          bodyEs: "",
          segment: "all-members",
          segmentEvent: "",
          segmentOccurrence: "",
          segmentGroup: "",
          ...preset,
        });
  const errors = result?.fieldErrors ?? {};
  const [spanish, setSpanish] = useState({ subject: values.subjectEs, body: values.bodyEs });
  const missingSpanish = spanish.subject.trim() === "" && spanish.body.trim() === "";
  const error = (field: CampaignField) => (errors[field] ? t(errors[field]) : null);

  return (
    <AdminCard id="compose" title={campaign ? t("email.compose.editTitle") : t("email.compose.title")}>
      <Form method="post" className="grid gap-6" noValidate>
        {campaign ? <input type="hidden" name="campaignId" value={campaign.id} /> : null}
        <div className="grid gap-6 lg:grid-cols-2">
          <fieldset className="grid min-w-0 gap-4" lang="en">
            <legend className="mb-2 text-base font-semibold text-slate-900">{t("email.compose.english")}</legend>
            <Field id="subjectEn" label={t("email.compose.subjectEn")} error={error("subjectEn")}>
              {(props) => (
                <input
                  {...props}
                  name="subjectEn"
                  required
                  maxLength={SUBJECT_MAX}
                  defaultValue={values.subjectEn}
                  className={inputClasses}
                />
              )}
            </Field>
            <Field id="bodyEn" label={t("email.compose.bodyEn")} hint={t("email.compose.bodyHint")} error={error("bodyEn")}>
              {(props) => (
                <textarea
                  {...props}
                  name="bodyEn"
                  required
                  rows={12}
                  maxLength={BODY_MAX}
                  defaultValue={values.bodyEn}
                  className={inputClasses}
                />
              )}
            </Field>
          </fieldset>
          <fieldset className="grid min-w-0 gap-4" lang="es">
            <legend className="mb-2 text-base font-semibold text-slate-900">{t("email.compose.spanish")}</legend>
            <Field id="subjectEs" label={t("email.compose.subjectEs")} error={error("subjectEs")}>
              {(props) => (
                <input
                  {...props}
                  name="subjectEs"
                  maxLength={SUBJECT_MAX}
                  defaultValue={values.subjectEs}
                  onChange={(event) => setSpanish((s) => ({ ...s, subject: event.currentTarget.value }))}
                  className={inputClasses}
                />
              )}
            </Field>
            <Field id="bodyEs" label={t("email.compose.bodyEs")} hint={t("email.compose.bodyHint")} error={error("bodyEs")}>
              {(props) => (
                <textarea
                  {...props}
                  name="bodyEs"
                  rows={12}
                  maxLength={BODY_MAX}
                  defaultValue={values.bodyEs}
                  onChange={(event) => setSpanish((s) => ({ ...s, body: event.currentTarget.value }))}
                  className={inputClasses}
                />
              )}
            </Field>
          </fieldset>
        </div>
        {missingSpanish ? <Notice>{t("email.compose.missingSpanish")}</Notice> : null}
        <Field id="segment" label={t("email.compose.segment")} hint={t("email.compose.segmentHint")} error={error("segment")}>
          {(props) => (
            <select {...props} name="segment" defaultValue={values.segment} className={`${inputClasses} sm:max-w-md`}>
              <option value="all-members">{t("email.segments.all-members")}</option>
              <option value="event-registrants">{t("email.segments.event-registrants")}</option>
              <option value="group-members">{t("email.segments.group-members")}</option>
            </select>
          )}
        </Field>
        <Field
          id="segmentEvent"
          label={t("email.compose.segmentEvent")}
          hint={t("email.compose.segmentEventHint")}
          error={error("segmentEvent")}
        >
          {(props) => (
            <select {...props} name="segmentEvent" defaultValue={values.segmentEvent} className={`${inputClasses} sm:max-w-md`}>
              <option value="">{t("email.compose.segmentEventNone")}</option>
              {eventChoices.map((e) => (
                <option key={e.id} value={e.id}>
                  {e.recurring
                    ? t("email.compose.recurringEvent", { title: e.title })
                    : `${e.title} — ${formatDateTime(e.startsAt, language)}`}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field
          id="segmentGroup"
          label={t("email.compose.segmentGroup")}
          hint={t("email.compose.segmentGroupHint")}
          error={error("segmentGroup")}
        >
          {(props) => (
            <select {...props} name="segmentGroup" defaultValue={values.segmentGroup} className={`${inputClasses} sm:max-w-md`}>
              <option value="">{t("email.compose.segmentGroupNone")}</option>
              {groupChoices.map((g) => (
                <option key={g.id} value={g.id}>
                  {g.name}
                </option>
              ))}
            </select>
          )}
        </Field>
        {values.segmentOccurrence && !Number.isNaN(new Date(values.segmentOccurrence).getTime()) ? (
          <>
            <input type="hidden" name="segmentOccurrence" value={values.segmentOccurrence} />
            <p className="text-sm text-slate-700">
              {t("email.compose.segmentOccurrence", { date: formatDateTime(values.segmentOccurrence, language) })}
            </p>
          </>
        ) : null}
        {error("segmentOccurrence") ? <Notice tone="error">{error("segmentOccurrence")}</Notice> : null}
        <div className="grid gap-3">
          <div className="flex flex-wrap gap-2">
            <button type="submit" name="intent" value="preview" className={adminButton.secondary} disabled={busy}>
              {t("email.compose.preview")}
            </button>
            <button type="submit" name="intent" value="save-draft" className={adminButton.secondary} disabled={busy}>
              {t("email.compose.saveDraft")}
            </button>
            {campaign ? (
              <button type="submit" name="intent" value="send" className={adminButton.primary} disabled={busy} aria-describedby="send-hint">
                {t("email.compose.send")}
              </button>
            ) : null}
          </div>
          {campaign ? (
            <p id="send-hint" className="text-sm text-slate-600">
              {t("email.compose.sendHint")}
            </p>
          ) : null}
        </div>
      </Form>
    </AdminCard>
  );
}

function Preview({ preview }: { preview: CampaignPreview }) {
  const { t } = useAdminTranslation();
  return (
    <AdminCard id="preview" title={t("email.preview.title")}>
      <p className="mb-4 text-sm text-slate-700">{t("email.preview.intro")}</p>
      {preview.unsubscribed > 0 ? (
        <p className="mb-4 text-sm text-slate-700">{t("email.preview.unsubscribed", { count: preview.unsubscribed })}</p>
      ) : null}
      <div className="grid gap-6 lg:grid-cols-2">
        {preview.groups.map((group) => {
          const languageName = t(`email.languages.${group.language}`);
          return (
            <section key={group.language} aria-labelledby={`preview-${group.language}`} className="grid min-w-0 gap-3">
              <h3 id={`preview-${group.language}`} className="font-semibold text-slate-900">
                {t("email.preview.group", { language: languageName, count: group.recipients })}
              </h3>
              {group.contentLanguage !== group.language ? <p className="text-sm text-amber-900">{t("email.preview.getsEnglish")}</p> : null}
              <dl className="grid gap-1 text-sm" lang={group.contentLanguage}>
                <dt className="font-semibold text-slate-900">{t("email.preview.subject")}</dt>
                <dd className="break-words text-slate-800">{group.subject}</dd>
              </dl>
              <h4 className="text-sm font-semibold text-slate-900">{t("email.preview.text")}</h4>
              <pre
                lang={group.contentLanguage}
                tabIndex={0}
                className="max-h-96 overflow-auto whitespace-pre-wrap break-words rounded-lg bg-slate-50 p-3 text-sm text-slate-900"
              >
                {group.text}
              </pre>
              <h4 className="text-sm font-semibold text-slate-900">{t("email.preview.html")}</h4>
              <iframe
                title={t("email.preview.htmlFrame", { language: languageName })}
                sandbox=""
                srcDoc={group.html}
                className="h-[32rem] w-full rounded-lg border border-slate-300 bg-white"
              />
              <details>
                <summary className="cursor-pointer text-sm font-semibold text-slate-900">{t("email.preview.htmlSource")}</summary>
                <pre
                  tabIndex={0}
                  className="mt-2 max-h-64 overflow-auto whitespace-pre-wrap break-all rounded-lg bg-slate-50 p-3 text-xs text-slate-900"
                >
                  {group.html}
                </pre>
              </details>
            </section>
          );
        })}
      </div>
    </AdminCard>
  );
}

function CampaignView({
  campaign,
  eventChoices,
  groupChoices,
}: {
  campaign: CampaignDetail;
  eventChoices: EventChoice[];
  groupChoices: GroupChoice[];
}) {
  const { t, language } = useAdminTranslation();
  const revalidator = useRevalidator();
  const sending = campaign.status === "sending";
  // While messages go out, the counts refresh on their own (without JS: the Refresh link).
  useEffect(() => {
    if (!sending) return;
    const timer = setInterval(() => {
      if (revalidator.state === "idle") void revalidator.revalidate();
    }, 3000);
    return () => clearInterval(timer);
  }, [sending, revalidator]);

  const { counts } = campaign;
  const total = campaign.recipientCount;
  const done = counts.sent + counts.failed + counts.skipped;
  const pageHref = (page: number) => `/admin/email?campaign=${campaign.id}&page=${page}`;

  return (
    <>
      <AdminCard id="campaign" title={campaign.subjectEn || t("email.campaign.untitled")}>
        <div className="grid gap-2 text-sm text-slate-700">
          <p className="flex flex-wrap items-center gap-2">
            <StatusBadge status={campaign.status} t={t} />
            <span>{segmentLabel(campaign.segment, eventChoices, groupChoices, t, language)}</span>
            <span>{t("email.campaign.recipients", { count: total })}</span>
          </p>
          <p>{t("email.campaign.created", { time: formatDateTime(campaign.createdAt, language) })}</p>
          {campaign.sentAt ? <p>{t("email.campaign.sentAt", { time: formatDateTime(campaign.sentAt, language) })}</p> : null}
        </div>
        <details className="mt-4">
          <summary className="cursor-pointer text-sm font-semibold text-slate-900">{t("email.compose.english")}</summary>
          <pre
            lang="en"
            className="mt-2 whitespace-pre-wrap break-words rounded-lg bg-slate-50 p-3 text-sm text-slate-900"
          >{`${campaign.subjectEn}\n\n${campaign.bodyEn}`}</pre>
        </details>
        {campaign.subjectEs && campaign.bodyEs ? (
          <details className="mt-2">
            <summary className="cursor-pointer text-sm font-semibold text-slate-900">{t("email.compose.spanish")}</summary>
            <pre
              lang="es"
              className="mt-2 whitespace-pre-wrap break-words rounded-lg bg-slate-50 p-3 text-sm text-slate-900"
            >{`${campaign.subjectEs}\n\n${campaign.bodyEs}`}</pre>
          </details>
        ) : null}
      </AdminCard>

      <AdminCard id="progress" title={t("email.campaign.progressTitle")}>
        <div className="grid gap-3">
          <label htmlFor="delivery-progress" className="text-sm font-semibold text-slate-900">
            {t("email.campaign.progressLabel")}
          </label>
          <progress id="delivery-progress" max={Math.max(total, 1)} value={done} className="h-3 w-full accent-brand-700" />
          <p className="text-sm text-slate-700" aria-live="polite">
            {t("email.campaign.progressText", { done, total })}
          </p>
          <ul className="flex flex-wrap gap-x-6 gap-y-2 text-sm">
            {DELIVERY_STATUSES.map((status) => (
              <li key={status} className="flex items-center gap-2">
                <StatusBadge status={status} t={t} />
                <span className="font-semibold tabular-nums text-slate-900">{counts[status]}</span>
              </li>
            ))}
          </ul>
          <div>
            <Link to={pageHref(campaign.page)} className={adminButton.secondary}>
              {t("email.campaign.refresh")}
            </Link>
          </div>
        </div>
      </AdminCard>

      <AdminCard id="recipients" title={t("email.campaign.recipientsTitle")}>
        <div className="overflow-x-auto" role="region" aria-labelledby="recipients-title" tabIndex={0}>
          <table className="w-full min-w-[32rem] border-collapse text-sm">
            <thead>
              <tr>
                <th scope="col" className={cell}>
                  {t("email.campaign.email")}
                </th>
                <th scope="col" className={cell}>
                  {t("email.campaign.language")}
                </th>
                <th scope="col" className={cell}>
                  {t("email.campaign.status")}
                </th>
                <th scope="col" className={cell}>
                  {t("email.campaign.lastError")}
                </th>
              </tr>
            </thead>
            <tbody>
              {campaign.recipients.map((recipient) => (
                <tr key={recipient.id}>
                  <td className={`${cell} break-all`}>{recipient.email}</td>
                  <td className={cell}>{t(`email.languages.${recipient.language}`)}</td>
                  <td className={cell}>
                    <StatusBadge status={recipient.status} t={t} />
                    {recipient.skippedReason ? (
                      <span className="ml-2 text-slate-700">{t(`email.skipped.${recipient.skippedReason}` as AdminMessageKey)}</span>
                    ) : null}
                  </td>
                  <td className={`${cell} break-words text-slate-700`}>{recipient.lastError ?? t("email.campaign.none")}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        {campaign.pages > 1 ? (
          <nav aria-label={t("email.campaign.pagination")} className="mt-4 flex flex-wrap items-center gap-3">
            {campaign.page > 1 ? (
              <Link to={pageHref(campaign.page - 1)} className={adminButton.secondary}>
                {t("email.campaign.previous")}
              </Link>
            ) : null}
            <span className="text-sm text-slate-700" aria-current="page">
              {t("email.campaign.page", { page: campaign.page, pages: campaign.pages })}
            </span>
            {campaign.page < campaign.pages ? (
              <Link to={pageHref(campaign.page + 1)} className={adminButton.secondary}>
                {t("email.campaign.next")}
              </Link>
            ) : null}
          </nav>
        ) : null}
      </AdminCard>
    </>
  );
}

function CampaignList({
  campaigns,
  currentId,
  t,
  language,
}: {
  campaigns: CampaignSummary[];
  currentId: string | null;
  t: AdminT;
  language: string;
}) {
  return (
    <AdminCard id="campaigns" title={t("email.campaignsTitle")}>
      {campaigns.length === 0 ? (
        <p className="text-sm text-slate-700">{t("email.noCampaigns")}</p>
      ) : (
        <ul className="divide-y divide-slate-200">
          {campaigns.map((c) => (
            <li key={c.id} className="flex flex-wrap items-center justify-between gap-2 py-3">
              <div className="min-w-0">
                <Link
                  to={`/admin/email?campaign=${c.id}`}
                  aria-current={c.id === currentId ? "page" : undefined}
                  className="break-words font-semibold text-brand-800 underline hover:text-brand-900"
                >
                  {c.subjectEn || t("email.campaign.untitled")}
                </Link>
                <p className="text-sm text-slate-700">
                  {formatDateTime(c.sentAt ?? c.createdAt, language)} · {t("email.campaign.recipients", { count: c.recipientCount })}
                </p>
              </div>
              <div className="flex flex-wrap items-center gap-2 text-sm">
                <StatusBadge status={c.status} t={t} />
                {c.status !== "draft" ? (
                  <span className="text-slate-700">
                    {DELIVERY_STATUSES.filter((s) => c.counts[s] > 0)
                      .map((s) => `${t(`email.status.${s}`)}: ${c.counts[s]}`)
                      .join(" · ")}
                  </span>
                ) : null}
              </div>
            </li>
          ))}
        </ul>
      )}
    </AdminCard>
  );
}
