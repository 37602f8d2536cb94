CREATE TABLE "coupon_offers" (
	"id" serial PRIMARY KEY NOT NULL,
	"coupon_id" integer NOT NULL,
	"service_id" integer,
	"category_id" integer,
	CONSTRAINT "coupon_offers_target_ck" CHECK (("coupon_offers"."service_id" is null) <> ("coupon_offers"."category_id" is null))
);
--> statement-breakpoint
CREATE TABLE "coupon_redemptions" (
	"id" serial PRIMARY KEY NOT NULL,
	"coupon_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"customer_user_id" integer NOT NULL,
	"discount_paise" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"released_at" timestamp with time zone,
	"release_reason" text,
	CONSTRAINT "coupon_redemptions_discount_ck" CHECK ("coupon_redemptions"."discount_paise" > 0)
);
--> statement-breakpoint
CREATE TABLE "coupons" (
	"ad_id" integer PRIMARY KEY NOT NULL,
	"code" varchar(24) NOT NULL,
	"discount_type" varchar(1) NOT NULL,
	"percent" integer,
	"flat_paise" integer,
	"cap_paise" integer,
	"min_order_paise" integer DEFAULT 0 NOT NULL,
	"valid_from" timestamp with time zone NOT NULL,
	"valid_to" timestamp with time zone NOT NULL,
	"total_limit" integer NOT NULL,
	"per_customer_limit" integer DEFAULT 1 NOT NULL,
	"state" varchar(16) DEFAULT 'draft' NOT NULL,
	"created_by" integer NOT NULL,
	"decided_by" integer,
	"decided_at" timestamp with time zone,
	"reject_remark" text,
	CONSTRAINT "coupons_type_ck" CHECK ("coupons"."discount_type" in ('P', 'F')),
	CONSTRAINT "coupons_amount_ck" CHECK (("coupons"."discount_type" = 'P' and "coupons"."percent" between 1 and 100 and "coupons"."flat_paise" is null) or ("coupons"."discount_type" = 'F' and "coupons"."flat_paise" > 0 and "coupons"."percent" is null and "coupons"."cap_paise" is null)),
	CONSTRAINT "coupons_cap_ck" CHECK ("coupons"."cap_paise" is null or "coupons"."cap_paise" > 0),
	CONSTRAINT "coupons_min_ck" CHECK ("coupons"."min_order_paise" >= 0),
	CONSTRAINT "coupons_validity_ck" CHECK ("coupons"."valid_to" > "coupons"."valid_from"),
	CONSTRAINT "coupons_limits_ck" CHECK ("coupons"."total_limit" >= 1 and "coupons"."per_customer_limit" >= 1)
);
--> statement-breakpoint
CREATE TABLE "customer_subscriptions" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_user_id" integer NOT NULL,
	"subscription_id" integer NOT NULL,
	"state" varchar(16) NOT NULL,
	"price_paise" integer NOT NULL,
	"duration_in_months" integer NOT NULL,
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"payment_intent_id" integer,
	"transfer_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "customer_subscriptions_state_ck" CHECK ("customer_subscriptions"."state" in ('awaitingPayment', 'active', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "home_screen_ads" (
	"id" serial PRIMARY KEY NOT NULL,
	"adv_type" varchar(4) NOT NULL,
	"description" text NOT NULL,
	"discount_desc" text DEFAULT '' NOT NULL,
	"image_url" text,
	"image_name" text,
	"status" boolean DEFAULT true NOT NULL,
	"added_by" integer NOT NULL,
	"added_by_role" varchar(8) NOT NULL,
	"create_date" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "home_screen_ads_type_ck" CHECK ("home_screen_ads"."adv_type" in ('CO', 'AD'))
);
--> statement-breakpoint
CREATE TABLE "referral_costs" (
	"id" serial PRIMARY KEY NOT NULL,
	"cost_paise" integer NOT NULL,
	"set_by" integer,
	"set_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "referrals" (
	"id" serial PRIMARY KEY NOT NULL,
	"referrer_user_id" integer NOT NULL,
	"referred_user_id" integer NOT NULL,
	"cost_paise" integer NOT NULL,
	"status" varchar(12) DEFAULT 'pending' NOT NULL,
	"refused_reason" text,
	"order_line_id" integer,
	"transfer_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone,
	CONSTRAINT "referrals_status_ck" CHECK ("referrals"."status" in ('pending', 'paid', 'refused')),
	CONSTRAINT "referrals_cost_ck" CHECK ("referrals"."cost_paise" >= 0)
);
--> statement-breakpoint
CREATE TABLE "special_package_services" (
	"id" serial PRIMARY KEY NOT NULL,
	"package_id" integer NOT NULL,
	"service_id" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "special_packages" (
	"id" serial PRIMARY KEY NOT NULL,
	"pkg_name" text NOT NULL,
	"pkg_desc" text NOT NULL,
	"price_paise" integer NOT NULL,
	"expired_status" varchar(1) DEFAULT 'N' NOT NULL,
	"pkg_image_name" text,
	"pkg_image_url" text,
	"created_by" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "special_packages_expired_ck" CHECK ("special_packages"."expired_status" in ('Y', 'N')),
	CONSTRAINT "special_packages_price_ck" CHECK ("special_packages"."price_paise" > 0)
);
--> statement-breakpoint
CREATE TABLE "subscription_discounts" (
	"id" serial PRIMARY KEY NOT NULL,
	"subscription_id" integer NOT NULL,
	"service_id" integer NOT NULL,
	"discount_type" varchar(1) NOT NULL,
	"discount" integer NOT NULL,
	"status" boolean DEFAULT true NOT NULL,
	CONSTRAINT "subscription_discounts_type_ck" CHECK ("subscription_discounts"."discount_type" in ('P', 'F')),
	CONSTRAINT "subscription_discounts_amount_ck" CHECK (("subscription_discounts"."discount_type" = 'P' and "subscription_discounts"."discount" between 1 and 100) or ("subscription_discounts"."discount_type" = 'F' and "subscription_discounts"."discount" > 0))
);
--> statement-breakpoint
CREATE TABLE "subscription_plans" (
	"id" serial PRIMARY KEY NOT NULL,
	"subscription_name" text NOT NULL,
	"duration_in_months" integer NOT NULL,
	"price_paise" integer NOT NULL,
	"image_url" text,
	"image_name" text,
	"status" boolean DEFAULT true NOT NULL,
	"is_delete" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "subscription_plans_duration_ck" CHECK ("subscription_plans"."duration_in_months" between 1 and 60),
	CONSTRAINT "subscription_plans_price_ck" CHECK ("subscription_plans"."price_paise" > 0)
);
--> statement-breakpoint
ALTER TABLE "cart_lines" ADD COLUMN "package_id" integer;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "promo_kind" varchar(12);--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "promo_discount_paise" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "package_id" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "coupon_id" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "coupon_code" varchar(24);--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "promo_discount_paise" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "coupon_offers" ADD CONSTRAINT "coupon_offers_coupon_id_coupons_ad_id_fk" FOREIGN KEY ("coupon_id") REFERENCES "public"."coupons"("ad_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupon_offers" ADD CONSTRAINT "coupon_offers_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupon_offers" ADD CONSTRAINT "coupon_offers_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupon_redemptions" ADD CONSTRAINT "coupon_redemptions_coupon_id_coupons_ad_id_fk" FOREIGN KEY ("coupon_id") REFERENCES "public"."coupons"("ad_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupon_redemptions" ADD CONSTRAINT "coupon_redemptions_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupon_redemptions" ADD CONSTRAINT "coupon_redemptions_customer_user_id_users_id_fk" FOREIGN KEY ("customer_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupons" ADD CONSTRAINT "coupons_ad_id_home_screen_ads_id_fk" FOREIGN KEY ("ad_id") REFERENCES "public"."home_screen_ads"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupons" ADD CONSTRAINT "coupons_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupons" ADD CONSTRAINT "coupons_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_subscriptions" ADD CONSTRAINT "customer_subscriptions_customer_user_id_users_id_fk" FOREIGN KEY ("customer_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_subscriptions" ADD CONSTRAINT "customer_subscriptions_subscription_id_subscription_plans_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscription_plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_subscriptions" ADD CONSTRAINT "customer_subscriptions_payment_intent_id_payment_intents_id_fk" FOREIGN KEY ("payment_intent_id") REFERENCES "public"."payment_intents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "home_screen_ads" ADD CONSTRAINT "home_screen_ads_added_by_users_id_fk" FOREIGN KEY ("added_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_costs" ADD CONSTRAINT "referral_costs_set_by_users_id_fk" FOREIGN KEY ("set_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referrals" ADD CONSTRAINT "referrals_referrer_user_id_users_id_fk" FOREIGN KEY ("referrer_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referrals" ADD CONSTRAINT "referrals_referred_user_id_users_id_fk" FOREIGN KEY ("referred_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "special_package_services" ADD CONSTRAINT "special_package_services_package_id_special_packages_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."special_packages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "special_package_services" ADD CONSTRAINT "special_package_services_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "special_packages" ADD CONSTRAINT "special_packages_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_discounts" ADD CONSTRAINT "subscription_discounts_subscription_id_subscription_plans_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscription_plans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_discounts" ADD CONSTRAINT "subscription_discounts_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "coupon_offers_service_uq" ON "coupon_offers" USING btree ("coupon_id","service_id");--> statement-breakpoint
CREATE UNIQUE INDEX "coupon_offers_category_uq" ON "coupon_offers" USING btree ("coupon_id","category_id");--> statement-breakpoint
CREATE UNIQUE INDEX "coupon_redemptions_order_uq" ON "coupon_redemptions" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "coupon_redemptions_live_idx" ON "coupon_redemptions" USING btree ("coupon_id","customer_user_id") WHERE released_at is null;--> statement-breakpoint
CREATE INDEX "coupon_redemptions_created_idx" ON "coupon_redemptions" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "coupons_code_uq" ON "coupons" USING btree (upper("code"));--> statement-breakpoint
CREATE INDEX "coupons_state_idx" ON "coupons" USING btree ("state","valid_to");--> statement-breakpoint
CREATE INDEX "customer_subscriptions_customer_idx" ON "customer_subscriptions" USING btree ("customer_user_id","ends_at");--> statement-breakpoint
CREATE UNIQUE INDEX "customer_subscriptions_intent_uq" ON "customer_subscriptions" USING btree ("payment_intent_id");--> statement-breakpoint
CREATE UNIQUE INDEX "customer_subscriptions_pending_uq" ON "customer_subscriptions" USING btree ("customer_user_id") WHERE state = 'awaitingPayment';--> statement-breakpoint
CREATE INDEX "home_screen_ads_type_idx" ON "home_screen_ads" USING btree ("adv_type","id") WHERE deleted_at is null;--> statement-breakpoint
CREATE UNIQUE INDEX "referrals_referred_uq" ON "referrals" USING btree ("referred_user_id");--> statement-breakpoint
CREATE INDEX "referrals_referrer_idx" ON "referrals" USING btree ("referrer_user_id","id");--> statement-breakpoint
CREATE INDEX "referrals_created_idx" ON "referrals" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "special_package_services_uq" ON "special_package_services" USING btree ("package_id","service_id");--> statement-breakpoint
CREATE UNIQUE INDEX "subscription_discounts_uq" ON "subscription_discounts" USING btree ("subscription_id","service_id");--> statement-breakpoint
CREATE INDEX "subscription_discounts_service_idx" ON "subscription_discounts" USING btree ("service_id");--> statement-breakpoint
CREATE UNIQUE INDEX "subscription_plans_name_uq" ON "subscription_plans" USING btree (lower("subscription_name")) WHERE is_delete = false;