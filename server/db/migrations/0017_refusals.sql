-- A one-statement transfer (wallets repo postTransfer, decision 038) refuses from inside its SQL: below zero or over
-- a limit raises SQLSTATE DS001 naming the reason (DETAIL) and the account (HINT), and the statement writes nothing.
CREATE FUNCTION ledger_refuse(reason text, account_id integer) RETURNS bigint LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'ledger transfer refused: % on account %', reason, account_id
    USING ERRCODE = 'DS001', DETAIL = reason, HINT = account_id::text;
END $$;
--> statement-breakpoint
-- The same for a one-statement stock movement (products repo applyMovements, decision 038): a product missing (its
-- name null) or taken out of bounds raises SQLSTATE DS002 with the product's row before the movement as JSON (DETAIL).
CREATE FUNCTION stock_refuse(product_id integer, product_name text, on_hand integer, reserved integer)
RETURNS bigint LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'stock movement refused on product %', product_id
    USING ERRCODE = 'DS002',
      DETAIL = json_build_object('id', product_id, 'name', product_name, 'onHand', on_hand, 'reserved', reserved)::text;
END $$;
