-- The day a professional joined (decision 033): attendance counts from it. Existing professionals joined on the India
-- calendar day of their creation, or earlier when the database already holds their attendance or pay from before it
-- (the month of their first recorded day, their first salary structure), so no recorded past becomes "not joined".
ALTER TABLE "professionals" ADD COLUMN "joined_on" date;--> statement-breakpoint
UPDATE "professionals" p SET "joined_on" = least(
  (p."created_at" AT TIME ZONE 'Asia/Kolkata')::date,
  (select date_trunc('month', min(a."day"))::date from "attendance_days" a where a."user_id" = p."user_id"),
  (select min(s."effective_from") from "salary_structures" s where s."user_id" = p."user_id")
);--> statement-breakpoint
ALTER TABLE "professionals" ALTER COLUMN "joined_on" SET NOT NULL;
