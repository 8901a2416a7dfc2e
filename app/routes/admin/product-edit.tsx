import { data, Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/product-edit";
import { AdminCard, AdminPage, adminButton, Field, inputClasses, Notice } from "~/components/admin/admin-ui";
import { NO_STORE, requireAdmin } from "~/platform/admin/require-admin.server";
import { handleProductAdminAction } from "~/features/store/admin/product-admin-action.server";
import { loadProductEditor, parseProductId, PRODUCT_CATEGORY_OPTIONS } from "~/features/store/admin/product-admin.server";
import {
  PRODUCT_LIMITS,
  VARIANT_LABEL_MAX,
  type ProductField,
  type ProductFormValues,
  type StoreAdminResult,
  type VariantField,
} from "~/features/store/admin/store-admin-form";
import { storeAdminTranslator, useStoreAdminTranslation } from "~/features/store/store-admin-translation";

/** The product this URL edits: null for /admin/store/products/new; a 404 for an id that is not one. */
function productIdOf(params: { productId?: string }): number | null {
  if (params.productId === undefined) return null;
  const id = parseProductId(params.productId);
  if (id === null) throw data({ notFound: true }, { status: 404, headers: NO_STORE });
  return id;
}

export async function loader({ request, url, params }: Route.LoaderArgs) {
  const { db, language } = await requireAdmin(request, "store");
  const editor = await loadProductEditor({ db, productId: productIdOf(params) });
  if (!editor) throw data({ notFound: true }, { status: 404, headers: NO_STORE });
  const search = url.searchParams;
  const notice = (["created", "saved", "unchanged", "deactivated"] as const).find((k) => search.has(k)) ?? null;
  const t = storeAdminTranslator(language);
  return data(
    {
      title: editor.id === null ? t("admin.newTitle") : t("admin.editTitle", { name: editor.values.name ?? "" }),
      editor,
      notice,
      categories: PRODUCT_CATEGORY_OPTIONS,
    },
    { headers: NO_STORE },
  );
}

export async function action({ request, params }: Route.ActionArgs) {
  // The admin check comes first: nothing of the body is read before it.
  const ctx = await requireAdmin(request, "store");
  return handleProductAdminAction(request, ctx, productIdOf(params));
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title ?? "" }];

const checkboxRow = "flex min-h-11 items-center gap-3 rounded-lg border border-slate-200 px-3 py-2";

