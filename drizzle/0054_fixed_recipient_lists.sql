-- An edition's recipients, fixed in one row when it starts sending; the sender writes their deliveries (decision 099).
CREATE TABLE "edition_recipient_lists" (
	"edition_id" uuid PRIMARY KEY NOT NULL,
	"emails" text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "edition_recipient_lists" ADD CONSTRAINT "edition_recipient_lists_edition_id_newsletter_editions_id_fk" FOREIGN KEY ("edition_id") REFERENCES "public"."newsletter_editions"("id") ON DELETE cascade ON UPDATE no action;