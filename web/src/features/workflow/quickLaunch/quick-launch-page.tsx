import { parseFormData } from '@console/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Empty, Form, Input, Modal, Select, Space, Spin, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toastSuccess } from '../../../base/api/feedback';
import { useDictionaryEntries } from '../../../widgets/dictionary-select/dictionary-select';
import { FormRenderer, submitValues } from '../../../widgets/form/form-renderer';
import type { FormSchema } from '../../../widgets/form/types';
import { PermissionScope } from '../../../widgets/list/permission';
import { UserSelect } from '../../../widgets/org-picker/user-select';
import { workflowKeys } from '../lists/api';
import {
  type CandidateNode,
  fetchLaunchable,
  fetchLaunchCandidates,
  fetchLaunchForm,
  fetchLaunchVersions,
  type LaunchableTemplate,
  launchFlow,
  quickLaunchKeys,
} from './api';
import './quick-launch.css';

/** The launch form of one template: its start form, urgency, and the handlers the next node asks for. */
function LaunchDialog({ template, onClose }: { template: LaunchableTemplate; onClose(): void }) {
  const { t } = useTranslation('workflowEntrust');
  const queryClient = useQueryClient();
  const [form] = Form.useForm();
  const [flowUrgent, setFlowUrgent] = useState(1);
  const [candidates, setCandidates] = useState<CandidateNode[]>([]);
  const [chosen, setChosen] = useState<Record<string, string[]>>({});
  const [busy, setBusy] = useState(false);
  const versions = useQuery({
    queryKey: quickLaunchKeys.versions(template.id),
    queryFn: () => fetchLaunchVersions(template.id),
  });
  const flowId = versions.data?.[0]?.id ?? '';
  const info = useQuery({
    queryKey: quickLaunchKeys.form(flowId),
    queryFn: () => fetchLaunchForm(flowId),
    enabled: Boolean(flowId),
  });
  const schema = useMemo(() => {
    const text = info.data?.flowFormInfo?.propertyJson;
    if (!text) return undefined;
    const parsed = parseFormData(text);
    return parsed.ok ? (parsed.form as FormSchema) : undefined;
  }, [info.data]);

  const send = async (status: 0 | 1) => {
    setBusy(true);
    try {
      const formData = schema ? await submitValues(form) : {};
      if (status === 0) {
        // The next node may ask the submitter to pick its handlers first.
        const needed = await fetchLaunchCandidates(flowId, formData);
        const missing = needed.filter((node) => !chosen[node.nodeId]?.length);
        if (missing.length > 0) {
          setCandidates(needed);
          return;
        }
      }
      const msg = await launchFlow({ flowId, formData, status, flowUrgent, candidateList: chosen });
      toastSuccess(msg || t('done'), 1.5);
      await queryClient.invalidateQueries({ queryKey: workflowKeys.all });
      onClose();
    } catch {
      // the toast or the form names the problem; the dialog stays open
    } finally {
      setBusy(false);
    }
  };

  const loading = versions.isLoading || info.isLoading;
  return (
    <Modal
      open
      width={760}
      title={template.fullName}
      onCancel={onClose}
      destroyOnHidden
      footer={
        <Space>
          <Button onClick={onClose}>{t('actions.cancel')}</Button>
          <Button loading={busy} disabled={!flowId} onClick={() => void send(1)}>
            {t('launch.save')}
          </Button>
          <Button type="primary" loading={busy} disabled={!flowId} onClick={() => void send(0)}>
            {t('launch.submit')}
          </Button>
        </Space>
      }
    >
      {loading ? (
        <Spin spinning style={{ display: 'block', padding: 32 }} />
      ) : !flowId || info.isError ? (
        <Empty description={t('launch.unavailable')} />
      ) : (
        <>
          <Form layout="vertical">
            <Form.Item label={t('launch.urgent')}>
              <Select<number>
                aria-label={t('launch.urgent')}
                value={flowUrgent}
                onChange={setFlowUrgent}
                style={{ width: 160 }}
                options={[1, 2, 3].map((level) => ({ value: level, label: t(`urgent.${level}`) }))}
              />
            </Form.Item>
          </Form>
          {schema ? <FormRenderer schema={schema} form={form} /> : <Empty description={t('launch.noForm')} />}
          {candidates.length > 0 ? (
            <Card size="small" title={t('launch.candidates')} style={{ marginTop: 12 }}>
              <Form layout="vertical">
                {candidates.map((node) => (
                  <Form.Item key={node.nodeId} label={node.nodeName} required>
                    <UserSelect
                      multiple
                      placeholder={t('launch.pickCandidates', { node: node.nodeName })}
                      value={chosen[node.nodeId] ?? []}
                      onChange={(value) =>
                        setChosen((old) => ({
                          ...old,
                          [node.nodeId]: Array.isArray(value) ? value : [value],
                        }))
                      }
                    />
                  </Form.Item>
                ))}
              </Form>
            </Card>
          ) : null}
        </>
      )}
    </Modal>
  );
}

function QuickLaunch() {
  const { t } = useTranslation('workflowEntrust');
  const [typed, setTyped] = useState('');
  const [keyword, setKeyword] = useState('');
  const [launching, setLaunching] = useState<LaunchableTemplate | null>(null);
  const templates = useQuery({
    queryKey: quickLaunchKeys.templates(keyword),
    queryFn: () => fetchLaunchable(keyword),
  });
  const categories = useDictionaryEntries('WorkFlowCategory');
  const groups = useMemo(() => {
    const names = new Map((categories.data ?? []).map((c) => [c.id, c.fullName]));
    const byCategory = new Map<string, LaunchableTemplate[]>();
    for (const template of templates.data?.list ?? []) {
      const name = (template.category && names.get(template.category)) || t('quick.uncategorised');
      byCategory.set(name, [...(byCategory.get(name) ?? []), template]);
    }
    return [...byCategory.entries()];
  }, [templates.data, categories.data, t]);

  return (
    <div className="quick-launch" data-testid="workflow-quick-launch-page">
      <Input.Search
        allowClear
        value={typed}
        onChange={(event) => setTyped(event.target.value)}
        onSearch={(value) => setKeyword(value.trim())}
        placeholder={t('quick.search')}
        aria-label={t('quick.search')}
        style={{ maxWidth: 360 }}
      />
      {templates.isLoading ? (
        <Spin spinning style={{ display: 'block', padding: 48 }} />
      ) : groups.length === 0 ? (
        <Empty description={t('quick.empty')} />
      ) : (
        groups.map(([category, list]) => (
          <section key={category} className="quick-launch__group" aria-label={category}>
            <Typography.Title level={5}>{category}</Typography.Title>
            <div className="quick-launch__cards">
              {list.map((template) => (
                <button
                  type="button"
                  key={template.id}
                  className="quick-launch__card"
                  onClick={() => setLaunching(template)}
                  aria-label={t('quick.launchNamed', { name: template.fullName })}
                >
                  <span
                    className="quick-launch__icon"
                    style={{ background: template.iconBackground || undefined }}
                    aria-hidden
                  >
                    {template.fullName.slice(0, 1)}
                  </span>
                  <span className="quick-launch__name">{template.fullName}</span>
                </button>
              ))}
            </div>
          </section>
        ))
      )}
      {launching ? <LaunchDialog template={launching} onClose={() => setLaunching(null)} /> : null}
    </div>
  );
}

/** Page 'workFlow/flowQuickLaunch' (发起流程): the flows the user may launch, by category. */
export default function QuickLaunchPage() {
  return (
    <PermissionScope address="workFlow/flowQuickLaunch">
      <QuickLaunch />
    </PermissionScope>
  );
}
