import type { TableColumnType } from 'antd';
import dayjs from 'dayjs';
import { StateCell } from './state-cell';

/** The sort-code column of a list page. */
export function sortCodeColumn<T>(title: string): TableColumnType<T> {
  return { title, dataIndex: 'sortCode', key: 'sortCode', width: 70, align: 'center' };
}

/** The creation-time column of a list page (minutes). */
export function creatorTimeColumn<T>(title: string): TableColumnType<T> {
  return {
    title,
    dataIndex: 'creatorTime',
    key: 'creatorTime',
    width: 150,
    render: (value: number | null | undefined) => (value ? dayjs(value).format('YYYY-MM-DD HH:mm') : ''),
  };
}

/** The state column (enabledMark): a switch for rows the user may toggle, otherwise a tag. */
export function stateColumn<T>({
  title,
  enabledText,
  disabledText,
  canToggle,
  onToggle,
}: {
  title: string;
  enabledText: string;
  disabledText: string;
  /** Absent on pages that only show the state. */
  canToggle?(row: T): boolean;
  onToggle?(row: T): void;
}): TableColumnType<T> {
  return {
    title,
    dataIndex: 'enabledMark',
    key: 'enabledMark',
    width: 80,
    align: 'center',
    render: (value: number, row: T) => (
      <StateCell
        enabled={Number(value) === 1}
        canToggle={canToggle?.(row) ?? false}
        label={title}
        enabledText={enabledText}
        disabledText={disabledText}
        onToggle={() => onToggle?.(row)}
      />
    ),
  };
}
