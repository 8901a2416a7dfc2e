import { Form } from "react-router";
import { AdminCard, adminButton, Field, inputClasses, Notice } from "~/components/admin/admin-ui";
import type { AdminMessageKey, AdminT } from "~/platform/admin/admin-translation";
import type { ContentActionData } from "~/features/content/admin/content-action.server";
import { FAQ_ANSWER_MAX, FAQ_QUESTION_MAX, type FaqItem } from "~/features/assistant/faq-views";

const inactiveBadge =
  "inline-flex items-center rounded-full border border-amber-400 bg-amber-50 px-2.5 py-0.5 text-xs font-semibold text-amber-900";

/**
 * The church assistant's FAQ on the content page: add a question, and per question edit both
 * languages and the link, deactivate or reactivate, and delete.
 */
export function FaqEditor({ items, t, actionData }: { items: FaqItem[]; t: AdminT; actionData: ContentActionData | undefined }) {
  const created = actionData?.intent === "faq-create" ? actionData : undefined;
  const lastDeleted = actionData?.intent === "faq-delete" && actionData.ok ? actionData : undefined;
  return (
    <AdminCard id="group-assistant-faq" title={t("content.faq.heading")}>
      <div className="grid gap-6">
        <p className="text-slate-700">{t("content.faq.intro")}</p>
        <p role="status" className="text-sm font-semibold text-slate-900">
          {t("content.faq.count", { count: items.length })}
        </p>
        <details className="rounded-lg border border-slate-200 p-3" open={Boolean(created && !created.ok)}>
          <summary className="cursor-pointer font-semibold text-slate-900">{t("content.faq.add")}</summary>
          <div className="mt-3 grid gap-3">
            {created ? <Notice tone={created.ok ? "success" : "error"}>{t(`content.messages.${created.message}`)}</Notice> : null}
            <FaqForm
              idBase="faq-new"
              intent="faq-create"
              values={created && !created.ok ? (created.values ?? {}) : {}}
              errors={created && !created.ok ? (created.fieldErrors ?? {}) : {}}
              submitLabel={t("content.faq.create")}
              t={t}
            />
          </div>
        </details>

        {lastDeleted ? <Notice tone="success">{t("content.messages.faqDeleted")}</Notice> : null}

        {items.length === 0 ? (
          <p className="text-slate-700">{t("content.faq.empty")}</p>
        ) : (
          <ul className="grid gap-3">
            {items.map((item) => {
              const mine =
                actionData &&
                actionData.intent.startsWith("faq-") &&
                actionData.intent !== "faq-create" &&
                actionData.id === String(item.id)
                  ? actionData
                  : undefined;
              const failed = mine && !mine.ok && mine.intent === "faq-update" ? mine : undefined;
              const base = `faq-item-${item.id}`;
              return (
                <li key={`${item.id}-${item.version}`} id={base} className="min-w-0 scroll-mt-24">
                  <details className="rounded-lg border border-slate-200 p-3" open={Boolean(mine)}>
                    <summary className="cursor-pointer">
                      {item.active ? null : <span className={`mr-2 align-middle ${inactiveBadge}`}>{t("content.faq.inactive")}</span>}
                      <span className="wrap-anywhere text-slate-900">{item.questionEn}</span>
                    </summary>
                    <div className="mt-3 grid gap-3">
                      {mine ? <Notice tone={mine.ok ? "success" : "error"}>{t(`content.messages.${mine.message}`)}</Notice> : null}
                      <FaqForm
                        idBase={base}
                        intent="faq-update"
                        id={item.id}
                        values={
                          failed
                            ? (failed.values ?? {})
                            : {
                                questionEn: item.questionEn,
                                questionEs: item.questionEs,
                                answerEn: item.answerEn,
                                answerEs: item.answerEs,
                                href: item.href,
                              }
                        }
                        errors={failed?.fieldErrors ?? {}}
                        submitLabel={t("content.faq.save", { id: item.id })}
                        t={t}
                      />
                      <div className="flex flex-wrap gap-3">
                        <Form method="post">
                          <input type="hidden" name="intent" value="faq-toggle" />
                          <input type="hidden" name="id" value={item.id} />
                          <button type="submit" className={adminButton.secondary}>
                            {item.active ? t("content.faq.deactivate", { id: item.id }) : t("content.faq.activate", { id: item.id })}
                          </button>
                        </Form>
                        <Form method="post">
                          <input type="hidden" name="intent" value="faq-delete" />
                          <input type="hidden" name="id" value={item.id} />
                          <button type="submit" className={adminButton.danger}>
                            {t("content.faq.delete", { id: item.id })}
                          </button>
                        </Form>
                      </div>
                    </div>
                  </details>
                </li>
              );
            })}
          </ul>
        )}
      </div>
    </AdminCard>
  );
}

function FaqForm({
  idBase,
  intent,
  id,
  values,
  errors,
  submitLabel,
  t,
}: {
  idBase: string;
  intent: "faq-create" | "faq-update";
  id?: number;
  values: Record<string, string>;
  errors: Record<string, string>;
  submitLabel: string;
  t: AdminT;
}) {
  const error = (field: string) => (errors[field] ? t(`content.errors.${errors[field]}` as AdminMessageKey) : null);
  return (
    <Form method="post" className="grid gap-4">
      <input type="hidden" name="intent" value={intent} />
      {id !== undefined ? <input type="hidden" name="id" value={id} /> : null}
      <div className="grid gap-4 md:grid-cols-2">
        {(["En", "Es"] as const).map((suffix) => (
          <Field
            key={`q${suffix}`}
            id={`${idBase}-question${suffix}`}
            label={t(`content.faq.question${suffix}`)}
            error={error(`question${suffix}`)}
          >
            {(props) => (
              <input
                {...props}
                lang={suffix === "En" ? "en" : "es"}
                name={`question${suffix}`}
                maxLength={FAQ_QUESTION_MAX}
                required={suffix === "En"}
                defaultValue={values[`question${suffix}`] ?? ""}
                className={inputClasses}
              />
            )}
          </Field>
        ))}
        {(["En", "Es"] as const).map((suffix) => (
          <Field
            key={`a${suffix}`}
            id={`${idBase}-answer${suffix}`}
            label={t(`content.faq.answer${suffix}`)}
            error={error(`answer${suffix}`)}
          >
            {(props) => (
              <textarea
                {...props}
                lang={suffix === "En" ? "en" : "es"}
                name={`answer${suffix}`}
                rows={3}
                maxLength={FAQ_ANSWER_MAX}
                required={suffix === "En"}
                defaultValue={values[`answer${suffix}`] ?? ""}
                className={inputClasses}
              />
            )}
          </Field>
        ))}
      </div>
      <Field id={`${idBase}-href`} label={t("content.faq.href")} error={error("href")}>
        {(props) => <input {...props} name="href" maxLength={2000} defaultValue={values.href ?? ""} className={inputClasses} />}
      </Field>
      <div>
        <button type="submit" className={adminButton.primary}>
          {submitLabel}
        </button>
      </div>
    </Form>
  );
}
