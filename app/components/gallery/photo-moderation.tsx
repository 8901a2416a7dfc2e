import { Form } from "react-router";
import { AdminCard, adminButton, Field, formatDateTime, inputClasses, Notice } from "~/components/admin/admin-ui";
import type { ModerationProblem } from "~/platform/admin/moderation-outcome";
import type { PhotoModerationData } from "~/features/gallery/photo-moderation.server";
import { useGalleryAdminTranslation } from "~/features/gallery/gallery-admin-translation";
import { GalleryPicture } from "./gallery-picture";

/**
 * The gallery part of /admin/moderation (an h2 section): members' photos waiting for review,
 * each with a preview, its captions (staff may add the other language) and approve / reject.
 */
export function PhotoModeration({ data, problem }: { data: PhotoModerationData; problem: ModerationProblem | undefined }) {
  const { t, language } = useGalleryAdminTranslation();
  return (
    <section aria-labelledby="moderation-gallery" className="grid gap-4">
      <h2 id="moderation-gallery" className="text-xl font-bold text-slate-900">
        {t("moderation.heading")}
      </h2>
      {problem && !problem.id ? <Notice tone="error">{problem.message}</Notice> : null}
      {data.items.length === 0 ? (
        <AdminCard>
          <p className="text-slate-700">{t("moderation.empty")}</p>
        </AdminCard>
      ) : (
        <ul className="grid gap-4">
          {data.items.map((item) => {
            const base = `photo-${item.id}`;
            return (
              <li
                key={item.id}
                id={base}
                className="grid min-w-0 gap-4 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6 md:grid-cols-[minmax(0,16rem)_minmax(0,1fr)]"
                data-testid="photo-moderation-item"
              >
                <div className="min-w-0">
                  {item.imageUrl ? (
                    <GalleryPicture
                      image={{ ...item, imageUrl: item.imageUrl }}
                      alt={item.title}
                      sizes="16rem"
                      className="h-auto w-full rounded-lg bg-slate-200 object-cover"
                    />
                  ) : null}
                </div>
                <div className="grid min-w-0 gap-3">
                  <h3 className="text-lg font-semibold wrap-anywhere text-slate-900">{item.title}</h3>
                  <p className="text-sm text-slate-700">
                    {t("moderation.submittedBy", {
                      name: item.submitterName ?? t("moderation.someone"),
                      date: formatDateTime(item.createdAt, language),
                    })}
                  </p>
                  {problem?.id === item.id ? <Notice tone="error">{problem.message}</Notice> : null}
                  <Form method="post" className="grid min-w-0 gap-3">
                    <input type="hidden" name="id" value={item.id} />
                    <div className="grid gap-3 sm:grid-cols-2">
                      <Field id={`${base}-title`} label={t("moderation.titleEn")}>
                        {(props) => (
                          <input {...props} name="title" defaultValue={item.title} maxLength={data.limits.title} className={inputClasses} />
                        )}
                      </Field>
                      <Field id={`${base}-title-es`} label={t("moderation.titleEs")}>
                        {(props) => (
                          <input
                            {...props}
                            name="titleEs"
                            defaultValue={item.titleEs ?? ""}
                            maxLength={data.limits.title}
                            className={inputClasses}
                          />
                        )}
                      </Field>
                      <Field id={`${base}-description`} label={t("moderation.descriptionEn")}>
                        {(props) => (
                          <textarea
                            {...props}
                            name="description"
                            rows={3}
                            defaultValue={item.description ?? ""}
                            maxLength={data.limits.description}
                            className={inputClasses}
                          />
                        )}
                      </Field>
                      <Field id={`${base}-description-es`} label={t("moderation.descriptionEs")}>
                        {(props) => (
                          <textarea
                            {...props}
                            name="descriptionEs"
                            rows={3}
                            defaultValue={item.descriptionEs ?? ""}
                            maxLength={data.limits.description}
                            className={inputClasses}
                          />
                        )}
                      </Field>
                    </div>
                    <label className="flex min-h-11 items-center gap-3 text-sm text-slate-900">
                      <input type="checkbox" name="notify" defaultChecked className="h-5 w-5 rounded border-slate-400" />
                      {t("moderation.notify")}
                    </label>
                    <div>
                      <button type="submit" name="intent" value="gallery-approve" className={adminButton.primary}>
                        {t("moderation.approve")}
                      </button>
                    </div>
                  </Form>
                  <Form method="post" className="grid gap-2">
                    <input type="hidden" name="id" value={item.id} />
                    <p className="text-sm text-slate-700">{t("moderation.rejectHint")}</p>
                    <div>
                      <button type="submit" name="intent" value="gallery-reject" className={adminButton.danger}>
                        {t("moderation.reject")}
                      </button>
                    </div>
                  </Form>
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
