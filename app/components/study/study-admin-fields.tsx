import { Form } from "react-router";
import { AdminCard, adminButton, Field, inputClasses } from "~/components/admin/admin-ui";
import type { StudyFieldError, StudyFormValues } from "~/features/study/admin/study-admin-form";
import type { StudyAdminT } from "~/features/study/study-admin-translation";

/** Text inputs and textareas of the study editors, with their translated errors. */
export function studyFieldHelpers(t: StudyAdminT, prefix: string, values: StudyFormValues, errors: Record<string, StudyFieldError>) {
  const err = (name: string) => {
    const e = errors[name];
    return e ? t(`admin.errors.${e.code}`, e.values) : null;
  };
  const text = (
    name: string,
    label: string,
    o: { required?: boolean; lang?: "en" | "es"; max?: number; hint?: string; type?: string } = {},
  ) => (
    <Field id={`${prefix}-${name}`} label={label} error={err(name)} hint={o.hint}>
      {(props) => (
        <input
          {...props}
          name={name}
          type={o.type ?? "text"}
          lang={o.lang}
          defaultValue={values[name] ?? ""}
          required={o.required}
          maxLength={o.max}
          className={inputClasses}
        />
      )}
    </Field>
  );
  const area = (name: string, label: string, o: { required?: boolean; lang?: "en" | "es"; rows?: number; hint?: string } = {}) => (
    <Field id={`${prefix}-${name}`} label={label} error={err(name)} hint={o.hint}>
      {(props) => (
        <textarea
          {...props}
          name={name}
          lang={o.lang}
          rows={o.rows ?? 6}
          defaultValue={values[name] ?? ""}
          required={o.required}
          className={inputClasses}
        />
      )}
    </Field>
  );
  return { text, area, err };
}

/** The delete card of an editor: a confirmation checkbox the server requires too. */
export function DeleteCard({ t, id, title, body, button }: { t: StudyAdminT; id: string; title: string; body: string; button: string }) {
  return (
    <AdminCard id={id} title={title}>
      <Form method="post" className="grid gap-4">
        <p className="text-slate-800">{body}</p>
        <input type="hidden" name="intent" value="delete" />
        <label className="flex min-h-11 items-center gap-3 rounded-lg border border-slate-200 px-3 py-2">
          <input type="checkbox" name="confirm" value="yes" required className="h-5 w-5" />
          <span className="text-slate-900">{t("admin.deleteConfirm")}</span>
        </label>
        <div>
          <button type="submit" className={adminButton.danger}>
            {button}
          </button>
        </div>
      </Form>
    </AdminCard>
  );
}
