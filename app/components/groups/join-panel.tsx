import { Form, Link, useNavigation } from "react-router";
import { buttonClasses } from "~/components/ui/button-link";
import type { GroupsT } from "~/features/groups/groups-translation";
import { MAX_REQUEST_MESSAGE, type GroupActionData, type GroupCardView } from "~/features/groups/group-views";

const secondary =
  "inline-flex min-h-11 items-center justify-center gap-2 rounded-full border-2 border-brand-700 bg-white px-5 py-2 text-sm font-semibold text-brand-800 hover:bg-brand-50 disabled:opacity-60";

/**
 * What the visitor can do about one group: a guest is asked to sign in; a member can ask to
 * join (with an optional message), withdraw a pending request, or leave. Closed and full
 * groups say so instead of offering the button. Plain forms: all of it works without JavaScript.
 */
export function JoinPanel({
  t,
  group,
  signedIn,
  signInHref,
  actionData,
  /** /community posts the group's id; the group page posts to itself. */
  postGroupId,
}: {
  t: GroupsT;
  group: GroupCardView;
  signedIn: boolean;
  signInHref: string;
  actionData: GroupActionData | undefined;
  postGroupId: boolean;
}) {
  const busy = useNavigation().state === "submitting";
  const mine = actionData && actionData.groupId === group.id ? actionData : undefined;
  const membership = group.membership;
  const idField = postGroupId ? <input type="hidden" name="groupId" value={group.id} /> : null;
  const messageId = `join-message-${group.id}`;
  const messageError = mine && !mine.ok ? mine.fieldErrors.message : undefined;
  const canAskAgain =
    !membership ||
    membership.status === "left" ||
    ((membership.status === "declined" || membership.status === "removed") && !membership.requestAgainFrom);

  let body;
  if (membership?.status === "active") {
    body = (
      <>
        <p className="text-slate-800">{membership.role === "leader" ? t("join.leading") : t("join.member")}</p>
        <Form method="post" className="mt-3">
          {idField}
          <input type="hidden" name="intent" value="leave" />
          <button type="submit" className={secondary} disabled={busy}>
            {t("join.leave")}
          </button>
        </Form>
      </>
    );
  } else if (membership?.status === "pending") {
    body = (
      <>
        <p className="text-slate-800">{t("join.pending")}</p>
        <Form method="post" className="mt-3">
          {idField}
          <input type="hidden" name="intent" value="cancel" />
          <button type="submit" className={secondary} disabled={busy} aria-label={t("join.cancelFor", { name: group.name })}>
            {t("join.cancel")}
          </button>
        </Form>
      </>
    );
  } else if (!canAskAgain && membership?.requestAgainFrom) {
    body = <p className="text-slate-800">{t("join.requestAgainFrom", { date: membership.requestAgainFrom })}</p>;
  } else if (!group.isOpen || group.full) {
    body = <p className="text-slate-800">{group.isOpen ? t("group.full") : t("group.closed")}</p>;
  } else if (!signedIn) {
    body = (
      <>
        <p className="text-slate-800">{t("join.signInPrompt")}</p>
        <Link to={signInHref} className={`${buttonClasses("primary")} mt-3`}>
          {t("join.signIn")}
        </Link>
      </>
    );
  } else {
    body = (
      <details className="group/join" open={Boolean(messageError)}>
        <summary
          className={`${buttonClasses("primary")} cursor-pointer list-none [&::-webkit-details-marker]:hidden`}
          aria-label={t("join.requestFor", { name: group.name })}
        >
          {t("join.request")}
        </summary>
        <Form method="post" className="mt-4 grid gap-3">
          {idField}
          <input type="hidden" name="intent" value="request" />
          <div className="grid gap-1">
            <label htmlFor={messageId} className="font-semibold text-slate-900">
              {t("join.messageLabel")}
            </label>
            <p id={`${messageId}-hint`} className="text-sm text-slate-700">
              {t("join.messageHint")}
            </p>
            <textarea
              id={messageId}
              name="message"
              rows={3}
              maxLength={MAX_REQUEST_MESSAGE}
              aria-describedby={`${messageId}-hint${messageError ? ` ${messageId}-error` : ""}`}
              aria-invalid={messageError ? true : undefined}
              className="block w-full min-w-0 rounded-lg border border-slate-400 bg-white px-3 py-2 text-base text-slate-900 aria-[invalid=true]:border-red-700"
            />
            {messageError ? (
              <p id={`${messageId}-error`} className="text-sm font-semibold text-red-800">
                {messageError}
              </p>
            ) : null}
          </div>
          <div>
            <button type="submit" className={buttonClasses("primary")} disabled={busy}>
              {t("join.send")}
            </button>
          </div>
        </Form>
      </details>
    );
  }

  return (
    <div className="min-w-0">
      {mine ? (
        <p
          role={mine.ok ? "status" : "alert"}
          className={`mb-3 rounded-lg p-3 text-sm font-semibold ${mine.ok ? "bg-emerald-50 text-emerald-900" : "bg-red-50 text-red-900"}`}
        >
          {mine.message}
        </p>
      ) : null}
      {body}
    </div>
  );
}
