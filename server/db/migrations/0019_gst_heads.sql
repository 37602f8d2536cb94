-- Output GST per head (decision 053): CGST, SGST/UTGST and IGST payable replace the single GST payable account.
ALTER TABLE "ledger_accounts" DROP CONSTRAINT "ledger_accounts_kind_ck";--> statement-breakpoint
ALTER TABLE "product_requests" ADD COLUMN "cgst_paise" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "product_requests" ADD COLUMN "sgst_paise" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "product_requests" ADD COLUMN "igst_paise" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "credit_notes" ADD COLUMN "cgst_paise" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "credit_notes" ADD COLUMN "sgst_paise" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "credit_notes" ADD COLUMN "igst_paise" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
-- A credit note reverses its line's GST as the line's invoice split it: all IGST, or CGST = half rounded half-up
-- and SGST the rest (server/domains/commerce/orders/quote.ts).
UPDATE credit_notes cn SET
  cgst_paise = CASE WHEN l.igst_paise = 0 THEN (cn.gst_paise + 1) / 2 ELSE 0 END,
  sgst_paise = CASE WHEN l.igst_paise = 0 THEN cn.gst_paise - (cn.gst_paise + 1) / 2 ELSE 0 END,
  igst_paise = CASE WHEN l.igst_paise = 0 THEN 0 ELSE cn.gst_paise END
FROM order_lines l WHERE l.id = cn.order_line_id;--> statement-breakpoint
-- A paid request's invoice split each line's GST by the vendor's state against the company's. The company's state is
-- configuration, not data: it is taken as the state of the intra-state orders (the demo company's Karnataka when
-- there are none); a vendor without a state collects at the store, intra-state (productRequests/reads.ts invoiceOf).
UPDATE product_requests r SET
  cgst_paise = s.cgst, sgst_paise = s.gst - s.cgst - s.igst, igst_paise = s.igst
FROM (
  SELECT l.request_id,
    sum(CASE WHEN x.intra THEN (l.gst_paise + 1) / 2 ELSE 0 END) AS cgst,
    sum(CASE WHEN x.intra THEN 0 ELSE l.gst_paise END) AS igst,
    sum(l.gst_paise) AS gst
  FROM product_request_lines l
  JOIN product_requests pr ON pr.id = l.request_id
  LEFT JOIN vendors v ON v.user_id = pr.vendor_user_id
  CROSS JOIN LATERAL (SELECT v.state_id IS NULL OR v.state_id = coalesce(
    (SELECT o.state_id FROM orders o WHERE o.intra_state AND o.state_id IS NOT NULL
      GROUP BY o.state_id ORDER BY count(*) DESC, o.state_id LIMIT 1),
    (SELECT st.id FROM states st WHERE st.name = 'Karnataka')) AS intra) x
  WHERE pr.invoice_no IS NOT NULL
  GROUP BY l.request_id
) s
WHERE r.id = s.request_id;--> statement-breakpoint
ALTER TABLE "product_requests" ADD CONSTRAINT "product_requests_gst_split_ck" CHECK ("product_requests"."invoice_no" is null or "product_requests"."cgst_paise" + "product_requests"."sgst_paise" + "product_requests"."igst_paise" = "product_requests"."gst_paise");--> statement-breakpoint
ALTER TABLE "credit_notes" ADD CONSTRAINT "credit_notes_gst_split_ck" CHECK ("credit_notes"."cgst_paise" + "credit_notes"."sgst_paise" + "credit_notes"."igst_paise" = "credit_notes"."gst_paise");--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_kind_ck" CHECK ("ledger_accounts"."kind" in ('customer_wallet', 'vendor_wallet', 'company_wallet', 'provider_clearing', 'bank', 'adjustments', 'revenue', 'gst_payable', 'tips_payable', 'marketing_expense', 'salary_payable', 'cgst_payable', 'sgst_payable', 'igst_payable'));--> statement-breakpoint
-- The heads under fixed ids (server/domains/money/wallets/repo.accounts.ts SYSTEM_ACCOUNTS), each with its 16 shards
-- as migration 0016 made them (decision 036).
INSERT INTO ledger_accounts (id, kind, provider, name, allow_negative) VALUES
  (12, 'cgst_payable', NULL, 'CGST payable', true),
  (13, 'sgst_payable', NULL, 'SGST/UTGST payable', true),
  (14, 'igst_payable', NULL, 'IGST payable', true);--> statement-breakpoint
