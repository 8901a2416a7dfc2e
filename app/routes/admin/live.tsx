import { data, Form, Link, useSearchParams } from "react-router";
import type { Route } from "./+types/live";
import { AdminCard, AdminPage, adminButton, Field, formatDateTime, inputClasses, Notice } from "~/components/admin/admin-ui";
import { adminTranslator, useAdminTranslation } from "~/platform/admin/admin-translation";
import { churchTimeZone } from "~/platform/church/church-time-zone.server";
import { NO_STORE, requireAdmin } from "~/platform/admin/require-admin.server";
import { MUTE_DURATIONS } from "~/features/live/chat-events";
import type { AdminChatMessage } from "~/features/live/load-live-admin.server";
import { loadLiveAdmin } from "~/features/live/load-live-admin.server";
import { runLiveAdminAction, type LiveAdminActionData } from "~/features/live/run-live-admin-action.server";
import { useWatchTranslation, type WatchT } from "~/features/live/watch-translation";

export async function loader({ request, url }: Route.LoaderArgs) {
  const { db, language } = await requireAdmin(request, "live");
  const [live, timeZone] = await Promise.all([
    loadLiveAdmin({ db, language, historyId: url.searchParams.get("history") }),
    churchTimeZone(db),
  ]);
  return data({ title: adminTranslator(language)("sections.live"), timeZone, ...live }, { headers: NO_STORE });
}

export async function action({ request }: Route.ActionArgs) {
  const ctx = await requireAdmin(request, "live");
  const outcome = await runLiveAdminAction(ctx, request);
  return data(outcome.data, { status: outcome.status, headers: NO_STORE });
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title ?? "" }];

const linkClasses = "font-semibold text-brand-800 underline underline-offset-2 hover:text-brand-900";

