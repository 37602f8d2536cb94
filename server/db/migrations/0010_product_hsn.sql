ALTER TABLE "product_request_lines" ADD COLUMN "hsn_code" varchar(8);--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "hsn_code" varchar(8);--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_hsn_ck" CHECK ("products"."hsn_code" is null or "products"."hsn_code" ~ '^[0-9]{4}([0-9]{2}){0,2}$');