CREATE TABLE "edition_feedback" (
	"edition_id" uuid NOT NULL,
	"answer" text NOT NULL,
	"day" date NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "edition_feedback_edition_id_answer_day_pk" PRIMARY KEY("edition_id","answer","day")
);
--> statement-breakpoint
CREATE TABLE "edition_link_clicks" (
	"edition_id" uuid NOT NULL,
	"number" integer NOT NULL,
	"day" date NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "edition_link_clicks_edition_id_number_day_pk" PRIMARY KEY("edition_id","number","day")
);
--> statement-breakpoint
CREATE TABLE "edition_links" (
	"edition_id" uuid NOT NULL,
	"number" integer NOT NULL,
	"url" text NOT NULL,
	CONSTRAINT "edition_links_edition_id_number_pk" PRIMARY KEY("edition_id","number")
);
--> statement-breakpoint
CREATE TABLE "edition_unsubscribes" (
	"edition_id" uuid PRIMARY KEY NOT NULL,
	"count" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "newsletter_editions" ADD COLUMN "ask_feedback" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "edition_feedback" ADD CONSTRAINT "edition_feedback_edition_id_newsletter_editions_id_fk" FOREIGN KEY ("edition_id") REFERENCES "public"."newsletter_editions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "edition_link_clicks" ADD CONSTRAINT "edition_link_clicks_link_fk" FOREIGN KEY ("edition_id","number") REFERENCES "public"."edition_links"("edition_id","number") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "edition_links" ADD CONSTRAINT "edition_links_edition_id_newsletter_editions_id_fk" FOREIGN KEY ("edition_id") REFERENCES "public"."newsletter_editions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "edition_unsubscribes" ADD CONSTRAINT "edition_unsubscribes_edition_id_newsletter_editions_id_fk" FOREIGN KEY ("edition_id") REFERENCES "public"."newsletter_editions"("id") ON DELETE cascade ON UPDATE no action;