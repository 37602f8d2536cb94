CREATE TABLE "live_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"kind" varchar(32) NOT NULL,
	"tags" text[] NOT NULL,
	"user_ids" integer[] DEFAULT '{}' NOT NULL,
	"roles" text[] DEFAULT '{}' NOT NULL,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "professional_services" (
	"id" serial PRIMARY KEY NOT NULL,
	"professional_user_id" integer NOT NULL,
	"service_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "professional_tips" (
	"order_line_id" integer PRIMARY KEY NOT NULL,
	"professional_user_id" integer NOT NULL,
	"amount_paise" bigint NOT NULL,
	"paid_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "professional_tips_amount_ck" CHECK ("professional_tips"."amount_paise" >= 0)
);
--> statement-breakpoint
CREATE TABLE "professional_zones" (
	"id" serial PRIMARY KEY NOT NULL,
	"professional_user_id" integer NOT NULL,
	"zone_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "professionals" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"professional_type" varchar(16) NOT NULL,
	"state_id" integer NOT NULL,
	"city_id" integer NOT NULL,
	"pin_code" varchar(6) NOT NULL,
	"home_zone_id" integer,
	"address_line1" text NOT NULL,
	"address_line2" text,
	"alt_contact_no" varchar(10),
	"birth_date" date,
	"pan_number" varchar(10) NOT NULL,
	"aadhaar_number" varchar(12) NOT NULL,
	"vendor_user_id" integer,
	"candidate_id" integer,
	"available" boolean DEFAULT true NOT NULL,
	"rating_count" integer DEFAULT 0 NOT NULL,
	"rating_total" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "professionals_type_ck" CHECK ("professionals"."professional_type" in ('Technician', 'Engineer')),
	CONSTRAINT "professionals_pan_ck" CHECK ("professionals"."pan_number" ~ '^[A-Z]{5}[0-9]{4}[A-Z]$'),
	CONSTRAINT "professionals_aadhaar_ck" CHECK ("professionals"."aadhaar_number" ~ '^[2-9][0-9]{11}$')
);
--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "review_hidden_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "review_hidden_by" integer;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "review_hidden_reason" text;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "zone_id" integer;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "completion_code" varchar(4);--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "completion_attempts" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "assignment_override" text;--> statement-breakpoint
ALTER TABLE "professional_services" ADD CONSTRAINT "professional_services_professional_user_id_users_id_fk" FOREIGN KEY ("professional_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "professional_services" ADD CONSTRAINT "professional_services_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "professional_tips" ADD CONSTRAINT "professional_tips_order_line_id_order_lines_id_fk" FOREIGN KEY ("order_line_id") REFERENCES "public"."order_lines"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "professional_tips" ADD CONSTRAINT "professional_tips_professional_user_id_users_id_fk" FOREIGN KEY ("professional_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "professional_zones" ADD CONSTRAINT "professional_zones_professional_user_id_users_id_fk" FOREIGN KEY ("professional_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "professional_zones" ADD CONSTRAINT "professional_zones_zone_id_zones_id_fk" FOREIGN KEY ("zone_id") REFERENCES "public"."zones"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "professionals" ADD CONSTRAINT "professionals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "professionals" ADD CONSTRAINT "professionals_state_id_states_id_fk" FOREIGN KEY ("state_id") REFERENCES "public"."states"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "professionals" ADD CONSTRAINT "professionals_city_id_cities_id_fk" FOREIGN KEY ("city_id") REFERENCES "public"."cities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "professionals" ADD CONSTRAINT "professionals_home_zone_id_zones_id_fk" FOREIGN KEY ("home_zone_id") REFERENCES "public"."zones"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "professionals" ADD CONSTRAINT "professionals_vendor_user_id_users_id_fk" FOREIGN KEY ("vendor_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "live_events_at_idx" ON "live_events" USING btree ("at");--> statement-breakpoint
CREATE UNIQUE INDEX "professional_services_uq" ON "professional_services" USING btree ("professional_user_id","service_id");--> statement-breakpoint
CREATE INDEX "professional_services_service_idx" ON "professional_services" USING btree ("service_id","professional_user_id");--> statement-breakpoint
CREATE INDEX "professional_tips_professional_idx" ON "professional_tips" USING btree ("professional_user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "professional_zones_uq" ON "professional_zones" USING btree ("professional_user_id","zone_id");--> statement-breakpoint
CREATE INDEX "professional_zones_zone_idx" ON "professional_zones" USING btree ("zone_id","professional_user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "professionals_pan_uq" ON "professionals" USING btree ("pan_number");--> statement-breakpoint
CREATE UNIQUE INDEX "professionals_aadhaar_uq" ON "professionals" USING btree ("aadhaar_number");--> statement-breakpoint
CREATE INDEX "professionals_vendor_idx" ON "professionals" USING btree ("vendor_user_id");--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_review_hidden_by_users_id_fk" FOREIGN KEY ("review_hidden_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_zone_id_zones_id_fk" FOREIGN KEY ("zone_id") REFERENCES "public"."zones"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_lines_state_slot_idx" ON "order_lines" USING btree ("state","slot_start","id");--> statement-breakpoint
CREATE INDEX "order_lines_professional_slot_idx" ON "order_lines" USING btree ("professional_user_id","slot_start") WHERE state in ('assigned', 'accepted');--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_completion_code_ck" CHECK ("order_lines"."completion_code" is null or "order_lines"."completion_code" ~ '^[0-9]{4}$');--> statement-breakpoint
-- Lines placed before this migration: their zone from the order's pincode, and a completion code for the open ones.
UPDATE "order_lines" l SET "zone_id" = zp."zone_id"
  FROM "orders" o JOIN "zone_pincodes" zp ON zp."pin_code" = o."pin_code"
  WHERE o."id" = l."order_id" AND l."zone_id" IS NULL;--> statement-breakpoint
UPDATE "order_lines" SET "completion_code" = lpad((floor(random() * 10000))::int::text, 4, '0')
  WHERE "completion_code" IS NULL AND "state" IN ('awaitingPayment', 'unassigned', 'assigned', 'accepted', 'paymentFailed');
