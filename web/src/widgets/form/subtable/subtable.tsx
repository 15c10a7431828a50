import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { App, Button, Form, Table, type TableColumnsType, type TableRef } from 'antd';
import { Suspense, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchInterfaceRows, paramList, type Row } from '../fields/advanced/relation/api';
import { RelationPopup } from '../fields/advanced/relation/relation-popup';
import { useFormRuntime } from '../runtime';
import type { ContainerProps, FormField } from '../types';
import {
  checkCell,
  emptyRow,
  grantedColumns,
  type RelationOption,
  rowsFromPicked,
  type SubTableRow,
  summaryRow,
} from './rows';
import './subtable.css';

/** From this many rows only the rows in view are mounted (a 500-row table took 13–16 s in full). */
export const VIRTUAL_FROM = 30;
/** Height of the rows' scroll area once virtual. */
const VIRTUAL_HEIGHT = 440;
const INDEX_WIDTH = 56;
const ACTIONS_WIDTH = 70;
const COLUMN_WIDTH = 180;

const strings = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
const str = (value: unknown, fallback = '') => (typeof value === 'string' && value ? value : fallback);

interface AddTableConf {
  popupTitle?: string;
  popupType?: string;
  popupWidth?: string;
  interfaceId?: string;
  templateJson?: unknown;
  hasPage?: boolean;
  pageSize?: number;
  columnOptions?: { value: string; label: string }[];
  relationOptions?: RelationOption[];
}

/**
 * The sub-table (`table`, forms.md 2.2): rows of the child fields under the table's vModel. Add
 * (a blank row, or with addType 1 rows picked from a data interface), remove after confirmation,
 * a summary row labelled total, each cell checked on change and on submit (required: "cannot be
 * empty"; regList with its message), and only the columns whose "table-field" code is granted.
 * From VIRTUAL_FROM rows the table is virtual: only the rows in view are mounted, so the rows are
 * also checked as a whole on submit (a row out of view has no mounted cell to check), and the
 * first bad row is scrolled into view.
 */
