DROP INDEX "flow_task_operator_pending";--> statement-breakpoint
ALTER TABLE "flow_task_operator" ADD COLUMN "task_live" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "flow_task_operator_pending" ON "flow_task_operator" USING btree ("handle_id","creator_time" DESC NULLS LAST,"id" DESC NULLS LAST,"task_id") WHERE "flow_task_operator"."completion" = 0 and "flow_task_operator"."waiting" = 0 and "flow_task_operator"."state" <> -1 and "flow_task_operator"."task_live" = 1;--> statement-breakpoint
-- task_live of flow_task_operator mirrors "its task is running (status 1) and not deleted"; the
-- database keeps it, so no code path that changes a task's status can forget it.
CREATE OR REPLACE FUNCTION flow_task_operator_set_task_live() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.task_live := COALESCE((SELECT (t.status = 1 AND t.delete_mark = 0)::int FROM flow_task t WHERE t.id = NEW.task_id), 0);
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER flow_task_operator_task_live BEFORE INSERT OR UPDATE OF task_id, task_live ON flow_task_operator
  FOR EACH ROW EXECUTE FUNCTION flow_task_operator_set_task_live();--> statement-breakpoint
CREATE OR REPLACE FUNCTION flow_task_sync_task_live() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE flow_task_operator SET task_live = (NEW.status = 1 AND NEW.delete_mark = 0)::int
  WHERE task_id = NEW.id AND task_live <> (NEW.status = 1 AND NEW.delete_mark = 0)::int;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER flow_task_task_live AFTER UPDATE OF status, delete_mark ON flow_task
  FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD.delete_mark IS DISTINCT FROM NEW.delete_mark)
  EXECUTE FUNCTION flow_task_sync_task_live();--> statement-breakpoint
UPDATE flow_task_operator o SET task_live = 1 FROM flow_task t WHERE t.id = o.task_id AND t.status = 1 AND t.delete_mark = 0;
