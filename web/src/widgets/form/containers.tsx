import { Card, Collapse, type RowProps, Tabs } from 'antd';
import type { CSSProperties } from 'react';
import type { ContainerProps, FormField } from './types';

/*
 * Layout containers of forms.md 2.4. Each renders its children through renderFields, which lays
 * them out in a grid row with the form's gutter.
 */

const children = (field: FormField) => field.__config__.children ?? [];
const text = (value: unknown) => (typeof value === 'string' ? value : '');

/** row: a grid row; type flex honours justify and align. */
export function RowContainer({ field, renderFields }: ContainerProps) {
  const flex = field.type === 'flex';
  return renderFields(children(field), {
    className: 'form-row',
    justify: flex ? (field.justify as RowProps['justify']) : undefined,
    align: flex ? (field.align as RowProps['align']) : undefined,
  });
}

/** card: a titled card; shadow "always" raises it, "never" keeps it flat. */
export function CardContainer({ field, renderFields }: ContainerProps) {
  return (
    <Card
      className={`form-card form-card-shadow-${text(field.shadow) || 'always'}`}
      title={text(field.header) || undefined}
      size="small"
    >
      {renderFields(children(field))}
    </Card>
  );
}

const PLACEMENTS = { top: 'top', bottom: 'bottom', left: 'start', right: 'end' } as const;

/** tab: one pane per tabItem; __config__.active is the open index. */
export function TabContainer({ field, renderFields }: ContainerProps) {
  const items = children(field).map((item, index) => ({
    key: String(index),
    label: text(item.title) || text(item.__config__.label),
    children: renderFields(children(item)),
    forceRender: true,
  }));
  const position = PLACEMENTS[field['tab-position'] as keyof typeof PLACEMENTS] ?? 'top';
  return (
    <Tabs
      className="form-tabs"
      items={items}
      defaultActiveKey={String(Number(field.__config__.active) || 0)}
      type={field.type === 'card' || field.type === 'border-card' ? 'card' : 'line'}
      tabPlacement={position}
    />
  );
}

/** collapse: one panel per collapseItem (by name); __config__.active lists the open ones. */
export function CollapseContainer({ field, renderFields }: ContainerProps) {
  const items = children(field).map((item, index) => ({
    key: text(item.name) || String(index),
    label: text(item.title) || text(item.__config__.label),
    children: renderFields(children(item)),
    forceRender: true,
  }));
  const active = field.__config__.active;
  return (
    <Collapse
      className="form-collapse"
      items={items}
      accordion={field.accordion === true}
      defaultActiveKey={Array.isArray(active) ? active.map(String) : active ? [String(active)] : []}
    />
  );
}

/** tableGrid: tableGridTr rows of tableGridTd cells (colspan, rowspan; merged cells skipped). */
export function TableGridContainer({ field, renderFields }: ContainerProps) {
  const config = field.__config__;
  const width = typeof config.borderWidth === 'number' ? config.borderWidth : 1;
  const border = `${width}px ${text(config.borderType) || 'solid'} ${text(config.borderColor) || '#E2E0E0'}`;
  const cell: CSSProperties = { border, padding: 8, verticalAlign: 'top' };
  return (
    <table className="form-table-grid" style={{ borderCollapse: 'collapse', width: '100%' }}>
      <tbody>
        {children(field).map((row, rowIndex) => (
          // Rows and cells carry no id of their own; their position is their identity.
          // biome-ignore lint/suspicious/noArrayIndexKey: see above
          <tr key={rowIndex}>
            {children(row)
              .filter((td) => td.__config__.merged !== true)
              .map((td, cellIndex) => (
                <td
                  // biome-ignore lint/suspicious/noArrayIndexKey: see above
                  key={cellIndex}
                  colSpan={Number(td.__config__.colspan) || 1}
                  rowSpan={Number(td.__config__.rowspan) || 1}
                  style={cell}
                >
                  {renderFields(children(td))}
                </td>
              ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
