CREATE TABLE "candidate_documents" (
	"candidate_id" integer PRIMARY KEY NOT NULL,
	"education_file_name" text,
	"education_file_url" text,
	"aadhar_file_name" text,
	"aadhar_file_url" text,
	"pan_file_name" text,
	"pan_file_url" text,
	"profile_image_file_name" text,
	"profile_image_file_url" text,
	"prev_org_file_name" text,
	"prev_org_file_url" text,
	"aadhar_number" varchar(12),
	"pan_number" varchar(10),
	"expected_sal_paise" bigint,
	"offered_sal_paise" bigint,
	"previous_sal_paise" bigint,
	"expected_join_date" date,
	"verification_sts" varchar(10) DEFAULT 'Pending' NOT NULL,
	"bank_acc_no" varchar(18),
	"bank_ifsc" varchar(11),
	"pf_acc_no" varchar(22),
	"uan_no" varchar(12),
	"esi_no" varchar(17),
	"updated_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "candidate_documents_verification_ck" CHECK ("candidate_documents"."verification_sts" in ('Pending', 'Verified', 'Rejected')),
	CONSTRAINT "candidate_documents_pan_ck" CHECK ("candidate_documents"."pan_number" is null or "candidate_documents"."pan_number" ~ '^[A-Z]{5}[0-9]{4}[A-Z]$'),
	CONSTRAINT "candidate_documents_aadhar_ck" CHECK ("candidate_documents"."aadhar_number" is null or "candidate_documents"."aadhar_number" ~ '^[2-9][0-9]{11}$'),
	CONSTRAINT "candidate_documents_ifsc_ck" CHECK ("candidate_documents"."bank_ifsc" is null or "candidate_documents"."bank_ifsc" ~ '^[A-Z]{4}0[A-Z0-9]{6}$'),
	CONSTRAINT "candidate_documents_uan_ck" CHECK ("candidate_documents"."uan_no" is null or "candidate_documents"."uan_no" ~ '^[0-9]{12}$'),
	CONSTRAINT "candidate_documents_salary_ck" CHECK (coalesce("candidate_documents"."expected_sal_paise", 0) >= 0 and coalesce("candidate_documents"."offered_sal_paise", 0) >= 0 and coalesce("candidate_documents"."previous_sal_paise", 0) >= 0)
);
--> statement-breakpoint
CREATE TABLE "candidate_steps" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"candidate_id" integer NOT NULL,
	"actor_id" integer,
	"from_state" varchar(16),
	"to_state" varchar(16) NOT NULL,
	"event" varchar(24) NOT NULL,
	"remark" text,
	"rev_salary_paise" bigint,
	"rev_join_date" date,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "candidate_steps_salary_ck" CHECK ("candidate_steps"."rev_salary_paise" is null or "candidate_steps"."rev_salary_paise" >= 0)
);
--> statement-breakpoint
CREATE TABLE "candidates" (
	"id" serial PRIMARY KEY NOT NULL,
	"first_name" varchar(50) NOT NULL,
	"middle_name" varchar(50),
	"last_name" varchar(50) NOT NULL,
	"phone" varchar(10) NOT NULL,
	"email" varchar(200),
	"address" text NOT NULL,
	"pincode" varchar(6) NOT NULL,
	"dob" date NOT NULL,
	"designation_type" varchar(16) NOT NULL,
	"off_on_role" varchar(8) NOT NULL,
	"total_exp" smallint DEFAULT 0 NOT NULL,
	"cv_file_name" text,
	"cv_file_url" text,
	"state" varchar(16) DEFAULT 'new' NOT NULL,
	"revised_salary_paise" bigint,
	"revised_join_date" date,
	"professional_user_id" integer,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "candidates_state_ck" CHECK ("candidates"."state" in ('new', 'screened', 'interview', 'finalised', 'sentForApproval', 'approved', 'appointed', 'rejected', 'adminRejected')),
	CONSTRAINT "candidates_designation_ck" CHECK ("candidates"."designation_type" in ('Technician', 'Engineer')),
	CONSTRAINT "candidates_role_ck" CHECK ("candidates"."off_on_role" in ('OnRoll', 'OffRoll')),
	CONSTRAINT "candidates_exp_ck" CHECK ("candidates"."total_exp" between 0 and 60),
	CONSTRAINT "candidates_phone_ck" CHECK ("candidates"."phone" ~ '^[6-9][0-9]{9}$'),
	CONSTRAINT "candidates_pincode_ck" CHECK ("candidates"."pincode" ~ '^[1-9][0-9]{5}$'),
	CONSTRAINT "candidates_salary_ck" CHECK ("candidates"."revised_salary_paise" is null or "candidates"."revised_salary_paise" >= 0)
);
--> statement-breakpoint
CREATE TABLE "professional_bank_details" (
	"professional_user_id" integer PRIMARY KEY NOT NULL,
	"candidate_id" integer,
	"bank_acc_no" varchar(18),
	"bank_ifsc" varchar(11),
	"pf_acc_no" varchar(22),
	"uan_no" varchar(12),
	"esi_no" varchar(17),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "professional_bank_details_ifsc_ck" CHECK ("professional_bank_details"."bank_ifsc" is null or "professional_bank_details"."bank_ifsc" ~ '^[A-Z]{4}0[A-Z0-9]{6}$')
);
--> statement-breakpoint
ALTER TABLE "candidate_documents" ADD CONSTRAINT "candidate_documents_candidate_id_candidates_id_fk" FOREIGN KEY ("candidate_id") REFERENCES "public"."candidates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "candidate_documents" ADD CONSTRAINT "candidate_documents_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "candidate_steps" ADD CONSTRAINT "candidate_steps_candidate_id_candidates_id_fk" FOREIGN KEY ("candidate_id") REFERENCES "public"."candidates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "candidate_steps" ADD CONSTRAINT "candidate_steps_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "candidates" ADD CONSTRAINT "candidates_professional_user_id_users_id_fk" FOREIGN KEY ("professional_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "candidates" ADD CONSTRAINT "candidates_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "professional_bank_details" ADD CONSTRAINT "professional_bank_details_professional_user_id_users_id_fk" FOREIGN KEY ("professional_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "professional_bank_details" ADD CONSTRAINT "professional_bank_details_candidate_id_candidates_id_fk" FOREIGN KEY ("candidate_id") REFERENCES "public"."candidates"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "candidate_documents_verification_idx" ON "candidate_documents" USING btree ("verification_sts");--> statement-breakpoint
CREATE INDEX "candidate_steps_candidate_idx" ON "candidate_steps" USING btree ("candidate_id","id");--> statement-breakpoint
CREATE INDEX "candidate_steps_at_idx" ON "candidate_steps" USING btree ("at");--> statement-breakpoint
CREATE INDEX "candidate_steps_actor_at_idx" ON "candidate_steps" USING btree ("actor_id","at");--> statement-breakpoint
CREATE INDEX "candidates_state_created_idx" ON "candidates" USING btree ("state","created_at","id");--> statement-breakpoint
CREATE INDEX "candidates_state_name_idx" ON "candidates" USING btree ("state","first_name","last_name","id");--> statement-breakpoint
CREATE INDEX "candidates_created_idx" ON "candidates" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "candidates_name_idx" ON "candidates" USING btree ("first_name","last_name","id");--> statement-breakpoint
CREATE INDEX "candidates_phone_idx" ON "candidates" USING btree ("phone");--> statement-breakpoint
CREATE UNIQUE INDEX "candidates_open_phone_uq" ON "candidates" USING btree ("phone") WHERE state in ('new', 'screened', 'interview', 'finalised', 'sentForApproval', 'approved');--> statement-breakpoint
CREATE UNIQUE INDEX "candidates_open_email_uq" ON "candidates" USING btree (lower("email")) WHERE state in ('new', 'screened', 'interview', 'finalised', 'sentForApproval', 'approved');--> statement-breakpoint
CREATE UNIQUE INDEX "candidates_professional_uq" ON "candidates" USING btree ("professional_user_id");