export default function AdminLive({ loaderData, actionData }: Route.ComponentProps) {
  const { t: ta, language } = useAdminTranslation();
  const { t } = useWatchTranslation();
  const result = actionData as LiveAdminActionData | undefined;
  const { current, messages, mutes, past, history, timeZone } = loaderData;
  const [params] = useSearchParams();
  const confirmingEnd = current !== null && params.get("confirmEnd") === "1";
  const when = (iso: string) => formatDateTime(iso, language, timeZone);
  const fieldError = (name: "titleEn" | "titleEs" | "source") => {
    const key = result?.fieldErrors?.[name];
    return key ? t(key) : null;
  };

  return (
    <AdminPage title={ta("sections.live")} intro={t("admin.intro")}>
      {result ? <Notice tone={result.ok ? "success" : "error"}>{t(result.message.key, result.message.values)}</Notice> : null}

      <AdminCard id="live-current" title={t("admin.current.heading")}>
        {current ? (
          <div className="grid gap-4">
            <div className="min-w-0">
              <p className="text-lg font-semibold wrap-anywhere text-slate-900">{current.title}</p>
              <p className="text-sm text-slate-700">{t("admin.current.started", { when: when(current.startedAt) })}</p>
              <p className="text-sm wrap-anywhere text-slate-700">
                {current.provider === "youtube"
                  ? t("admin.current.youtube", { id: current.youtubeVideoId ?? "" })
                  : t("admin.current.hls", { url: current.hlsUrl ?? "" })}
              </p>
              <p className="mt-1 text-sm font-semibold text-slate-900">
                {current.chatEnabled ? t("admin.current.chatOn") : t("admin.current.chatOff")}
              </p>
            </div>
            <div className="flex flex-wrap gap-2">
              <Form method="post">
                <input type="hidden" name="intent" value={current.chatEnabled ? "chat-off" : "chat-on"} />
                <input type="hidden" name="streamId" value={current.id} />
                <button type="submit" className={adminButton.secondary}>
                  {current.chatEnabled ? t("admin.current.turnChatOff") : t("admin.current.turnChatOn")}
                </button>
              </Form>
              <Link to="/admin/live?confirmEnd=1#live-confirm-end" className={adminButton.danger}>
                {t("admin.current.end")}
              </Link>
              <a href="/watch" className={adminButton.secondary}>
                {t("admin.current.viewPage")}
              </a>
            </div>
            {confirmingEnd ? (
              <div id="live-confirm-end" className="rounded-lg border border-red-300 bg-red-50 p-4">
                <p className="text-red-950">{t("admin.current.endConfirm")}</p>
                <div className="mt-3 flex flex-wrap gap-2">
                  <Form method="post" action="/admin/live">
                    <input type="hidden" name="intent" value="end" />
                    <input type="hidden" name="streamId" value={current.id} />
                    <input type="hidden" name="confirm" value="yes" />
                    <button type="submit" className={adminButton.danger}>
                      {t("admin.current.endYes")}
                    </button>
                  </Form>
                  <Link to="/admin/live" className={adminButton.secondary}>
                    {t("admin.current.keep")}
                  </Link>
                </div>
              </div>
            ) : null}
          </div>
        ) : (
          <p className="text-slate-700">{t("admin.current.none")}</p>
        )}
      </AdminCard>

      {current ? null : (
        <AdminCard id="live-start" title={t("admin.start.heading")}>
          <Form method="post" className="grid gap-4" noValidate>
            <input type="hidden" name="intent" value="start" />
            <Field id="live-title-en" label={t("admin.start.titleEn")} error={fieldError("titleEn")}>
              {(props) => (
                <input {...props} name="titleEn" required maxLength={200} defaultValue={result?.values?.titleEn} className={inputClasses} />
              )}
            </Field>
            <Field id="live-title-es" label={t("admin.start.titleEs")} hint={t("admin.start.titleEsHint")} error={fieldError("titleEs")}>
              {(props) => (
                <input
                  {...props}
                  name="titleEs"
                  maxLength={200}
                  lang="es"
                  defaultValue={result?.values?.titleEs}
                  className={inputClasses}
                />
              )}
            </Field>
            <Field id="live-source" label={t("admin.start.source")} hint={t("admin.start.sourceHint")} error={fieldError("source")}>
              {(props) => (
                <input {...props} name="source" required inputMode="url" defaultValue={result?.values?.source} className={inputClasses} />
              )}
            </Field>
            <label className="flex min-h-11 items-center gap-3 text-sm font-semibold text-slate-900">
              <input type="checkbox" name="chatEnabled" defaultChecked className="h-5 w-5" />
              {t("admin.start.chat")}
            </label>
            <div>
              <button type="submit" className={adminButton.primary}>
                {t("admin.start.submit")}
              </button>
            </div>
          </Form>
        </AdminCard>
      )}

      {current ? (
        <AdminCard id="live-moderation" title={t("admin.moderation.heading")}>
          <MessageList
            t={t}
            messages={messages}
            when={when}
            moderate
            empty={t("admin.moderation.empty")}
            label={t("admin.moderation.tableLabel")}
          />
        </AdminCard>
      ) : null}

      <AdminCard id="live-mutes" title={t("admin.mutes.heading")}>
        {mutes.length === 0 ? (
          <p className="text-slate-700">{t("admin.mutes.empty")}</p>
        ) : (
          <ul className="grid gap-3">
            {mutes.map((mute) => (
              <li key={mute.userId} className="flex flex-wrap items-center justify-between gap-3 border-b border-slate-200 pb-3">
                <span className="min-w-0">
                  <span className="block font-semibold wrap-anywhere text-slate-900">{mute.name}</span>
                  <span className="block text-sm text-slate-700">
                    {mute.expiresAt ? t("admin.mutes.until", { when: when(mute.expiresAt) }) : t("admin.mutes.indefinitely")}
                  </span>
                </span>
                <Form method="post">
                  <input type="hidden" name="intent" value="unmute" />
                  <input type="hidden" name="userId" value={mute.userId} />
                  <button type="submit" className={adminButton.secondary} aria-label={t("admin.mutes.unmuteFor", { name: mute.name })}>
                    {t("admin.mutes.unmute")}
                  </button>
                </Form>
              </li>
            ))}
          </ul>
        )}
      </AdminCard>

      <AdminCard id="live-past" title={t("admin.past.heading")}>
        {past.length === 0 ? (
          <p className="text-slate-700">{t("admin.past.empty")}</p>
        ) : (
          <ul className="grid gap-3">
            {past.map((stream) => (
              <li key={stream.id} className="flex flex-wrap items-center justify-between gap-3 border-b border-slate-200 pb-3">
                <span className="min-w-0">
                  <span className="block font-semibold wrap-anywhere text-slate-900">{stream.title}</span>
                  <span className="block text-sm text-slate-700">
                    {t("admin.past.started")}: {when(stream.startedAt)} · {t("admin.past.ended")}: {when(stream.endedAt)} ·{" "}
                    {t("admin.past.messages")}: {stream.messages}
                  </span>
                </span>
                <Link
                  to={`/admin/live?history=${stream.id}#live-history`}
                  className={linkClasses}
                  aria-label={t("admin.past.viewChatFor", { title: stream.title })}
                  aria-current={history?.id === stream.id ? "true" : undefined}
                >
                  {t("admin.past.viewChat")}
                </Link>
              </li>
            ))}
          </ul>
        )}
      </AdminCard>

      {history ? (
        <AdminCard id="live-history" title={t("admin.past.historyHeading", { title: history.title })}>
          <MessageList
            t={t}
            messages={history.messages}
            when={when}
            empty={t("admin.past.historyEmpty")}
            label={t("admin.past.historyHeading", { title: history.title })}
          />
          <p className="mt-4">
            <Link to="/admin/live" className={linkClasses}>
              {t("admin.past.hide")}
            </Link>
          </p>
        </AdminCard>
      ) : null}
    </AdminPage>
  );
}

