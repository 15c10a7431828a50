import { Table, type TableProps } from 'antd';
import { useTranslation } from 'react-i18next';

/** Page sizes of console.md 9. */
export const PAGE_SIZES = [20, 50, 100, 500] as const;
export const DEFAULT_PAGE_SIZE = 20;

export interface Paging {
  currentPage: number;
  pageSize: number;
}

export interface PagedTableProps<T> extends Omit<TableProps<T>, 'pagination'> {
  paging: Paging;
  total: number;
  onPageChange(paging: Paging): void;
}

/**
 * Table with the pager of console.md 9: total, sizes 20/50/100/500, prev, 5 page buttons, next,
 * jumper. The page number and size are owned by the caller (part of the query key).
 */
export function PagedTable<T extends object>({ paging, total, onPageChange, ...rest }: PagedTableProps<T>) {
  const { t } = useTranslation('widgets');
  return (
    <Table<T>
      size="middle"
      {...rest}
      pagination={{
        current: paging.currentPage,
        pageSize: paging.pageSize,
        total,
        showSizeChanger: true,
        showQuickJumper: true,
        pageSizeOptions: PAGE_SIZES.map(String),
        showTotal: (count) => t('table.total', { count }),
        onChange: (currentPage, pageSize) =>
          onPageChange({ currentPage: pageSize === paging.pageSize ? currentPage : 1, pageSize }),
      }}
    />
  );
}
