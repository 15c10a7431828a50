import { CloseCircleFilled, CloseOutlined, EnvironmentOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button, Empty, Modal, Spin, Tag, Tree } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type AddressNode,
  attachChildren,
  type Picked,
  pathLabel,
  pick,
  toAddressNodes,
} from './address-tree';
import { AREA_ROOT, areaKeys, fetchAreaChildren, fetchAreaLabels } from './api';
import './address-picker.css';

/** One level of a chosen address as the change event gives it. */
export interface AddressLevel {
  id: string;
  fullName: string;
}

type SingleValue = string[];
type MultipleValue = string[][];

export interface AddressPickerProps {
  /** Single mode: one id path; multiple mode: a list of id paths. */
  value?: SingleValue | MultipleValue | null;
  onChange?(value: SingleValue | MultipleValue, levels: AddressLevel[][]): void;
  multiple?: boolean;
  /** Depth of the leaves: 0 province, 1 city, 2 district (default), 3 street. */
  level?: number;
  placeholder?: string;
  disabled?: boolean;
  clearable?: boolean;
  /** Multiple mode: show one tag and '+n' instead of every tag. */
  collapseTags?: boolean;
  title?: string;
  id?: string;
}

function pathsOf(value: AddressPickerProps['value'], multiple: boolean): string[][] {
  if (!value || value.length === 0) return [];
  if (multiple) return (value as unknown[]).filter(Array.isArray) as string[][];
  return Array.isArray(value[0]) ? [value[0] as string[]] : [value as string[]];
}

/**
 * Address picker of widgets.md: a field showing the chosen paths joined with '/', opening an
 * 800 px dialog titled province-city-district with a lazy tree on the left and the choice on the
 * right (clear list, cancel, confirm). Only leaves can be chosen.
 */
export function AddressPicker({
  value,
  onChange,
  multiple = false,
  level = 2,
  placeholder,
  disabled = false,
  clearable = true,
  collapseTags = false,
  title,
  id,
}: AddressPickerProps) {
  const { t } = useTranslation('widgets');
  const [open, setOpen] = useState(false);
  const [tree, setTree] = useState<AddressNode[]>([]);
  const [loadingRoot, setLoadingRoot] = useState(false);
  const [pending, setPending] = useState<Picked[]>([]);
  const paths = useMemo(() => pathsOf(value, multiple), [value, multiple]);
  const labels = useQuery({
    queryKey: areaKeys.labels(paths),
    queryFn: () => fetchAreaLabels(paths),
    enabled: paths.length > 0,
    staleTime: 300_000,
  });
  const chosen: Picked[] = paths.map((path, index) => ({ path, names: labels.data?.[index] ?? path }));

  /** Opening takes a snapshot of the current choice and loads the top level once. */
  const openDialog = () => {
    if (disabled) return;
    setPending(chosen);
    setOpen(true);
    if (tree.length > 0 || loadingRoot) return;
    setLoadingRoot(true);
    fetchAreaChildren(AREA_ROOT)
      .then((areas) => setTree(toAddressNodes(areas, null, level)))
      .catch(() => undefined)
      .finally(() => setLoadingRoot(false));
  };

  const loadData = async (node: { key: React.Key; children?: unknown }) => {
    const found = findNode(tree, String(node.key));
    if (!found || found.children) return;
    const areas = await fetchAreaChildren(found.key);
    setTree((old) => attachChildren(old, found.key, toAddressNodes(areas, found, level)));
  };

  const emit = (items: Picked[]) => {
    const levels = items.map((item) =>
      item.path.map((areaId, index) => ({ id: areaId, fullName: item.names[index] ?? '' })),
    );
    if (multiple)
      onChange?.(
        items.map((item) => item.path),
        levels,
      );
    else onChange?.(items[0]?.path ?? [], levels);
  };

  const confirm = () => {
    emit(pending);
    setOpen(false);
  };

  const text = chosen.map((item) => pathLabel(item.names));
  const shownTags = collapseTags && text.length > 1 ? text.slice(0, 1) : text;

  return (
    <>
      <button
        type="button"
        id={id}
        disabled={disabled}
        aria-label={title ?? t('address.title')}
        className={`address-picker__field${disabled ? ' address-picker__field--disabled' : ''}`}
        onClick={openDialog}
        data-testid="address-picker"
      >
        <span className="address-picker__values">
          {text.length === 0 && (
            <span className="address-picker__placeholder">{placeholder ?? t('address.placeholder')}</span>
          )}
          {!multiple && text[0] && <span className="address-picker__text">{text[0]}</span>}
          {multiple &&
            shownTags.map((label) => (
              <Tag key={label} className="address-picker__tag">
                {label}
              </Tag>
            ))}
          {multiple && collapseTags && text.length > 1 && <Tag>+{text.length - 1}</Tag>}
        </span>
        {clearable && text.length > 0 && !disabled ? (
          <CloseCircleFilled
            className="address-picker__clear"
            aria-label={t('address.clear')}
            onClick={(event) => {
              event.stopPropagation();
              emit([]);
            }}
          />
        ) : (
          <EnvironmentOutlined className="address-picker__icon" aria-hidden />
        )}
      </button>
      <Modal
        open={open}
        width={800}
        title={title ?? t('address.title')}
        onCancel={() => setOpen(false)}
        onOk={confirm}
        okText={t('address.confirm')}
        cancelText={t('address.cancel')}
        className="address-picker-dialog"
        destroyOnHidden
      >
        <div className="address-picker__panes">
          <div className="address-picker__pane address-picker__tree">
            <Spin spinning={loadingRoot}>
              {tree.length === 0 && !loadingRoot ? (
                <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('noData')} />
              ) : (
                <Tree
                  blockNode
                  treeData={tree}
                  loadData={loadData}
                  selectedKeys={[]}
                  onSelect={(_, info) => {
                    const node = findNode(tree, String(info.node.key));
                    if (node?.isLeaf) setPending((old) => pick(old, node, multiple));
                  }}
                />
              )}
            </Spin>
          </div>
          <div className="address-picker__pane address-picker__selected">
            <div className="address-picker__selected-head">
              <span>{t('address.selected')}</span>
              <Button type="link" size="small" onClick={() => setPending([])}>
                {t('address.clearList')}
              </Button>
            </div>
            {pending.length === 0 ? (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('noData')} />
            ) : (
              <ul className="address-picker__list">
                {pending.map((item) => (
                  <li key={item.path.join('/')} className="address-picker__item">
                    <span>{pathLabel(item.names)}</span>
                    <Button
                      type="text"
                      size="small"
                      icon={<CloseOutlined />}
                      aria-label={t('address.remove')}
                      onClick={() => setPending((old) => old.filter((entry) => entry !== item))}
                    />
                  </li>
                ))}
              </ul>
            )}
          </div>
        </div>
      </Modal>
    </>
  );
}

function findNode(nodes: readonly AddressNode[], key: string): AddressNode | null {
  for (const node of nodes) {
    if (node.key === key) return node;
    const found = findNode(node.children ?? [], key);
    if (found) return found;
  }
  return null;
}
