CREATE TABLE "attendance_audit" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"kind" varchar(10) NOT NULL,
	"user_id" integer,
	"day" date,
	"year" integer NOT NULL,
	"month" integer NOT NULL,
	"actor_id" integer,
	"before" jsonb,
	"after" jsonb,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "attendance_audit_kind_ck" CHECK ("attendance_audit"."kind" in ('correction', 'lock', 'unlock'))
);
--> statement-breakpoint
CREATE TABLE "attendance_days" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"day" date NOT NULL,
	"status" varchar(10) NOT NULL,
	"check_in_at" timestamp with time zone,
	"check_out_at" timestamp with time zone,
	"source" varchar(10) DEFAULT 'self' NOT NULL,
	"updated_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "attendance_days_status_ck" CHECK ("attendance_days"."status" in ('present', 'absent', 'halfDay', 'leave', 'holiday', 'weeklyOff')),
	CONSTRAINT "attendance_days_source_ck" CHECK ("attendance_days"."source" in ('self', 'available', 'hr')),
	CONSTRAINT "attendance_days_times_ck" CHECK ("attendance_days"."check_out_at" is null or ("attendance_days"."check_in_at" is not null and "attendance_days"."check_out_at" >= "attendance_days"."check_in_at"))
);
--> statement-breakpoint
CREATE TABLE "attendance_month_locks" (
	"year" integer NOT NULL,
	"month" integer NOT NULL,
	"locked_by" integer,
	"locked_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "attendance_month_locks_year_month_pk" PRIMARY KEY("year","month"),
	CONSTRAINT "attendance_month_locks_month_ck" CHECK ("attendance_month_locks"."month" between 1 and 12)
);
--> statement-breakpoint
CREATE TABLE "holidays" (
	"id" serial PRIMARY KEY NOT NULL,
	"day" date NOT NULL,
	"name" text NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "holidays_name_ck" CHECK (length("holidays"."name") between 1 and 80)
);
--> statement-breakpoint
ALTER TABLE "attendance_audit" ADD CONSTRAINT "attendance_audit_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendance_audit" ADD CONSTRAINT "attendance_audit_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendance_days" ADD CONSTRAINT "attendance_days_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendance_days" ADD CONSTRAINT "attendance_days_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendance_month_locks" ADD CONSTRAINT "attendance_month_locks_locked_by_users_id_fk" FOREIGN KEY ("locked_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "holidays" ADD CONSTRAINT "holidays_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "attendance_audit_user_idx" ON "attendance_audit" USING btree ("user_id","day");--> statement-breakpoint
CREATE INDEX "attendance_audit_month_idx" ON "attendance_audit" USING btree ("year","month");--> statement-breakpoint
CREATE UNIQUE INDEX "attendance_days_user_day_uq" ON "attendance_days" USING btree ("user_id","day");--> statement-breakpoint
CREATE INDEX "attendance_days_day_idx" ON "attendance_days" USING btree ("day");--> statement-breakpoint
CREATE UNIQUE INDEX "holidays_day_uq" ON "holidays" USING btree ("day");
