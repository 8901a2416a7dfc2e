// The admin portal's store section (issue 8): orders (filters, CSV), products with sizes, stock
// and an uploaded image, the store settings, and the order steps that email the customer in
// their language; every change audited; the "store" scope required everywhere.
import { randomBytes } from "node:crypto";
import { mkdtemp, readdir, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { desc, eq, inArray } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, beforeEach, expect, test } from "vitest";
import { auditLog, churchSettings, orderItems, orders, outboxMessages, products, productVariants } from "~/db/schema";
import { requireAdmin } from "~/platform/admin/require-admin.server";
import { CLIENT_IP_HEADER } from "~/server/request-input.server";
import { handleProductAdminAction } from "~/features/store/admin/product-admin-action.server";
import es from "~/i18n/locales/es/store-admin";
import { action as orderAction, loader as orderLoader } from "~/routes/admin/order";
import { loader as exportLoader } from "~/routes/admin/orders-export";
import { action as productAction, loader as productLoader } from "~/routes/admin/product-edit";
import { action as storeAction, loader as storeLoader } from "~/routes/admin/store";
import type { AppDatabase } from "~/server/db.server";
import { startAdminHarness, type AdminHarness, type TestAdmin } from "../support/admin-harness";
import { PUBLIC_URL } from "../support/auth-harness";
import { describeOnBackend } from "../support/test-database";

type StoreBody = {
  title: string;
  orders: { id: string; number: number; status: string; items: number; totalCents: number }[];
  products: { id: number; name: string; stock: number; priceCents: number; active: boolean }[];
  settings: { shipping: string; shippingEnabled: boolean };
};
type ActionBody = { ok: false; intent: string; message: string; fieldErrors: Record<string, string> };

