import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Form, type FormListFieldData, type FormRule, Space, Table } from 'antd';
import type { ReactElement, ReactNode } from 'react';

/** One column of a line table; `cell` draws it for one line (usually with `lineField`). */
export interface LineColumn {
  key: string;
  title: ReactNode;
  width?: number;
  align?: 'right';
  cell: (field: FormListFieldData) => ReactNode;
}

/** A cell that edits the line's `name` with `control` (an input labelled for screen readers). */
export const lineField =
  (name: string, control: ReactElement, rules?: FormRule[]) => (field: FormListFieldData) => (
    <Form.Item name={[field.name, name]} noStyle rules={rules}>
      {control}
    </Form.Item>
  );

interface LineTableProps {
  /** The form list's name (an array of lines in the form's values). */
  name: string;
  columns: LineColumn[];
  title?: string;
  emptyText: string;
  actionsTitle: string;
  removeLabel: string;
  addLabel: string;
  /** The values a new line starts with. */
  newLine: () => Record<string, unknown>;
  /** Called after a line is added or removed (totals that depend on the lines). */
  onLinesChange?: () => void;
  /** Shown beside the add button (a total, say). */
  footer?: ReactNode;
  testId?: string;
}

/** Editable lines of a form (order lines, payment plans): a table of inputs, a remove button a line, an add button. */
export function LineTable(props: LineTableProps) {
  const { name, columns, title, emptyText, actionsTitle, removeLabel, addLabel, newLine, onLinesChange } =
    props;
  return (
    <Form.List name={name}>
      {(fields, { add, remove }) => (
        <>
          <Table
            size="small"
            rowKey="key"
            pagination={false}
            dataSource={fields}
            title={title ? () => title : undefined}
            locale={{ emptyText }}
            data-testid={props.testId}
            columns={[
              ...columns.map(({ cell, ...column }) => ({
                ...column,
                render: (_: unknown, field: FormListFieldData) => cell(field),
              })),
              {
                title: actionsTitle,
                key: 'remove',
                width: 60,
                render: (_: unknown, field: FormListFieldData) => (
                  <Button
                    type="link"
                    danger
                    icon={<DeleteOutlined />}
                    aria-label={removeLabel}
                    onClick={() => {
                      remove(field.name);
                      onLinesChange?.();
                    }}
                  />
                ),
              },
            ]}
          />
          <Space style={{ marginTop: 8, justifyContent: 'space-between', width: '100%' }}>
            <Button
              icon={<PlusOutlined />}
              onClick={() => {
                add(newLine());
                onLinesChange?.();
              }}
            >
              {addLabel}
            </Button>
            {props.footer}
          </Space>
        </>
      )}
    </Form.List>
  );
}
