CREATE TABLE "offer_redemptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"offer_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"status" text NOT NULL,
	"budget_band" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "offers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" text NOT NULL,
	"label" text NOT NULL,
	"kind" text NOT NULL,
	"percent_off" integer,
	"amount_off_cents" integer,
	"trial_days" integer,
	"duration" text,
	"duration_months" integer,
	"applies_to" text NOT NULL,
	"ends_at" timestamp with time zone,
	"max_redemptions" integer,
	"redeemed" integer DEFAULT 0 NOT NULL,
	"requires_approval" boolean DEFAULT false NOT NULL,
	"archived_at" timestamp with time zone,
	"provider_coupon_id" text,
	"provider_promotion_code_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "offers_code_unique" UNIQUE("code")
);
--> statement-breakpoint
ALTER TABLE "billing_charges" ADD COLUMN "discount_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "billing_charges" ADD COLUMN "offer_id" uuid;--> statement-breakpoint
ALTER TABLE "local_billing_checkouts" ADD COLUMN "offer_id" uuid;--> statement-breakpoint
ALTER TABLE "local_billing_checkouts" ADD COLUMN "offer_terms" jsonb;--> statement-breakpoint
ALTER TABLE "local_billing_subscriptions" ADD COLUMN "offer_terms" jsonb;--> statement-breakpoint
ALTER TABLE "local_billing_subscriptions" ADD COLUMN "charges" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "offer_redemptions" ADD CONSTRAINT "offer_redemptions_offer_id_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."offers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offer_redemptions" ADD CONSTRAINT "offer_redemptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "offer_redemptions_offer_user_idx" ON "offer_redemptions" USING btree ("offer_id","user_id");--> statement-breakpoint
CREATE INDEX "offer_redemptions_user_idx" ON "offer_redemptions" USING btree ("user_id","status");--> statement-breakpoint
ALTER TABLE "billing_charges" ADD CONSTRAINT "billing_charges_offer_id_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."offers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "billing_charges_offer_idx" ON "billing_charges" USING btree ("offer_id");