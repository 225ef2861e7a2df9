CREATE TABLE "send_rate_slots" (
	"name" text PRIMARY KEY NOT NULL,
	"next_start" timestamp with time zone NOT NULL
);