/** /admin/store/products/new and /admin/store/products/:productId: the bilingual product editor with sizes, stock and image. */
export default function AdminProductEdit({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useStoreAdminTranslation();
  const busy = useNavigation().state !== "idle";
  const { editor, notice, title, categories } = loaderData;
  const result = actionData as StoreAdminResult | undefined;
  const saveFailed = result?.intent === "save" ? result : undefined;
  const values: ProductFormValues = saveFailed?.values ?? editor.values;
  const errors = saveFailed?.fieldErrors ?? {};
  const err = (name: string) => (errors[name] ? t(`admin.errors.${errors[name]}`) : null);
  const isNew = editor.id === null;
  // The size rows as loaded (with empty ones for adding) or as posted (same indexes as the errors).
  const rows = values.variants.length ? values.variants : [{ stock: "0" }];

  const input = (
    name: ProductField,
    label: string,
    o: { required?: boolean; lang?: "en" | "es"; hint?: string; inputMode?: "decimal" | "numeric" } = {},
  ) => (
    <Field id={`product-${name}`} label={label} error={err(name)} hint={o.hint}>
      {(props) => (
        <input
          {...props}
          name={name}
          type="text"
          inputMode={o.inputMode}
          lang={o.lang}
          defaultValue={values[name] ?? ""}
          required={o.required}
          maxLength={PRODUCT_LIMITS[name]}
          className={inputClasses}
        />
      )}
    </Field>
  );
  const area = (name: ProductField, label: string, o: { lang: "en" | "es"; hint?: string }) => (
    <Field id={`product-${name}`} label={label} error={err(name)} hint={o.hint}>
      {(props) => (
        <textarea
          {...props}
          name={name}
          lang={o.lang}
          rows={4}
          defaultValue={values[name] ?? ""}
          maxLength={PRODUCT_LIMITS[name]}
          className={inputClasses}
        />
      )}
    </Field>
  );
  const variantInput = (
    i: number,
    field: Exclude<VariantField, "id" | "stockWas">,
    label: string,
    o: { inputMode?: "decimal" | "numeric"; lang?: "en" | "es" } = {},
  ) => (
    <Field id={`variant-${i}-${field}`} label={label} error={err(`variants.${i}.${field}`)}>
      {(props) => (
        <input
          {...props}
          name={`variants.${i}.${field}`}
          type="text"
          inputMode={o.inputMode}
          lang={o.lang}
          defaultValue={rows[i]?.[field] ?? ""}
          maxLength={field === "label" || field === "labelEs" ? VARIANT_LABEL_MAX : 12}
          className={inputClasses}
        />
      )}
    </Field>
  );

  return (
    <AdminPage
      title={title}
      actions={
        <>
          <Link to="/admin/store#products" className={adminButton.secondary}>
            {t("admin.backToStore")}
          </Link>
          {editor.slug && editor.active ? (
            <a href={`/store/${encodeURIComponent(editor.slug)}`} target="_blank" rel="noreferrer" className={adminButton.secondary}>
              {t("admin.viewPublic")}
            </a>
          ) : null}
        </>
      }
    >
      {result ? (
        <Notice tone="error">{t(`admin.messages.${result.message}`)}</Notice>
      ) : notice ? (
        <Notice tone="success">{t(`admin.messages.${notice}`)}</Notice>
      ) : null}

      <Form
        key={`${editor.id ?? "new"}-${notice ?? ""}`}
        method="post"
        encType="multipart/form-data"
        className="grid gap-6"
        aria-label={title}
      >
        <input type="hidden" name="intent" value="save" />
        <AdminCard id="product-text" title={t("admin.textLegend")}>
          <div className="grid gap-4 md:grid-cols-2">
            {input("name", t("admin.fields.name"), { required: true, lang: "en" })}
            {input("nameEs", t("admin.fields.nameEs"), { lang: "es", hint: t("admin.spanishHint") })}
            {area("description", t("admin.fields.description"), { lang: "en" })}
            {area("descriptionEs", t("admin.fields.descriptionEs"), { lang: "es", hint: t("admin.spanishHint") })}
          </div>
        </AdminCard>
        <AdminCard id="product-details" title={t("admin.detailsLegend")}>
          <div className="grid gap-4 md:grid-cols-3">
            <Field id="product-category" label={t("admin.fields.category")} error={err("category")}>
              {(props) => (
                <select {...props} name="category" defaultValue={values.category ?? "other"} className={inputClasses}>
                  {categories.map((c) => (
                    <option key={c} value={c}>
                      {t(`admin.category.${c}`)}
                    </option>
                  ))}
                </select>
              )}
            </Field>
            {input("price", t("admin.fields.price"), { required: true, inputMode: "decimal" })}
            {input("sortOrder", t("admin.fields.sortOrder"), { inputMode: "numeric" })}
          </div>
          <label className={`${checkboxRow} mt-4`}>
            <input type="checkbox" name="active" defaultChecked={values.active === "on"} className="h-5 w-5 shrink-0" />
            <span className="text-slate-900">{t("admin.fields.active")}</span>
          </label>
        </AdminCard>
        <AdminCard id="product-variants" title={t("admin.variantsLegend")}>
          <p className="mb-4 text-sm text-slate-700">{t("admin.variantsHint")}</p>
          <div className="grid gap-4">
            {rows.map((row, i) => {
              const n = String(i + 1);
              return (
                <fieldset
                  key={`${row.id ?? "new"}-${i}`}
                  className="grid min-w-0 gap-3 rounded-lg border border-slate-200 p-3 md:grid-cols-4"
                >
                  <legend className="px-1 text-sm font-semibold text-slate-900">{t("admin.variantRow", { n })}</legend>
                  {row.id ? <input type="hidden" name={`variants.${i}.id`} value={row.id} /> : null}
                  {row.id && row.stockWas !== undefined ? (
                    <input type="hidden" name={`variants.${i}.stockWas`} value={row.stockWas} />
                  ) : null}
                  {variantInput(i, "label", t("admin.fields.variantLabel", { n }), { lang: "en" })}
                  {variantInput(i, "labelEs", t("admin.fields.variantLabelEs", { n }), { lang: "es" })}
                  {variantInput(i, "price", t("admin.fields.variantPrice", { n }), { inputMode: "decimal" })}
                  {variantInput(i, "stock", t("admin.fields.variantStock", { n }), { inputMode: "numeric" })}
                  {row.id ? (
                    <label className={`${checkboxRow} md:col-span-4`}>
                      <input
                        type="checkbox"
                        name={`variants.${i}.remove`}
                        defaultChecked={row.remove === "on"}
                        className="h-5 w-5 shrink-0"
                      />
                      <span className="text-slate-900">{t("admin.fields.variantRemove", { n })}</span>
                    </label>
                  ) : null}
                </fieldset>
              );
            })}
          </div>
        </AdminCard>
        <AdminCard id="product-image" title={t("admin.imageLegend")}>
          <div className="grid gap-4">
            {editor.image ? (
              <figure className="grid gap-2">
                <img
                  src={editor.image.url}
                  alt={editor.image.alt}
                  className="h-40 w-auto max-w-full rounded-lg border border-slate-200 object-contain"
                />
                <figcaption className="text-sm text-slate-700">{t("admin.currentImage")}</figcaption>
              </figure>
            ) : (
              <p className="text-slate-700">{t("admin.noImage")}</p>
            )}
            <Field id="product-image-file" label={t("admin.fields.image")} error={err("image")}>
              {(props) => <input {...props} name="image" type="file" accept="image/jpeg,image/png,image/webp" className={inputClasses} />}
            </Field>
            <div className="grid gap-4 md:grid-cols-2">
              {input("imageAlt", t("admin.fields.imageAlt"), { lang: "en" })}
              {input("imageAltEs", t("admin.fields.imageAltEs"), { lang: "es", hint: t("admin.spanishHint") })}
            </div>
            {editor.image ? (
              <label className={checkboxRow}>
                <input type="checkbox" name="removeImage" defaultChecked={values.removeImage === "on"} className="h-5 w-5 shrink-0" />
                <span className="text-slate-900">{t("admin.fields.removeImage")}</span>
              </label>
            ) : null}
          </div>
        </AdminCard>
        <div>
          <button type="submit" disabled={busy} className={adminButton.primary}>
            {isNew ? t("admin.create") : t("admin.save")}
          </button>
        </div>
      </Form>

      {isNew ? null : (
        <AdminCard id="product-delete" title={t("admin.deleteHeading")}>
          <Form method="post" className="grid gap-3">
            <p className="text-slate-800">{t("admin.deleteHint")}</p>
            <input type="hidden" name="intent" value="delete" />
            <label className={checkboxRow}>
              <input type="checkbox" name="confirm" value="yes" required className="h-5 w-5 shrink-0" />
              <span className="text-slate-900">{t("admin.deleteConfirm")}</span>
            </label>
            <div>
              <button type="submit" className={adminButton.danger} disabled={busy}>
                {t("admin.deleteButton")}
              </button>
            </div>
          </Form>
          {editor.active ? (
            <Form method="post" className="mt-3">
              <input type="hidden" name="intent" value="deactivate" />
              <button type="submit" className={adminButton.secondary} disabled={busy}>
                {t("admin.deactivate")}
              </button>
            </Form>
          ) : null}
        </AdminCard>
      )}
    </AdminPage>
  );
}
