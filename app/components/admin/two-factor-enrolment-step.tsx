import { Form } from "react-router";
import type { TwoFactorEnrolment } from "~/features/member/two-factor-enrolment.server";
import { useAdminTranslation } from "~/platform/admin/admin-translation";
import { adminButton, Field, inputClasses } from "./admin-ui";

/**
 * Setting up the authenticator: the QR code, the key to type instead, and the first code,
 * posted to the login page's `enrol-confirm` step (`action`). The login page shows it at a
 * first sign-in, and the first-run setup right after the first administrator is made.
 */
export function TwoFactorEnrolmentStep({
  enrolment,
  action,
  busy,
  error,
}: {
  enrolment: TwoFactorEnrolment;
  action: string;
  busy: boolean;
  error: string | null;
}) {
  const { t } = useAdminTranslation();
  return (
    <div className="grid gap-4 rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
      <p className="text-slate-700">{t("login.enrolIntro")}</p>
      <img
        src={enrolment.qrCode}
        alt={t("login.qrAlt")}
        width={200}
        height={200}
        className="mx-auto h-[200px] w-[200px] rounded border border-slate-200"
      />
      <div>
        <p className="text-sm text-slate-700">{t("login.secretLabel")}</p>
        <p
          className="mt-1 break-all rounded bg-slate-100 px-3 py-2 font-mono text-base tracking-wider text-slate-900"
          data-testid="totp-secret"
        >
          {enrolment.secret}
        </p>
      </div>
      <Form method="post" action={action} className="grid gap-4" noValidate>
        <input type="hidden" name="intent" value="enrol-confirm" />
        <input type="hidden" name="totpUri" value={enrolment.totpUri} />
        <input type="hidden" name="backupCodes" value={enrolment.backupCodes.join(" ")} />
        <Field id="admin-enrol-code" label={t("login.code")} error={error}>
          {(props) => (
            <input
              {...props}
              name="code"
              autoComplete="one-time-code"
              inputMode="numeric"
              maxLength={6}
              required
              className={inputClasses}
            />
          )}
        </Field>
        <button type="submit" className={adminButton.primary} disabled={busy}>
          {t("login.confirm")}
        </button>
      </Form>
    </div>
  );
}

/** The backup codes, shown once more after the first code, to keep; then on to `continueTo`. */
export function BackupCodesStep({ codes, continueTo }: { codes: readonly string[]; continueTo: string }) {
  const { t } = useAdminTranslation();
  return (
    <div className="grid gap-4 rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
      <p className="text-slate-700">{t("login.backupIntro")}</p>
      <ul className="grid grid-cols-2 gap-2 font-mono text-base" data-testid="backup-codes">
        {codes.map((code) => (
          <li key={code} className="rounded bg-slate-100 px-3 py-2 text-center">
            {code}
          </li>
        ))}
      </ul>
      <a href={continueTo} className={adminButton.primary}>
        {t("login.continue")}
      </a>
    </div>
  );
}
