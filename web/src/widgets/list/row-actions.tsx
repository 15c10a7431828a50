import { Button, Space } from 'antd';
import { Auth } from './permission';

export interface RowAction {
  /** Button code the page must grant, e.g. btn_edit. */
  code: string;
  label: string;
  danger?: boolean;
  onClick(): void;
}

/** The actions cell of a list row: link buttons, each shown only when the page grants its code. */
export function RowActions({ actions }: { actions: readonly RowAction[] }) {
  return (
    <Space size={0}>
      {actions.map((action) => (
        <Auth key={action.label} code={action.code}>
          <Button type="link" size="small" danger={action.danger} onClick={action.onClick}>
            {action.label}
          </Button>
        </Auth>
      ))}
    </Space>
  );
}