function MessageList({
  t,
  messages,
  when,
  moderate = false,
  empty,
  label,
}: {
  t: WatchT;
  messages: AdminChatMessage[];
  when: (iso: string) => string;
  moderate?: boolean;
  empty: string;
  label: string;
}) {
  if (messages.length === 0) return <p className="text-slate-700">{empty}</p>;
  return (
    <ol aria-label={label} className="grid gap-3">
      {messages.map((message) => (
        <li key={message.id} className={`min-w-0 border-b border-slate-200 pb-3 ${message.deleted ? "opacity-80" : ""}`}>
          <p className="flex flex-wrap items-baseline gap-x-2 text-sm">
            <span className="font-semibold wrap-anywhere text-slate-900">{message.authorName}</span>
            <time dateTime={message.createdAt} className="text-slate-700">
              {when(message.createdAt)}
            </time>
            {message.deleted ? (
              <span className="rounded-full border border-red-400 bg-red-50 px-2 text-xs font-semibold text-red-900">
                {t("admin.moderation.deletedNote")}
              </span>
            ) : null}
          </p>
          <p className={`whitespace-pre-wrap wrap-anywhere text-slate-900 ${message.deleted ? "line-through" : ""}`}>{message.body}</p>
          {moderate && !message.deleted ? (
            <div className="mt-2 flex flex-wrap items-end gap-2">
              <Form method="post">
                <input type="hidden" name="intent" value="delete" />
                <input type="hidden" name="messageId" value={message.id} />
                <button
                  type="submit"
                  className={adminButton.danger}
                  aria-label={t("admin.moderation.deleteFor", { name: message.authorName })}
                >
                  {t("admin.moderation.delete")}
                </button>
              </Form>
              {message.canMute ? (
                <Form method="post" className="flex flex-wrap items-end gap-2">
                  <input type="hidden" name="intent" value="mute" />
                  <input type="hidden" name="messageId" value={message.id} />
                  <span className="grid gap-1">
                    <label htmlFor={`mute-${message.id}`} className="text-xs font-semibold text-slate-900">
                      {t("admin.moderation.muteLengthFor", { name: message.authorName })}
                    </label>
                    <select id={`mute-${message.id}`} name="duration" defaultValue="15m" className={`${inputClasses} w-auto`}>
                      {MUTE_DURATIONS.map((d) => (
                        <option key={d} value={d}>
                          {t(`muteDurations.${d}`)}
                        </option>
                      ))}
                    </select>
                  </span>
                  <button
                    type="submit"
                    className={adminButton.secondary}
                    aria-label={t("admin.moderation.muteFor", { name: message.authorName })}
                  >
                    {t("admin.moderation.mute")}
                  </button>
                </Form>
              ) : null}
            </div>
          ) : null}
        </li>
      ))}
    </ol>
  );
}
