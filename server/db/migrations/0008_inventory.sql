CREATE TABLE "product_request_cart" (
	"id" serial PRIMARY KEY NOT NULL,
	"vendor_user_id" integer NOT NULL,
	"professional_user_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"request_qty" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "product_request_cart_qty_ck" CHECK ("product_request_cart"."request_qty" between 1 and 10000)
);
--> statement-breakpoint
CREATE TABLE "product_request_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"request_id" integer NOT NULL,
	"professional_user_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"product_name" text NOT NULL,
	"quantity" integer NOT NULL,
	"mrp_paise" integer NOT NULL,
	"unit_price_paise" integer NOT NULL,
	"gst_percent" integer NOT NULL,
	"line_total_paise" bigint NOT NULL,
	"taxable_paise" bigint NOT NULL,
	"gst_paise" bigint NOT NULL,
	CONSTRAINT "product_request_lines_qty_ck" CHECK ("product_request_lines"."quantity" between 1 and 10000),
	CONSTRAINT "product_request_lines_total_ck" CHECK ("product_request_lines"."line_total_paise" = "product_request_lines"."unit_price_paise"::bigint * "product_request_lines"."quantity" and "product_request_lines"."taxable_paise" + "product_request_lines"."gst_paise" = "product_request_lines"."line_total_paise")
);
--> statement-breakpoint
CREATE TABLE "product_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"vendor_user_id" integer NOT NULL,
	"state" varchar(16) DEFAULT 'pendingIM' NOT NULL,
	"total_paise" bigint NOT NULL,
	"taxable_paise" bigint NOT NULL,
	"gst_paise" bigint NOT NULL,
	"reject_remark" text,
	"invoice_no" varchar(32),
	"transfer_id" bigint,
	"paid_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "product_requests_state_ck" CHECK ("product_requests"."state" in ('pendingIM', 'pendingAdmin', 'approved', 'rejectedByIM', 'rejectedByAdmin', 'issued', 'cancelled')),
	CONSTRAINT "product_requests_total_ck" CHECK ("product_requests"."total_paise" > 0 and "product_requests"."taxable_paise" + "product_requests"."gst_paise" = "product_requests"."total_paise")
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_name" text NOT NULL,
	"description" text,
	"mrp_paise" integer NOT NULL,
	"discount_type" varchar(10) DEFAULT 'percentage' NOT NULL,
	"discount" integer DEFAULT 0 NOT NULL,
	"actual_price_paise" integer NOT NULL,
	"cost_paise" integer NOT NULL,
	"gst_percent" integer NOT NULL,
	"image_url" text,
	"image_name" text,
	"on_hand" integer DEFAULT 0 NOT NULL,
	"reserved" integer DEFAULT 0 NOT NULL,
	"low_stock_at" integer DEFAULT 10 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "products_mrp_ck" CHECK ("products"."mrp_paise" > 0 and "products"."mrp_paise" <= 100000000),
	CONSTRAINT "products_discount_type_ck" CHECK ("products"."discount_type" in ('percentage', 'flat')),
	CONSTRAINT "products_discount_ck" CHECK ("products"."discount" >= 0 and ("products"."discount_type" = 'flat' or "products"."discount" <= 100) and ("products"."discount_type" = 'percentage' or "products"."discount" < "products"."mrp_paise")),
	CONSTRAINT "products_actual_price_ck" CHECK ("products"."actual_price_paise" > 0 and "products"."actual_price_paise" <= "products"."mrp_paise"),
	CONSTRAINT "products_cost_ck" CHECK ("products"."cost_paise" >= 0),
	CONSTRAINT "products_gst_ck" CHECK ("products"."gst_percent" between 0 and 100),
	CONSTRAINT "products_stock_ck" CHECK ("products"."on_hand" >= 0 and "products"."reserved" >= 0 and "products"."reserved" <= "products"."on_hand"),
	CONSTRAINT "products_low_stock_ck" CHECK ("products"."low_stock_at" >= 0)
);
--> statement-breakpoint
CREATE TABLE "stock_movements" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"kind" varchar(10) NOT NULL,
	"on_hand_delta" integer DEFAULT 0 NOT NULL,
	"reserved_delta" integer DEFAULT 0 NOT NULL,
	"on_hand_after" integer NOT NULL,
	"reserved_after" integer NOT NULL,
	"request_id" integer,
	"reason" text,
	"actor_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stock_movements_kind_ck" CHECK ("stock_movements"."kind" in ('received', 'reserved', 'released', 'issued', 'adjusted')),
	CONSTRAINT "stock_movements_after_ck" CHECK ("stock_movements"."on_hand_after" >= 0 and "stock_movements"."reserved_after" >= 0)
);
--> statement-breakpoint
CREATE TABLE "vendor_zones" (
	"id" serial PRIMARY KEY NOT NULL,
	"vendor_user_id" integer NOT NULL,
	"zone_id" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vendors" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"state_id" integer NOT NULL,
	"city_id" integer NOT NULL,
	"pin_code" varchar(6) NOT NULL,
	"address_line1" text NOT NULL,
	"address_line2" text,
	"birth_date" date,
	"gstin" varchar(15),
	"pan_number" varchar(10) NOT NULL,
	"aadhaar_number" varchar(12) NOT NULL,
	"aadhaar_proof_url" text,
	"aadhaar_file_name" text,
	"available" boolean DEFAULT true NOT NULL,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vendors_pan_ck" CHECK ("vendors"."pan_number" ~ '^[A-Z]{5}[0-9]{4}[A-Z]$'),
	CONSTRAINT "vendors_aadhaar_ck" CHECK ("vendors"."aadhaar_number" ~ '^[2-9][0-9]{11}$'),
	CONSTRAINT "vendors_gstin_ck" CHECK ("vendors"."gstin" is null or "vendors"."gstin" ~ '^[0-9]{2}[A-Z0-9]{13}$')
);
--> statement-breakpoint
ALTER TABLE "product_request_cart" ADD CONSTRAINT "product_request_cart_vendor_user_id_users_id_fk" FOREIGN KEY ("vendor_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_request_cart" ADD CONSTRAINT "product_request_cart_professional_user_id_users_id_fk" FOREIGN KEY ("professional_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_request_cart" ADD CONSTRAINT "product_request_cart_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_request_lines" ADD CONSTRAINT "product_request_lines_request_id_product_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."product_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_request_lines" ADD CONSTRAINT "product_request_lines_professional_user_id_users_id_fk" FOREIGN KEY ("professional_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_request_lines" ADD CONSTRAINT "product_request_lines_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_requests" ADD CONSTRAINT "product_requests_vendor_user_id_users_id_fk" FOREIGN KEY ("vendor_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_zones" ADD CONSTRAINT "vendor_zones_vendor_user_id_users_id_fk" FOREIGN KEY ("vendor_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_zones" ADD CONSTRAINT "vendor_zones_zone_id_zones_id_fk" FOREIGN KEY ("zone_id") REFERENCES "public"."zones"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendors" ADD CONSTRAINT "vendors_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendors" ADD CONSTRAINT "vendors_state_id_states_id_fk" FOREIGN KEY ("state_id") REFERENCES "public"."states"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendors" ADD CONSTRAINT "vendors_city_id_cities_id_fk" FOREIGN KEY ("city_id") REFERENCES "public"."cities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "product_request_cart_uq" ON "product_request_cart" USING btree ("vendor_user_id","professional_user_id","product_id");--> statement-breakpoint
CREATE INDEX "product_request_lines_request_idx" ON "product_request_lines" USING btree ("request_id");--> statement-breakpoint
CREATE INDEX "product_request_lines_product_idx" ON "product_request_lines" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "product_request_lines_professional_idx" ON "product_request_lines" USING btree ("professional_user_id");--> statement-breakpoint
CREATE INDEX "product_requests_state_idx" ON "product_requests" USING btree ("state","id");--> statement-breakpoint
CREATE INDEX "product_requests_vendor_idx" ON "product_requests" USING btree ("vendor_user_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "product_requests_invoice_uq" ON "product_requests" USING btree ("invoice_no");--> statement-breakpoint
CREATE UNIQUE INDEX "products_name_uq" ON "products" USING btree (lower("product_name")) WHERE "products"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "stock_movements_product_idx" ON "stock_movements" USING btree ("product_id","id");--> statement-breakpoint
CREATE INDEX "stock_movements_request_idx" ON "stock_movements" USING btree ("request_id");--> statement-breakpoint
CREATE INDEX "stock_movements_created_idx" ON "stock_movements" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "vendor_zones_uq" ON "vendor_zones" USING btree ("vendor_user_id","zone_id");--> statement-breakpoint
CREATE INDEX "vendor_zones_zone_idx" ON "vendor_zones" USING btree ("zone_id");--> statement-breakpoint
CREATE UNIQUE INDEX "vendors_pan_uq" ON "vendors" USING btree ("pan_number");--> statement-breakpoint
CREATE UNIQUE INDEX "vendors_aadhaar_uq" ON "vendors" USING btree ("aadhaar_number");--> statement-breakpoint
CREATE UNIQUE INDEX "vendors_gstin_uq" ON "vendors" USING btree ("gstin");--> statement-breakpoint
-- The stock ledger is append-only, like the money ledger (migration 0002): a correction is a new 'adjusted' row.
CREATE FUNCTION stock_movements_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'stock_movements is append-only: record an adjustment instead' USING ERRCODE = 'P0001';
END;
$$;--> statement-breakpoint
CREATE TRIGGER stock_movements_append_only BEFORE UPDATE OR DELETE ON stock_movements
  FOR EACH ROW EXECUTE FUNCTION stock_movements_append_only();--> statement-breakpoint
CREATE TRIGGER stock_movements_no_truncate BEFORE TRUNCATE ON stock_movements
  FOR EACH STATEMENT EXECUTE FUNCTION stock_movements_append_only();
