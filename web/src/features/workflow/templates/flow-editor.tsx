import { useQuery } from '@tanstack/react-query';
import { Button, Form, Input, InputNumber, Modal, Space, Spin, Tabs } from 'antd';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toastSuccess } from '../../../base/api/feedback';
import { DictionarySelect } from '../../../widgets/dictionary-select/dictionary-select';
import {
  type DesignNode,
  emptyFlow,
  newNodeId,
  type TreeProblem,
  validateTree,
} from '../../../widgets/flow-designer/tree';
import {
  fetchTemplate,
  flowEngineKeys,
  type NamedFlow,
  releaseTemplate,
  saveTemplate,
  setMainVersion,
  type TemplateForm,
} from './api';
import { FLOW_CATEGORY } from './categories';

// The designer (and @xyflow/react) loads only when a template is opened.
const FlowDesigner = lazy(() => import('../../../widgets/flow-designer/flow-designer'));

type Basics = Omit<TemplateForm, 'flows'>;
const BASICS: Basics = { fullName: '', enCode: '', type: 0, sortCode: 0, description: '' };

const newFlow = (fullName: string): NamedFlow => ({
  id: '',
  flowId: newNodeId(),
  fullName,
  flowTemplateJson: emptyFlow(),
});

/**
 * New / edit a template full screen: its fields, then one designer tab per named flow. Save
 * checks every flow (the wrong nodes are marked); publish also releases the template and makes a
 * version created for a flow in use the main one.
 */
