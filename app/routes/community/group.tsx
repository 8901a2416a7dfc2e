import { CalendarDays, Mail, Phone, Video } from "lucide-react";
import { data, Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/group";
import { PageErrorBoundary } from "~/components/error-boundaries";
import { GroupFacts } from "~/components/groups/group-facts";
import { JoinPanel } from "~/components/groups/join-panel";
import { useGroupsTranslation, type GroupsT } from "~/features/groups/groups-translation";
import type { GroupActionData, GroupMemberView, JoinRequestView } from "~/features/groups/group-views";
import { loadGroupPage } from "~/features/groups/load-group-page.server";
import { runGroupAction } from "~/features/groups/run-group-action.server";
import { routeMeta } from "~/features/seo/route-meta";

export async function loader({ request, url, params }: Route.LoaderArgs) {
  return loadGroupPage({ request, url, slug: params.slug });
}

export async function action({ request, params }: Route.ActionArgs) {
  const outcome = await runGroupAction({ request, slug: params.slug });
  const headers = new Headers(outcome.headers);
  headers.set("Cache-Control", "no-store");
  return data(outcome.data, { status: outcome.status, headers });
}

export const meta: Route.MetaFunction = routeMeta;

const smallButton = "inline-flex min-h-11 items-center justify-center rounded-full px-4 py-2 text-sm font-semibold disabled:opacity-60";
const sectionHeading = "font-serif text-2xl font-bold text-brand-800";

export default function GroupPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useGroupsTranslation();
  const { group, signedIn, signInHref, isMember, isLeader, members, requests, schedule } = loaderData;
  const result = actionData as GroupActionData | undefined;
  const leaderResult = result && ["accept", "decline", "remove"].includes(result.intent ?? "") ? result : undefined;
  const memberResult = result && !leaderResult ? { ...result, groupId: group.id } : undefined;

  return (
    <main id="main" tabIndex={-1}>
      <div className="bg-gradient-to-br from-brand-800 to-brand-600 text-white">
        <div className="mx-auto max-w-7xl px-4 py-12 sm:px-6 sm:py-16">
          <p className="text-sm font-semibold uppercase tracking-wide text-brand-50">{t("community.groupsHeading")}</p>
          <h1 className="mt-2 font-serif text-4xl font-bold wrap-anywhere sm:text-5xl">{group.name}</h1>
          <p className="mt-4 text-lg text-brand-50">{group.scheduleLabel}</p>
        </div>
      </div>

      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-10 sm:px-6 lg:grid-cols-3">
        <div className="min-w-0 lg:col-span-2">
          {group.description
            .split(/\n{2,}/)
            .filter(Boolean)
            .map((paragraph, i) => (
              <p key={i} className="mb-4 text-lg leading-relaxed text-slate-800">
                {paragraph}
              </p>
            ))}
          <GroupFacts t={t} group={group} className="mt-6" />

          {schedule ? (
            <section aria-labelledby="group-schedule" className="mt-10">
              <h2 id="group-schedule" className={sectionHeading}>
                {t("group.scheduleHeading")}
              </h2>
              <ul className="mt-4 space-y-2">
                {schedule.meetings.map((m) => (
                  <li key={m.start} className="flex items-start gap-2 text-slate-800">
                    <CalendarDays aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0 text-brand-700" />
                    <time dateTime={m.start}>{m.label}</time>
                  </li>
                ))}
              </ul>
              <p className="mt-3 text-sm text-slate-700">{t("group.timeZoneNote")}</p>
              {schedule.notes ? (
                <>
                  <h3 className="mt-6 font-semibold text-slate-900">{t("group.scheduleNotes")}</h3>
                  <p className="mt-1 whitespace-pre-line text-slate-800">{schedule.notes}</p>
                </>
              ) : null}
              {group.mode !== "in_person" ? (
                <>
                  <h3 className="mt-6 font-semibold text-slate-900">{t("group.onlineHeading")}</h3>
                  {schedule.onlineUrl ? (
                    <a
                      href={schedule.onlineUrl}
                      rel="noopener noreferrer"
                      target="_blank"
                      className="mt-1 inline-flex items-center gap-2 font-semibold text-brand-800 underline underline-offset-4"
                    >
                      <Video aria-hidden="true" className="h-5 w-5" />
                      {t("group.onlineLink")}
                    </a>
                  ) : (
                    <p className="mt-1 text-slate-800">{t("group.noOnlineLink")}</p>
                  )}
                </>
              ) : null}
            </section>
          ) : null}

          {members ? (
            <MemberList
              t={t}
              members={members}
              canRemove={isLeader}
              result={leaderResult?.intent === "remove" ? leaderResult : undefined}
            />
          ) : null}
          {requests ? (
            <RequestList t={t} requests={requests} result={leaderResult && leaderResult.intent !== "remove" ? leaderResult : undefined} />
          ) : null}

          <p className="mt-10">
            <Link to="/community" className="font-semibold text-brand-800 underline underline-offset-4">
              {t("group.back")}
            </Link>
          </p>
        </div>

        <div className="min-w-0 space-y-6">
          <section aria-labelledby="join-heading" className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
            <h2 id="join-heading" className="mb-4 font-serif text-xl font-bold text-slate-900">
              {t("join.heading")}
            </h2>
            <JoinPanel t={t} group={group} signedIn={signedIn} signInHref={signInHref} actionData={memberResult} postGroupId={false} />
          </section>
          {!isMember ? <p className="rounded-2xl bg-brand-50 p-6 text-slate-800">{t("group.membersOnly")}</p> : null}
        </div>
      </div>
    </main>
  );
}

