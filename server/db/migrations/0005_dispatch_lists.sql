-- Dispatch's open lists by zone (decision 016): a zone's unassigned (or assigned) lines in slot order, and their
-- capped count, read this index alone instead of every open line's row.
CREATE INDEX "order_lines_open_zone_slot_idx" ON "order_lines" USING btree ("state","zone_id","slot_start","id") WHERE state in ('unassigned', 'assigned', 'accepted');
