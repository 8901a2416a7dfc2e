import { data, Form, Link, useActionData } from "react-router";
import type { Route } from "./+types/content";
import { AdminCard, AdminPage, adminButton, Field, formatDateTime, inputClasses, Notice } from "~/components/admin/admin-ui";
import { adminTranslator, useAdminTranslation, type AdminMessageKey, type AdminT } from "~/platform/admin/admin-translation";
import { NO_STORE, requireAdmin } from "~/platform/admin/require-admin.server";
import { contentKinds } from "~/features/content/admin/content-fields";
import { NEW_ITEM_ID } from "~/features/content/admin/content-block-keys";
import type { ContentActionData } from "~/features/content/admin/content-action.server";
import { handleContentAction } from "~/features/content/admin/content-action.server";
import { loadPrayerLibrary, readLibraryFilter } from "~/features/content/admin/prayer-library.server";
import { PrayerLibraryEditor } from "~/components/prayer-generator/prayer-library-editor";
import { loadFaqAdmin } from "~/features/assistant/faq-admin.server";
import { FaqEditor } from "~/components/admin/faq-editor";
import { loadContentAdmin, type ContentItem, type FlyerEvent } from "~/features/content/admin/load-content-admin.server";

export async function loader({ request, url }: Route.LoaderArgs) {
  const { db, language } = await requireAdmin(request, "content");
  const missingOnly = url.searchParams.get("missing") === "es";
  const page = await loadContentAdmin({ db, missingOnly });
  const prayerLibrary = await loadPrayerLibrary({ db, filter: readLibraryFilter(url) });
  const faq = await loadFaqAdmin(db);
  return data(
    {
      title: adminTranslator(language)("sections.content"),
      missingOnly,
      ...page,
      prayerLibrary,
      faq,
    },
    { headers: NO_STORE },
  );
}

export async function action({ request }: Route.ActionArgs) {
  const ctx = await requireAdmin(request, "content");
  return handleContentAction(request, ctx);
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title ?? "" }];

const GROUP_ORDER = ["home", "about", "page", "other", "spiritual_home", "why_choose", "leaders", "values", "videos"] as const;
type Group = (typeof GROUP_ORDER)[number];

const badgeClasses =
  "inline-flex items-center rounded-full border border-amber-400 bg-amber-50 px-2.5 py-0.5 text-xs font-semibold text-amber-900";
const linkClasses = "font-semibold text-brand-800 underline underline-offset-2 hover:text-brand-900";

