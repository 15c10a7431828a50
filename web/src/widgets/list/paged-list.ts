import { keepPreviousData, type QueryKey, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { DEFAULT_PAGE_SIZE, type Paging } from './paged-table';

/** What a paged list endpoint answers (api-contract: { list, pagination }). */
export interface PagedAnswer<T> {
  list: T[];
  pagination: { total: number };
}

/**
 * State of a searchable paged list page: keyword, page, the query (previous page kept while the next
 * loads) and the props PagedTable takes. A new search or filter goes back to page 1.
 */
export function usePagedList<T, Q extends { keyword: string } & Paging>({
  filters,
  queryKey,
  queryFn,
}: {
  /** Further query fields of the page (e.g. the unit picked in a side tree). */
  filters?: Omit<Q, 'keyword' | keyof Paging>;
  queryKey(query: Q): QueryKey;
  queryFn(query: Q): Promise<PagedAnswer<T>>;
}) {
  const [keyword, setKeyword] = useState('');
  const [paging, setPaging] = useState<Paging>({ currentPage: 1, pageSize: DEFAULT_PAGE_SIZE });
  const query = { keyword, ...filters, ...paging } as Q;
  const list = useQuery({
    queryKey: queryKey(query),
    queryFn: () => queryFn(query),
    placeholderData: keepPreviousData,
  });
  const firstPage = () => setPaging((old) => ({ ...old, currentPage: 1 }));
  const search = (next: string) => {
    setKeyword(next);
    firstPage();
  };
  const tableProps = {
    dataSource: list.data?.list ?? [],
    loading: list.isFetching,
    paging,
    total: list.data?.pagination.total ?? 0,
    onPageChange: setPaging,
  };
  return { keyword, search, firstPage, list, tableProps };
}
