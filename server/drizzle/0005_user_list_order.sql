-- The user list's default order (sortCode, newest first) read from an index: the first page of
-- 100,000 users without a keyword needs no sort of the whole table.
CREATE INDEX IF NOT EXISTS base_user_list_order ON base_user (sort_code, creator_time DESC, id DESC) WHERE delete_mark = 0;
