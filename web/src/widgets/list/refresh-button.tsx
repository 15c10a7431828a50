import { ReloadOutlined } from '@ant-design/icons';
import { Button, type ButtonProps, Tooltip } from 'antd';

/** The toolbar's icon-only reload button, named by its tooltip and aria-label. */
export function RefreshButton({
  label,
  onRefresh,
  type = 'text',
  size,
}: {
  label: string;
  onRefresh(): void;
  type?: ButtonProps['type'];
  size?: ButtonProps['size'];
}) {
  return (
    <Tooltip title={label}>
      <Button type={type} size={size} icon={<ReloadOutlined />} aria-label={label} onClick={onRefresh} />
    </Tooltip>
  );
}
