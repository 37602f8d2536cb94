-- A one-statement transfer (wallets repo postTransfer, decision 038) refuses from inside its SQL: below zero or over
-- a limit raises SQLSTATE DS001 naming the reason (DETAIL) and the account (HINT), and the statement writes nothing.
CREATE FUNCTION ledger_refuse(reason text, account_id integer) RETURNS bigint LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'ledger transfer refused: % on account %', reason, account_id
    USING ERRCODE = 'DS001', DETAIL = reason, HINT = account_id::text;
END $$;
