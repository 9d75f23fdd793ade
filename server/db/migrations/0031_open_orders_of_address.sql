-- The open reservations of one client address, counted after taking that address's advisory
-- lock (decision 018), in one round trip (issue 19). The function is VOLATILE, so its count
-- runs on a snapshot taken after the lock is held: it sees every reservation of that address
-- committed while this one waited. The lock is held until the caller's transaction ends.
CREATE FUNCTION open_orders_of_address(address text, statuses text[], at timestamp with time zone)
RETURNS bigint
LANGUAGE sql
VOLATILE
AS $fn$
  SELECT pg_advisory_xact_lock(hashtextextended('open-orders:' || address, 0));
  SELECT count(*) FROM orders
  WHERE client_address = address AND status = ANY (statuses) AND reserved_until > at;
$fn$;
