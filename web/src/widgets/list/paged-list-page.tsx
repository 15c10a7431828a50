import type { TableColumnsType } from 'antd';
import type { ReactNode } from 'react';
import { PagedTable, type PagedTableProps } from './paged-table';
import { RefreshButton } from './refresh-button';
import { SearchBar } from './search-bar';

/**
 * The frame of a searchable paged list page: search bar (the page's filters, then the keyword),
 * toolbar (the page's buttons, then reload) and the paged table; `children` (the page's dialogs)
 * render after it.
 */
export function PagedListPage<T extends object>({
  className = 'list-page',
  testId,
  keyword,
  placeholder,
  onSearch,
  filters,
  toolbar,
  refreshLabel,
  onRefresh,
  columns,
  tableProps,
  scrollX,
  children,
}: {
  className?: string;
  testId?: string;
  keyword: string;
  placeholder: string;
  onSearch(keyword: string): void;
  filters?: ReactNode;
  toolbar: ReactNode;
  refreshLabel: string;
  onRefresh(): void;
  columns: TableColumnsType<T>;
  tableProps: Pick<
    PagedTableProps<T>,
    'dataSource' | 'loading' | 'paging' | 'total' | 'onPageChange' | 'rowSelection'
  >;
  scrollX: number;
  children?: ReactNode;
}) {
  return (
    <div className={className} data-testid={testId}>
      <div className="list-page__search">
        <SearchBar keyword={keyword} placeholder={placeholder} onSearch={onSearch}>
          {filters}
        </SearchBar>
      </div>
      <div className="list-page__body">
        <div className="list-page__toolbar">
          {toolbar}
          <RefreshButton label={refreshLabel} onRefresh={onRefresh} />
        </div>
        <PagedTable<T> rowKey="id" columns={columns} {...tableProps} scroll={{ x: scrollX }} />
      </div>
      {children}
    </div>
  );
}
