-- A stock movement sent again with its Idempotency-Key (a retried form) is recorded once (products service
-- addStockMovement): the key and the hash of the request it came with are kept on the movement it made.
ALTER TABLE "stock_movements" ADD COLUMN "idempotency_key" varchar(100);
--> statement-breakpoint
ALTER TABLE "stock_movements" ADD COLUMN "request_hash" varchar(64);
--> statement-breakpoint
CREATE UNIQUE INDEX "stock_movements_idempotency_uq" ON "stock_movements" USING btree ("idempotency_key");
