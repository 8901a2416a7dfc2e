import { describe, expect, test } from "vitest";
import { cartFormError, checkoutFieldErrors, ZAddToCart, ZCheckout } from "./store-input.server";
import { paragraphs, variantPrice } from "./store-model";

describe("store input", () => {
  test("quantities are whole numbers from 1 to 99", () => {
    expect(ZAddToCart.parse({ variantId: "7", quantity: " 3 " })).toEqual({ variantId: 7, quantity: 3 });
    expect(ZAddToCart.parse({ variantId: "7", quantity: "99" }).quantity).toBe(99);
    for (const quantity of ["0", "-1", "100", "1000", "abc", "", "1.5", "1e2"]) {
      const parsed = ZAddToCart.safeParse({ variantId: "7", quantity });
      expect(parsed.success, quantity).toBe(false);
      if (!parsed.success) expect(cartFormError(parsed.error.issues)).toBe("quantity");
    }
    const badVariant = ZAddToCart.safeParse({ variantId: "x", quantity: "1" });
    expect(badVariant.success).toBe(false);
    if (!badVariant.success) expect(cartFormError(badVariant.error.issues)).toBe("unknownVariant");
  });

  test("pickup needs a name and an email; shipping a US address", () => {
    expect(ZCheckout.parse({ fulfillment: "pickup", name: " Ana ", email: "ANA@Example.test", phone: "" })).toEqual({
      fulfillment: "pickup",
      name: "Ana",
      email: "ana@example.test",
      phone: null,
    });
    expect(
      ZCheckout.parse({
        fulfillment: "shipping",
        name: "Ana",
        email: "ana@example.test",
        line1: "1 Main St",
        city: "Austin",
        state: "tx",
        zip: "78701-1234",
      }),
    ).toMatchObject({ state: "TX", zip: "78701-1234", line2: "" });
    const bad = ZCheckout.safeParse({
      fulfillment: "shipping",
      name: "",
      email: "nope",
      line1: "",
      city: "Austin",
      state: "Texas",
      zip: "7870",
    });
    expect(bad.success).toBe(false);
    if (!bad.success)
      expect(checkoutFieldErrors(bad.error.issues)).toEqual({ name: "name", email: "email", line1: "line1", state: "state", zip: "zip" });
    const unknown = ZCheckout.safeParse({ fulfillment: "teleport", name: "Ana", email: "ana@example.test" });
    expect(unknown.success).toBe(false);
    if (!unknown.success) expect(checkoutFieldErrors(unknown.error.issues)).toEqual({ fulfillment: "fulfillment" });
  });

  test("prices and paragraphs", () => {
    expect(variantPrice(2000, null)).toBe(2000);
    expect(variantPrice(2000, 2200)).toBe(2200);
    expect(paragraphs("One\r\n\r\nTwo\n  \nThree\nstill three")).toEqual(["One", "Two", "Three\nstill three"]);
  });
});
