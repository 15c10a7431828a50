import { useQuery } from '@tanstack/react-query';
import { Button, Drawer, Form, Input, Space, Switch } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { designerKeys, fetchFormFields } from './api';
import { ApproverPanel } from './panels/approver-panel';
import { ConditionPanel } from './panels/condition-panel';
import { Item, type Setter } from './panels/parts';
import { StartPanel } from './panels/start-panel';
import { SubFlowPanel } from './panels/sub-flow-panel';
import { TimerPanel } from './panels/timer-panel';
import type { DesignNode, Props } from './tree';

/**
 * The property drawer of one node (workflow.md 2.2–2.6). It edits a draft of the node's
 * properties; OK hands the draft to the designer (one undo step), Cancel drops it.
 */
export function NodePanel({
  node,
  tree,
  onApply,
  onClose,
}: {
  node: DesignNode | null;
  tree: DesignNode;
  onApply(nodeId: string, properties: Props): void;
  onClose(): void;
}) {
  const { t } = useTranslation('flowEngine');
  const [draft, setDraft] = useState<Props>({});
  useEffect(() => setDraft(node ? structuredClone(node.properties) : {}), [node]);
  const set: Setter = (key, value) => setDraft((old) => ({ ...old, [key]: value }));
  const formId = String((node?.type === 'approver' && draft.formId) || tree.properties.formId || '');
  const fields = useQuery({
    queryKey: designerKeys.fields(formId),
    queryFn: () => fetchFormFields(formId),
    enabled: Boolean(formId) && node !== null,
  });
  const formFields = fields.data ?? [];
  const common = { p: draft, set, t, fields: formFields };
  return (
    <Drawer
      open={node !== null}
      onClose={onClose}
      size="large"
      title={node ? t(`kinds.${node.type}`) : ''}
      destroyOnHidden
      className="flow-panel"
      extra={
        <Space>
          <Button onClick={onClose}>{t('actions.cancel')}</Button>
          <Button type="primary" onClick={() => node && onApply(node.nodeId, draft)}>
            {t('actions.ok')}
          </Button>
        </Space>
      }
    >
      {node && (
        <Form layout="vertical" component="div">
          <Item label={t('props.title')}>
            <Input
              value={String(draft.title ?? '')}
              maxLength={50}
              onChange={(e) => set('title', e.target.value)}
              aria-label={t('props.title')}
            />
          </Item>
          {node.type === 'condition' && (
            <Item label={t('condition.isDefault')}>
              <Switch
                checked={Boolean(draft.isDefault)}
                onChange={(v) => set('isDefault', v)}
                aria-label={t('condition.isDefault')}
              />
            </Item>
          )}
          {node.type === 'start' && <StartPanel {...common} />}
          {node.type === 'approver' && <ApproverPanel {...common} tree={tree} nodeId={node.nodeId} />}
          {node.type === 'condition' && <ConditionPanel {...common} />}
          {node.type === 'subFlow' && <SubFlowPanel {...common} />}
          {node.type === 'timer' && <TimerPanel p={draft} set={set} t={t} />}
        </Form>
      )}
    </Drawer>
  );
}