INSERT INTO ledger_accounts (id, kind, provider, name, allow_negative, shard)
SELECT a.id * 16 + s, a.kind, a.provider, a.name, true, s
FROM ledger_accounts a, generate_series(1, 15) s
WHERE a.id IN (12, 13, 14);--> statement-breakpoint
-- The balance of GST payable moves into the heads in one transfer (the ledger is append-only): each head takes the
-- documents' tax for it (order invoices less credit notes, plus paid product requests), GST payable's shards go to
-- zero. Nothing to move on a fresh install: no transfer. Documents that do not add up to the balance stop the
-- migration, rather than leave a difference in a head.
DO $$
DECLARE
  heads bigint[];
  held bigint;
  t bigint;
BEGIN
  SELECT array[
    (SELECT coalesce(sum(l.cgst_paise), 0) FROM order_lines l JOIN orders o ON o.id = l.order_id WHERE o.invoice_no IS NOT NULL)
      - (SELECT coalesce(sum(cgst_paise), 0) FROM credit_notes)
      + (SELECT coalesce(sum(cgst_paise), 0) FROM product_requests WHERE invoice_no IS NOT NULL),
    (SELECT coalesce(sum(l.sgst_paise), 0) FROM order_lines l JOIN orders o ON o.id = l.order_id WHERE o.invoice_no IS NOT NULL)
      - (SELECT coalesce(sum(sgst_paise), 0) FROM credit_notes)
      + (SELECT coalesce(sum(sgst_paise), 0) FROM product_requests WHERE invoice_no IS NOT NULL),
    (SELECT coalesce(sum(l.igst_paise), 0) FROM order_lines l JOIN orders o ON o.id = l.order_id WHERE o.invoice_no IS NOT NULL)
      - (SELECT coalesce(sum(igst_paise), 0) FROM credit_notes)
      + (SELECT coalesce(sum(igst_paise), 0) FROM product_requests WHERE invoice_no IS NOT NULL)
  ] INTO heads;
  SELECT coalesce(sum(balance), 0) INTO held FROM ledger_accounts WHERE kind = 'gst_payable' AND owner_user_id IS NULL;
  IF held <> heads[1] + heads[2] + heads[3] THEN
    RAISE EXCEPTION 'GST payable holds % paise but the tax documents add up to % paise: reconcile before migrating',
      held, heads[1] + heads[2] + heads[3];
  END IF;
  IF held = 0 AND heads[1] = 0 AND heads[2] = 0 AND heads[3] = 0 THEN
    RETURN;
  END IF;
  INSERT INTO ledger_transfers (kind, reference, remark)
  VALUES ('gst_reclassified', 'Migration 0019', 'GST payable split into CGST, SGST/UTGST and IGST payable (decision 053)')
  RETURNING id INTO t;
  INSERT INTO ledger_entries (transfer_id, account_id, amount, balance_after)
  SELECT t, a.id, -a.balance, 0 FROM ledger_accounts a
  WHERE a.kind = 'gst_payable' AND a.owner_user_id IS NULL AND a.balance <> 0;
  UPDATE ledger_accounts SET balance = 0 WHERE kind = 'gst_payable' AND owner_user_id IS NULL AND balance <> 0;
  -- The heads are new: their shard 0 holds nothing before this entry.
  INSERT INTO ledger_entries (transfer_id, account_id, amount, balance_after)
  SELECT t, 12 + h - 1, heads[h], heads[h] FROM generate_series(1, 3) h WHERE heads[h] <> 0;
  UPDATE ledger_accounts SET balance = heads[id - 11] WHERE id IN (12, 13, 14);
END $$;
