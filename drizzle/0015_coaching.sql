CREATE TABLE "coaching_bookings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"slot_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"month" text NOT NULL,
	"status" text DEFAULT 'booked' NOT NULL,
	"cancelled_reason" text,
	"reminded_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"cancelled_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "coaching_slots" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"coach_id" uuid,
	"coach_name" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"room_url" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "coaching_bookings" ADD CONSTRAINT "coaching_bookings_slot_id_coaching_slots_id_fk" FOREIGN KEY ("slot_id") REFERENCES "public"."coaching_slots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coaching_bookings" ADD CONSTRAINT "coaching_bookings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coaching_slots" ADD CONSTRAINT "coaching_slots_coach_id_users_id_fk" FOREIGN KEY ("coach_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "coaching_bookings_slot_live_idx" ON "coaching_bookings" USING btree ("slot_id") WHERE status = 'booked';--> statement-breakpoint
CREATE UNIQUE INDEX "coaching_bookings_month_live_idx" ON "coaching_bookings" USING btree ("user_id","month") WHERE status = 'booked';--> statement-breakpoint
CREATE UNIQUE INDEX "coaching_slots_coach_start_idx" ON "coaching_slots" USING btree ("coach_id","starts_at");--> statement-breakpoint
CREATE INDEX "coaching_slots_starts_idx" ON "coaching_slots" USING btree ("starts_at");