function ResultNotice({ result }: { result: GroupActionData | undefined }) {
  if (!result) return null;
  return (
    <p
      role={result.ok ? "status" : "alert"}
      className={`mt-4 rounded-lg p-3 text-sm font-semibold ${result.ok ? "bg-emerald-50 text-emerald-900" : "bg-red-50 text-red-900"}`}
    >
      {result.message}
    </p>
  );
}

function MemberList({
  t,
  members,
  canRemove,
  result,
}: {
  t: GroupsT;
  members: GroupMemberView[];
  canRemove: boolean;
  result: GroupActionData | undefined;
}) {
  const busy = useNavigation().state === "submitting";
  return (
    <section aria-labelledby="group-members" className="mt-10">
      <h2 id="group-members" className={sectionHeading}>
        {t("group.membersHeading")}
      </h2>
      <ResultNotice result={result} />
      <ul className="mt-4 divide-y divide-slate-200 rounded-2xl bg-white ring-1 ring-slate-200">
        {members.map((m) => (
          <li key={m.id} className="flex flex-wrap items-center justify-between gap-3 p-4">
            <div className="min-w-0">
              <p className="font-semibold wrap-anywhere text-slate-900">
                {m.name} {m.isSelf ? <span className="font-normal text-slate-700">{t("group.you")}</span> : null}
                {m.role === "leader" ? (
                  <span className="ml-2 inline-flex rounded-full bg-brand-50 px-2.5 py-0.5 text-xs font-semibold text-brand-800">
                    {t("group.leaderBadge")}
                  </span>
                ) : null}
              </p>
              {m.email ? (
                <p className="mt-1 flex items-center gap-2 text-sm wrap-anywhere">
                  <Mail aria-hidden="true" className="h-4 w-4 shrink-0 text-slate-700" />
                  <a
                    href={`mailto:${m.email}`}
                    className="text-brand-800 underline underline-offset-2"
                    aria-label={t("group.emailOf", { name: m.name })}
                  >
                    {m.email}
                  </a>
                </p>
              ) : null}
              {m.phone ? (
                <p className="mt-1 flex items-center gap-2 text-sm">
                  <Phone aria-hidden="true" className="h-4 w-4 shrink-0 text-slate-700" />
                  <span className="sr-only">{t("group.phone")}</span>
                  <a href={`tel:${m.phone.replace(/[^+0-9]/g, "")}`} className="text-brand-800 underline underline-offset-2">
                    {m.phone}
                  </a>
                </p>
              ) : null}
            </div>
            {canRemove && m.role === "member" && !m.isSelf ? (
              <Form method="post">
                <input type="hidden" name="intent" value="remove" />
                <input type="hidden" name="memberId" value={m.id} />
                <button
                  type="submit"
                  disabled={busy}
                  className={`${smallButton} border-2 border-red-700 text-red-800 hover:bg-red-50`}
                  aria-label={t("leader.removeFor", { name: m.name })}
                >
                  {t("leader.remove")}
                </button>
              </Form>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}

function RequestList({ t, requests, result }: { t: GroupsT; requests: JoinRequestView[]; result: GroupActionData | undefined }) {
  const busy = useNavigation().state === "submitting";
  return (
    <section aria-labelledby="group-requests" className="mt-10">
      <h2 id="group-requests" className={sectionHeading}>
        {t("leader.requestsHeading")}
      </h2>
      <ResultNotice result={result} />
      {requests.length === 0 ? (
        <p className="mt-4 text-slate-800">{t("leader.noRequests")}</p>
      ) : (
        <ul className="mt-4 space-y-4">
          {requests.map((r) => (
            <li key={r.id} className="rounded-2xl bg-white p-4 ring-1 ring-slate-200">
              <p className="font-semibold wrap-anywhere text-slate-900">{r.name}</p>
              <p className="text-sm text-slate-700">{t("leader.requestedOn", { date: r.requestedAt })}</p>
              {r.message ? (
                <blockquote className="mt-2 border-l-4 border-brand-100 pl-3 whitespace-pre-line wrap-anywhere text-slate-800">
                  {r.message}
                </blockquote>
              ) : null}
              <div className="mt-3 flex flex-wrap gap-3">
                <Form method="post">
                  <input type="hidden" name="intent" value="accept" />
                  <input type="hidden" name="memberId" value={r.id} />
                  <button
                    type="submit"
                    disabled={busy}
                    className={`${smallButton} bg-brand-700 text-white hover:bg-brand-800`}
                    aria-label={t("leader.acceptFor", { name: r.name })}
                  >
                    {t("leader.accept")}
                  </button>
                </Form>
                <Form method="post">
                  <input type="hidden" name="intent" value="decline" />
                  <input type="hidden" name="memberId" value={r.id} />
                  <button
                    type="submit"
                    disabled={busy}
                    className={`${smallButton} border-2 border-slate-500 text-slate-900 hover:bg-slate-100`}
                    aria-label={t("leader.declineFor", { name: r.name })}
                  >
                    {t("leader.decline")}
                  </button>
                </Form>
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

export const ErrorBoundary = PageErrorBoundary;
