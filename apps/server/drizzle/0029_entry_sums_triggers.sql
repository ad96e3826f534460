-- The ledger's sums kept by the database itself (issue 31; ADR 016): every statement that writes `entries`
-- (a form, a batch, an import, the recurring scheduler, a restore, an owner's deletion) brings
-- `entry_month_sums` and `entry_day_sums` along in the same transaction, once per statement from its
-- transition tables, not once per row. What a statement took away is subtracted with an update only, never
-- an insert: an owner's deletion cascades to their sums and their lines in either order. Rows are written in
-- the key's order, so two statements over the same months take their row locks in one order.
CREATE FUNCTION entry_sums_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    UPDATE entry_month_sums s SET n = s.n - o.n, amount = s.amount - o.amount
    FROM (
      SELECT owner_id, date_trunc('month', date)::date AS month, type, category_id, subcategory_id, payment_method,
        count(*)::int AS n, sum(amount)::bigint AS amount
      FROM old_rows GROUP BY 1, 2, 3, 4, 5, 6
    ) o
    WHERE s.owner_id = o.owner_id AND s.month = o.month AND s.type = o.type AND s.category_id = o.category_id
      AND s.subcategory_id IS NOT DISTINCT FROM o.subcategory_id AND s.payment_method = o.payment_method;
    UPDATE entry_day_sums s SET n = s.n - o.n, amount = s.amount - o.amount
    FROM (SELECT owner_id, date, type, count(*)::int AS n, sum(amount)::bigint AS amount FROM old_rows GROUP BY 1, 2, 3) o
    WHERE s.owner_id = o.owner_id AND s.date = o.date AND s.type = o.type;
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN
    INSERT INTO entry_month_sums AS s (owner_id, month, type, category_id, subcategory_id, payment_method, n, amount)
    SELECT owner_id, date_trunc('month', date)::date, type, category_id, subcategory_id, payment_method, count(*)::int, sum(amount)::bigint
    FROM new_rows GROUP BY 1, 2, 3, 4, 5, 6 ORDER BY 1, 2, 3, 4, 5, 6
    ON CONFLICT (owner_id, month, type, category_id, subcategory_id, payment_method)
    DO UPDATE SET n = s.n + excluded.n, amount = s.amount + excluded.amount;
    INSERT INTO entry_day_sums AS s (owner_id, date, type, n, amount)
    SELECT owner_id, date, type, count(*)::int, sum(amount)::bigint FROM new_rows GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
    ON CONFLICT (owner_id, date, type) DO UPDATE SET n = s.n + excluded.n, amount = s.amount + excluded.amount;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER entries_sums_insert AFTER INSERT ON entries REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION entry_sums_apply();
--> statement-breakpoint
CREATE TRIGGER entries_sums_update AFTER UPDATE ON entries REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION entry_sums_apply();
--> statement-breakpoint
CREATE TRIGGER entries_sums_delete AFTER DELETE ON entries REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION entry_sums_apply();
--> statement-breakpoint
-- The lines written before this migration.
INSERT INTO entry_month_sums (owner_id, month, type, category_id, subcategory_id, payment_method, n, amount)
SELECT owner_id, date_trunc('month', date)::date, type, category_id, subcategory_id, payment_method, count(*)::int, sum(amount)::bigint
FROM entries GROUP BY 1, 2, 3, 4, 5, 6;
--> statement-breakpoint
INSERT INTO entry_day_sums (owner_id, date, type, n, amount)
SELECT owner_id, date, type, count(*)::int, sum(amount)::bigint FROM entries GROUP BY 1, 2, 3;