export function SubTable({ field, readOnly }: ContainerProps) {
  const { t } = useTranslation(['formAdvanced', 'form']);
  const { modal } = App.useApp();
  const { form, isGranted, schema, fieldComponent } = useFormRuntime();
  const vModel = field.__vModel__ ?? '';
  const children = field.__config__.children ?? [];
  const columns = useMemo(() => grantedColumns(vModel, children, isGranted), [vModel, children, isGranted]);
  // preserve: the rows out of view (not mounted when virtual) count in the summary too.
  const rows = (Form.useWatch(vModel, { form, preserve: true }) as SubTableRow[] | undefined) ?? [];
  const [picking, setPicking] = useState(false);
  const formDisabled = schema.disabled === true || field.disabled === true;
  const editable = !readOnly && !formDisabled;
  const summaryFields = field['show-summary'] === true ? strings(field.summaryField) : [];
  const thousandsFields = field.thousands === true ? strings(field.thousandsField) : [];
  const addConf = (field.addTableConf ?? {}) as AddTableConf;
  const pickFromInterface = Number(field.addType) === 1 && Boolean(addConf.interfaceId);
  const tableRef = useRef<TableRef>(null);

  if (!vModel || columns.length === 0) return null;

  const cellRules = (child: FormField) => [
    {
      validator: (_: unknown, value: unknown) => {
        const problem = checkCell(child, value);
        if (!problem) return Promise.resolve();
        return Promise.reject(
          new Error(problem.kind === 'required' ? t('form:rule.required') : problem.message),
        );
      },
    },
  ];

  /** Every row's cells, mounted or not: names the first bad rows; scrolls to the first one. */
  const listRules = editable
    ? [
        {
          validator: async (_: unknown, value: unknown) => {
            const list = Array.isArray(value) ? (value as SubTableRow[]) : [];
            // All rows mounted: each cell checks itself and shows its message.
            if (list.length < VIRTUAL_FROM) return;
            const problems: string[] = [];
            let first = -1;
            list.forEach((row, index) => {
              for (const child of columns) {
                const problem = checkCell(child, row?.[child.__vModel__ ?? '']);
                if (!problem) continue;
                if (first < 0) first = index;
                if (problems.length < 3)
                  problems.push(
                    t('subtable.rowProblem', {
                      row: index + 1,
                      label: child.__config__.label ?? child.__vModel__,
                      problem: problem.kind === 'required' ? t('form:rule.required') : problem.message,
                    }),
                  );
              }
            });
            if (first < 0) return;
            tableRef.current?.scrollTo({ index: first });
            throw new Error(problems.join('；'));
          },
        },
      ]
    : undefined;
  const columnsWidth =
    INDEX_WIDTH +
    (editable ? ACTIONS_WIDTH : 0) +
    columns.reduce(
      (sum, child) =>
        sum +
        (typeof child.__config__.columnWidth === 'number' ? child.__config__.columnWidth : COLUMN_WIDTH),
      0,
    );

  return (
    <div className="form-subtable" data-testid={`subtable-${vModel}`}>
      {field.showTitle !== false && field.__config__.label && (
        <div className="form-subtable__title">{field.__config__.label}</div>
      )}
      <Form.List name={vModel} rules={listRules}>
        {(items, { add, remove }, { errors }) => {
          const virtual = items.length >= VIRTUAL_FROM;
          const tableColumns: TableColumnsType<(typeof items)[number]> = [
            {
              title: t('subtable.index'),
              key: '__index',
              width: INDEX_WIDTH,
              align: 'center',
              render: (_, __, index) => index + 1,
            },
            ...columns.map((child) => {
              const childKey = child.__vModel__ ?? '';
              const Component = fieldComponent(child.__config__.jnpfKey);
              return {
                title: (
                  <span className={child.__config__.required ? 'form-subtable__required' : undefined}>
                    {child.__config__.label}
                  </span>
                ),
                key: childKey,
                width:
                  typeof child.__config__.columnWidth === 'number'
                    ? child.__config__.columnWidth
                    : virtual
                      ? COLUMN_WIDTH
                      : undefined,
                render: (_: unknown, item: (typeof items)[number]) => (
                  <Form.Item
                    name={[item.name, childKey]}
                    rules={editable ? cellRules(child) : undefined}
                    validateTrigger={['onChange', 'onBlur']}
                    className="form-subtable__cell"
                  >
                    {Component ? (
                      <Component
                        field={child}
                        disabled={formDisabled || child.disabled === true}
                        readOnly={readOnly}
                        rowIndex={item.name}
                      />
                    ) : (
                      <span>{t('form:unknownField', { key: child.__config__.jnpfKey })}</span>
                    )}
                  </Form.Item>
                ),
              };
            }),
          ];
          if (editable)
            tableColumns.push({
              title: t('subtable.actions'),
              key: '__actions',
              width: ACTIONS_WIDTH,
              align: 'center',
              render: (_, item) => (
                <Button
                  type="link"
                  danger
                  size="small"
                  icon={<DeleteOutlined />}
                  aria-label={t('subtable.remove')}
                  onClick={() =>
                    modal.confirm({
                      title: t('subtable.confirmTitle'),
                      content: t('subtable.confirmRemove'),
                      okText: t('confirm'),
                      cancelText: t('cancel'),
                      onOk: () => remove(item.name),
                    })
                  }
                />
              ),
            });
          const sums = summaryRow(rows, summaryFields, thousandsFields);
          return (
            <div data-rows={items.length}>
              <Suspense fallback={null}>
                <Table
                  ref={tableRef}
                  size="small"
                  bordered
                  rowKey="key"
                  columns={tableColumns}
                  dataSource={items}
                  pagination={false}
                  virtual={virtual}
                  scroll={virtual ? { x: columnsWidth, y: VIRTUAL_HEIGHT } : { x: 'max-content' }}
                  summary={
                    summaryFields.length > 0
                      ? () => (
                          // Kept below the rows' scroll area when virtual (it shows only when fixed).
                          <Table.Summary fixed={virtual}>
                            <Table.Summary.Row className="form-subtable__summary">
                              <Table.Summary.Cell index={0}>{t('subtable.total')}</Table.Summary.Cell>
                              {columns.map((child, index) => (
                                <Table.Summary.Cell key={child.__vModel__ ?? index} index={index + 1}>
                                  {child.__vModel__ && summaryFields.includes(child.__vModel__)
                                    ? sums[child.__vModel__]
                                    : ''}
                                </Table.Summary.Cell>
                              ))}
                              {editable && <Table.Summary.Cell index={columns.length + 1} />}
                            </Table.Summary.Row>
                          </Table.Summary>
                        )
                      : undefined
                  }
                />
              </Suspense>
              <Form.ErrorList errors={errors} />
              {editable && (
                <Button
                  type="dashed"
                  block
                  icon={<PlusOutlined />}
                  className="form-subtable__add"
                  onClick={() => (pickFromInterface ? setPicking(true) : add(emptyRow(children)))}
                >
                  {str(field.actionText, t('subtable.add'))}
                </Button>
              )}
              {picking && (
                <RelationPopup
                  title={str(addConf.popupTitle, t('relation.title'))}
                  popupType={str(addConf.popupType, 'dialog')}
                  width={str(addConf.popupWidth)}
                  columns={addConf.columnOptions ?? []}
                  sourceKey={['subtable', addConf.interfaceId]}
                  load={(query) =>
                    fetchInterfaceRows(
                      String(addConf.interfaceId),
                      {
                        propsValue: 'id',
                        relationField: '',
                        columns: addConf.columnOptions ?? [],
                        params: paramList(addConf.templateJson, form.getFieldsValue(true) as Row),
                      },
                      query,
                    )
                  }
                  rowKey="id"
                  multiple
                  hasPage={addConf.hasPage !== false}
                  pageSize={addConf.pageSize}
                  onCancel={() => setPicking(false)}
                  onConfirm={(picked) => {
                    for (const row of rowsFromPicked(picked, addConf.relationOptions ?? [], children))
                      add(row);
                    setPicking(false);
                  }}
                />
              )}
            </div>
          );
        }}
      </Form.List>
    </div>
  );
}
