import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

/** Task status tags (workflow.md 1.1; console.md 3 "Flow status codes"). */
const STATUS_COLORS: Record<number, string> = {
  0: 'default',
  1: 'processing',
  2: 'success',
  3: 'error',
  4: 'warning',
  5: 'default',
  6: 'purple',
};

export function TaskStatusTag({ status }: { status: number }) {
  const { t } = useTranslation('workflow');
  return (
    <Tag color={STATUS_COLORS[status] ?? 'default'}>
      {t(`status.${status}`, { defaultValue: String(status) })}
    </Tag>
  );
}

/** A record's handleStatus (workflow.md 1.2); the done list's status is the caller's: 1, 10 or 0. */
export function HandleStatusTag({ status }: { status: number }) {
  const { t } = useTranslation('workflow');
  const color = status === 1 ? 'success' : status === 0 ? 'error' : status === 2 ? 'processing' : 'default';
  return <Tag color={color}>{t(`handle.${status}`, { defaultValue: String(status) })}</Tag>;
}

const URGENT_COLORS: Record<number, string> = { 1: 'default', 2: 'orange', 3: 'red' };

export function UrgentTag({ level }: { level: number }) {
  const { t } = useTranslation('workflow');
  return (
    <Tag color={URGENT_COLORS[level] ?? 'default'}>
      {t(`urgent.${level}`, { defaultValue: String(level) })}
    </Tag>
  );
}
