import { PlusOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Modal, Space, Spin, TreeSelect } from 'antd';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { menuIdForPath } from '../../base/session/menu';
import { useSession } from '../../base/session/session-store';
import { useFeatureSlots } from '../feature-slots';
import { PermissionScope } from '../list/permission';
import { dictionaryKeys, fetchDataSelector } from './api';

const DICTIONARY_ADDRESS = 'systemData/dictionary';

export function useDictionaryEntries(dictionaryType: string) {
  return useQuery({
    queryKey: dictionaryKeys.dataSelector(dictionaryType),
    queryFn: () => fetchDataSelector(dictionaryType),
    staleTime: 300_000,
  });
}

export interface DictionarySelectProps {
  /** Dictionary type id or code, e.g. 'businessType'. */
  dictionaryType: string;
  value?: string | string[] | null;
  onChange?(value: string | string[] | undefined): void;
  multiple?: boolean;
  placeholder?: string;
  disabled?: boolean;
  /** Which entry field is the value: id (default) or enCode. */
  valueField?: 'id' | 'enCode';
  /** Show the add button opening dictionary management (default: when the user has that page). */
  allowAdd?: boolean;
  id?: string;
}

/**
 * Dictionary selector of widgets.md: a tree select of one type's entries with an add button that
 * opens dictionary management in a dialog (80 % width) and reloads the tree when it closes.
 */
export function DictionarySelect({
  dictionaryType,
  value,
  onChange,
  multiple = false,
  placeholder,
  disabled,
  valueField = 'id',
  allowAdd,
  id,
}: DictionarySelectProps) {
  const { t } = useTranslation('widgets');
  const queryClient = useQueryClient();
  const [managing, setManaging] = useState(false);
  const all = useDictionaryEntries(dictionaryType);
  const treeData = all.data ?? [];
  const menuList = useSession((state) => state.menuList);
  const { DictionaryManager } = useFeatureSlots();
  const canManage =
    DictionaryManager !== undefined &&
    (allowAdd ?? menuIdForPath(menuList, `/${DICTIONARY_ADDRESS}`) !== null);

  return (
    <Space.Compact style={{ width: '100%' }}>
      <TreeSelect
        id={id}
        value={value ?? undefined}
        onChange={(next) => onChange?.(next ?? undefined)}
        treeData={treeData}
        fieldNames={{ label: 'fullName', value: valueField, children: 'children' }}
        multiple={multiple}
        allowClear
        disabled={disabled}
        loading={all.isFetching}
        treeDefaultExpandAll
        showSearch={{ treeNodeFilterProp: 'fullName' }}
        placeholder={placeholder ?? t('dictionarySelect.placeholder')}
        style={{ flex: 1, minWidth: 0 }}
        notFoundContent={all.isFetching ? <Spin size="small" /> : t('noData')}
      />
      {canManage && !disabled && (
        <Button
          icon={<PlusOutlined />}
          aria-label={t('dictionarySelect.add')}
          onClick={() => setManaging(true)}
        />
      )}
      <Modal
        open={managing}
        width="80%"
        title={t('dictionarySelect.manage')}
        footer={null}
        destroyOnHidden
        onCancel={() => setManaging(false)}
        afterOpenChange={(open) => {
          if (!open) void queryClient.invalidateQueries({ queryKey: dictionaryKeys.all });
        }}
        className="dictionary-select-dialog"
      >
        <Suspense fallback={<Spin />}>
          <PermissionScope address={DICTIONARY_ADDRESS}>
            {DictionaryManager && <DictionaryManager embedded initialType={dictionaryType} />}
          </PermissionScope>
        </Suspense>
      </Modal>
    </Space.Compact>
  );
}