export default function AdminContent({ loaderData }: Route.ComponentProps) {
  const { t, language } = useAdminTranslation();
  const actionData = useActionData<typeof action>() as ContentActionData | undefined;
  const { items, missingCount, totalCount, missingOnly, flyerEvents } = loaderData;
  const groups = GROUP_ORDER.map((group) => ({
    group,
    items: items.filter((i) => i.group === group),
  })).filter((g) => g.items.length > 0);
  const groupLabel = (group: Group | "flyer") => t(`content.groups.${group}` as AdminMessageKey);

  return (
    <AdminPage title={t("sections.content")} intro={t("content.intro")}>
      <AdminCard>
        <div className="grid gap-3">
          <p className="font-semibold text-slate-900" role="status">
            {missingCount > 0
              ? t("content.missingCount", {
                  count: missingCount,
                  total: totalCount,
                })
              : t("content.noneMissing")}
          </p>
          <p className="flex flex-wrap gap-x-4 gap-y-2">
            {missingOnly ? (
              <Link to="/admin/content" className={linkClasses}>
                {t("content.filterAll")}
              </Link>
            ) : (
              <Link to="/admin/content?missing=es" className={linkClasses}>
                {t("content.filterMissing")}
              </Link>
            )}
          </p>
          {missingOnly ? <p className="text-sm text-slate-700">{t("content.filteredNote")}</p> : null}
          <nav aria-label={t("content.jumpTo")}>
            <ul className="flex flex-wrap gap-x-4 gap-y-2 text-sm">
              {groups.map(({ group }) => (
                <li key={group}>
                  <a href={`#group-${group}`} className={linkClasses}>
                    {groupLabel(group)}
                  </a>
                </li>
              ))}
              {missingOnly ? null : (
                <li>
                  <a href="#group-flyer" className={linkClasses}>
                    {groupLabel("flyer")}
                  </a>
                </li>
              )}
              {missingOnly ? null : (
                <li>
                  <a href="#group-prayer-library" className={linkClasses}>
                    {t("content.library.heading")}
                  </a>
                </li>
              )}
              {missingOnly ? null : (
                <li>
                  <a href="#group-assistant-faq" className={linkClasses}>
                    {t("content.faq.heading")}
                  </a>
                </li>
              )}
            </ul>
          </nav>
        </div>
      </AdminCard>

      {actionData && actionData.intent === "unknown" ? <Notice tone="error">{t(`content.messages.${actionData.message}`)}</Notice> : null}

      {groups.length === 0 ? <p className="text-slate-700">{t("content.noResults")}</p> : null}

      {groups.map(({ group, items: groupItems }) => (
        <AdminCard key={group} id={`group-${group}`} title={groupLabel(group)}>
          {actionData?.id === `${group === "leaders" ? "leader" : "value"}-deleted` && (group === "leaders" || group === "values") ? (
            <div className="mb-4">
              <Notice tone="success">{t(`content.messages.${actionData.message}`)}</Notice>
            </div>
          ) : null}
          <div className="grid gap-8">
            {groupItems.map((item) => (
              <ContentItemEditor key={`${item.kind}-${item.id}-${item.version}`} item={item} t={t} actionData={actionData} />
            ))}
          </div>
        </AdminCard>
      ))}

      {missingOnly ? null : <FlyerPicker events={flyerEvents} t={t} language={language} actionData={actionData} />}

      {missingOnly ? null : <PrayerLibraryEditor library={loaderData.prayerLibrary} t={t} actionData={actionData} />}

      {missingOnly ? null : <FaqEditor items={loaderData.faq} t={t} actionData={actionData} />}
    </AdminPage>
  );
}

function itemNotice(t: AdminT, actionData: ContentActionData | undefined, intents: string[], id: string) {
  if (!actionData || !intents.includes(actionData.intent) || actionData.id !== id) return null;
  return <Notice tone={actionData.ok ? "success" : "error"}>{t(`content.messages.${actionData.message}`)}</Notice>;
}

function sitePath(item: ContentItem): string | null {
  if (item.kind !== "block") return "/";
  if (item.id.startsWith("home.") || ["about.vision", "about.mission", "about.values"].includes(item.id)) return "/";
  if (item.id.startsWith("about.")) return "/about";
  if (item.id.startsWith("page.")) return `/${item.id.slice("page.".length)}`;
  return null;
}

