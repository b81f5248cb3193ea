-- This database's installation: one row, made by the server at its first start with payments configured
-- (server/payments/installation.ts). Its id is in every Stripe idempotency key and object metadata, so two databases
-- on one Stripe account never share a customer or a payment (docs/decisions/0020-purchases-that-are-never-lost.md).
CREATE TABLE "installation" (
	"singleton" boolean DEFAULT true PRIMARY KEY NOT NULL,
	"id" varchar(64) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "installation_singleton" CHECK ("installation"."singleton")
);
--> statement-breakpoint
-- A purchase always names its PaymentIntent: the unique (reason, reference) is what credits a payment once, and a
-- null reference would escape it. NOT VALID: rows written before this check are left as they are.
ALTER TABLE "token_ledger" ADD CONSTRAINT "token_ledger_purchase_has_reference" CHECK ("token_ledger"."reason" <> 'purchase' OR "token_ledger"."reference" IS NOT NULL) NOT VALID;
