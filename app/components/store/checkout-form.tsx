import { Form, useNavigation } from "react-router";
import { fieldInputClasses, FormField } from "~/components/membership/form-field";
import { buttonClasses } from "~/components/ui/button-link";
import { formatCents } from "~/features/payments/money";
import { useStoreTranslation } from "~/features/store/store-translation";

/**
 * The checkout: contact details, pickup at church or shipping (when offered; the address
 * fields hide while pickup is chosen, with CSS only), then a POST that goes on to Stripe.
 */
export function CheckoutForm({
  values,
  fieldErrors,
  shippingEnabled,
  shippingCents,
}: {
  values: Record<string, string>;
  fieldErrors: Record<string, string>;
  shippingEnabled: boolean;
  shippingCents: number;
}) {
  const { t, language } = useStoreTranslation();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formData?.get("intent") === "checkout";
  const fulfillment = values.fulfillment === "shipping" && shippingEnabled ? "shipping" : "pickup";
  return (
    <Form method="post" className="group mt-6 grid gap-5 sm:max-w-2xl" noValidate preventScrollReset>
      <input type="hidden" name="intent" value="checkout" />
      <fieldset className="grid min-w-0 gap-5">
        <legend className="font-serif text-xl font-bold text-slate-900">{t("checkout.contact")}</legend>
        <div className="grid gap-5 sm:grid-cols-2">
          <FormField id="checkout-name" label={t("checkout.name")} note={t("checkout.required")} error={fieldErrors.name}>
            {(props) => (
              <input
                {...props}
                name="name"
                type="text"
                autoComplete="name"
                required
                maxLength={120}
                defaultValue={values.name}
                className={fieldInputClasses}
              />
            )}
          </FormField>
          <FormField id="checkout-email" label={t("checkout.email")} note={t("checkout.required")} error={fieldErrors.email}>
            {(props) => (
              <input
                {...props}
                name="email"
                type="email"
                autoComplete="email"
                required
                maxLength={254}
                defaultValue={values.email}
                className={fieldInputClasses}
              />
            )}
          </FormField>
        </div>
        <FormField id="checkout-phone" label={t("checkout.phone")} note={t("checkout.optional")} error={fieldErrors.phone}>
          {(props) => (
            <input
              {...props}
              name="phone"
              type="tel"
              autoComplete="tel"
              maxLength={40}
              defaultValue={values.phone}
              className={`${fieldInputClasses} sm:max-w-xs`}
            />
          )}
        </FormField>
      </fieldset>

      <fieldset className="min-w-0" aria-describedby={fieldErrors.fulfillment ? "checkout-fulfillment-error" : undefined}>
        <legend className="font-serif text-xl font-bold text-slate-900">{t("checkout.fulfillment")}</legend>
        <div className="mt-2 grid gap-2">
          <label className="flex min-h-11 min-w-0 items-center gap-3 rounded-lg border border-slate-300 px-3 py-2 has-[:checked]:border-brand-700 has-[:checked]:bg-brand-50">
            <input
              id="checkout-pickup"
              type="radio"
              name="fulfillment"
              value="pickup"
              defaultChecked={fulfillment === "pickup"}
              className="h-5 w-5 shrink-0"
            />
            <span className="text-slate-900">{t("checkout.pickup")}</span>
          </label>
          {shippingEnabled ? (
            <label className="flex min-h-11 min-w-0 items-center gap-3 rounded-lg border border-slate-300 px-3 py-2 has-[:checked]:border-brand-700 has-[:checked]:bg-brand-50">
              <input
                id="checkout-shipping"
                type="radio"
                name="fulfillment"
                value="shipping"
                defaultChecked={fulfillment === "shipping"}
                className="h-5 w-5 shrink-0"
              />
              <span className="text-slate-900">{t("checkout.shipping", { price: formatCents(shippingCents, language) })}</span>
            </label>
          ) : null}
        </div>
        {fieldErrors.fulfillment ? (
          <p id="checkout-fulfillment-error" className="mt-1 text-sm font-semibold text-red-800">
            {fieldErrors.fulfillment}
          </p>
        ) : null}
      </fieldset>

      {shippingEnabled ? (
        <fieldset className="grid min-w-0 gap-5 group-has-[#checkout-pickup:checked]:hidden">
          <legend className="font-serif text-xl font-bold text-slate-900">{t("checkout.address")}</legend>
          <FormField id="checkout-line1" label={t("checkout.line1")} note={t("checkout.required")} error={fieldErrors.line1}>
            {(props) => (
              <input
                {...props}
                name="line1"
                type="text"
                autoComplete="address-line1"
                maxLength={200}
                defaultValue={values.line1}
                className={fieldInputClasses}
              />
            )}
          </FormField>
          <FormField id="checkout-line2" label={t("checkout.line2")} note={t("checkout.optional")} error={fieldErrors.line2}>
            {(props) => (
              <input
                {...props}
                name="line2"
                type="text"
                autoComplete="address-line2"
                maxLength={200}
                defaultValue={values.line2}
                className={fieldInputClasses}
              />
            )}
          </FormField>
          <div className="grid gap-5 sm:grid-cols-3">
            <FormField id="checkout-city" label={t("checkout.city")} note={t("checkout.required")} error={fieldErrors.city}>
              {(props) => (
                <input
                  {...props}
                  name="city"
                  type="text"
                  autoComplete="address-level2"
                  maxLength={100}
                  defaultValue={values.city}
                  className={fieldInputClasses}
                />
              )}
            </FormField>
            <FormField
              id="checkout-state"
              label={t("checkout.state")}
              note={t("checkout.required")}
              hint={t("checkout.stateHint")}
              error={fieldErrors.state}
            >
              {(props) => (
                <input
                  {...props}
                  name="state"
                  type="text"
                  autoComplete="address-level1"
                  maxLength={2}
                  defaultValue={values.state}
                  className={fieldInputClasses}
                />
              )}
            </FormField>
            <FormField id="checkout-zip" label={t("checkout.zip")} note={t("checkout.required")} error={fieldErrors.zip}>
              {(props) => (
                <input
                  {...props}
                  name="zip"
                  type="text"
                  inputMode="numeric"
                  autoComplete="postal-code"
                  maxLength={10}
                  defaultValue={values.zip}
                  className={fieldInputClasses}
                />
              )}
            </FormField>
          </div>
        </fieldset>
      ) : null}

      <p className="text-slate-800">{t("checkout.note")}</p>
      <div>
        <button type="submit" disabled={busy} className={buttonClasses("primary")}>
          {busy ? t("checkout.submitting") : t("checkout.submit")}
        </button>
      </div>
    </Form>
  );
}
