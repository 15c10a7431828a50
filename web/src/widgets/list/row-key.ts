/**
 * A row key for rows that have no id of their own (query results, report rows, failed import
 * rows): the row's place in `rows`. antd deprecated the `index` argument of `rowKey`, which is not
 * the place in the data on every call; this looks the row up instead.
 */
export function rowIndexKey<T extends object>(rows: readonly T[]): (row: T) => string {
  const places = new WeakMap<T, string>();
  rows.forEach((row, index) => {
    places.set(row, String(index));
  });
  return (row) => places.get(row) ?? '';
}