describeOnBackend("admin store", (backend) => {
  let h: AdminHarness;
  let db: AppDatabase;
  let staff: TestAdmin;
  let outsider: TestAdmin;
  let uploadDir: string;
  const tag = randomBytes(4).toString("hex");

  beforeAll(async () => {
    h = await startAdminHarness(backend);
    db = h.database.handle.db;
    staff = await h.createAdmin({ scopes: ["store"], name: "Store Staff" });
    outsider = await h.createAdmin({ scopes: ["giving", "events"], name: "Giving Only" });
    uploadDir = await mkdtemp(path.join(os.tmpdir(), "store-uploads-"));
  });
  afterAll(async () => {
    await h?.close();
    if (uploadDir) await rm(uploadDir, { recursive: true, force: true });
  });
  beforeEach(async () => {
    await db.delete(outboxMessages);
  });

  const withId =
    <A extends { params: unknown }>(fn: (args: A) => unknown, params: Record<string, string>) =>
    (args: A) =>
      fn({ ...args, params });
  const audits = (action: string) => db.select().from(auditLog).where(eq(auditLog.action, action)).orderBy(desc(auditLog.createdAt));
  const storePage = async (query = "", cookie = staff.cookie) => {
    const answer = await h.call(storeLoader, { path: `/admin/store${query}`, cookie });
    expect(answer.status).toBe(200);
    return answer.body as StoreBody;
  };

  /** Posts the product form as the browser does (multipart, with an optional file). */
  async function postProduct(productId: number | null, fields: Record<string, string>, file?: File, cookie = staff.cookie) {
    const form = new FormData();
    for (const [k, v] of Object.entries(fields)) form.set(k, v);
    if (file) form.set("image", file);
    const request = new Request(new URL(productId ? `/admin/store/products/${productId}` : "/admin/store/products/new", PUBLIC_URL), {
      method: "POST",
      body: form,
      headers: { cookie, [CLIENT_IP_HEADER]: "198.51.100.20" },
    });
    try {
      const ctx = await requireAdmin(request, "store");
      const answer = (await handleProductAdminAction(request, ctx, productId, uploadDir)) as unknown as {
        data: unknown;
        init: ResponseInit;
      };
      return { status: answer.init.status ?? 200, body: answer.data as ActionBody, location: null as string | null };
    } catch (thrown) {
      if (thrown instanceof Response) return { status: thrown.status, body: {} as ActionBody, location: thrown.headers.get("location") };
      const d = thrown as { init?: ResponseInit; data?: unknown };
      return { status: d.init?.status ?? 500, body: d.data as ActionBody, location: null };
    }
  }
  const productForm = (o: Record<string, string> = {}) => ({
    intent: "save",
    name: `Hoodie ${tag}`,
    nameEs: `Sudadera ${tag}`,
    description: "Warm.",
    descriptionEs: "Abrigadora.",
    category: "apparel",
    price: "35.00",
    sortOrder: "3",
    active: "on",
    "variants.0.label": "Small",
    "variants.0.labelEs": "Chica",
    "variants.0.price": "",
    "variants.0.stock": "4",
    "variants.1.label": "Large",
    "variants.1.labelEs": "Grande",
    "variants.1.price": "38",
    "variants.1.stock": "2",
    "variants.2.label": "",
    "variants.2.labelEs": "",
    "variants.2.price": "",
    "variants.2.stock": "",
    ...o,
  });
  const png = () =>
    sharp({ create: { width: 700, height: 500, channels: 3, background: { r: 30, g: 90, b: 160 } } })
      .png()
      .toBuffer();

  async function makeOrder(o: Partial<typeof orders.$inferInsert> & { variantId?: number } = {}) {
    const { variantId, ...values } = o;
    const [order] = await db
      .insert(orders)
      .values({
        status: "paid",
        name: "Carla Compradora",
        email: `carla-${randomBytes(3).toString("hex")}@example.test`,
        language: "es",
        fulfillment: "pickup",
        subtotalCents: 3_500,
        shippingCents: 0,
        totalCents: 3_500,
        expiresAt: new Date(Date.now() + 3_600_000),
        paidAt: new Date(),
        stripePaymentIntentId: `pi_test_${randomBytes(6).toString("hex")}`,
        ...values,
      })
      .returning();
    await db.insert(orderItems).values({
      orderId: order!.id,
      variantId: variantId ?? null,
      productName: `Hoodie ${tag}`,
      productNameEs: `Sudadera ${tag}`,
      variantLabel: "Small",
      variantLabelEs: "Chica",
      unitPriceCents: 3_500,
      quantity: 1,
    });
    return order!;
  }

  test("without the store scope every loader, action and the CSV answer 403", async () => {
    const cookie = outsider.cookie;
    expect((await h.call(storeLoader, { path: "/admin/store", cookie })).status).toBe(403);
    expect((await h.call(storeAction, { path: "/admin/store", cookie, form: { intent: "save-settings", shipping: "1" } })).status).toBe(
      403,
    );
    expect((await h.call(exportLoader, { path: "/admin/store/orders.csv", cookie })).status).toBe(403);
    expect((await h.call(withId(productLoader, {}), { path: "/admin/store/products/new", cookie })).status).toBe(403);
    expect((await h.call(withId(productAction, {}), { path: "/admin/store/products/new", cookie, form: productForm() })).status).toBe(403);
    const order = await makeOrder();
    expect((await h.call(withId(orderLoader, { orderId: order.id }), { path: `/admin/store/orders/${order.id}`, cookie })).status).toBe(
      403,
    );
    expect(
      (
        await h.call(withId(orderAction, { orderId: order.id }), {
          path: `/admin/store/orders/${order.id}`,
          cookie,
          form: { intent: "status:ready" },
        })
      ).status,
    ).toBe(403);
    expect((await db.select().from(orders).where(eq(orders.id, order.id)))[0]!.status).toBe("paid");
    expect(
      await db
        .select()
        .from(products)
        .where(eq(products.name, `Hoodie ${tag}`)),
    ).toHaveLength(0);
  });

  test("a product with sizes: price and stock validated (negative, huge, not a number → 400, nothing written), created, edited, a size removed; audited", async () => {
    for (const [field, value, error] of [
      ["price", "-5", "price"],
      ["price", "abc", "price"],
      ["price", "99999999999", "price"],
      ["price", "0.50", "price"],
      ["variants.0.stock", "-1", "stock"],
      ["variants.0.stock", "1e9", "stock"],
      ["variants.0.stock", "lots", "stock"],
      ["variants.1.price", "-2", "price"],
      ["category", "weapons", "category"],
    ] as const) {
      const answer = await postProduct(null, productForm({ [field]: value }));
      expect(answer.status, `${field}=${value}`).toBe(400);
      expect(
        answer.body.fieldErrors[
          field === "price" || field === "category" ? field : field.replace(/^variants\.(\d)\.(\w+)$/, "variants.$1.$2")
        ],
      ).toBe(error);
    }
    expect((await postProduct(null, productForm({ "variants.1.label": "small" }))).body.fieldErrors["variants.1.label"]).toBe(
      "duplicateLabel",
    );
    expect(
      (
        await postProduct(
          null,
          productForm({
            "variants.0.label": "",
            "variants.0.stock": "",
            "variants.0.labelEs": "",
            "variants.1.label": "",
            "variants.1.labelEs": "",
            "variants.1.price": "",
            "variants.1.stock": "",
          }),
        )
      ).body.fieldErrors["variants.0.label"],
    ).toBe("variantRequired");
    expect(
      await db
        .select()
        .from(products)
        .where(eq(products.name, `Hoodie ${tag}`)),
    ).toHaveLength(0);

    const created = await postProduct(null, productForm());
    expect(created.status).toBe(303);
    const [product] = await db
      .select()
      .from(products)
      .where(eq(products.name, `Hoodie ${tag}`));
    expect(product).toMatchObject({
      slug: `hoodie-${tag}`,
      nameEs: `Sudadera ${tag}`,
      category: "apparel",
      priceCents: 3_500,
      active: true,
      sortOrder: 3,
    });
    expect(created.location).toBe(`/admin/store/products/${product!.id}?created=1`);
    const variants = await db
      .select()
      .from(productVariants)
      .where(eq(productVariants.productId, product!.id))
      .orderBy(productVariants.sortOrder);
    expect(variants.map((v) => [v.label, v.labelEs, v.priceCents, v.stock])).toEqual([
      ["Small", "Chica", null, 4],
      ["Large", "Grande", 3_800, 2],
    ]);
    expect((await audits("product.create"))[0]).toMatchObject({ entityId: String(product!.id), actorUserId: staff.userId });
    expect((await storePage()).products.find((p) => p.id === product!.id)).toMatchObject({ stock: 6, priceCents: 3_500 });

    // The editor shows the sizes plus empty rows; an edit sets stock, removes a size, adds one.
    const editor = await h.call(withId(productLoader, { productId: String(product!.id) }), {
      path: `/admin/store/products/${product!.id}`,
      cookie: staff.cookie,
    });
    const values = (editor.body as { editor: { values: { variants: Record<string, string>[] } } }).editor.values;
    expect(values.variants.map((v) => v.label ?? "")).toEqual(["Small", "Large", "", ""]);
    const edit = await postProduct(
      product!.id,
      productForm({
        price: "36.50",
        "variants.0.id": String(variants[0]!.id),
        "variants.0.stock": "10",
        "variants.1.id": String(variants[1]!.id),
        "variants.1.remove": "on",
        "variants.2.label": "Medium",
        "variants.2.stock": "0",
      }),
    );
    expect(edit.status).toBe(303);
    const after = await db
      .select()
      .from(productVariants)
      .where(eq(productVariants.productId, product!.id))
      .orderBy(productVariants.sortOrder);
    expect(after.map((v) => [v.id === variants[0]!.id, v.label, v.stock])).toEqual([
      [true, "Small", 10],
      [false, "Medium", 0],
    ]);
    expect((await db.select().from(products).where(eq(products.id, product!.id)))[0]!.priceCents).toBe(3_650);
    const [update] = await audits("product.update");
    expect(update!.before).toEqual({ priceCents: 3_500 });
    expect(JSON.stringify(update!.after)).toContain("Medium");
    // A checkout takes one while the editor is open: saving the stock as shown keeps the checkout's change.
    await db.update(productVariants).set({ stock: 9 }).where(eq(productVariants.id, variants[0]!.id));
    const medium = after.find((v) => v.label === "Medium")!;
    const untouched = await postProduct(
      product!.id,
      productForm({
        price: "36.50",
        "variants.0.id": String(variants[0]!.id),
        "variants.0.stock": "10",
        "variants.0.stockWas": "10",
        "variants.1.id": String(medium.id),
        "variants.1.label": "Medium",
        "variants.1.labelEs": "",
        "variants.1.price": "",
        "variants.1.stock": "3",
        "variants.1.stockWas": "0",
      }),
    );
    expect(untouched.status).toBe(303);
    const stocks = await db
      .select()
      .from(productVariants)
      .where(eq(productVariants.productId, product!.id))
      .orderBy(productVariants.sortOrder);
    expect(stocks.map((v) => [v.label, v.stock])).toEqual([
      ["Small", 9],
      ["Medium", 3],
    ]);

    // A size of another product cannot be edited through this one.
    const [other] = await db
      .insert(products)
      .values({ slug: `other-${tag}`, name: `Other ${tag}`, priceCents: 500 })
      .returning();
    const [otherVariant] = await db.insert(productVariants).values({ productId: other!.id, label: "", stock: 1 }).returning();
    const foreign = await postProduct(
      product!.id,
      productForm({
        "variants.0.id": String(otherVariant!.id),
        "variants.0.stock": "99",
        "variants.1.label": "",
        "variants.1.labelEs": "",
        "variants.1.price": "",
        "variants.1.stock": "",
      }),
    );
    expect(foreign.status).toBe(400);
    expect((await db.select().from(productVariants).where(eq(productVariants.id, otherVariant!.id)))[0]!.stock).toBe(1);
  });

  test("the image: a real PNG becomes AVIF/WebP files under /uploads/store; a text file named .png and a file over 8 MB are refused; alt text required; removing deletes the files", async () => {
    const base = productForm({
      name: `Mug ${tag}`,
      nameEs: "",
      category: "other",
      "variants.0.label": "",
      "variants.0.labelEs": "",
      "variants.1.label": "",
      "variants.1.labelEs": "",
      "variants.1.price": "",
      "variants.1.stock": "",
    });
    const noAlt = await postProduct(null, base, new File([new Uint8Array(await png())], "mug.png", { type: "image/png" }));
    expect(noAlt.status).toBe(400);
    expect(noAlt.body.fieldErrors.imageAlt).toBe("altRequired");
    const fake = await postProduct(null, { ...base, imageAlt: "A mug" }, new File(["just some text"], "mug.png", { type: "image/png" }));
    expect(fake.status).toBe(400);
    expect(fake.body.fieldErrors.image).toBe("imageType");
    const big = new Uint8Array(8 * 1024 * 1024 + 1);
    big.set(await png());
    const huge = await postProduct(null, { ...base, imageAlt: "A mug" }, new File([big], "mug.png", { type: "image/png" }));
    expect(huge.status).toBe(413);
    expect(huge.body.fieldErrors.image).toBe("imageTooLarge");
    // Issue 32: the image jobs' own refusals are named, not "could not be read" (ADR 030).
    const narrow = await sharp({ create: { width: 1600, height: 16300, channels: 3, background: { r: 200, g: 200, b: 200 } } })
      .png()
      .toBuffer();
    const long = await postProduct(
      null,
      { ...base, imageAlt: "A mug" },
      new File([new Uint8Array(narrow)], "mug.png", { type: "image/png" }),
    );
    expect(long.status).toBe(400);
    expect(long.body.fieldErrors.image).toBe("imageShape");
    expect(await readdir(uploadDir).catch(() => [])).toHaveLength(0);
    expect(
      await db
        .select()
        .from(products)
        .where(eq(products.name, `Mug ${tag}`)),
    ).toHaveLength(0);

    const saved = await postProduct(
      null,
      { ...base, imageAlt: "A blue mug", imageAltEs: "Una taza azul" },
      new File([new Uint8Array(await png())], "mug.png", { type: "image/png" }),
    );
    expect(saved.status).toBe(303);
    const [mug] = await db
      .select()
      .from(products)
      .where(eq(products.name, `Mug ${tag}`));
    expect(mug!.imageVariantBase).toMatch(/^\/uploads\/store\/[0-9a-f]{24}$/);
    expect(mug!.imageUrl).toBe(`${mug!.imageVariantBase}-1600.webp`);
    expect(mug).toMatchObject({ imageWidth: 700, imageHeight: 500, imageAlt: "A blue mug", imageAltEs: "Una taza azul" });
    const files = await readdir(uploadDir);
    const name = mug!.imageVariantBase!.split("/").pop()!;
    // 700 px wide: 480 and the original width (never enlarged), each AVIF and WebP.
    expect(files.length).toBeGreaterThanOrEqual(2);
    expect(files.every((f) => f.startsWith(name))).toBe(true);
    expect(files).toContain(`${name}-480.webp`);

    const [variant] = await db.select().from(productVariants).where(eq(productVariants.productId, mug!.id));
    const removed = await postProduct(mug!.id, {
      ...base,
      "variants.0.id": String(variant!.id),
      imageAlt: "A blue mug",
      removeImage: "on",
    });
    expect(removed.status).toBe(303);
    expect((await db.select().from(products).where(eq(products.id, mug!.id)))[0]).toMatchObject({
      imageUrl: null,
      imageVariantBase: null,
      imageAlt: null,
    });
    expect(await readdir(uploadDir)).toHaveLength(0);
  });

  test("deleting a product: refused (409, nothing changed) once ordered; otherwise deleted and audited", async () => {
    const [product] = await db
      .insert(products)
      .values({ slug: `book-${tag}`, name: `Book ${tag}`, priceCents: 1_500 })
      .returning();
    const [variant] = await db.insert(productVariants).values({ productId: product!.id, label: "", stock: 3 }).returning();
    const call = (form: Record<string, string>) =>
      h.call(withId(productAction, { productId: String(product!.id) }), {
        path: `/admin/store/products/${product!.id}`,
        cookie: staff.cookie,
        form,
      });
    expect((await call({ intent: "delete" })).body).toMatchObject({ message: "confirmDelete" });
    await makeOrder({ variantId: variant!.id });
    const refused = await call({ intent: "delete", confirm: "yes" });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ message: "productOrdered" });
    expect(await db.select().from(products).where(eq(products.id, product!.id))).toHaveLength(1);
    // …and it can be taken off the store instead.
    expect((await call({ intent: "deactivate" })).status).toBe(303);
    expect((await db.select().from(products).where(eq(products.id, product!.id)))[0]!.active).toBe(false);
    expect((await audits("product.update"))[0]).toMatchObject({ entityId: String(product!.id), after: { active: false } });

    const [unordered] = await db
      .insert(products)
      .values({ slug: `cd-${tag}`, name: `CD ${tag}`, priceCents: 1_000 })
      .returning();
    await db.insert(productVariants).values({ productId: unordered!.id, label: "", stock: 3 });
    const deleted = await h.call(withId(productAction, { productId: String(unordered!.id) }), {
      path: `/admin/store/products/${unordered!.id}`,
      cookie: staff.cookie,
      form: { intent: "delete", confirm: "yes" },
    });
    expect(deleted.status).toBe(303);
    expect(await db.select().from(products).where(eq(products.id, unordered!.id))).toHaveLength(0);
    expect((await audits("product.delete"))[0]).toMatchObject({ entityId: String(unordered!.id) });
    expect(
      (await h.call(withId(productLoader, { productId: "abc" }), { path: "/admin/store/products/abc", cookie: staff.cookie })).status,
    ).toBe(404);
  });

  test("order steps: paid → ready → picked up (pickup), paid → shipped (shipping) with a tracking note; each emails the buyer in their language; wrong steps 409; audited", async () => {
    const pickup = await makeOrder({ language: "es" });
    const step = (id: string, form: Record<string, string>) =>
      h.call(withId(orderAction, { orderId: id }), { path: `/admin/store/orders/${id}`, cookie: staff.cookie, form });

    const early = await step(pickup.id, { intent: "status:picked-up" });
    expect(early.status).toBe(409);
    expect(early.body).toMatchObject({ message: "invalidTransition" });
    expect(await step(pickup.id, { intent: "status:shipped" })).toMatchObject({ status: 409 });
    expect(await db.select().from(outboxMessages)).toHaveLength(0);

    const ready = await step(pickup.id, { intent: "status:ready" });
    expect(ready.status).toBe(303);
    expect((await db.select().from(orders).where(eq(orders.id, pickup.id)))[0]!.status).toBe("ready");
    const [mail] = await db.select().from(outboxMessages).where(eq(outboxMessages.recipient, pickup.email));
    const payload = mail!.payload as { subject: string; text: string };
    expect(payload.subject).toBe(es.admin.statusEmail.ready.subject.replace("{{number}}", String(pickup.number)));
    expect(payload.text).toContain(`/store/orders/${pickup.id}?token=`);
    expect(payload.text).toContain("lang=es");
    expect((await step(pickup.id, { intent: "status:ready" })).status).toBe(409);
    expect((await step(pickup.id, { intent: "status:picked-up" })).status).toBe(303);
    expect((await db.select().from(orders).where(eq(orders.id, pickup.id)))[0]!.status).toBe("picked_up");
    expect(await db.select().from(outboxMessages).where(eq(outboxMessages.recipient, pickup.email))).toHaveLength(2);
    const statusAudits = (await audits("order.status")).filter((a) => a.entityId === pickup.id);
    expect(statusAudits.map((a) => (a.after as { status: string }).status).sort()).toEqual(["picked_up", "ready"]);

    const shipped = await makeOrder({
      language: "en",
      fulfillment: "shipping",
      shippingAddress: { line1: "1 Main St", line2: "", city: "Austin", region: "TX", postalCode: "78701" },
      shippingCents: 800,
      totalCents: 4_300,
    });
    expect((await step(shipped.id, { intent: "status:ready" })).status).toBe(409);
    expect((await step(shipped.id, { intent: "status:shipped", tracking: "USPS 9400 1000" })).status).toBe(303);
    const [shipMail] = await db.select().from(outboxMessages).where(eq(outboxMessages.recipient, shipped.email));
    expect((shipMail!.payload as { subject: string }).subject).toBe(`Your order #${shipped.number} has shipped`);
    expect((shipMail!.payload as { text: string }).text).toContain("Tracking: USPS 9400 1000");
    expect((await db.select().from(orders).where(eq(orders.id, shipped.id)))[0]).toMatchObject({
      status: "shipped",
      notes: "Tracking: USPS 9400 1000",
    });

    // A refunded order (from the webhook) takes no steps; notes are saved and audited.
    const refunded = await makeOrder({ status: "refunded", refundedCents: 3_500 });
    expect((await step(refunded.id, { intent: "status:ready" })).status).toBe(409);
    const loaded = await h.call(withId(orderLoader, { orderId: refunded.id }), {
      path: `/admin/store/orders/${refunded.id}`,
      cookie: staff.cookie,
    });
    expect(loaded.body).toMatchObject({
      steps: [],
      order: { refundedCents: 3_500, status: "refunded" },
      items: [{ productName: `Hoodie ${tag}`, quantity: 1 }],
    });
    expect((await step(refunded.id, { intent: "notes", notes: "Refunded at the desk." })).status).toBe(303);
    expect((await db.select().from(orders).where(eq(orders.id, refunded.id)))[0]!.notes).toBe("Refunded at the desk.");
    expect((await audits("order.notes"))[0]).toMatchObject({ entityId: refunded.id });
    expect((await step(refunded.id, { intent: "status:teleported" })).status).toBe(400);
    expect((await step(refunded.id, { intent: "notes", notes: "x".repeat(4001) })).status).toBe(400);
    expect(
      (await h.call(withId(orderLoader, { orderId: "nope" }), { path: "/admin/store/orders/nope", cookie: staff.cookie })).status,
    ).toBe(404);
  });

  test("the orders list (default: needing action), search, CSV with escaping and its audit entry; the store settings with bounds", async () => {
    const evil = await makeOrder({ name: "=cmd|' /C calc'!A0", status: "ready" });
    const done = await makeOrder({ status: "picked_up", name: `Done ${tag}` });
    const list = await storePage();
    expect(list.title).toBe("Store");
    expect(list.orders.every((o) => o.status === "paid" || o.status === "ready")).toBe(true);
    expect(list.orders.map((o) => o.id)).toContain(evil.id);
    expect(list.orders.map((o) => o.id)).not.toContain(done.id);
    expect((await storePage(`?status=all&q=${encodeURIComponent(`Done ${tag}`)}`)).orders.map((o) => o.id)).toEqual([done.id]);
    expect((await storePage(`?status=all&q=%23${done.number}`)).orders.map((o) => o.id)).toEqual([done.id]);
    expect((await storePage("?status=all&q=%25")).orders).toHaveLength(0);

    const csv = await h.call(exportLoader, {
      path: `/admin/store/orders.csv?status=all&q=${encodeURIComponent("=cmd")}`,
      cookie: staff.cookie,
    });
    expect(csv.status).toBe(200);
    expect(csv.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(csv.headers.get("content-disposition")).toMatch(/^attachment; filename="orders-\d{4}-\d{2}-\d{2}\.csv"$/);
    const lines = (csv.body as string)
      .replace(/^\uFEFF/, "")
      .trimEnd()
      .split("\r\n");
    expect(lines[0]).toBe("Number,Date,Status,Name,Email,Phone,Fulfillment,Items,Subtotal,Shipping,Total,Refunded");
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(`${evil.number},`);
    expect(lines[1]).toContain(",Ready for pickup,'=cmd|' /C calc'!A0,");
    expect(lines[1]).toMatch(/,1,35\.00,0\.00,35\.00,0\.00$/);
    expect((await audits("order.export"))[0]!.after).toMatchObject({ count: 1, status: "all" });

    const save = (form: Record<string, string>, language?: "es") =>
      h.call(storeAction, { path: "/admin/store", cookie: staff.cookie, form: { intent: "save-settings", ...form }, language });
    for (const shipping of ["-1", "100.01", "abc", "5.555"]) {
      const answer = await save({ shipping, shippingEnabled: "on" }, "es");
      expect(answer.status, shipping).toBe(400);
      expect((answer.body as ActionBody).fieldErrors.shipping).toBe("shipping");
    }
    const ok = await save({ shipping: "6.50", shippingEnabled: "" });
    expect(ok.status).toBe(303);
    expect((await db.select().from(churchSettings))[0]).toMatchObject({ storeShippingCents: 650, storeShippingEnabled: false });
    expect((await audits("store_settings.update"))[0]!.after).toEqual({ storeShippingCents: 650, storeShippingEnabled: false });
    expect((await storePage()).settings).toEqual({ shipping: "6.50", shippingEnabled: false });
    await db.delete(orders).where(inArray(orders.id, [evil.id, done.id]));
  });
});
