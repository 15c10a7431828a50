-- The extend demos' menu group is 扩展应用 (other.md 1); databases seeded before were given 系统示例.
-- A name an administrator has since changed is left as it is.
UPDATE "base_module" SET "full_name" = '扩展应用'
WHERE "en_code" = 'extend' AND "type" = 0 AND "full_name" = '系统示例';
