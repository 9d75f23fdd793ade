-- Lets one statement undo itself (decision 044): a reservation written as a single statement
-- calls this in its final SELECT when a guarded update found no room, and the error rolls back
-- every change the statement made. SQLSTATE TS409 tells the app it was this, with the reason.
CREATE FUNCTION fail_statement(reason text) RETURNS text
  LANGUAGE plpgsql VOLATILE
  AS $$ BEGIN RAISE EXCEPTION USING ERRCODE = 'TS409', MESSAGE = reason; END $$;
