CREATE TABLE "address_lanes" (
	"address" text NOT NULL,
	"lane" smallint NOT NULL,
	"held" integer DEFAULT 0 NOT NULL,
	"touched_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "address_lanes_address_lane_pk" PRIMARY KEY("address","lane"),
	CONSTRAINT "address_lanes_held" CHECK ("address_lanes"."held" >= 0)
);
--> statement-breakpoint
-- Replaced by the lanes above (decision 043): it locked an address until COMMIT and counted
-- with `status = ANY($2)`, which the partial index on open orders cannot serve.
DROP FUNCTION IF EXISTS open_orders_of_address(text, text[], timestamp with time zone);
