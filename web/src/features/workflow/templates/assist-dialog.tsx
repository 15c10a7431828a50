import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Modal, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toastSuccess } from '../../../base/api/feedback';
import { UserSelect } from '../../../widgets/org-picker';
import { fetchAssist, flowEngineKeys, saveAssist, type TemplateRow } from './api';

/** 协管人员: the users who may manage a template besides its creator (workflow.md, flow_enginevisible type 2). */
export function AssistDialog({ template, onClose }: { template: TemplateRow | null; onClose(): void }) {
  const { t } = useTranslation('flowEngine');
  const queryClient = useQueryClient();
  const [users, setUsers] = useState<string[]>([]);
  const [saving, setSaving] = useState(false);
  const current = useQuery({
    queryKey: flowEngineKeys.assist(template?.id ?? ''),
    queryFn: () => fetchAssist(template?.id as string),
    enabled: template !== null,
    staleTime: 0,
  });
  useEffect(() => {
    if (current.data) setUsers(current.data);
  }, [current.data]);

  const save = async () => {
    if (!template) return;
    setSaving(true);
    try {
      toastSuccess(await saveAssist(template.id, users));
      await queryClient.invalidateQueries({ queryKey: flowEngineKeys.assist(template.id) });
      onClose();
    } catch {
      // The client showed the server's message; the dialog stays open.
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={template !== null}
      title={t('assist.title', { name: template?.fullName ?? '' })}
      okText={t('actions.ok')}
      cancelText={t('actions.cancel')}
      confirmLoading={saving}
      loading={current.isLoading}
      onOk={() => void save()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">{t('assist.hint')}</Typography.Paragraph>
      <UserSelect
        multiple
        value={users}
        onChange={(value) => setUsers(Array.isArray(value) ? value : value ? [value] : [])}
      />
    </Modal>
  );
}
