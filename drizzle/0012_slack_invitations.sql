CREATE TABLE "slack_invitations" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"invited_at" timestamp with time zone DEFAULT now() NOT NULL,
	"invited_by" text NOT NULL,
	"method" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "slack_invitations" ADD CONSTRAINT "slack_invitations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;