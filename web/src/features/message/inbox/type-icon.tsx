import { AuditOutlined, CalendarOutlined, InfoCircleOutlined, NotificationOutlined } from '@ant-design/icons';

const ICONS: Record<number, typeof NotificationOutlined> = {
  1: NotificationOutlined,
  2: AuditOutlined,
  3: InfoCircleOutlined,
  4: CalendarOutlined,
};

/** The icon of a message type (1 notice, 2 flow, 3 system, 4 schedule). */
export function MessageTypeIcon({ type, label }: { type: number; label: string }) {
  const Icon = ICONS[type] ?? InfoCircleOutlined;
  return (
    <span className={`message-type-icon message-type-icon--${type}`} role="img" aria-label={label}>
      <Icon />
    </span>
  );
}
