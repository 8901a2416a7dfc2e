import { Form } from "react-router";
import { AdminCard, adminButton, Field, inputClasses, Notice } from "~/components/admin/admin-ui";
import type { AdminMessageKey, AdminT } from "~/platform/admin/admin-translation";
import type { ContentActionData } from "~/features/content/admin/content-action.server";
import type { PrayerLibraryFilter, PrayerPartItem } from "~/features/content/admin/prayer-library.server";
import { MAX_PART_TEXT, PART_KINDS, PRAYER_TOPICS } from "~/features/prayer-generator/generator-views";

const badgeClasses =
  "inline-flex items-center rounded-full border border-slate-400 bg-slate-100 px-2.5 py-0.5 text-xs font-semibold text-slate-800";

interface Library {
  parts: PrayerPartItem[];
  filter: PrayerLibraryFilter;
  total: number;
}

/**
 * The prayer generator's library on the content page: filter by topic and kind, add a part,
 * and per part edit both languages, deactivate or reactivate, and delete.
 */
export function PrayerLibraryEditor({
  library,
  t,
  actionData,
}: {
  library: Library;
  t: AdminT;
  actionData: ContentActionData | undefined;
}) {
  const topicLabel = (topic: string | null) => t(`content.library.topics.${topic ?? "any"}` as AdminMessageKey);
  const kindLabel = (kind: string) => t(`content.library.kinds.${kind}` as AdminMessageKey);
  const created = actionData?.intent === "prayer-part-create" ? actionData : undefined;
  const lastDeleted = actionData?.intent === "prayer-part-delete" && actionData.ok ? actionData : undefined;
  return (
    <AdminCard id="group-prayer-library" title={t("content.library.heading")}>
      <div className="grid gap-6">
        <p className="text-slate-700">{t("content.library.intro")}</p>
        <p className="text-sm text-slate-700">{t("content.library.placeholderHint")}</p>

        <Form
          method="get"
          action="/admin/content#group-prayer-library"
          className="flex flex-wrap items-end gap-3"
          aria-label={t("content.library.filterLabel")}
        >
          <div className="grid min-w-0 gap-1.5">
            <label htmlFor="library-filter-topic" className="text-sm font-semibold text-slate-900">
              {t("content.library.topic")}
            </label>
            <select id="library-filter-topic" name="ptopic" defaultValue={library.filter.topic ?? ""} className={inputClasses}>
              <option value="">{t("content.library.allTopics")}</option>
              <option value="any">{topicLabel(null)}</option>
              {PRAYER_TOPICS.map((topic) => (
                <option key={topic} value={topic}>
                  {topicLabel(topic)}
                </option>
              ))}
            </select>
          </div>
          <div className="grid min-w-0 gap-1.5">
            <label htmlFor="library-filter-kind" className="text-sm font-semibold text-slate-900">
              {t("content.library.kind")}
            </label>
            <select id="library-filter-kind" name="pkind" defaultValue={library.filter.kind ?? ""} className={inputClasses}>
              <option value="">{t("content.library.allKinds")}</option>
              {PART_KINDS.map((kind) => (
                <option key={kind} value={kind}>
                  {kindLabel(kind)}
                </option>
              ))}
            </select>
          </div>
          <button type="submit" className={adminButton.secondary}>
            {t("content.library.filter")}
          </button>
        </Form>
        <p role="status" className="text-sm font-semibold text-slate-900">
          {t("content.library.showing", { count: library.parts.length, total: library.total })}
        </p>

        <details className="rounded-lg border border-slate-200 p-3" open={Boolean(created && !created.ok)}>
          <summary className="cursor-pointer font-semibold text-slate-900">{t("content.library.add")}</summary>
          <div className="mt-3 grid gap-3">
            {created ? <Notice tone={created.ok ? "success" : "error"}>{t(`content.messages.${created.message}`)}</Notice> : null}
            <PartForm
              idBase="library-new"
              intent="prayer-part-create"
              values={
                created && !created.ok
                  ? (created.values ?? {})
                  : {
                      kind: library.filter.kind ?? "petition",
                      topic: library.filter.topic && library.filter.topic !== "any" ? library.filter.topic : "",
                    }
              }
              errors={created && !created.ok ? (created.fieldErrors ?? {}) : {}}
              submitLabel={t("content.library.create")}
              t={t}
              topicLabel={topicLabel}
              kindLabel={kindLabel}
            />
          </div>
        </details>

        {lastDeleted ? <Notice tone="success">{t("content.messages.partDeleted")}</Notice> : null}

        {library.parts.length === 0 ? (
          <p className="text-slate-700">{t("content.library.empty")}</p>
        ) : (
          <ul className="grid gap-3">
            {library.parts.map((part) => {
              const mine =
                actionData &&
                actionData.intent.startsWith("prayer-part-") &&
                actionData.intent !== "prayer-part-create" &&
                actionData.id === String(part.id)
                  ? actionData
                  : undefined;
              const failed = mine && !mine.ok && mine.intent === "prayer-part-update" ? mine : undefined;
              const base = `library-part-${part.id}`;
              return (
                <li key={`${part.id}-${part.version}`} id={base} className="min-w-0 scroll-mt-24">
                  <details className="rounded-lg border border-slate-200 p-3" open={Boolean(mine)}>
                    <summary className="cursor-pointer">
                      <span className="mr-2 inline-flex flex-wrap gap-1 align-middle">
                        <span className={badgeClasses}>{kindLabel(part.kind)}</span>
                        <span className={badgeClasses}>{topicLabel(part.topic)}</span>
                        {part.active ? null : (
                          <span className="inline-flex items-center rounded-full border border-amber-400 bg-amber-50 px-2.5 py-0.5 text-xs font-semibold text-amber-900">
                            {t("content.library.inactive")}
                          </span>
                        )}
                      </span>
                      <span className="wrap-anywhere text-slate-900">{part.textEn}</span>
                    </summary>
                    <div className="mt-3 grid gap-3">
                      {mine ? <Notice tone={mine.ok ? "success" : "error"}>{t(`content.messages.${mine.message}`)}</Notice> : null}
                      <PartForm
                        idBase={base}
                        intent="prayer-part-update"
                        id={part.id}
                        values={
                          failed
                            ? (failed.values ?? {})
                            : { kind: part.kind, topic: part.topic ?? "", textEn: part.textEn, textEs: part.textEs }
                        }
                        errors={failed?.fieldErrors ?? {}}
                        submitLabel={t("content.library.save", { id: part.id })}
                        t={t}
                        topicLabel={topicLabel}
                        kindLabel={kindLabel}
                      />
                      <div className="flex flex-wrap gap-3">
                        <Form method="post">
                          <input type="hidden" name="intent" value="prayer-part-toggle" />
                          <input type="hidden" name="id" value={part.id} />
                          <button type="submit" className={adminButton.secondary}>
                            {part.active
                              ? t("content.library.deactivate", { id: part.id })
                              : t("content.library.activate", { id: part.id })}
                          </button>
                        </Form>
                        <Form method="post">
                          <input type="hidden" name="intent" value="prayer-part-delete" />
                          <input type="hidden" name="id" value={part.id} />
                          <button type="submit" className={adminButton.danger}>
                            {t("content.library.delete", { id: part.id })}
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

function PartForm({
  idBase,
  intent,
  id,
  values,
  errors,
  submitLabel,
  t,
  topicLabel,
  kindLabel,
}: {
  idBase: string;
  intent: "prayer-part-create" | "prayer-part-update";
  id?: number;
  values: Record<string, string>;
  errors: Record<string, string>;
  submitLabel: string;
  t: AdminT;
  topicLabel: (topic: string | null) => string;
  kindLabel: (kind: string) => string;
}) {
  const error = (field: string) => (errors[field] ? t(`content.errors.${errors[field]}` as AdminMessageKey) : null);
  return (
    <Form method="post" className="grid gap-4">
      <input type="hidden" name="intent" value={intent} />
      {id !== undefined ? <input type="hidden" name="id" value={id} /> : null}
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id={`${idBase}-kind`} label={t("content.library.kind")} error={error("kind")}>
          {(props) => (
            <select {...props} name="kind" defaultValue={values.kind ?? ""} required className={inputClasses}>
              {PART_KINDS.map((kind) => (
                <option key={kind} value={kind}>
                  {kindLabel(kind)}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field id={`${idBase}-topic`} label={t("content.library.topic")} error={error("topic")}>
          {(props) => (
            <select {...props} name="topic" defaultValue={values.topic ?? ""} className={inputClasses}>
              <option value="">{topicLabel(null)}</option>
              {PRAYER_TOPICS.map((topic) => (
                <option key={topic} value={topic}>
                  {topicLabel(topic)}
                </option>
              ))}
            </select>
          )}
        </Field>
      </div>
      <div className="grid gap-4 md:grid-cols-2">
        {(["En", "Es"] as const).map((suffix) => (
          <Field key={suffix} id={`${idBase}-text${suffix}`} label={t(`content.library.text${suffix}`)} error={error(`text${suffix}`)}>
            {(props) => (
              <textarea
                {...props}
                lang={suffix === "En" ? "en" : "es"}
                name={`text${suffix}`}
                rows={3}
                maxLength={MAX_PART_TEXT}
                required
                defaultValue={values[`text${suffix}`] ?? ""}
                className={inputClasses}
              />
            )}
          </Field>
        ))}
      </div>
      <div>
        <button type="submit" className={adminButton.primary}>
          {submitLabel}
        </button>
      </div>
    </Form>
  );
}
