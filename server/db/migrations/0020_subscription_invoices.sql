-- A subscription plan sold is a taxable supply with a tax invoice (decision 054): its price includes GST at 18%
-- under SAC 999799, split by the place of supply, the customer's address state (else the company's).
ALTER TABLE "customer_subscriptions" ADD COLUMN "invoice_no" varchar(16);--> statement-breakpoint
ALTER TABLE "customer_subscriptions" ADD COLUMN "invoiced_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "customer_subscriptions" ADD COLUMN "sac_code" varchar(8);--> statement-breakpoint
ALTER TABLE "customer_subscriptions" ADD COLUMN "place_of_supply" text;--> statement-breakpoint
ALTER TABLE "customer_subscriptions" ADD COLUMN "taxable_paise" integer;--> statement-breakpoint
ALTER TABLE "customer_subscriptions" ADD COLUMN "cgst_paise" integer;--> statement-breakpoint
ALTER TABLE "customer_subscriptions" ADD COLUMN "sgst_paise" integer;--> statement-breakpoint
ALTER TABLE "customer_subscriptions" ADD COLUMN "igst_paise" integer;--> statement-breakpoint
ALTER TABLE "customer_subscriptions" ADD CONSTRAINT "customer_subscriptions_invoice_no_uq" UNIQUE("invoice_no");--> statement-breakpoint
-- Every purchase's tax is backed out of its price (what was paid): taxable = price x 100/118 rounded half-up, the
-- GST the rest, split as the order lines split it (CGST half rounded half-up, SGST the rest; or all IGST). The place
-- of supply is the state of the address the customer's address list shows first (the default, else the newest),
-- else the company's. The company's state is configuration, not data: taken as 0019 took it (the state of the
-- intra-state orders, the demo company's Karnataka when there are none).
UPDATE customer_subscriptions cs SET
  sac_code = '999799',
  place_of_supply = x.pos,
  taxable_paise = (cs.price_paise * 200 + 118) / 236,
  cgst_paise = CASE WHEN x.pos = x.company THEN (cs.price_paise - (cs.price_paise * 200 + 118) / 236 + 1) / 2 ELSE 0 END,
  sgst_paise = CASE WHEN x.pos = x.company
    THEN (cs.price_paise - (cs.price_paise * 200 + 118) / 236) - (cs.price_paise - (cs.price_paise * 200 + 118) / 236 + 1) / 2
    ELSE 0 END,
  igst_paise = CASE WHEN x.pos = x.company THEN 0 ELSE cs.price_paise - (cs.price_paise * 200 + 118) / 236 END
FROM customer_subscriptions c
CROSS JOIN LATERAL (SELECT coalesce(
    (SELECT o.state_id FROM orders o WHERE o.intra_state AND o.state_id IS NOT NULL
      GROUP BY o.state_id ORDER BY count(*) DESC, o.state_id LIMIT 1),
    (SELECT st.id FROM states st WHERE st.name = 'Karnataka')) AS id) cid
CROSS JOIN LATERAL (SELECT
    coalesce(
      (SELECT coalesce(st.name, a.state) FROM customer_addresses a LEFT JOIN states st ON st.id = a.state_id
        WHERE a.customer_user_id = c.customer_user_id ORDER BY a.is_default DESC, a.id DESC LIMIT 1),
      (SELECT st.name FROM states st WHERE st.id = cid.id),
      'Karnataka') AS pos,
    coalesce((SELECT st.name FROM states st WHERE st.id = cid.id), 'Karnataka') AS company) x
WHERE c.id = cs.id;--> statement-breakpoint
-- The plans already paid (state active, paid when they started) are invoiced on their paid date, in the same INV
-- series per financial year as the orders: numbered in paid-date order after the last number each year's series
-- holds now (documents/service.ts seriesOf, INV/2627/000001).
WITH paid AS (
  SELECT cs.id, cs.starts_at,
    to_char(cs.starts_at AT TIME ZONE 'UTC' + interval '330 minutes' - interval '3 months', 'YYYY') :: int AS fy
  FROM customer_subscriptions cs WHERE cs.state = 'active' AND cs.starts_at IS NOT NULL
), numbered AS (
  SELECT p.id, p.starts_at, p.fy,
    'INV/' || p.fy || '-' || lpad(((p.fy + 1) % 100)::text, 2, '0') AS series,
    'INV/' || lpad((p.fy % 100)::text, 2, '0') || lpad(((p.fy + 1) % 100)::text, 2, '0') || '/' AS prefix,
    row_number() OVER (PARTITION BY p.fy ORDER BY p.starts_at, p.id) AS n
  FROM paid p
), last AS (
  SELECT n.id, n.starts_at, n.series, n.prefix, coalesce(dc.last, 0) + n.n AS num
  FROM numbered n LEFT JOIN document_counters dc ON dc.series = n.series
)
UPDATE customer_subscriptions cs SET
  invoice_no = l.prefix || lpad(l.num::text, greatest(6, length(l.num::text)), '0'),
  invoiced_at = l.starts_at
FROM last l WHERE l.id = cs.id;--> statement-breakpoint
INSERT INTO document_counters (series, last)
SELECT 'INV/' || fy || '-' || lpad(((fy + 1) % 100)::text, 2, '0'), count(*)
FROM (SELECT to_char(starts_at AT TIME ZONE 'UTC' + interval '330 minutes' - interval '3 months', 'YYYY') :: int AS fy
  FROM customer_subscriptions WHERE invoice_no IS NOT NULL) p
GROUP BY fy
ON CONFLICT (series) DO UPDATE SET last = document_counters.last + excluded.last;--> statement-breakpoint
ALTER TABLE "customer_subscriptions" ALTER COLUMN "sac_code" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "customer_subscriptions" ALTER COLUMN "place_of_supply" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "customer_subscriptions" ALTER COLUMN "taxable_paise" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "customer_subscriptions" ALTER COLUMN "cgst_paise" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "customer_subscriptions" ALTER COLUMN "sgst_paise" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "customer_subscriptions" ALTER COLUMN "igst_paise" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "customer_subscriptions" ADD CONSTRAINT "customer_subscriptions_tax_ck" CHECK ("customer_subscriptions"."taxable_paise" + "customer_subscriptions"."cgst_paise" + "customer_subscriptions"."sgst_paise" + "customer_subscriptions"."igst_paise" = "customer_subscriptions"."price_paise");--> statement-breakpoint
-- The invoiced plans' tax was credited to revenue: it moves to the heads in one transfer (the ledger is append-only),
-- revenue's first shard debited (it may go negative, decision 036), each head's first shard credited. None: no
-- transfer.
DO $$
DECLARE
  heads bigint[];
  t bigint;
BEGIN
  SELECT array[coalesce(sum(cgst_paise), 0), coalesce(sum(sgst_paise), 0), coalesce(sum(igst_paise), 0)]
  INTO heads FROM customer_subscriptions WHERE invoice_no IS NOT NULL;
  IF heads[1] = 0 AND heads[2] = 0 AND heads[3] = 0 THEN
    RETURN;
  END IF;
  INSERT INTO ledger_transfers (kind, reference, remark)
  VALUES ('gst_reclassified', 'Migration 0020', 'Output GST on subscription plans sold, from revenue (decision 054)')
  RETURNING id INTO t;
  UPDATE ledger_accounts SET balance = balance - (heads[1] + heads[2] + heads[3]) WHERE id = 7;
  INSERT INTO ledger_entries (transfer_id, account_id, amount, balance_after)
  SELECT t, 7, -(heads[1] + heads[2] + heads[3]), balance FROM ledger_accounts WHERE id = 7;
  UPDATE ledger_accounts SET balance = balance + heads[id - 11] WHERE id IN (12, 13, 14) AND heads[id - 11] <> 0;
  INSERT INTO ledger_entries (transfer_id, account_id, amount, balance_after)
  SELECT t, a.id, heads[a.id - 11], a.balance FROM ledger_accounts a WHERE a.id IN (12, 13, 14) AND heads[a.id - 11] <> 0;
END $$;
