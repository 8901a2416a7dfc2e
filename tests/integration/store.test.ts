// The store (issue 8, public side): catalogue and product pages in both languages, visitor and
// member carts (cookie, merge on sign-in), refusals of bad input, stock reservation at checkout
// under parallel buyers, the Stripe webhook through the real route (paid, expired, refunds,
// replays, forged signatures), the sweeper, a failing Stripe, and who may open an order page;
// the per-order and per-buyer limits and the early release of unpaid holds (issue 32).
import { randomBytes } from "node:crypto";
import { eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { cartItems, carts, orderItems, orders, outboxMessages, productVariants, products, users } from "~/db/schema";
import { CART_COOKIE } from "~/features/store/cart.server";
import { orderPageUrl } from "~/features/store/order-access.server";
import { DEMO_PRODUCTS } from "~/features/store/seed-demo-store.server";
import { releaseLapsedHolds, stripeSessionCloser } from "~/features/store/release-lapsed-holds.server";
import { scheduleHoldRelease } from "~/features/store/schedule-hold-release.server";
import { releaseExpiredOrders } from "~/features/store/store-orders.server";
import { PAID_AFTER_EXPIRY_NOTE } from "~/features/store/store-webhooks.server";
import { listContentPaths } from "~/features/seo/list-content-paths.server";
import en from "~/i18n/locales/en/store";
import es from "~/i18n/locales/es/store";
import enAdmin from "~/i18n/locales/en/store-admin";
import esAdmin from "~/i18n/locales/es/store-admin";
import { action as cartAction, loader as cartLoader } from "~/routes/store/cart";
import { loader as orderLoader } from "~/routes/store/order";
import { action as productAction, loader as productLoader } from "~/routes/store/product";
import { loader as storeLoader } from "~/routes/store/store";
import { action as webhookAction } from "~/routes/stripe/webhook";
import { authCallContext, getAuth } from "~/server/auth.server";
import type { AppDatabase } from "~/server/db.server";
import { getStripe, setStripeForTests } from "~/server/stripe.server";
import { startAdminHarness, type AdminHarness } from "../support/admin-harness";
import { cookieJar, PUBLIC_URL } from "../support/auth-harness";
import {
  completedSessionEvent,
  FAKE_STRIPE_SECRET_KEY,
  FAKE_STRIPE_WEBHOOK_SECRET,
  signStripeEvent,
  startFakeStripe,
  stripeEvent,
  type FakeCheckoutSession,
  type FakeStripe,
} from "../support/fake-stripe";
import { describeEachBackend } from "../support/test-database";

const PASSWORD = "grace-and-peace-7";
const fill = (text: string, values: Record<string, string>) => text.replace(/\{\{(\w+)\}\}/g, (_, key: string) => values[key] ?? "");

type StoreBody = {
  products: {
    slug: string;
    name: string;
    priceCents: number;
    priceVaries: boolean;
    inStock: boolean;
    image: { alt: string; width: number } | null;
  }[];
  category: string | null;
  cartCount: number;
  page: { title: string };
};
type ProductBody = {
  product: { name: string; description: string };
  variants: { id: number; label: string; stock: number; priceCents: number }[];
  cartCount: number;
};
type CartBody = {
  lines: { variantId: number; name: string; variant: string; quantity: number; unitPriceCents: number; capped: boolean; stock: number }[];
  subtotalCents: number;
  checkoutEnabled: boolean;
  contact: { name: string; email: string };
};
type ActionBody = { ok: boolean; message: string; fieldErrors?: Record<string, string> };
type OrderBody = {
  order: { number: number; status: string; name: string; lines: { name: string; variant: string; quantity: number }[]; totalCents: number };
};

describeEachBackend("store", (backend) => {
  let h: AdminHarness;
  let db: AppDatabase;
  let fake: FakeStripe;
  let ipCounter = 0;
  const ip = () => `203.0.113.${(ipCounter++ % 250) + 1}`;

  beforeAll(async () => {
    h = await startAdminHarness(backend);
    db = h.database.handle.db;
    fake = await startFakeStripe();
    setStripeForTests({ secretKey: FAKE_STRIPE_SECRET_KEY, webhookSecret: FAKE_STRIPE_WEBHOOK_SECRET, apiUrl: fake.url });
  });
  afterAll(async () => {
    setStripeForTests(undefined);
    await fake?.close();
    await h?.close();
  });
  beforeEach(async () => {
    await db.delete(outboxMessages);
    await db.execute(sql`delete from rate_limits where key like 'store:%'`);
  });

  // ---- helpers ----
  const withParams =
    <A extends object>(fn: (args: A) => unknown, params: Record<string, string>) =>
    (args: A) =>
      fn({ ...args, params });
  async function makeProduct(o: { stock: number[]; price?: number; active?: boolean; name?: string }) {
    const slug = `test-product-${randomBytes(4).toString("hex")}`;
    const [product] = await db
      .insert(products)
      .values({
        slug,
        name: o.name ?? `Test product ${slug}`,
        nameEs: `Producto de prueba ${slug}`,
        category: "books",
        priceCents: o.price ?? 1000,
        active: o.active ?? true,
        sortOrder: 900,
      })
      .returning();
    const variants = await db
      .insert(productVariants)
      .values(
        o.stock.map((stock, i) => ({
          productId: product!.id,
          label: o.stock.length > 1 ? `V${i}` : "",
          labelEs: o.stock.length > 1 ? `VE${i}` : null,
          stock,
          sortOrder: i,
        })),
      )
      .returning();
    return { product: product!, variants };
  }
  const stockOf = async (variantId: number) =>
    (await db.select({ stock: productVariants.stock }).from(productVariants).where(eq(productVariants.id, variantId)))[0]!.stock;
  const lineCount = async () => (await db.select().from(cartItems)).length;
  const orderCount = async () => (await db.select().from(orders)).length;

  async function add(slug: string, form: Record<string, string>, o: { cookie?: string; language?: "en" | "es" } = {}) {
    const answer = await h.call(withParams(productAction, { slug }), {
      path: `/store/${slug}`,
      form: { intent: "add", ...form },
      cookie: o.cookie,
      language: o.language,
      ip: ip(),
    });
    return {
      status: answer.status,
      body: answer.body as ActionBody,
      cookie: cookieJar(o.cookie, answer.headers.getSetCookie()),
      setCookies: answer.headers.getSetCookie(),
    };
  }
  async function cart(cookie: string | undefined, language: "en" | "es" = "en") {
    const answer = await h.call(cartLoader, { path: "/store/cart", cookie, language });
    return answer.body as CartBody;
  }
  async function postCart(form: Record<string, string>, o: { cookie?: string; language?: "en" | "es"; ip?: string } = {}) {
    const answer = await h.call(cartAction, { path: "/store/cart", form, cookie: o.cookie, language: o.language, ip: o.ip ?? ip() });
    return { status: answer.status, body: answer.body as ActionBody, location: answer.headers.get("location"), headers: answer.headers };
  }
  const pickup = (email: string, extra: Record<string, string> = {}) => ({
    intent: "checkout",
    name: "Pat Buyer",
    email,
    phone: "",
    fulfillment: "pickup",
    ...extra,
  });
  /** A visitor cart holding `quantity` of a variant, as its cookie. */
  async function visitorCart(variantId: number, quantity = 1) {
    const [made] = await db.insert(carts).values({}).returning();
    await db.insert(cartItems).values({ cartId: made!.id, variantId, quantity });
    return `${CART_COOKIE}=${made!.id}`;
  }
  async function webhook(event: object, options: { secret?: string } = {}) {
    const { payload, signature } = signStripeEvent(event, options);
    const request = new Request(`${PUBLIC_URL}/stripe/webhook`, {
      method: "POST",
      headers: { "Content-Type": "application/json", "Stripe-Signature": signature },
      body: payload,
    });
    const response = await webhookAction({ request, params: {}, context: {} } as never);
    return response;
  }
  const sessionFor = (email: string): FakeCheckoutSession => [...fake.sessions.values()].reverse().find((s) => s.customer_email === email)!;
  const orderOf = async (session: FakeCheckoutSession) =>
    (await db.select().from(orders).where(eq(orders.id, session.metadata.order_id!)))[0]!;
  const mailsTo = async (to: string) =>
    (await db.select().from(outboxMessages).where(eq(outboxMessages.recipient, to))).map(
      (m) => m.payload as { subject: string; text: string; html: string },
    );
  /** A checkout of one variant by a fresh visitor: the redirect, the session and the order. */
  async function checkoutOne(variantId: number, quantity = 1, form: Record<string, string> = {}, language: "en" | "es" = "en") {
    const email = `buyer-${randomBytes(4).toString("hex")}@example.test`;
    const cookie = await visitorCart(variantId, quantity);
    const answer = await postCart(pickup(email, form), { cookie, language });
    expect(answer.status, answer.body?.message).toBe(302);
    const session = sessionFor(email);
    return { email, cookie, answer, session, order: await orderOf(session) };
  }
  async function createMember(name: string) {
    const email = `store-member-${randomBytes(4).toString("hex")}@example.test`;
    await authCallContext.run({ language: "en", signup: { fullName: name, username: "", displayName: name, phone: null } }, () =>
      getAuth().api.signUpEmail({ body: { name, email, password: PASSWORD } }),
    );
    await db.update(users).set({ emailVerified: true }).where(eq(users.email, email));
    const [user] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
    const result = await getAuth().api.signInEmail({ body: { email, password: PASSWORD }, returnHeaders: true });
    return { id: user!.id, email, cookie: cookieJar(undefined, result.headers.getSetCookie()) };
  }

  describe("catalogue", () => {
    test("/store lists the active demo products in both languages, with from-prices, stock, images and a category filter", async () => {
      const english = (await h.call(storeLoader, { path: "/store", language: "en" })).body as StoreBody;
      expect(english.page.title).toBe("Store");
      const demoSlugs = DEMO_PRODUCTS.map((p) => p.slug);
      expect(english.products.filter((p) => demoSlugs.includes(p.slug)).map((p) => p.slug)).toEqual(demoSlugs);
      const shirt = english.products.find((p) => p.slug === "hear-understand-live-t-shirt")!;
      expect(shirt).toMatchObject({ name: "Hear. Understand. Live. T-shirt", priceCents: 2000, priceVaries: true, inStock: true });
      expect(shirt.image).toMatchObject({ alt: "A green T-shirt that reads Hear, Understand, Live", width: 800 });
      expect(english.products.find((p) => p.slug === "childrens-bible-storybook")!.inStock).toBe(false);
      expect(english.products.find((p) => p.slug === "holy-bible")!.priceVaries).toBe(false);

      const spanish = (await h.call(storeLoader, { path: "/store?lang=es", language: "es" })).body as StoreBody;
      expect(spanish.products.find((p) => p.slug === "holy-bible")!.name).toBe("Santa Biblia");
      expect(spanish.products.find((p) => p.slug === "holy-bible")!.image!.alt).toBe(DEMO_PRODUCTS[0]!.altEs);

      const apparel = (await h.call(storeLoader, { path: "/store?category=apparel" })).body as StoreBody;
      expect(apparel.category).toBe("apparel");
      expect(apparel.products.map((p) => p.slug).sort()).toEqual(["canvas-tote-bag", "hear-understand-live-t-shirt"]);
      const bogus = (await h.call(storeLoader, { path: "/store?category=<script>" })).body as StoreBody;
      expect(bogus.category).toBeNull();

      const inactive = await makeProduct({ stock: [3], active: false });
      const all = (await h.call(storeLoader, { path: "/store" })).body as StoreBody;
      expect(all.products.some((p) => p.slug === inactive.product.slug)).toBe(false);
      expect(await listContentPaths({ db })).toEqual(expect.arrayContaining(demoSlugs.map((slug) => `/store/${slug}`)));
      expect(await listContentPaths({ db })).not.toContain(`/store/${inactive.product.slug}`);
    });

    test("a product page in both languages; unknown and inactive slugs are 404", async () => {
      const english = (
        await h.call(withParams(productLoader, { slug: "hear-understand-live-t-shirt" }), { path: "/store/hear-understand-live-t-shirt" })
      ).body as ProductBody;
      expect(english.product.name).toBe("Hear. Understand. Live. T-shirt");
      expect(english.variants.map((v) => [v.label, v.stock > 0, v.priceCents])).toEqual([
        ["S", true, 2000],
        ["M", true, 2000],
        ["L", false, 2000],
        ["XL", true, 2200],
      ]);
      const spanish = (
        await h.call(withParams(productLoader, { slug: "hear-understand-live-t-shirt" }), {
          path: "/store/hear-understand-live-t-shirt",
          language: "es",
        })
      ).body as ProductBody;
      expect(spanish.product.name).toBe("Camiseta Escuchar. Entender. Vivir.");
      expect(spanish.variants.map((v) => v.label)).toEqual(["CH", "M", "G", "XG"]);
      expect(spanish.product.description).toContain("algodón");

      expect((await h.call(withParams(productLoader, { slug: "no-such-thing" }), { path: "/store/no-such-thing" })).status).toBe(404);
      const inactive = await makeProduct({ stock: [3], active: false });
      expect(
        (await h.call(withParams(productLoader, { slug: inactive.product.slug }), { path: `/store/${inactive.product.slug}` })).status,
      ).toBe(404);
    });
  });

  describe("carts", () => {
    test("a visitor's cart lives server-side behind an HttpOnly cookie: add, update, remove", async () => {
      const { product, variants } = await makeProduct({ stock: [8, 2], price: 1500 });
      const added = await add(product.slug, { variantId: String(variants[0]!.id), quantity: "2" });
      expect(added.status).toBe(200);
      expect(added.body).toMatchObject({ ok: true, message: fill(en.product.added, { quantity: "2", name: product.name }) });
      const setCookie = added.setCookies.find((c) => c.startsWith(`${CART_COOKIE}=`))!;
      expect(setCookie).toMatch(/HttpOnly/);
      expect(setCookie).toMatch(/SameSite=Lax/);
      expect(setCookie).not.toMatch(/Secure/); // the test site is http
      const cookie = added.cookie;

      const again = await add(product.slug, { variantId: String(variants[0]!.id), quantity: "1" }, { cookie });
      expect(again.setCookies.some((c) => c.startsWith(`${CART_COOKIE}=`))).toBe(false);
      let view = await cart(cookie);
      expect(view.lines).toEqual([
        expect.objectContaining({ variantId: variants[0]!.id, quantity: 3, unitPriceCents: 1500, variant: "V0", capped: false }),
      ]);
      expect(view.subtotalCents).toBe(4500);

      const updated = await postCart({ intent: "update", variantId: String(variants[0]!.id), quantity: "5" }, { cookie });
      expect(updated.body).toMatchObject({ ok: true, message: en.cart.updated });
      expect((await cart(cookie)).lines[0]!.quantity).toBe(5);
      // More than the stock: refused, kept.
      const tooMany = await postCart({ intent: "update", variantId: String(variants[0]!.id), quantity: "9" }, { cookie, language: "es" });
      expect(tooMany.status).toBe(409);
      expect(tooMany.body.message).toBe(fill(es.errors.notEnough, { count: "8" }));

      // The stock drops below the cart's quantity: the line is capped and flagged.
      await db.update(productVariants).set({ stock: 3 }).where(eq(productVariants.id, variants[0]!.id));
      view = await cart(cookie);
      expect(view.lines[0]).toMatchObject({ quantity: 3, capped: true, stock: 3 });

      const removed = await postCart({ intent: "remove", variantId: String(variants[0]!.id) }, { cookie });
      expect(removed.body).toMatchObject({ ok: true, message: en.cart.removed });
      expect((await cart(cookie)).lines).toEqual([]);
      // Another visitor (no cookie) has no cart.
      expect((await cart(undefined)).lines).toEqual([]);
    });

    test("a member's cart is theirs by account; a visitor cart is merged into it on sign-in (quantities added, capped)", async () => {
      const { product, variants } = await makeProduct({ stock: [200, 10] });
      const member = await createMember("Carmen Cart");
      const mine = await add(product.slug, { variantId: String(variants[0]!.id), quantity: "8" }, { cookie: member.cookie });
      expect(mine.status).toBe(200);
      expect(mine.setCookies.some((c) => c.startsWith(`${CART_COOKIE}=`))).toBe(false);
      const [memberCart] = await db.select().from(carts).where(eq(carts.userId, member.id));
      expect(memberCart).toBeDefined();
      // A line can hold up to 99 (the order limit of 10 a product is checked at checkout, issue 32): one filled before it.
      await db.update(cartItems).set({ quantity: 95 }).where(eq(cartItems.cartId, memberCart!.id));

      // Signed out, the same person fills a visitor cart…
      const visitor = await add(product.slug, { variantId: String(variants[0]!.id), quantity: "8" });
      const visitor2 = await add(product.slug, { variantId: String(variants[1]!.id), quantity: "2" }, { cookie: visitor.cookie });
      const visitorCartId = visitor2.cookie.match(new RegExp(`${CART_COOKIE}=([^;]+)`))![1]!;
      // …then signs in: the next store request merges it and drops the cookie.
      const both = `${member.cookie}; ${CART_COOKIE}=${visitorCartId}`;
      const answer = await h.call(storeLoader, { path: "/store", cookie: both });
      expect(answer.headers.getSetCookie().some((c) => c.startsWith(`${CART_COOKIE}=;`) && /Max-Age=0/.test(c))).toBe(true);
      expect((answer.body as StoreBody).cartCount).toBe(99 + 2);
      const view = await cart(member.cookie);
      expect(view.lines.map((l) => [l.variantId, l.quantity])).toEqual([
        [variants[0]!.id, 99],
        [variants[1]!.id, 2],
      ]);
      expect(await db.select().from(carts).where(eq(carts.id, visitorCartId))).toEqual([]);
      // The member's details prefill the checkout.
      expect(view.contact).toMatchObject({ name: "Carmen Cart", email: member.email });
      // A stranger's cookie naming the member's cart does not open it.
      expect((await cart(`${CART_COOKIE}=${memberCart!.id}`)).lines).toEqual([]);
    });

    test("bad input is refused with a translated 4xx and writes nothing", async () => {
      const { product, variants } = await makeProduct({ stock: [5] });
      const other = await makeProduct({ stock: [5] });
      const inactive = await makeProduct({ stock: [5], active: false });
      const before = await lineCount();
      for (const quantity of ["0", "-1", "1000", "abc", "", "1.5"]) {
        const answer = await add(product.slug, { variantId: String(variants[0]!.id), quantity }, { language: "es" });
        expect(answer.status, quantity).toBe(400);
        expect(answer.body.message).toBe(es.errors.quantity);
      }
      const unknown = await add(product.slug, { variantId: "99999999", quantity: "1" });
      expect([unknown.status, unknown.body.message]).toEqual([404, en.errors.unknownVariant]);
      const foreign = await add(product.slug, { variantId: String(other.variants[0]!.id), quantity: "1" });
      expect([foreign.status, foreign.body.message]).toEqual([404, en.errors.unknownVariant]);
      const garbage = await add(product.slug, { variantId: "abc", quantity: "1" });
      expect(garbage.status).toBe(400);
      const nul = await add(product.slug, { variantId: String(variants[0]!.id), quantity: "1\u0000" });
      expect([nul.status, nul.body.message]).toEqual([400, en.errors.invalidRequest]);
      const gone = await add(inactive.product.slug, { variantId: String(inactive.variants[0]!.id), quantity: "1" });
      expect(gone.status).toBe(404);
      const tooMany = await add(product.slug, { variantId: String(variants[0]!.id), quantity: "6" });
      expect([tooMany.status, tooMany.body.message]).toEqual([409, fill(en.errors.notEnough, { count: "5" })]);
      const soldOut = await makeProduct({ stock: [0] });
      const none = await add(soldOut.product.slug, { variantId: String(soldOut.variants[0]!.id), quantity: "1" });
      expect([none.status, none.body.message]).toEqual([409, en.errors.soldOut]);
      expect(await lineCount()).toBe(before);

      // Cart posts: an unknown intent, a line not in the cart, bad quantities.
      const cookie = await visitorCart(variants[0]!.id, 1);
      expect((await postCart({ intent: "explode" }, { cookie })).status).toBe(400);
      expect((await postCart({ intent: "update", variantId: String(other.variants[0]!.id), quantity: "1" }, { cookie })).status).toBe(404);
      for (const quantity of ["0", "-1", "1000", "abc"]) {
        const answer = await postCart({ intent: "update", variantId: String(variants[0]!.id), quantity }, { cookie, language: "es" });
        expect([answer.status, answer.body.message]).toEqual([400, es.errors.quantity]);
      }
      expect((await cart(cookie)).lines[0]!.quantity).toBe(1);

      // Checkout: bad email, ZIP, state, unknown fulfillment → 422 with the field's message, no order.
      const orders0 = await orderCount();
      const badEmail = await postCart(pickup("not-an-email"), { cookie, language: "es" });
      expect(badEmail.status).toBe(422);
      expect(badEmail.body.fieldErrors).toMatchObject({ email: es.errors.email });
      const badZip = await postCart(
        pickup("zip@example.test", { fulfillment: "shipping", line1: "1 Main St", city: "Austin", state: "TX", zip: "7870" }),
        { cookie },
      );
      expect(badZip.status).toBe(422);
      expect(badZip.body.fieldErrors).toEqual({ zip: en.errors.zip });
      const badState = await postCart(
        pickup("zip@example.test", { fulfillment: "shipping", line1: "", city: "Austin", state: "ZZ", zip: "78701" }),
        { cookie },
      );
      expect(badState.body.fieldErrors).toEqual({ line1: en.errors.line1, state: en.errors.state });
      const teleport = await postCart(pickup("zip@example.test", { fulfillment: "teleport" }), { cookie });
      expect(teleport.status).toBe(422);
      expect(teleport.body.fieldErrors).toMatchObject({ fulfillment: en.errors.fulfillment });
      expect(await orderCount()).toBe(orders0);
      expect(await stockOf(variants[0]!.id)).toBe(5);
    });
  });

  describe("checkout and webhooks", () => {
    test("20 parallel checkouts for 5 items: exactly 5 pending orders, 15 told only 0 left, stock never negative", async () => {
      const { product, variants } = await makeProduct({ stock: [5], name: "Limited Print" });
      const cookies = await Promise.all(Array.from({ length: 20 }, () => visitorCart(variants[0]!.id, 1)));
      const answers = await Promise.all(
        cookies.map((cookie, i) => postCart(pickup(`parallel-${i}-${randomBytes(3).toString("hex")}@example.test`), { cookie })),
      );
      const redirected = answers.filter((a) => a.status === 302);
      const refused = answers.filter((a) => a.status !== 302);
      expect(redirected).toHaveLength(5);
      expect(refused).toHaveLength(15);
      for (const answer of refused) {
        expect(answer.status).toBe(409);
        expect(answer.body.message).toBe(fill(en.errors.onlyLeft, { count: "0", name: product.name }));
      }
      for (const answer of redirected) expect(answer.location).toMatch(new RegExp(`^${fake.url}/checkout/cs_test_\\w+$`));
      expect(await stockOf(variants[0]!.id)).toBe(0);
      const items = await db.select().from(orderItems).where(eq(orderItems.variantId, variants[0]!.id));
      const made = await db
        .select()
        .from(orders)
        .where(
          inArray(
            orders.id,
            items.map((i) => i.orderId),
          ),
        );
      expect(made).toHaveLength(5);
      expect(made.every((o) => o.status === "pending" && o.stripeCheckoutSessionId)).toBe(true);
    });

    test("a checkout reserves stock, snapshots prices, makes the Stripe session as asked and empties the cart", async () => {
      const { product, variants } = await makeProduct({ stock: [4, 4], price: 1250 });
      await db.update(productVariants).set({ priceCents: 1400 }).where(eq(productVariants.id, variants[1]!.id));
      const email = `ship-${randomBytes(4).toString("hex")}@example.test`;
      const cookie = await visitorCart(variants[0]!.id, 2);
      await db.insert(cartItems).values({ cartId: cookie.split("=")[1]!, variantId: variants[1]!.id, quantity: 1 });
      const before = Date.now();
      const answer = await postCart(
        pickup(email, {
          fulfillment: "shipping",
          line1: "12 Elm St",
          line2: "",
          city: "Austin",
          state: "tx",
          zip: "78701-1234",
          phone: "512-555-0101",
        }),
        { cookie, language: "es" },
      );
      expect(answer.status).toBe(302);
      const session = sessionFor(email);
      expect(answer.location).toBe(session.url);
      const order = await orderOf(session);
      expect(order).toMatchObject({
        status: "pending",
        language: "es",
        fulfillment: "shipping",
        subtotalCents: 2 * 1250 + 1400,
        shippingCents: 800,
        totalCents: 3900 + 800,
        stripeCheckoutSessionId: session.id,
      });
      expect(order.shippingAddress).toEqual({ line1: "12 Elm St", line2: "", city: "Austin", region: "TX", postalCode: "78701-1234" });
      expect(order.expiresAt.getTime() - before).toBeGreaterThanOrEqual(31 * 60 * 1000 - 1000);
      expect(session.expires_at).toBe(Math.floor(order.expiresAt.getTime() / 1000));
      expect(session.metadata).toMatchObject({ kind: "order", order_id: order.id });
      expect(session.locale).toBe("es");
      expect(session.amount_total).toBe(order.totalCents);
      expect(session.line_items.map((l) => (l.price_data as { product_data: { name: string } }).product_data.name)).toEqual([
        `${product.nameEs} (VE0)`,
        `${product.nameEs} (VE1)`,
      ]);
      expect(session.success_url).toBe(
        `${await orderPageUrl({ siteUrl: new URL(session.success_url!).origin, orderId: order.id, language: "es" })}&session_id={CHECKOUT_SESSION_ID}`,
      );
      expect(session.cancel_url).toMatch(new RegExp(`/store/cart\\?canceled=${order.id}&token=[\\w-]+&lang=es$`));
      expect(await stockOf(variants[0]!.id)).toBe(2);
      expect(await stockOf(variants[1]!.id)).toBe(3);
      expect((await cart(cookie)).lines).toEqual([]);
    });

    test("back from Checkout without paying: the session is expired, the stock and the cart come back; a forged link or a paid session changes nothing", async () => {
      const { variants } = await makeProduct({ stock: [3] });
      const { cookie, session, order } = await checkoutOne(variants[0]!.id, 2);
      expect(await stockOf(variants[0]!.id)).toBe(1);
      expect((await cart(cookie)).lines).toEqual([]);
      const cancelPath = new URL(session.cancel_url!);
      // Someone else's order id with this token, or a made-up token: only a clean redirect.
      const forged = await h.call(cartLoader, { path: `/store/cart?canceled=${order.id}&token=AAAA`, cookie });
      expect(forged.headers.get("location")).toBe("/store/cart?canceled=held");
      expect(fake.sessions.get(session.id)!.status).toBe("open");
      const back = await h.call(cartLoader, { path: `${cancelPath.pathname}${cancelPath.search}`, cookie });
      expect(back.headers.get("location")).toBe("/store/cart?canceled=returned");
      expect(fake.sessions.get(session.id)!.status).toBe("expired");
      expect((await orderOf(session)).status).toBe("canceled");
      expect(await stockOf(variants[0]!.id)).toBe(3);
      expect((await cart(cookie)).lines.map((l) => [l.variantId, l.quantity])).toEqual([[variants[0]!.id, 2]]);
      // The expiry webhook Stripe then sends finds nothing left to release; the link again changes nothing.
      expect((await webhook(stripeEvent("checkout.session.expired", { ...fake.sessions.get(session.id)! }))).status).toBe(200);
      await h.call(cartLoader, { path: `${cancelPath.pathname}${cancelPath.search}`, cookie });
      expect(await stockOf(variants[0]!.id)).toBe(3);
      expect((await cart(cookie)).lines.map((l) => l.quantity)).toEqual([2]);

      // Paid in the meantime (Stripe refuses to expire a complete session): the order is left to the webhook.
      const paid = await checkoutOne(variants[0]!.id, 1);
      fake.sessions.get(paid.session.id)!.status = "complete";
      const paidCancel = new URL(paid.session.cancel_url!);
      const after = await h.call(cartLoader, { path: `${paidCancel.pathname}${paidCancel.search}`, cookie: paid.cookie });
      expect(after.headers.get("location")).toBe("/store/cart?canceled=held");
      expect((await orderOf(paid.session)).status).toBe("pending");
      expect(await stockOf(variants[0]!.id)).toBe(2);
    });

    test("paid webhook → paid with exactly one confirmation email; replays change nothing; a forged signature is refused", async () => {
      const { variants } = await makeProduct({ stock: [3], name: "Paid <b>Book</b>" });
      const { session, order, email } = await checkoutOne(variants[0]!.id, 2, { name: "<script>alert(1)</script> Ana" });
      const forged = await webhook(completedSessionEvent(session), { secret: "whsec_wrong_secret_000000000000" });
      expect(forged.status).toBe(400);
      expect((await orderOf(session)).status).toBe("pending");

      // "unpaid" completion (a bank transfer on its way): still pending, no mail.
      const unpaid = await webhook(completedSessionEvent(session, { payment_status: "unpaid" }));
      expect(unpaid.status).toBe(200);
      expect((await orderOf(session)).status).toBe("pending");
      expect(await mailsTo(email)).toHaveLength(0);

      const event = completedSessionEvent(session);
      const paid = await webhook(event);
      expect(await paid.json()).toMatchObject({ outcome: "processed" });
      const after = await orderOf(session);
      expect(after).toMatchObject({
        status: "paid",
        stripePaymentIntentId: (event.data.object as { payment_intent: string }).payment_intent,
      });
      expect(after.paidAt).toBeInstanceOf(Date);
      expect(await stockOf(variants[0]!.id)).toBe(1);
      const mails = await mailsTo(email);
      expect(mails).toHaveLength(1);
      expect(mails[0]!.subject).toContain(String(order.number));
      expect(mails[0]!.text).toContain("2 × Paid <b>Book</b>");
      expect(mails[0]!.html).toContain("Paid &lt;b&gt;Book&lt;/b&gt;");
      expect(mails[0]!.html).not.toContain("<script>");
      expect(mails[0]!.html).not.toContain("<b>Book");
      expect(mails[0]!.text).toContain(enAdmin.email.pickup.split("{{")[0]!);
      expect(mails[0]!.text).toMatch(new RegExp(`/store/orders/${order.id}\\?token=`));

      // The same event again, and the same session under a new event id: nothing more.
      expect(await (await webhook(event)).json()).toMatchObject({ outcome: "duplicate" });
      await webhook(completedSessionEvent(session, { payment_intent: (event.data.object as { payment_intent: string }).payment_intent }));
      await webhook(stripeEvent("checkout.session.async_payment_succeeded", { ...session, payment_status: "paid" }));
      await webhook(stripeEvent("checkout.session.expired", { ...session, status: "expired" }));
      expect(await mailsTo(email)).toHaveLength(1);
      expect((await orderOf(session)).status).toBe("paid");
      expect(await stockOf(variants[0]!.id)).toBe(1);

      // Not an order: a gift's session, an unknown order id → acknowledged as not the store's.
      const notOurs = await webhook(
        stripeEvent("checkout.session.completed", {
          ...session,
          metadata: { kind: "order", order_id: "00000000-0000-4000-8000-000000000000" },
        }),
      );
      expect(await notOurs.json()).toMatchObject({ outcome: "ignored" });
    });

    test("the Spanish buyer's confirmation is in Spanish and names the shipping address", async () => {
      const { variants } = await makeProduct({ stock: [3] });
      const { session, email } = await checkoutOne(
        variants[0]!.id,
        1,
        { fulfillment: "shipping", line1: "5 Oak <Ave>", line2: "", city: "Dallas", state: "TX", zip: "75201" },
        "es",
      );
      await webhook(completedSessionEvent(session));
      const [mail] = await mailsTo(email);
      expect(mail!.subject).toMatch(/^Su pedido/);
      expect(mail!.text).toContain(fill(esAdmin.email.shipTo, { address: "5 Oak <Ave>, Dallas, TX 75201" }));
      expect(mail!.html).toContain("5 Oak &lt;Ave&gt;");
    });

    test("expiry webhook and async failure give the stock back once; the sweeper releases stale pending orders", async () => {
      const { variants } = await makeProduct({ stock: [4] });
      const first = await checkoutOne(variants[0]!.id, 2);
      expect(await stockOf(variants[0]!.id)).toBe(2);
      await webhook(stripeEvent("checkout.session.expired", { ...first.session, status: "expired" }));
      expect((await orderOf(first.session)).status).toBe("expired");
      expect(await stockOf(variants[0]!.id)).toBe(4);
      await webhook(stripeEvent("checkout.session.expired", { ...first.session, status: "expired" }));
      expect(await stockOf(variants[0]!.id)).toBe(4);

      const second = await checkoutOne(variants[0]!.id, 1);
      await webhook(stripeEvent("checkout.session.async_payment_failed", { ...second.session, payment_status: "unpaid" }));
      expect((await orderOf(second.session)).status).toBe("canceled");
      expect(await stockOf(variants[0]!.id)).toBe(4);

      const third = await checkoutOne(variants[0]!.id, 3);
      const fourth = await checkoutOne(variants[0]!.id, 1);
      expect(await stockOf(variants[0]!.id)).toBe(0);
      // Missed webhooks: the third order's hold ended 2 hours ago, the fourth's only 10 minutes ago.
      const now = new Date();
      await db
        .update(orders)
        .set({ expiresAt: new Date(now.getTime() - 2 * 60 * 60 * 1000) })
        .where(eq(orders.id, third.order.id));
      await db
        .update(orders)
        .set({ expiresAt: new Date(now.getTime() - 10 * 60 * 1000) })
        .where(eq(orders.id, fourth.order.id));
      expect(await releaseExpiredOrders(db, now)).toBeGreaterThanOrEqual(1);
      expect((await orderOf(third.session)).status).toBe("expired");
      expect((await orderOf(fourth.session)).status).toBe("pending");
      expect(await stockOf(variants[0]!.id)).toBe(3);
      expect(await releaseExpiredOrders(db, now)).toBe(0);
      expect(await stockOf(variants[0]!.id)).toBe(3);
    });

    test("paid after expiry: the stock is taken again when it is there, else the order is paid with a note and stock stays ≥ 0", async () => {
      const { variants } = await makeProduct({ stock: [2] });
      const a = await checkoutOne(variants[0]!.id, 2);
      await webhook(stripeEvent("checkout.session.expired", { ...a.session, status: "expired" }));
      expect(await stockOf(variants[0]!.id)).toBe(2);
      await webhook(completedSessionEvent(a.session));
      expect(await orderOf(a.session)).toMatchObject({ status: "paid", notes: "" });
      expect(await stockOf(variants[0]!.id)).toBe(0);
      expect(await mailsTo(a.email)).toHaveLength(1);

      await db.update(productVariants).set({ stock: 1 }).where(eq(productVariants.id, variants[0]!.id));
      const b = await checkoutOne(variants[0]!.id, 1);
      await webhook(stripeEvent("checkout.session.expired", { ...b.session, status: "expired" }));
      const c = await checkoutOne(variants[0]!.id, 1); // someone else took the last one
      expect(await stockOf(variants[0]!.id)).toBe(0);
      await webhook(completedSessionEvent(b.session));
      const late = await orderOf(b.session);
      expect(late.status).toBe("paid");
      expect(late.notes).toContain(PAID_AFTER_EXPIRY_NOTE);
      expect(await stockOf(variants[0]!.id)).toBe(0);
      expect((await mailsTo(b.email))[0]!.text).toContain(enAdmin.email.afterExpiry);
      expect((await orderOf(c.session)).status).toBe("pending");
    });

    test("charge.refunded records partial and full refunds of an order", async () => {
      const { variants } = await makeProduct({ stock: [3], price: 2000 });
      const { session } = await checkoutOne(variants[0]!.id, 1);
      const paid = completedSessionEvent(session);
      await webhook(paid);
      const intent = (paid.data.object as { payment_intent: string }).payment_intent;
      const partial = await webhook(
        stripeEvent("charge.refunded", { id: "ch_test_1", object: "charge", payment_intent: intent, amount: 2000, amount_refunded: 500 }),
      );
      expect(await partial.json()).toMatchObject({ outcome: "processed" });
      expect(await orderOf(session)).toMatchObject({ status: "paid", refundedCents: 500 });
      await webhook(
        stripeEvent("charge.refunded", { id: "ch_test_1", object: "charge", payment_intent: intent, amount: 2000, amount_refunded: 2000 }),
      );
      expect(await orderOf(session)).toMatchObject({ status: "refunded", refundedCents: 2000 });
      // A charge that is not an order's is not the store's.
      const other = await webhook(
        stripeEvent("charge.refunded", {
          id: "ch_test_2",
          object: "charge",
          payment_intent: "pi_test_unknown",
          amount: 100,
          amount_refunded: 100,
        }),
      );
      expect(await other.json()).toMatchObject({ outcome: "ignored" });
    });

    test("Stripe down: the reservation is released, the cart kept, and the buyer gets a friendly message", async () => {
      const { variants } = await makeProduct({ stock: [3] });
      const cookie = await visitorCart(variants[0]!.id, 2);
      const orders0 = await db.select({ id: orders.id }).from(orders);
      fake.failNext(5);
      const answer = await postCart(pickup(`down-${randomBytes(3).toString("hex")}@example.test`), { cookie, language: "es" });
      fake.failNext(0);
      expect(answer.status).toBe(503);
      expect(answer.body.message).toBe(es.errors.stripe);
      expect(await stockOf(variants[0]!.id)).toBe(3);
      const made = (await db.select().from(orders)).filter((o) => !orders0.some((p) => p.id === o.id));
      expect(made.map((o) => o.status)).toEqual(["canceled"]);
      expect((await cart(cookie)).lines.map((l) => l.quantity)).toEqual([2]);
    });

    test("without Stripe the cart says online orders are not available and checkout is refused", async () => {
      const { variants } = await makeProduct({ stock: [3] });
      const cookie = await visitorCart(variants[0]!.id, 1);
      setStripeForTests(null);
      try {
        expect((await cart(cookie)).checkoutEnabled).toBe(false);
        const answer = await postCart(pickup("nostripe@example.test"), { cookie });
        expect([answer.status, answer.body.message]).toEqual([409, en.errors.notConfigured]);
      } finally {
        setStripeForTests({ secretKey: FAKE_STRIPE_SECRET_KEY, webhookSecret: FAKE_STRIPE_WEBHOOK_SECRET, apiUrl: fake.url });
      }
      expect(await stockOf(variants[0]!.id)).toBe(3);
    });

    test("checkouts are rate limited per member", async () => {
      const { variants } = await makeProduct({ stock: [100] });
      const member = await createMember("Rita Rate");
      let last = 0;
      for (let i = 0; i < 11; i++) {
        await db.insert(carts).values({ userId: member.id }).onConflictDoNothing();
        const [mine] = await db.select().from(carts).where(eq(carts.userId, member.id));
        await db.insert(cartItems).values({ cartId: mine!.id, variantId: variants[0]!.id, quantity: 1 }).onConflictDoNothing();
        last = (await postCart(pickup(member.email), { cookie: member.cookie })).status;
      }
      expect(last).toBe(429);
    });
  });

  describe("no one buyer holds the stock (issue 32)", () => {
    const hex = () => randomBytes(4).toString("hex");
    const productStock = async (slug: string) =>
      ((await h.call(withParams(productLoader, { slug }), { path: `/store/${slug}` })).body as ProductBody).variants.map((v) => v.stock);
    /** Moves an order's checkout `minutes` into the past (its hold is counted from then). */
    const startedAgo = (orderId: string, minutes: number) =>
      db
        .update(orders)
        .set({ createdAt: new Date(Date.now() - minutes * 60 * 1000) })
        .where(eq(orders.id, orderId));

    test("one checkout holds at most 10 of a product (its options together): a translated 409 and nothing reserved; the cart refuses more too", async () => {
      const { product, variants } = await makeProduct({ stock: [50, 50], name: "Bulk Candle" });
      const [v0, v1] = [variants[0]!.id, variants[1]!.id];
      const orders0 = await orderCount();
      const eleven = await postCart(pickup(`bulk-${hex()}@example.test`), { cookie: await visitorCart(v0, 11), language: "es" });
      expect(eleven.status).toBe(409);
      expect(eleven.body.message).toBe(fill(es.errors.orderLimit, { limit: "10", name: product.nameEs! }));
      const mixed = await visitorCart(v0, 6);
      await db.insert(cartItems).values({ cartId: mixed.split("=")[1]!, variantId: v1, quantity: 5 });
      const split = await postCart(pickup(`bulk-${hex()}@example.test`), { cookie: mixed });
      expect([split.status, split.body.message]).toEqual([409, fill(en.errors.orderLimit, { limit: "10", name: product.name })]);
      expect(await orderCount()).toBe(orders0);
      expect([await stockOf(v0), await stockOf(v1)]).toEqual([50, 50]);
      // Exactly 10 is an order.
      await checkoutOne(v0, 10);
      expect(await stockOf(v0)).toBe(40);

      // The cart says so before checkout: more than 10 at once, or in all, is refused and kept as it was.
      const tooMany = await add(product.slug, { variantId: String(v0), quantity: "11" }, { language: "es" });
      expect([tooMany.status, tooMany.body.message]).toEqual([409, fill(es.errors.orderLimit, { limit: "10", name: product.nameEs! })]);
      const seven = await add(product.slug, { variantId: String(v0), quantity: "7" });
      expect(seven.status).toBe(200);
      const four = await add(product.slug, { variantId: String(v1), quantity: "4" }, { cookie: seven.cookie });
      expect([four.status, four.body.message]).toEqual([409, fill(en.errors.orderLimit, { limit: "10", name: product.name })]);
      const update = await postCart({ intent: "update", variantId: String(v0), quantity: "11" }, { cookie: seven.cookie });
      expect([update.status, update.body.message]).toEqual([409, fill(en.errors.orderLimit, { limit: "10", name: product.name })]);
      expect((await cart(seven.cookie)).lines.map((l) => [l.variantId, l.quantity])).toEqual([[v0, 7]]);
    });

    test("one buyer holds at most 10 of a product across unpaid checkouts, known by network address, email or account; paying frees the allowance", async () => {
      // By network address: new emails and carts from one address.
      const byIp = await makeProduct({ stock: [100, 100], name: "Advent Calendar" });
      const office = "198.51.100.7";
      const first = await postCart(pickup(`ip-a-${hex()}@example.test`), {
        cookie: await visitorCart(byIp.variants[0]!.id, 6),
        ip: office,
      });
      expect(first.status).toBe(302);
      const second = await postCart(pickup(`ip-b-${hex()}@example.test`), {
        cookie: await visitorCart(byIp.variants[1]!.id, 5),
        ip: office,
        language: "es",
      });
      expect(second.status).toBe(409);
      expect(second.body.message).toBe(fill(es.errors.holdLimit, { count: "6", limit: "10", name: byIp.product.nameEs!, minutes: "15" }));
      const fits = await postCart(pickup(`ip-c-${hex()}@example.test`), { cookie: await visitorCart(byIp.variants[1]!.id, 4), ip: office });
      expect(fits.status).toBe(302);
      expect([await stockOf(byIp.variants[0]!.id), await stockOf(byIp.variants[1]!.id)]).toEqual([94, 96]);

      // By email, from another address each time.
      const byEmail = await makeProduct({ stock: [100] });
      const email = `same-${hex()}@example.test`;
      expect((await postCart(pickup(email), { cookie: await visitorCart(byEmail.variants[0]!.id, 8) })).status).toBe(302);
      const again = await postCart(pickup(email.toUpperCase()), { cookie: await visitorCart(byEmail.variants[0]!.id, 3) });
      expect([again.status, again.body.message]).toEqual([
        409,
        fill(en.errors.holdLimit, { count: "8", limit: "10", name: byEmail.product.name, minutes: "15" }),
      ]);

      // By account (another email, another address), until the first order is paid.
      const byAccount = await makeProduct({ stock: [100] });
      const member = await createMember("Hilda Holder");
      const memberCheckout = async (quantity: number, contactEmail: string) => {
        await db.insert(carts).values({ userId: member.id }).onConflictDoNothing();
        const [mine] = await db.select().from(carts).where(eq(carts.userId, member.id));
        await db.insert(cartItems).values({ cartId: mine!.id, variantId: byAccount.variants[0]!.id, quantity });
        return postCart(pickup(contactEmail), { cookie: member.cookie });
      };
      expect((await memberCheckout(8, member.email)).status).toBe(302);
      const paidFirst = sessionFor(member.email);
      const other = `other-${hex()}@example.test`;
      expect((await memberCheckout(3, other)).status).toBe(409);
      await webhook(completedSessionEvent(paidFirst));
      expect((await orderOf(paidFirst)).status).toBe("paid");
      expect((await postCart(pickup(other), { cookie: member.cookie })).status).toBe(302);
      expect(await stockOf(byAccount.variants[0]!.id)).toBe(89);

      // Parallel checkouts from one address cannot slip past the limit together.
      const parallel = await makeProduct({ stock: [100] });
      const cookies = await Promise.all([1, 2, 3].map(() => visitorCart(parallel.variants[0]!.id, 5)));
      const answers = await Promise.all(
        cookies.map((cookie) => postCart(pickup(`par-${hex()}@example.test`), { cookie, ip: "198.51.100.8" })),
      );
      expect(answers.map((a) => a.status).sort()).toEqual([302, 302, 409]);
      expect(await stockOf(parallel.variants[0]!.id)).toBe(90);
    });

    test("a checkout not paid within 15 minutes gives its stock back: its Stripe session is expired first, then the product is available again", async () => {
      const { product, variants } = await makeProduct({ stock: [2], name: "Last Two" });
      const { session, order } = await checkoutOne(variants[0]!.id, 2);
      expect(await productStock(product.slug)).toEqual([0]);
      await startedAgo(order.id, 10);
      expect(await productStock(product.slug)).toEqual([0]);
      expect(fake.sessions.get(session.id)!.status).toBe("open");

      await startedAgo(order.id, 16);
      expect(await productStock(product.slug)).toEqual([2]);
      expect(fake.sessions.get(session.id)!.status).toBe("expired");
      expect(fake.requests.some((r) => r.method === "POST" && r.path === `/v1/checkout/sessions/${session.id}/expire`)).toBe(true);
      expect((await orderOf(session)).status).toBe("expired");
      const listed = (await h.call(storeLoader, { path: "/store" })).body as StoreBody;
      expect(listed.products.find((p) => p.slug === product.slug)!.inStock).toBe(true);
      // Someone else buys it; Stripe's own expiry event for the first checkout then changes nothing.
      await checkoutOne(variants[0]!.id, 2);
      await webhook(stripeEvent("checkout.session.expired", { ...fake.sessions.get(session.id)! }));
      expect(await stockOf(variants[0]!.id)).toBe(0);
    });

    test("the scheduled pass releases lapsed holds nobody is looking at; one Stripe cannot be asked about now, or one without a session yet, waits", async () => {
      const { product, variants } = await makeProduct({ stock: [3] });
      const [a, b, c] = [
        await checkoutOne(variants[0]!.id, 1),
        await checkoutOne(variants[0]!.id, 1),
        await checkoutOne(variants[0]!.id, 1),
      ];
      // The server stopped between making c's session and saving it: only its expiry tells (releaseExpiredOrders).
      await db.update(orders).set({ stripeCheckoutSessionId: null }).where(eq(orders.id, c.order.id));
      for (const held of [a, b, c]) await startedAgo(held.order.id, 20);
      fake.failNext(10);
      const down = await releaseLapsedHolds({
        db,
        closeSession: stripeSessionCloser(getStripe()!.client),
        now: new Date(),
        productIds: [product.id],
      });
      fake.failNext(0);
      expect(down).toBe(0);
      expect(await stockOf(variants[0]!.id)).toBe(0);
      expect([(await orderOf(a.session)).status, fake.sessions.get(a.session.id)!.status]).toEqual(["pending", "open"]);

      const schedule = scheduleHoldRelease({ db });
      await schedule.stop(); // waits for the start-up pass
      expect([(await orderOf(a.session)).status, (await orderOf(b.session)).status]).toEqual(["expired", "expired"]);
      expect([fake.sessions.get(a.session.id)!.status, fake.sessions.get(b.session.id)!.status]).toEqual(["expired", "expired"]);
      expect((await orderOf(c.session)).status).toBe("pending");
      expect(await stockOf(variants[0]!.id)).toBe(2);
      // A session Stripe expired by itself (the webhook was missed): read back as expired, released.
      const d = await checkoutOne(variants[0]!.id, 1);
      fake.sessions.get(d.session.id)!.status = "expired";
      await startedAgo(d.order.id, 40);
      expect(
        await releaseLapsedHolds({ db, closeSession: stripeSessionCloser(getStripe()!.client), now: new Date(), productIds: [product.id] }),
      ).toBe(1);
      expect(await stockOf(variants[0]!.id)).toBe(2);
    });

    test("a hold that lapses while the buyer is paying is kept (Stripe will not expire a completed session); the payment takes the held stock", async () => {
      const { product, variants } = await makeProduct({ stock: [1] });
      const paying = await checkoutOne(variants[0]!.id, 1);
      fake.sessions.get(paying.session.id)!.status = "complete"; // paid at Stripe; the webhook is on its way
      await startedAgo(paying.order.id, 20);
      expect(await productStock(product.slug)).toEqual([0]);
      expect((await orderOf(paying.session)).status).toBe("pending");
      await webhook(completedSessionEvent(paying.session));
      expect(await orderOf(paying.session)).toMatchObject({ status: "paid", notes: "" });
      expect(await stockOf(variants[0]!.id)).toBe(0);
    });

    test("a payment event for a checkout released after its hold never oversells: stock stays at 0 and the order is flagged for staff", async () => {
      const { product, variants } = await makeProduct({ stock: [1] });
      const late = await checkoutOne(variants[0]!.id, 1);
      await startedAgo(late.order.id, 16);
      expect(await productStock(product.slug)).toEqual([1]);
      expect((await orderOf(late.session)).status).toBe("expired");
      const next = await checkoutOne(variants[0]!.id, 1); // someone else takes the last one
      expect(await stockOf(variants[0]!.id)).toBe(0);
      // Stripe said the session expired, so this is a stale or replayed event; it is recorded, never oversold.
      expect((await webhook(completedSessionEvent(late.session))).status).toBe(200);
      const after = await orderOf(late.session);
      expect(after.status).toBe("paid");
      expect(after.notes).toContain(PAID_AFTER_EXPIRY_NOTE);
      expect(await stockOf(variants[0]!.id)).toBe(0);
      expect((await orderOf(next.session)).status).toBe("pending");
    });
  });

  describe("order page", () => {
    test("the owner member, or anyone with the token; everyone else gets a 404", async () => {
      const { variants } = await makeProduct({ stock: [5] });
      const member = await createMember("Olga Owner");
      const [mine] = await db.insert(carts).values({ userId: member.id }).onConflictDoNothing().returning();
      await db.insert(cartItems).values({ cartId: mine!.id, variantId: variants[0]!.id, quantity: 1 });
      const answer = await postCart(pickup(member.email, { name: "Olga <i>Owner</i>" }), { cookie: member.cookie });
      expect(answer.status).toBe(302);
      const session = sessionFor(member.email);
      const order = await orderOf(session);
      expect(order.userId).toBe(member.id);
      const open = (path: string, cookie?: string, language?: "en" | "es") =>
        h.call(withParams(orderLoader, { orderId: order.id }), { path, cookie, language });

      const owner = await open(`/store/orders/${order.id}`, member.cookie);
      expect(owner.status).toBe(200);
      expect((owner.body as OrderBody).order).toMatchObject({ number: order.number, status: "pending", name: "Olga <i>Owner</i>" });

      const url = new URL(await orderPageUrl({ siteUrl: PUBLIC_URL, orderId: order.id, language: "es" }));
      const withToken = await open(`${url.pathname}${url.search}&session_id=${session.id}`, undefined, "es");
      expect(withToken.status).toBe(200);
      expect((withToken.body as OrderBody).order.status).toBe("confirming");

      const stranger = await createMember("Sam Stranger");
      expect((await open(`/store/orders/${order.id}`, stranger.cookie)).status).toBe(404);
      expect((await open(`/store/orders/${order.id}`)).status).toBe(404);
      expect((await open(`/store/orders/${order.id}?token=AAAA`)).status).toBe(404);
      const otherToken = new URL(
        await orderPageUrl({ siteUrl: PUBLIC_URL, orderId: "00000000-0000-4000-8000-000000000000", language: "en" }),
      ).searchParams.get("token")!;
      expect((await open(`/store/orders/${order.id}?token=${otherToken}`)).status).toBe(404);
      expect((await h.call(withParams(orderLoader, { orderId: "not-a-uuid" }), { path: "/store/orders/not-a-uuid" })).status).toBe(404);

      await webhook(completedSessionEvent(session));
      const paid = await open(`${url.pathname}${url.search}&session_id=${session.id}`);
      expect((paid.body as OrderBody).order.status).toBe("paid");
    });
  });
});
