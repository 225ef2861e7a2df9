CREATE TABLE "told_once" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"topic" text NOT NULL,
	"user_id" uuid,
	"email" text,
	"details" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "told_once_has_person" CHECK ("told_once"."user_id" is not null or "told_once"."email" is not null)
);
--> statement-breakpoint
ALTER TABLE "told_once" ADD CONSTRAINT "told_once_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "told_once_topic_person_idx" ON "told_once" USING btree ("topic",coalesce("user_id"::text, lower("email")));--> statement-breakpoint
CREATE INDEX "told_once_user_idx" ON "told_once" USING btree ("user_id");