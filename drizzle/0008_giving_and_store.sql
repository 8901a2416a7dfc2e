CREATE TABLE "cart_items" (
	"cart_id" uuid NOT NULL,
	"variant_id" integer NOT NULL,
	"quantity" integer NOT NULL,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cart_items_cart_id_variant_id_pk" PRIMARY KEY("cart_id","variant_id"),
	CONSTRAINT "cart_items_quantity" CHECK ("cart_items"."quantity" between 1 and 99)
);
--> statement-breakpoint
CREATE TABLE "carts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "carts_user_id_unique" UNIQUE("user_id")
);
--> statement-breakpoint
CREATE TABLE "gifts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"fund_id" integer,
	"fund_name" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"fee_cents" integer DEFAULT 0 NOT NULL,
	"currency" text DEFAULT 'usd' NOT NULL,
	"frequency" text DEFAULT 'one_time' NOT NULL,
	"recurring_gift_id" uuid,
	"status" text DEFAULT 'succeeded' NOT NULL,
	"refunded_cents" integer DEFAULT 0 NOT NULL,
	"user_id" text,
	"donor_name" text NOT NULL,
	"donor_email" text NOT NULL,
	"language" text DEFAULT 'en' NOT NULL,
	"stripe_checkout_session_id" text,
	"stripe_invoice_id" text,
	"stripe_payment_intent_id" text,
	"stripe_customer_id" text,
	"paid_at" timestamp with time zone NOT NULL,
	"receipt_sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "gifts_stripe_checkout_session_id_unique" UNIQUE("stripe_checkout_session_id"),
	CONSTRAINT "gifts_stripe_invoice_id_unique" UNIQUE("stripe_invoice_id"),
	CONSTRAINT "gifts_amount" CHECK ("gifts"."amount_cents" > 0),
	CONSTRAINT "gifts_fee" CHECK ("gifts"."fee_cents" >= 0),
	CONSTRAINT "gifts_refunded" CHECK ("gifts"."refunded_cents" between 0 and "gifts"."amount_cents" + "gifts"."fee_cents")
);
--> statement-breakpoint
CREATE TABLE "giving_funds" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"name_es" text,
	"description" text DEFAULT '' NOT NULL,
	"description_es" text,
	"active" boolean DEFAULT true NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "giving_funds_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "order_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" uuid NOT NULL,
	"variant_id" integer,
	"product_name" text NOT NULL,
	"product_name_es" text,
	"variant_label" text DEFAULT '' NOT NULL,
	"variant_label_es" text,
	"unit_price_cents" integer NOT NULL,
	"quantity" integer NOT NULL,
	CONSTRAINT "order_items_quantity" CHECK ("order_items"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"number" serial NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"user_id" text,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text,
	"language" text DEFAULT 'en' NOT NULL,
	"fulfillment" text NOT NULL,
	"shipping_address" jsonb,
	"subtotal_cents" integer NOT NULL,
	"shipping_cents" integer DEFAULT 0 NOT NULL,
	"total_cents" integer NOT NULL,
	"refunded_cents" integer DEFAULT 0 NOT NULL,
	"stripe_checkout_session_id" text,
	"stripe_payment_intent_id" text,
	"expires_at" timestamp with time zone NOT NULL,
	"paid_at" timestamp with time zone,
	"confirmation_sent_at" timestamp with time zone,
	"notes" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "orders_number_unique" UNIQUE("number"),
	CONSTRAINT "orders_stripe_checkout_session_id_unique" UNIQUE("stripe_checkout_session_id"),
	CONSTRAINT "orders_total" CHECK ("orders"."total_cents" = "orders"."subtotal_cents" + "orders"."shipping_cents")
);
--> statement-breakpoint
CREATE TABLE "product_variants" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"label" text DEFAULT '' NOT NULL,
	"label_es" text,
	"price_cents" integer,
	"stock" integer DEFAULT 0 NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "product_variants_stock" CHECK ("product_variants"."stock" >= 0),
	CONSTRAINT "product_variants_price" CHECK ("product_variants"."price_cents" is null or "product_variants"."price_cents" > 0)
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"name_es" text,
	"description" text DEFAULT '' NOT NULL,
	"description_es" text,
	"category" text DEFAULT 'other' NOT NULL,
	"image_url" text,
	"image_variant_base" text,
	"image_width" integer,
	"image_height" integer,
	"image_alt" text,
	"image_alt_es" text,
	"price_cents" integer NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "products_slug_unique" UNIQUE("slug"),
	CONSTRAINT "products_price" CHECK ("products"."price_cents" > 0)
);
--> statement-breakpoint
CREATE TABLE "recurring_gifts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"stripe_subscription_id" text NOT NULL,
	"stripe_checkout_session_id" text,
	"stripe_customer_id" text,
	"fund_id" integer,
	"fund_name" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"fee_cents" integer DEFAULT 0 NOT NULL,
	"frequency" text NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"user_id" text,
	"donor_name" text NOT NULL,
	"donor_email" text NOT NULL,
	"language" text DEFAULT 'en' NOT NULL,
	"canceled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "recurring_gifts_stripe_subscription_id_unique" UNIQUE("stripe_subscription_id"),
	CONSTRAINT "recurring_gifts_stripe_checkout_session_id_unique" UNIQUE("stripe_checkout_session_id"),
	CONSTRAINT "recurring_gifts_amount" CHECK ("recurring_gifts"."amount_cents" > 0)
);
--> statement-breakpoint
CREATE TABLE "stripe_events" (
	"id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"handled" boolean NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "church_settings" ADD COLUMN "giving_fee_percent_bp" integer DEFAULT 290 NOT NULL;--> statement-breakpoint
ALTER TABLE "church_settings" ADD COLUMN "giving_fee_fixed_cents" integer DEFAULT 30 NOT NULL;--> statement-breakpoint
ALTER TABLE "church_settings" ADD COLUMN "giving_text_number" text;--> statement-breakpoint
ALTER TABLE "church_settings" ADD COLUMN "giving_text_keyword" text;--> statement-breakpoint
ALTER TABLE "church_settings" ADD COLUMN "store_shipping_cents" integer DEFAULT 800 NOT NULL;--> statement-breakpoint
ALTER TABLE "church_settings" ADD COLUMN "store_shipping_enabled" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "cart_items" ADD CONSTRAINT "cart_items_cart_id_carts_id_fk" FOREIGN KEY ("cart_id") REFERENCES "public"."carts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_items" ADD CONSTRAINT "cart_items_variant_id_product_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."product_variants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "carts" ADD CONSTRAINT "carts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gifts" ADD CONSTRAINT "gifts_fund_id_giving_funds_id_fk" FOREIGN KEY ("fund_id") REFERENCES "public"."giving_funds"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gifts" ADD CONSTRAINT "gifts_recurring_gift_id_recurring_gifts_id_fk" FOREIGN KEY ("recurring_gift_id") REFERENCES "public"."recurring_gifts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gifts" ADD CONSTRAINT "gifts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_variant_id_product_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."product_variants"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_variants" ADD CONSTRAINT "product_variants_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recurring_gifts" ADD CONSTRAINT "recurring_gifts_fund_id_giving_funds_id_fk" FOREIGN KEY ("fund_id") REFERENCES "public"."giving_funds"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recurring_gifts" ADD CONSTRAINT "recurring_gifts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "gifts_paid_at_idx" ON "gifts" USING btree ("paid_at");--> statement-breakpoint
CREATE INDEX "gifts_user_idx" ON "gifts" USING btree ("user_id","paid_at");--> statement-breakpoint
CREATE INDEX "gifts_email_idx" ON "gifts" USING btree (lower("donor_email"));--> statement-breakpoint
CREATE INDEX "gifts_payment_intent_idx" ON "gifts" USING btree ("stripe_payment_intent_id");--> statement-breakpoint
CREATE INDEX "gifts_fund_idx" ON "gifts" USING btree ("fund_id","paid_at");--> statement-breakpoint
CREATE INDEX "order_items_order_idx" ON "order_items" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "orders_status_idx" ON "orders" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "orders_pending_expiry_idx" ON "orders" USING btree ("expires_at") WHERE "orders"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "orders_user_idx" ON "orders" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "orders_payment_intent_idx" ON "orders" USING btree ("stripe_payment_intent_id");--> statement-breakpoint
CREATE UNIQUE INDEX "product_variants_label_idx" ON "product_variants" USING btree ("product_id","label");--> statement-breakpoint
CREATE INDEX "recurring_gifts_user_idx" ON "recurring_gifts" USING btree ("user_id");--> statement-breakpoint
ALTER TABLE "church_settings" ADD CONSTRAINT "church_settings_giving_fee" CHECK ("church_settings"."giving_fee_percent_bp" between 0 and 1000 and "church_settings"."giving_fee_fixed_cents" between 0 and 500);--> statement-breakpoint
ALTER TABLE "church_settings" ADD CONSTRAINT "church_settings_shipping" CHECK ("church_settings"."store_shipping_cents" between 0 and 10000);