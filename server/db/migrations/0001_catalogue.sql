CREATE TABLE "banners" (
	"id" serial PRIMARY KEY NOT NULL,
	"type" varchar(24) NOT NULL,
	"path" text DEFAULT '' NOT NULL,
	"image_url" text,
	"youtube_link" text,
	"service_id" integer,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"details" text DEFAULT '' NOT NULL,
	"image_url" text,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "category_zones" (
	"id" serial PRIMARY KEY NOT NULL,
	"category_id" integer NOT NULL,
	"zone_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "service_media" (
	"id" serial PRIMARY KEY NOT NULL,
	"service_id" integer NOT NULL,
	"kind" varchar(8) NOT NULL,
	"url" text NOT NULL,
	"file_name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "service_media_kind_ck" CHECK ("service_media"."kind" in ('image', 'video', 'youtube'))
);
--> statement-breakpoint
CREATE TABLE "services" (
	"id" serial PRIMARY KEY NOT NULL,
	"sub_category_id" integer NOT NULL,
	"heading" text NOT NULL,
	"details" text DEFAULT '' NOT NULL,
	"price_paise" integer NOT NULL,
	"discount_percent" integer DEFAULT 0 NOT NULL,
	"gst_percent" integer NOT NULL,
	"visiting_charges_paise" integer DEFAULT 0 NOT NULL,
	"professional_type" varchar(16) NOT NULL,
	"image_url" text,
	"banner_image_url" text,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "services_price_ck" CHECK ("services"."price_paise" > 0 and "services"."price_paise" <= 100000000),
	CONSTRAINT "services_discount_ck" CHECK ("services"."discount_percent" between 0 and 100),
	CONSTRAINT "services_gst_ck" CHECK ("services"."gst_percent" in (0, 5, 12, 18, 28)),
	CONSTRAINT "services_visiting_ck" CHECK ("services"."visiting_charges_paise" >= 0),
	CONSTRAINT "services_professional_ck" CHECK ("services"."professional_type" in ('Technician', 'Engineer'))
);
--> statement-breakpoint
CREATE TABLE "sub_categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"category_id" integer NOT NULL,
	"name" text NOT NULL,
	"heading_field" text DEFAULT '' NOT NULL,
	"image_url" text,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "zones_city_name_uq";--> statement-breakpoint
ALTER TABLE "banners" ADD CONSTRAINT "banners_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "category_zones" ADD CONSTRAINT "category_zones_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "category_zones" ADD CONSTRAINT "category_zones_zone_id_zones_id_fk" FOREIGN KEY ("zone_id") REFERENCES "public"."zones"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_media" ADD CONSTRAINT "service_media_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "services" ADD CONSTRAINT "services_sub_category_id_sub_categories_id_fk" FOREIGN KEY ("sub_category_id") REFERENCES "public"."sub_categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sub_categories" ADD CONSTRAINT "sub_categories_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "banners_type_idx" ON "banners" USING btree ("type");--> statement-breakpoint
CREATE INDEX "banners_service_idx" ON "banners" USING btree ("service_id");--> statement-breakpoint
CREATE UNIQUE INDEX "categories_name_uq" ON "categories" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "categories_created_idx" ON "categories" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "category_zones_uq" ON "category_zones" USING btree ("category_id","zone_id");--> statement-breakpoint
CREATE INDEX "category_zones_zone_idx" ON "category_zones" USING btree ("zone_id");--> statement-breakpoint
CREATE INDEX "service_media_service_idx" ON "service_media" USING btree ("service_id");--> statement-breakpoint
CREATE UNIQUE INDEX "services_sub_category_heading_uq" ON "services" USING btree ("sub_category_id",lower("heading"));--> statement-breakpoint
CREATE INDEX "services_heading_idx" ON "services" USING btree (lower("heading"));--> statement-breakpoint
CREATE INDEX "services_created_idx" ON "services" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "sub_categories_category_name_uq" ON "sub_categories" USING btree ("category_id",lower("name"));--> statement-breakpoint
CREATE INDEX "sub_categories_name_idx" ON "sub_categories" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "customers_zone_idx" ON "customers" USING btree ("zone_id");--> statement-breakpoint
CREATE UNIQUE INDEX "zones_city_lower_name_uq" ON "zones" USING btree ("city_id",lower("zone_name"));