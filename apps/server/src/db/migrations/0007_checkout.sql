ALTER TABLE "payments" DROP CONSTRAINT "payments_status_check";--> statement-breakpoint
CREATE UNIQUE INDEX "sales_once_per_buyer_key" ON "sales" USING btree ("resource_id","buyer_id") WHERE not is_gift;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_status_check" CHECK ("status" in ('pending', 'authorized', 'captured', 'failed', 'refunded'));