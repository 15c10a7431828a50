import { CloseCircleFilled, PlusOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Input, Modal, Space, type TableColumnsType, Tree } from 'antd';
import { Suspense, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SelectorNode } from '../dictionary-select/api';
import { useDictionaryEntries } from '../dictionary-select/dictionary-select';
import { useFeatureSlots } from '../feature-slots';
import { DEFAULT_PAGE_SIZE, PagedTable, type Paging } from '../list/paged-table';
import { SearchBar } from '../list/search-bar';
import { type BillRule, BUSINESS_TYPE, billRuleKeys, fetchBillRuleSelector } from './api';
import './bill-rule-select.css';

/** Key of the root node 'business category' (all categories). */
const ROOT = '__all';

interface CategoryNode {
  key: string;
  title: string;
  children?: CategoryNode[];
}

function toCategoryNodes(nodes: readonly SelectorNode[]): CategoryNode[] {
  return nodes.map((node) => {
    const out: CategoryNode = { key: node.id, title: node.fullName };
    if (node.children && node.children.length > 0) out.children = toCategoryNodes(node.children);
    return out;
  });
}

export interface BillRuleSelectProps {
  /** The chosen rule's code. */
  value?: string | null;
  onChange?(code: string | undefined, rule?: BillRule): void;
  placeholder?: string;
  disabled?: boolean;
  id?: string;
}

/**
 * Business-rule picker of widgets.md: category tree (root 'business category'), keyword search,
 * paged rules, create/edit; confirming returns the chosen rule's code (nothing chosen: nothing).
 */
export function BillRuleSelect({ value, onChange, placeholder, disabled, id }: BillRuleSelectProps) {
  const { t } = useTranslation('widgets');
  const [open, setOpen] = useState(false);
  return (
    <>
      <Input
        id={id}
        readOnly
        value={value ?? ''}
        disabled={disabled}
        placeholder={placeholder ?? t('billRule.placeholder')}
        onClick={() => !disabled && setOpen(true)}
        suffix={
          value && !disabled ? (
            <CloseCircleFilled
              className="bill-rule-select__clear"
              aria-label={t('billRule.clear')}
              onClick={(event) => {
                event.stopPropagation();
                onChange?.(undefined);
              }}
            />
          ) : (
            <span />
          )
        }
        data-testid="bill-rule-select"
      />
      {open && (
        <BillRulePickerDialog
          onCancel={() => setOpen(false)}
          onConfirm={(rule) => {
            onChange?.(rule.enCode, rule);
            setOpen(false);
          }}
        />
      )}
    </>
  );
}

function BillRulePickerDialog({
  onCancel,
  onConfirm,
}: {
  onCancel(): void;
  onConfirm(rule: BillRule): void;
}) {
  const { t } = useTranslation('widgets');
  const categories = useDictionaryEntries(BUSINESS_TYPE);
  const tree = useMemo<CategoryNode[]>(
    () => [{ key: ROOT, title: t('billRule.category'), children: toCategoryNodes(categories.data ?? []) }],
    [categories.data, t],
  );
  const [categoryId, setCategoryId] = useState(ROOT);
  const [keyword, setKeyword] = useState('');
  const [paging, setPaging] = useState<Paging>({ currentPage: 1, pageSize: DEFAULT_PAGE_SIZE });
  const [chosen, setChosen] = useState<BillRule | null>(null);
  const [editing, setEditing] = useState<{ id?: string } | null>(null);
  const { BillRuleDialog } = useFeatureSlots();
  const query = { keyword, ...paging, categoryId: categoryId === ROOT ? '' : categoryId };
  const list = useQuery({
    queryKey: billRuleKeys.selector(query),
    queryFn: () => fetchBillRuleSelector(query),
    placeholderData: keepPreviousData,
  });

  const columns: TableColumnsType<BillRule> = [
    { title: t('billRule.fullName'), dataIndex: 'fullName', key: 'fullName' },
    { title: t('billRule.enCode'), dataIndex: 'enCode', key: 'enCode' },
    { title: t('billRule.startNumber'), dataIndex: 'startNumber', key: 'startNumber', width: 120 },
  ];
  if (BillRuleDialog)
    columns.push({
      title: t('billRule.actions'),
      key: 'actions',
      width: 80,
      render: (_, row) => (
        <Button type="link" size="small" onClick={() => setEditing({ id: row.id })}>
          {t('billRule.edit')}
        </Button>
      ),
    });

  return (
    <Modal
      open
      width={1000}
      title={t('billRule.title')}
      onCancel={onCancel}
      onOk={() => chosen && onConfirm(chosen)}
      okText={t('address.confirm')}
      cancelText={t('address.cancel')}
      className="bill-rule-select-dialog"
    >
      <div className="bill-rule-select__body">
        <div className="bill-rule-select__tree">
          <Tree
            blockNode
            defaultExpandAll
            treeData={tree}
            selectedKeys={[categoryId]}
            onSelect={(keys) => {
              const key = keys[0];
              if (key !== undefined) {
                setCategoryId(String(key));
                setPaging((old) => ({ ...old, currentPage: 1 }));
              }
            }}
          />
        </div>
        <div className="bill-rule-select__list">
          <Space className="bill-rule-select__bar" wrap>
            <SearchBar
              keyword={keyword}
              onSearch={(next) => {
                setKeyword(next);
                setPaging((old) => ({ ...old, currentPage: 1 }));
              }}
            />
            {BillRuleDialog && (
              <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({})}>
                {t('billRule.add')}
              </Button>
            )}
          </Space>
          <PagedTable<BillRule>
            rowKey="id"
            size="small"
            columns={columns}
            dataSource={list.data?.list ?? []}
            loading={list.isFetching}
            paging={paging}
            total={list.data?.pagination.total ?? 0}
            onPageChange={setPaging}
            rowSelection={{
              type: 'radio',
              selectedRowKeys: chosen ? [chosen.id] : [],
              onChange: (_, rows) => setChosen(rows[0] ?? null),
            }}
            onRow={(row) => ({ onClick: () => setChosen(row) })}
            scroll={{ y: 360 }}
          />
        </div>
      </div>
      {BillRuleDialog && (
        <Suspense fallback={null}>
          <BillRuleDialog
            target={editing}
            onClose={() => setEditing(null)}
            onSaved={() => void list.refetch()}
          />
        </Suspense>
      )}
    </Modal>
  );
}
