import { ScheduleScope } from '@console/shared';
import { Modal, Radio, Space } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toastWarning } from '../../../base/api/feedback';

/**
 * Asks which occurrences of a repeating schedule an action applies to (widgets.md
 * "Schedule delete-scope dialog", 380 px): this one (1), this and later (2), all (3).
 */
export function ScopeDialog({
  mode,
  onChoose,
  onClose,
}: {
  mode: 'delete' | 'edit' | null;
  onChoose(scope: number): Promise<void> | void;
  onClose(): void;
}) {
  const { t } = useTranslation('schedule');
  const [scope, setScope] = useState<number | undefined>();
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (mode) setScope(undefined);
  }, [mode]);

  const confirm = async () => {
    if (!scope) {
      toastWarning(t('scope.required'));
      return;
    }
    setBusy(true);
    try {
      await onChoose(scope);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open={mode !== null}
      width={380}
      title={mode === 'edit' ? t('scope.editTitle') : t('scope.deleteTitle')}
      okText={t('actions.ok')}
      cancelText={t('actions.cancel')}
      confirmLoading={busy}
      onOk={confirm}
      onCancel={onClose}
      destroyOnHidden
    >
      <Radio.Group value={scope} onChange={(e) => setScope(e.target.value)} aria-label={t('scope.label')}>
        <Space orientation="vertical">
          <Radio value={ScheduleScope.This}>{t('scope.this')}</Radio>
          <Radio value={ScheduleScope.ThisAndLater}>{t('scope.thisAndLater')}</Radio>
          <Radio value={ScheduleScope.All}>{t('scope.all')}</Radio>
        </Space>
      </Radio.Group>
    </Modal>
  );
}
