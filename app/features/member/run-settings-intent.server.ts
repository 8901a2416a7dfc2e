import { failure, type AuthOutcome } from "~/features/auth/auth-request.server";
import { readInput } from "~/server/request-input.server";
import type { AuthMessage } from "~/features/auth/auth-translation";
import { revokeCalendarFeed } from "~/platform/auth/revoke-calendar-feed.server";
import type { MemberSession } from "~/platform/auth/get-current-member.server";
import type { Language } from "~/i18n/config";
import type { AppDatabase } from "~/server/db.server";
import { changeMemberPassword } from "./change-member-password.server";
import { confirmTwoFactor } from "./confirm-two-factor.server";
import { deleteMemberAccount, type DeletionRefusal } from "./delete-member-account.server";
import { disableTwoFactor } from "./disable-two-factor.server";
import { enableTwoFactor } from "./enable-two-factor.server";
import { revokeMemberSession } from "./revoke-member-session.server";
import { revokeOtherSessions } from "./revoke-other-sessions.server";
import { setMemberPassword } from "./set-member-password.server";
import { settingsIntents, settingsNotices, type SettingsIntent, type SettingsNotice } from "./settings-input";
import type { TwoFactorEnrolment } from "./two-factor-enrolment.server";
import { updateMemberProfile, type ProfileValues } from "./update-member-profile.server";
import { sendMemberPhoneCode, verifyMemberPhone } from "./verify-member-phone.server";

/** What the page shows after a POST that didn't redirect: a refusal, or the 2FA enrolment. */
export type SettingsActionData =
  | { ok: true; intent: "enable-two-factor"; enrolment: TwoFactorEnrolment }
  /** A code was texted to `phone`; the page asks for it next. */
  | { ok: true; intent: "send-phone-code"; phone: string }
  | {
      ok: false;
      intent: SettingsIntent | null;
      error: AuthMessage;
      field?: string;
      /** The profile form as sent, so it comes back filled in. */
      values?: ProfileValues;
      /** The enrolment again after a wrong confirmation code. */
      enrolment?: TwoFactorEnrolment | null;
    };

export type SettingsActionResult =
  /** Post/redirect/get: a finished form reloads the page with its notice (works without JS). */
  { type: "redirect"; location: string; headers: Headers } | { type: "data"; status: number; data: SettingsActionData; headers: Headers };

/**
 * Dispatches one POST to /settings by its `intent` field. Successes redirect, so a session
 * better-auth replaced (password change, two-factor on or off) is the one the next page
 * load uses; refusals answer 4xx with a message key. Never throws for bad input.
 */
export async function runSettingsIntent(options: {
  db: AppDatabase;
  request: Request;
  session: MemberSession;
  /** The page's language: a texted code goes out in it when no account has the number yet. */
  language: Language;
}): Promise<SettingsActionResult> {
  const { db, request, session, language } = options;
  const input = await readInput(request);
  const intent = settingsIntents.find((i) => i === input?.intent) ?? null;
  if (!input || !intent) return refused(null, failure("errors.invalidRequest"));
  const userId = session.member.id;
  const args = { db, request, userId, input };

  switch (intent) {
    case "update-profile":
      return finish(intent, await updateMemberProfile(args), "profile");
    case "send-phone-code": {
      const outcome = await sendMemberPhoneCode({ ...args, language });
      if (!outcome.ok) return refused(intent, outcome);
      return { type: "data", status: 200, headers: new Headers(), data: { ok: true, intent, phone: outcome.phone ?? "" } };
    }
    case "verify-phone":
      return finish(intent, await verifyMemberPhone({ ...args, language }), "phone-verified");
    case "change-password":
      return finish(intent, await changeMemberPassword(args), "password-changed");
    case "set-password":
      return finish(intent, await setMemberPassword(args), "password-set");
    case "enable-two-factor": {
      const outcome = await enableTwoFactor({ ...args, twoFactorEnabled: session.member.twoFactorEnabled });
      if (!outcome.ok) return refused(intent, outcome);
      return { type: "data", status: 200, headers: new Headers(), data: { ok: true, intent, enrolment: outcome.enrolment } };
    }
    case "confirm-two-factor":
      return finish(intent, await confirmTwoFactor(args), "two-factor-on");
    case "disable-two-factor":
      return finish(intent, await disableTwoFactor(args), "two-factor-off");
    case "revoke-other-sessions":
      return finish(intent, await revokeOtherSessions({ db, request, userId }), "others-signed-out");
    case "revoke-session":
      return finish(intent, await revokeMemberSession({ ...args, currentSessionId: session.sessionId }), "session-revoked");
    case "reset-calendar-link":
      await revokeCalendarFeed({ db, userId });
      return finish(intent, { ok: true }, "calendar-link-reset");
    case "delete-account": {
      const outcome = await deleteMemberAccount({ ...args, sessionId: session.sessionId });
      if (!outcome.ok) return refused(intent, outcome);
      return { type: "redirect", location: "/?deleted=1", headers: outcome.headers ?? new Headers() };
    }
  }
}

function finish(
  intent: SettingsIntent,
  outcome: AuthOutcome & { values?: ProfileValues; enrolment?: TwoFactorEnrolment | null },
  notice: SettingsNotice,
): SettingsActionResult {
  if (!outcome.ok) return refused(intent, outcome);
  const { section } = settingsNotices[notice];
  return { type: "redirect", location: `/settings?done=${notice}#${section}`, headers: outcome.headers ?? new Headers() };
}

function refused(
  intent: SettingsIntent | null,
  outcome: (Extract<AuthOutcome, { ok: false }> | DeletionRefusal) & { values?: ProfileValues; enrolment?: TwoFactorEnrolment | null },
): SettingsActionResult {
  return {
    type: "data",
    status: outcome.status,
    headers: outcome.headers ?? new Headers(),
    data: {
      ok: false,
      intent,
      error: outcome.error,
      field: outcome.field,
      values: outcome.values,
      enrolment: outcome.enrolment,
    },
  };
}