export function FlowEditor({
  target,
  onClose,
}: {
  target: { id?: string } | null;
  onClose(saved: boolean): void;
}) {
  const { t } = useTranslation('flowEngine');
  const [form] = Form.useForm<Basics>();
  const [modal, modalHolder] = Modal.useModal();
  const [flows, setFlows] = useState<NamedFlow[]>([]);
  const [tab, setTab] = useState('basic');
  const [problems, setProblems] = useState<Record<string, TreeProblem[]>>({});
  const [saving, setSaving] = useState(false);
  const id = target?.id;
  const loaded = useQuery({
    queryKey: flowEngineKeys.info(id ?? ''),
    queryFn: () => fetchTemplate(id as string),
    enabled: Boolean(id),
    gcTime: 0,
  });

  useEffect(() => {
    if (!target) return;
    setTab('basic');
    setProblems({});
    if (!target.id) {
      form.setFieldsValue(BASICS);
      setFlows([newFlow(t('editor.defaultFlowName'))]);
    } else if (loaded.data) {
      const { flows: stored, ...basics } = loaded.data;
      form.setFieldsValue(basics);
      setFlows(stored);
    }
  }, [target, loaded.data, form, t]);

  const setTree = (flowId: string, tree: DesignNode) =>
    setFlows((old) => old.map((f) => (f.flowId === flowId ? { ...f, flowTemplateJson: tree } : f)));

  const save = async (publish: boolean) => {
    let basics: Basics;
    try {
      basics = await form.validateFields();
    } catch {
      setTab('basic');
      return;
    }
    const found: Record<string, TreeProblem[]> = {};
    for (const flow of flows) {
      const list = validateTree(flow.flowTemplateJson);
      if (list.length) found[flow.flowId] = list;
    }
    setProblems(found);
    const firstWrong = flows.find((f) => found[f.flowId]);
    if (firstWrong) {
      setTab(firstWrong.flowId);
      return;
    }
    setSaving(true);
    try {
      const saved = await saveTemplate(id, { ...BASICS, ...basics, flows });
      const templateId = id ?? saved.id;
      if (publish) {
        if (saved.isMainVersion) await setMainVersion(saved.id);
        toastSuccess(await releaseTemplate(templateId));
        onClose(true);
        return;
      }
      toastSuccess(saved.msg);
      if (saved.isMainVersion)
        modal.confirm({
          title: t('editor.newVersion'),
          okText: t('actions.ok'),
          cancelText: t('actions.cancel'),
          onOk: async () => toastSuccess(await setMainVersion(saved.id)),
          afterClose: () => onClose(true),
        });
      else onClose(true);
    } catch {
      // the client showed the server's message
    } finally {
      setSaving(false);
    }
  };

  const renameFlow = (flowId: string, fullName: string) =>
    setFlows((old) => old.map((f) => (f.flowId === flowId ? { ...f, fullName } : f)));

  return (
    <Modal
      open={target !== null}
      title={id ? t('editor.editTitle') : t('editor.newTitle')}
      width="100%"
      className="flow-editor-modal"
      onCancel={() => onClose(false)}
      destroyOnHidden
      loading={Boolean(id) && loaded.isLoading}
      footer={
        <Space>
          <Button onClick={() => onClose(false)}>{t('actions.cancel')}</Button>
          <Button loading={saving} onClick={() => void save(false)}>
            {t('editor.save')}
          </Button>
          <Button type="primary" loading={saving} onClick={() => void save(true)}>
            {t('editor.publish')}
          </Button>
        </Space>
      }
    >
      <Tabs
        activeKey={tab}
        onChange={setTab}
        type="editable-card"
        hideAdd={false}
        addIcon={<span>{t('editor.addFlow')}</span>}
        onEdit={(key, action) => {
          if (action === 'add') {
            const flow = newFlow(t('editor.flowName', { n: flows.length + 1 }));
            setFlows((old) => [...old, flow]);
            setTab(flow.flowId);
          } else if (typeof key === 'string' && flows.length > 1)
            modal.confirm({
              title: t('editor.confirmRemoveFlow'),
              okText: t('actions.ok'),
              cancelText: t('actions.cancel'),
              onOk: () => {
                setFlows((old) => old.filter((f) => f.flowId !== key));
                setTab('basic');
              },
            });
        }}
        items={[
          {
            key: 'basic',
            label: t('editor.basic'),
            closable: false,
            forceRender: true,
            children: (
              <Form<Basics>
                form={form}
                name="flowTemplate"
                labelCol={{ style: { width: 100 } }}
                style={{ maxWidth: 640 }}
              >
                <Form.Item
                  name="fullName"
                  label={t('fields.fullName')}
                  rules={[{ required: true, message: t('editor.fullNameRequired') }, { max: 50 }]}
                >
                  <Input maxLength={50} />
                </Form.Item>
                <Form.Item
                  name="enCode"
                  label={t('fields.enCode')}
                  rules={[
                    { required: true, message: t('editor.enCodeRequired') },
                    { pattern: /^\w+$/, message: t('editor.enCodePattern') },
                    { max: 50 },
                  ]}
                >
                  <Input maxLength={50} />
                </Form.Item>
                <Form.Item name="category" label={t('fields.category')}>
                  <DictionarySelect
                    dictionaryType={FLOW_CATEGORY}
                    placeholder={t('editor.categoryPlaceholder')}
                  />
                </Form.Item>
                <Form.Item name="sortCode" label={t('fields.sortCode')}>
                  <InputNumber min={0} max={999999} />
                </Form.Item>
                <Form.Item name="description" label={t('fields.description')}>
                  <Input.TextArea rows={3} maxLength={500} />
                </Form.Item>
                {flows.map((flow) => (
                  <Form.Item key={flow.flowId} label={t('editor.flowNameLabel')}>
                    <Input
                      aria-label={t('editor.flowNameLabel')}
                      value={flow.fullName}
                      maxLength={100}
                      onChange={(e) => renameFlow(flow.flowId, e.target.value)}
                    />
                  </Form.Item>
                ))}
              </Form>
            ),
          },
          ...flows.map((flow) => ({
            key: flow.flowId,
            label: flow.fullName || t('editor.defaultFlowName'),
            closable: flows.length > 1,
            children: (
              <div className="flow-editor__designer">
                <Suspense fallback={<Spin />}>
                  <FlowDesigner
                    tree={flow.flowTemplateJson}
                    onChange={(tree) => setTree(flow.flowId, tree)}
                    problems={problems[flow.flowId] ?? []}
                  />
                </Suspense>
              </div>
            ),
          })),
        ]}
      />
      {modalHolder}
    </Modal>
  );
}