function ContentItemEditor({ item, t, actionData }: { item: ContentItem; t: AdminT; actionData: ContentActionData | undefined }) {
  const descriptor = contentKinds[item.kind];
  const failed =
    actionData && !actionData.ok && actionData.intent === descriptor.intent && actionData.id === item.id ? actionData : undefined;
  const values = failed?.values ?? item.values;
  const errors = failed?.fieldErrors ?? {};
  const base = `${item.kind}-${item.id}`;
  const headingId = `${base}-heading`;
  const path = sitePath(item);
  const label = (column: string) => t(`content.labels.${column}` as AdminMessageKey);
  const error = (column: string) => (errors[column] ? t(`content.errors.${errors[column]}`) : null);
  const adding = item.id === NEW_ITEM_ID && (item.kind === "leader" || item.kind === "value");
  const heading = adding ? t(item.kind === "leader" ? "content.add.leader" : "content.add.value") : item.label;

  return (
    <article
      id={item.anchor}
      aria-labelledby={headingId}
      className="grid scroll-mt-24 gap-4 border-t border-slate-200 pt-6 first:border-t-0 first:pt-0"
    >
      <div className="flex flex-wrap items-center gap-3">
        <h3 id={headingId} className={`break-all text-base font-semibold text-slate-900 ${adding ? "" : "font-mono"}`}>
          {heading}
        </h3>
        {item.missingSpanish ? <span className={badgeClasses}>{t("content.missingBadge")}</span> : null}
        {item.unsaved && !adding ? <span className={badgeClasses}>{t("content.unwrittenBadge")}</span> : null}
      </div>
      {itemNotice(t, actionData, [descriptor.intent], item.id)}
      <Form method="post" className="grid gap-4" aria-labelledby={headingId}>
        <input type="hidden" name="intent" value={descriptor.intent} />
        <input type="hidden" name="id" value={item.id} />
        {descriptor.singles
          .filter((s) => !s.url)
          .map((s) => (
            <Field key={s.name} id={`${base}-${s.name}`} label={label(s.name)} error={error(s.name)}>
              {(props) => (
                <input
                  {...props}
                  name={s.name}
                  defaultValue={values[s.name] ?? ""}
                  maxLength={s.max}
                  required={s.required}
                  className={inputClasses}
                />
              )}
            </Field>
          ))}
        {descriptor.pairs.map((p) => (
          <div key={p.name} className="grid gap-4 md:grid-cols-2">
            {(["En", "Es"] as const).map((suffix) => {
              const column = `${p.name}${suffix}`;
              const lang = suffix === "En" ? "en" : "es";
              return (
                <Field key={column} id={`${base}-${column}`} label={label(column)} error={error(column)}>
                  {(props) =>
                    p.multiline ? (
                      <textarea
                        {...props}
                        lang={lang}
                        name={column}
                        rows={p.max > 1000 ? 6 : 3}
                        defaultValue={values[column] ?? ""}
                        required={p.required && suffix === "En"}
                        className={inputClasses}
                      />
                    ) : (
                      <input
                        {...props}
                        lang={lang}
                        name={column}
                        defaultValue={values[column] ?? ""}
                        required={p.required && suffix === "En"}
                        className={inputClasses}
                      />
                    )
                  }
                </Field>
              );
            })}
          </div>
        ))}
        {descriptor.singles.some((s) => s.url) ? (
          <div className="grid gap-4 md:grid-cols-2">
            {descriptor.singles
              .filter((s) => s.url)
              .map((s) => (
                <Field key={s.name} id={`${base}-${s.name}`} label={label(s.name)} error={error(s.name)} hint={t("content.urlHint")}>
                  {(props) => (
                    <input
                      {...props}
                      name={s.name}
                      type="text"
                      inputMode="url"
                      defaultValue={values[s.name] ?? ""}
                      required={s.required}
                      className={inputClasses}
                    />
                  )}
                </Field>
              ))}
          </div>
        ) : null}
        {item.kind === "video" ? <p className="text-sm text-slate-700">{t("content.videoHint")}</p> : null}
        <div>
          <button type="submit" className={adminButton.primary}>
            {adding
              ? t(item.kind === "leader" ? "content.add.submitLeader" : "content.add.submitValue")
              : t("content.save", { label: item.label })}
          </button>
        </div>
      </Form>

      {descriptor.imageField && !item.unsaved ? <ImageUpload item={item} t={t} actionData={actionData} /> : null}
      {item.unsaved && descriptor.imageField ? <p className="text-sm text-slate-700">{t("content.upload.afterSave")}</p> : null}

      {(item.kind === "leader" || item.kind === "value") && !adding ? (
        <details className="rounded-lg border border-slate-200 p-3">
          <summary className="cursor-pointer font-semibold text-slate-900">{t("content.remove.summary", { label: item.label })}</summary>
          <p className="mt-2 text-sm text-slate-700">{t("content.remove.explain")}</p>
          {itemNotice(t, actionData, [`delete-${item.kind}`], item.id)}
          <Form method="post" className="mt-3">
            <input type="hidden" name="intent" value={`delete-${item.kind}`} />
            <input type="hidden" name="id" value={item.id} />
            <button type="submit" className={adminButton.danger}>
              {t("content.remove.submit", { label: item.label })}
            </button>
          </Form>
        </details>
      ) : null}

      {item.kind === "block" && !item.unsaved ? (
        <details className="rounded-lg border border-slate-200 bg-slate-50 p-3">
          <summary className="cursor-pointer font-semibold text-slate-900">{t("content.preview")}</summary>
          <p className="mt-2 text-sm text-slate-700">{t("content.previewSaved")}</p>
          <div className="mt-3 grid gap-4 md:grid-cols-2">
            {(["En", "Es"] as const).map((suffix) => {
              const lang = suffix === "En" ? "en" : "es";
              const pick = (name: string) => item.values[`${name}${suffix}`] || item.values[`${name}En`] || "";
              return (
                <div key={suffix} className="min-w-0 rounded-lg border border-slate-200 bg-white p-4">
                  <p className="text-xs font-semibold uppercase tracking-wide text-slate-600">
                    {suffix === "En" ? t("content.english") : t("content.spanish")}
                  </p>
                  <div lang={lang}>
                    {item.values.imageUrl ? (
                      <img src={item.values.imageUrl} alt={pick("imageAlt")} className="mt-2 max-h-40 w-full rounded object-cover" />
                    ) : null}
                    <p className="mt-2 font-serif text-xl font-bold text-slate-900">{pick("title")}</p>
                    {pick("summary") ? <p className="mt-2 text-sm italic text-slate-700">{pick("summary")}</p> : null}
                    <p className="mt-2 whitespace-pre-line text-slate-800">{pick("body")}</p>
                  </div>
                </div>
              );
            })}
          </div>
        </details>
      ) : null}

      {path && !adding ? (
        <p className="flex flex-wrap gap-x-4 gap-y-2 text-sm">
          <a href={`${path}?lang=en`} target="_blank" rel="noreferrer" className={linkClasses}>
            {t("content.viewEnglish")}
          </a>
          <a href={`${path}?lang=es`} target="_blank" rel="noreferrer" className={linkClasses}>
            {t("content.viewSpanish")}
          </a>
        </p>
      ) : null}
    </article>
  );
}

