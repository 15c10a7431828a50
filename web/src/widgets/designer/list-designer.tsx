import { ArrowDownOutlined, ArrowUpOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import {
  Alert,
  Button,
  Card,
  Checkbox,
  Empty,
  Form,
  Input,
  InputNumber,
  Radio,
  Select,
  Space,
  Switch,
  Table,
  TreeSelect,
} from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { dictionaryKeys, fetchTypes } from '../dictionary-select/api';
import type { FormField } from '../form/types';
import {
  type ButtonEntry,
  type ColumnData,
  type ColumnEntry,
  columnCandidates,
  newColumn,
  newSearch,
  ROW_BUTTONS,
  type SearchEntry,
  searchable,
  syncColumnData,
  TOP_BUTTONS,
} from './column-data';
import './designer.css';

export interface ListDesignerProps {
  /** The form's fields (columns come from them). */
  fields: FormField[];
  value: ColumnData;
  onChange(value: ColumnData): void;
  /** Data views (webType 4) allow only types 1 and 3 (forms.md 3). */
  types?: readonly (1 | 2 | 3 | 4 | 5)[];
}

function move<T>(list: T[], index: number, by: number): T[] {
  const next = [...list];
  const [item] = next.splice(index, 1);
  next.splice(index + by, 0, item as T);
  return next;
}

/**
 * The list designer (columnData of forms.md 3): list type 1–5, columns, search fields, buttons, sort,
 * paging, tree and group settings, column/form/button/data permissions.
 */
export function ListDesigner({ fields, value, onChange, types = [1, 2, 3, 4, 5] }: ListDesignerProps) {
  const { t } = useTranslation('designer');
  const dictionaryTypes = useQuery({
    queryKey: dictionaryKeys.types(),
    queryFn: fetchTypes,
    staleTime: 300_000,
  });
  const candidates = useMemo(() => columnCandidates(fields), [fields]);
  const data = value;
  const set = (patch: Partial<ColumnData>) => onChange(syncColumnData({ ...data, ...patch }, fields));
  const mainFields = candidates.filter((candidate) => !candidate.subTable);
  const fieldOptions = mainFields.map((candidate) => ({ value: candidate.prop, label: candidate.label }));
  const shown = new Set(data.columnList.map((column) => column.prop));
  const searched = new Set(data.searchList.map((search) => search.prop));

  const toggleSearch = (prop: string, checked: boolean) => {
    const candidate = candidates.find((item) => item.prop === prop);
    if (!candidate) return;
    set({
      searchList: checked
        ? [...data.searchList, newSearch(candidate)]
        : data.searchList.filter((search) => search.prop !== prop),
    });
  };
  const editColumn = (index: number, patch: Partial<ColumnEntry>) =>
    set({ columnList: data.columnList.map((column, i) => (i === index ? { ...column, ...patch } : column)) });
  const editSearch = (index: number, patch: Partial<SearchEntry>) =>
    set({ searchList: data.searchList.map((search, i) => (i === index ? { ...search, ...patch } : search)) });
  const buttons = (all: ButtonEntry[], chosen: ButtonEntry[], name: 'btnsList' | 'columnBtnsList') => (
    <Checkbox.Group
      value={chosen.map((button) => button.value)}
      options={all
        .filter((button) => name === 'columnBtnsList' || data.type !== 5 || button.value === 'add')
        .map((button) => ({ value: button.value, label: t(`list.buttons.${button.value}`) }))}
      onChange={(values) => set({ [name]: all.filter((button) => values.includes(button.value)) })}
    />
  );

  if (candidates.length === 0)
    return (
      <div className="list-designer list-designer--empty">
        <Empty description={t('list.noFields')} />
      </div>
    );

  return (
    <div className="list-designer" data-testid="list-designer">
      <div className="list-designer__main">
        <Card size="small" title={t('list.columns')}>
          <Checkbox.Group
            value={[...shown]}
            aria-label={t('list.columns')}
            options={candidates.map((candidate) => ({ value: candidate.prop, label: candidate.label }))}
            onChange={(values) => {
              const next = new Set(values as string[]);
              const kept = data.columnList.filter((column) => next.has(column.prop));
              const added = candidates
                .filter((candidate) => next.has(candidate.prop) && !shown.has(candidate.prop))
                .map(newColumn);
              set({ columnList: [...kept, ...added] });
            }}
          />
          <Table<ColumnEntry>
            size="small"
            rowKey="prop"
            pagination={false}
            style={{ marginTop: 8 }}
            dataSource={data.columnList}
            locale={{ emptyText: t('list.noColumns') }}
            columns={[
              {
                title: t('list.label'),
                dataIndex: 'label',
                render: (label: string, _, index) => (
                  <Input
                    size="small"
                    aria-label={t('list.label')}
                    value={label}
                    onChange={(event) => editColumn(index, { label: event.target.value })}
                  />
                ),
              },
              { title: t('list.prop'), dataIndex: 'prop', width: 200, ellipsis: true },
              {
                title: t('list.align'),
                dataIndex: 'align',
                width: 100,
                render: (align: string, _, index) => (
                  <Select
                    size="small"
                    aria-label={t('list.align')}
                    value={align}
                    style={{ width: '100%' }}
                    onChange={(next) => editColumn(index, { align: next as ColumnEntry['align'] })}
                    options={['left', 'center', 'right'].map((item) => ({
                      value: item,
                      label: t(`list.aligns.${item}`),
                    }))}
                  />
                ),
              },
              {
                title: t('list.fixed'),
                dataIndex: 'fixed',
                width: 100,
                render: (fixed: string, _, index) => (
                  <Select
                    size="small"
                    aria-label={t('list.fixed')}
                    value={fixed}
                    style={{ width: '100%' }}
                    onChange={(next) => editColumn(index, { fixed: next as ColumnEntry['fixed'] })}
                    options={['none', 'left', 'right'].map((item) => ({
                      value: item,
                      label: t(`list.fixeds.${item}`),
                    }))}
                  />
                ),
              },
              {
                title: t('list.width'),
                dataIndex: 'width',
                width: 100,
                render: (width: number | null, _, index) => (
                  <InputNumber
                    size="small"
                    aria-label={t('list.width')}
                    min={40}
                    value={width}
                    onChange={(next) => editColumn(index, { width: next ?? null })}
                  />
                ),
              },
              {
                title: t('list.sortable'),
                dataIndex: 'sortable',
                width: 70,
                render: (sortable: boolean, column, index) => (
                  <Switch
                    size="small"
                    aria-label={t('list.sortable')}
                    disabled={column.prop.includes('-')}
                    checked={sortable}
                    onChange={(next) => editColumn(index, { sortable: next })}
                  />
                ),
              },
              {
                key: 'order',
                width: 80,
                render: (_, __, index) => (
                  <Space size={0}>
                    <Button
                      size="small"
                      type="text"
                      icon={<ArrowUpOutlined />}
                      aria-label={t('list.up')}
                      disabled={index === 0}
                      onClick={() => set({ columnList: move(data.columnList, index, -1) })}
                    />
                    <Button
                      size="small"
                      type="text"
                      icon={<ArrowDownOutlined />}
                      aria-label={t('list.down')}
                      disabled={index === data.columnList.length - 1}
                      onClick={() => set({ columnList: move(data.columnList, index, 1) })}
                    />
                  </Space>
                ),
              },
            ]}
          />
        </Card>
        <Card size="small" title={t('list.search')}>
          <Checkbox.Group
            value={[...searched]}
            aria-label={t('list.search')}
            options={candidates
              .filter(searchable)
              .map((candidate) => ({ value: candidate.prop, label: candidate.label }))}
            onChange={(values) => {
              const next = new Set(values as string[]);
              for (const candidate of candidates)
                if (next.has(candidate.prop) !== searched.has(candidate.prop))
                  toggleSearch(candidate.prop, next.has(candidate.prop));
            }}
          />
          {data.searchList.length > 0 && (
            <Table<SearchEntry>
              size="small"
              rowKey="prop"
              pagination={false}
              style={{ marginTop: 8 }}
              dataSource={data.searchList}
              columns={[
                { title: t('list.label'), dataIndex: 'label' },
                {
                  title: t('list.searchType'),
                  dataIndex: 'searchType',
                  width: 140,
                  render: (searchType: number, _, index) => (
                    <Select
                      size="small"
                      aria-label={t('list.searchType')}
                      value={searchType}
                      style={{ width: '100%' }}
                      onChange={(next) =>
                        editSearch(index, { searchType: next as SearchEntry['searchType'] })
                      }
                      options={[1, 2, 3].map((item) => ({
                        value: item,
                        label: t(`list.searchTypes.${item}`),
                      }))}
                    />
                  ),
                },
                {
                  title: t('list.searchMultiple'),
                  dataIndex: 'searchMultiple',
                  width: 90,
                  render: (multiple: boolean, _, index) => (
                    <Switch
                      size="small"
                      aria-label={t('list.searchMultiple')}
                      checked={multiple}
                      onChange={(next) => editSearch(index, { searchMultiple: next })}
                    />
                  ),
                },
                {
                  key: 'order',
                  width: 80,
                  render: (_, __, index) => (
                    <Space size={0}>
                      <Button
                        size="small"
                        type="text"
                        icon={<ArrowUpOutlined />}
                        aria-label={t('list.up')}
                        disabled={index === 0}
                        onClick={() => set({ searchList: move(data.searchList, index, -1) })}
                      />
                      <Button
                        size="small"
                        type="text"
                        icon={<ArrowDownOutlined />}
                        aria-label={t('list.down')}
                        disabled={index === data.searchList.length - 1}
                        onClick={() => set({ searchList: move(data.searchList, index, 1) })}
                      />
                    </Space>
                  ),
                },
              ]}
            />
          )}
        </Card>
      </div>
      <Form
        layout="vertical"
        size="small"
        className="list-designer__settings"
        data-testid="list-designer-settings"
      >
        <Form.Item label={t('list.type')}>
          <Radio.Group value={data.type} onChange={(event) => set({ type: event.target.value })}>
            <Space orientation="vertical" size={2}>
              {types.map((type) => (
                <Radio key={type} value={type}>
                  {t(`list.types.${type}`)}
                </Radio>
              ))}
            </Space>
          </Radio.Group>
        </Form.Item>
        {data.type === 2 && (
          <>
            <Form.Item label={t('list.treeTitle')}>
              <Input
                aria-label={t('list.treeTitle')}
                value={data.treeTitle}
                onChange={(event) => set({ treeTitle: event.target.value })}
              />
            </Form.Item>
            <Form.Item label={t('list.hasTreeQuery')}>
              <Switch
                size="small"
                aria-label={t('list.hasTreeQuery')}
                checked={data.hasTreeQuery}
                onChange={(next) => set({ hasTreeQuery: next })}
              />
            </Form.Item>
            <Form.Item label={t('list.treeDataSource')}>
              <Select
                aria-label={t('list.treeDataSource')}
                value={data.treeDataSource}
                onChange={(next) => set({ treeDataSource: next })}
                options={['dictionary', 'api', 'organize', 'department'].map((item) => ({
                  value: item,
                  label: t(`list.treeSources.${item}`),
                }))}
              />
            </Form.Item>
            {data.treeDataSource === 'dictionary' && (
              <Form.Item label={t('list.treeDictionary')} required>
                <TreeSelect
                  aria-label={t('list.treeDictionary')}
                  value={data.treeDictionary || undefined}
                  treeData={(dictionaryTypes.data ?? []).map(function toNode(node): object {
                    return { value: node.id, title: node.fullName, children: node.children?.map(toNode) };
                  })}
                  treeDefaultExpandAll
                  onChange={(next) => set({ treeDictionary: next ?? '' })}
                />
              </Form.Item>
            )}
            {data.treeDataSource === 'api' && (
              <>
                <Form.Item label={t('list.treePropsUrl')} required>
                  <Input
                    aria-label={t('list.treePropsUrl')}
                    value={data.treePropsUrl}
                    onChange={(event) => set({ treePropsUrl: event.target.value })}
                  />
                </Form.Item>
                <Space.Compact>
                  <Input
                    aria-label={t('list.treePropsValue')}
                    prefix={t('list.treePropsValue')}
                    value={data.treePropsValue}
                    onChange={(event) => set({ treePropsValue: event.target.value })}
                  />
                  <Input
                    aria-label={t('list.treePropsLabel')}
                    prefix={t('list.treePropsLabel')}
                    value={data.treePropsLabel}
                    onChange={(event) => set({ treePropsLabel: event.target.value })}
                  />
                </Space.Compact>
              </>
            )}
            <Form.Item label={t('list.treeRelation')} required>
              <Select
                aria-label={t('list.treeRelation')}
                value={data.treeRelation || undefined}
                options={fieldOptions}
                onChange={(next) => set({ treeRelation: next })}
              />
            </Form.Item>
          </>
        )}
        {data.type === 3 && (
          <Form.Item label={t('list.groupField')} required>
            <Select
              aria-label={t('list.groupField')}
              value={data.groupField || undefined}
              options={fieldOptions}
              onChange={(next) => set({ groupField: next })}
            />
          </Form.Item>
        )}
        {data.type === 5 && (
          <>
            <Form.Item label={t('list.parentField')} required>
              <Select
                aria-label={t('list.parentField')}
                value={data.parentField || undefined}
                options={fieldOptions}
                onChange={(next) => set({ parentField: next })}
              />
            </Form.Item>
            <Form.Item label={t('list.treeLazyType')}>
              <Switch
                size="small"
                aria-label={t('list.treeLazyType')}
                checked={data.treeLazyType === 1}
                onChange={(next) => set({ treeLazyType: next ? 1 : 0 })}
              />
            </Form.Item>
          </>
        )}
        <Form.Item label={t('list.topButtons')}>{buttons(TOP_BUTTONS, data.btnsList, 'btnsList')}</Form.Item>
        <Form.Item label={t('list.rowButtons')}>
          {buttons(ROW_BUTTONS, data.columnBtnsList, 'columnBtnsList')}
        </Form.Item>
        <Form.Item label={t('list.defaultSidx')}>
          <Space.Compact style={{ width: '100%' }}>
            <Select
              aria-label={t('list.defaultSidx')}
              allowClear
              value={data.defaultSidx || undefined}
              options={fieldOptions}
              style={{ flex: 1 }}
              onChange={(next) => set({ defaultSidx: next ?? '' })}
            />
            <Select
              aria-label={t('list.sort')}
              value={data.sort}
              style={{ width: 100 }}
              onChange={(next) => set({ sort: next })}
              options={['asc', 'desc'].map((item) => ({ value: item, label: t(`list.sorts.${item}`) }))}
            />
          </Space.Compact>
        </Form.Item>
        <Form.Item label={t('list.hasPage')}>
          <Space>
            <Switch
              size="small"
              aria-label={t('list.hasPage')}
              checked={data.hasPage}
              disabled={data.type === 3}
              onChange={(next) => set({ hasPage: next })}
            />
            {data.hasPage && data.type !== 3 && (
              <Select
                aria-label={t('list.pageSize')}
                value={data.pageSize}
                style={{ width: 100 }}
                onChange={(next) => set({ pageSize: next })}
                options={[20, 50, 100, 500].map((size) => ({
                  value: size,
                  label: t('list.perPage', { size }),
                }))}
              />
            )}
          </Space>
        </Form.Item>
        <Form.Item label={t('list.hasSuperQuery')}>
          <Switch
            size="small"
            aria-label={t('list.hasSuperQuery')}
            checked={data.hasSuperQuery}
            onChange={(next) => set({ hasSuperQuery: next })}
          />
        </Form.Item>
        {candidates.some((candidate) => candidate.subTable) && (
          <Form.Item label={t('list.childTableStyle')}>
            <Radio.Group
              value={data.childTableStyle}
              onChange={(event) => set({ childTableStyle: event.target.value })}
              options={[1, 2].map((value) => ({ value, label: t(`list.childTableStyles.${value}`) }))}
            />
          </Form.Item>
        )}
        <Form.Item label={t('list.showSummary')}>
          <Switch
            size="small"
            aria-label={t('list.showSummary')}
            checked={data.showSummary}
            onChange={(next) => set({ showSummary: next })}
          />
        </Form.Item>
        {data.showSummary && (
          <Form.Item label={t('list.summaryField')}>
            <Select
              mode="multiple"
              aria-label={t('list.summaryField')}
              value={data.summaryField}
              onChange={(next) => set({ summaryField: next })}
              options={data.columnList
                .filter((column) => ['numInput', 'calculate'].includes(column.jnpfKey))
                .map((column) => ({ value: column.prop, label: column.label }))}
            />
          </Form.Item>
        )}
        {(['useColumnPermission', 'useFormPermission', 'useBtnPermission', 'useDataPermission'] as const).map(
          (name) => (
            <Form.Item key={name} label={t(`list.${name}`)}>
              <Switch
                size="small"
                aria-label={t(`list.${name}`)}
                checked={data[name]}
                onChange={(next) => set({ [name]: next })}
              />
            </Form.Item>
          ),
        )}
        {data.type === 4 && <Alert type="info" showIcon title={t('list.inlineHint')} />}
      </Form>
    </div>
  );
}
