-- The demo role 部门管理员 (deptAdmin) sees its own department's users, units and positions,
-- not all data (issue #10): its grant of each page's 'all' scheme becomes the page's 'org' scheme.
UPDATE base_authorize AS a
SET item_id = own.id
FROM base_role AS r, base_module_data_scheme AS every, base_module AS m, base_module_data_scheme AS own
WHERE a.item_type = 'resource' AND a.object_type = 'Role' AND a.object_id = r.id AND r.en_code = 'deptAdmin'
  AND every.id = a.item_id AND every.en_code = 'all'
  AND m.id = every.module_id AND m.en_code IN ('permission.user', 'permission.organize', 'permission.position')
  AND own.module_id = m.id AND own.en_code = 'org' AND own.delete_mark = 0
  AND NOT EXISTS (
    SELECT 1 FROM base_authorize AS b
    WHERE b.object_type = 'Role' AND b.object_id = r.id AND b.item_type = 'resource' AND b.item_id = own.id
  );
--> statement-breakpoint
-- Where the role already held 'org' as well, the 'all' grant simply goes.
DELETE FROM base_authorize AS a
USING base_role AS r, base_module_data_scheme AS every, base_module AS m
WHERE a.item_type = 'resource' AND a.object_type = 'Role' AND a.object_id = r.id AND r.en_code = 'deptAdmin'
  AND every.id = a.item_id AND every.en_code = 'all'
  AND m.id = every.module_id AND m.en_code IN ('permission.user', 'permission.organize', 'permission.position');