function ImageUpload({ item, t, actionData }: { item: ContentItem; t: AdminT; actionData: ContentActionData | undefined }) {
  const base = `${item.kind}-${item.id}-upload`;
  return (
    <Form method="post" encType="multipart/form-data" className="grid gap-3 rounded-lg border border-dashed border-slate-300 p-3">
      <input type="hidden" name="intent" value="upload-image" />
      <input type="hidden" name="kind" value={item.kind} />
      <input type="hidden" name="id" value={item.id} />
      <p className="font-semibold text-slate-900">{t("content.upload.legend")}</p>
      {itemNotice(t, actionData, ["upload-image"], item.id)}
      <Field id={base} label={t("content.upload.file")} hint={t("content.upload.hint")}>
        {(props) => (
          <input
            {...props}
            type="file"
            name="file"
            accept="image/jpeg,image/png,image/webp"
            required
            className="block w-full text-sm text-slate-900"
          />
        )}
      </Field>
      <div>
        <button type="submit" className={adminButton.secondary}>
          {t("content.upload.submit")}
        </button>
      </div>
    </Form>
  );
}

function FlyerPicker({
  events,
  t,
  language,
  actionData,
}: {
  events: FlyerEvent[];
  t: AdminT;
  language: string;
  actionData: ContentActionData | undefined;
}) {
  return (
    <AdminCard id="group-flyer" title={t("content.groups.flyer")}>
      <div className="grid gap-4">
        <p className="text-slate-700">{t("content.flyer.intro")}</p>
        {actionData && actionData.intent === "set-featured-event" ? (
          <Notice tone={actionData.ok ? "success" : "error"}>{t(`content.messages.${actionData.message}`)}</Notice>
        ) : null}
        <Form method="post" className="grid gap-4">
          <input type="hidden" name="intent" value="set-featured-event" />
          <fieldset className="grid gap-2">
            <legend className="mb-2 text-sm font-semibold text-slate-900">{t("content.flyer.legend")}</legend>
            {events.map((event) => (
              <label key={event.id} className="flex min-h-11 items-center gap-3 rounded-lg border border-slate-200 px-3 py-2">
                <input type="radio" name="eventId" value={event.id} defaultChecked={event.isFeatured} required className="h-5 w-5" />
                <span>
                  <span className="font-semibold text-slate-900">{event.title}</span>{" "}
                  <span className="text-sm text-slate-700">{formatDateTime(event.startsAt, language)}</span>
                  {event.isFeatured ? <span className={`${badgeClasses} ml-2`}>{t("content.flyer.current")}</span> : null}
                </span>
              </label>
            ))}
          </fieldset>
          <div>
            <button type="submit" className={adminButton.primary}>
              {t("content.flyer.submit")}
            </button>
          </div>
        </Form>
      </div>
    </AdminCard>
  );
}
