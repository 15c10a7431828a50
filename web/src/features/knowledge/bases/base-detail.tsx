import { EditOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Descriptions, Drawer, Empty, Result, Space, Spin, Table, Tabs, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { AuthButton } from '../../../widgets/list/permission';
import { fetchBase, type KnowledgeBase, type KnowledgeGrant, knowledgeKeys } from './api';
import type { BaseDialogTab } from './base-dialog';
import { ChunksTab } from './chunks-tab';
import { useConfirm } from './confirm';
import { DocumentsTab } from './documents-tab';
import { HitTestTab } from './hit-test-tab';
import { QaTab } from './qa-tab';

function GrantsView({ base, onEdit }: { base: KnowledgeBase; onEdit(): void }) {
  const { t } = useTranslation('knowledgeBase');
  return (
    <div data-testid="kb-grants">
      <div className="kb-tab__toolbar">
        <span className="kb-tab__hint">{t('grants.hint')}</span>
        <AuthButton code="btn_edit" icon={<EditOutlined />} onClick={onEdit}>
          {t('grants.edit')}
        </AuthButton>
      </div>
      <Table<KnowledgeGrant>
        rowKey={(grant) => `${grant.level}:${grant.objectType}:${grant.objectId}`}
        size="middle"
        pagination={false}
        dataSource={base.grants}
        locale={{ emptyText: t('grants.empty') }}
        columns={[
          {
            title: t('grants.object'),
            key: 'object',
            render: (_, grant) => grant.objectName || grant.objectId,
          },
          {
            title: t('grants.objectType'),
            dataIndex: 'objectType',
            key: 'objectType',
            width: 140,
            render: (type: string) => t(`grants.types.${type}`),
          },
          {
            title: t('grants.level'),
            dataIndex: 'level',
            key: 'level',
            width: 140,
            render: (level: string) => (
              <Tag color={level === 'manage' ? 'gold' : 'blue'}>{t(`grants.${level}`)}</Tag>
            ),
          },
        ]}
      />
    </div>
  );
}

function SettingsView({ base, onEdit }: { base: KnowledgeBase; onEdit(): void }) {
  const { t } = useTranslation('knowledgeBase');
  const yes = (value: boolean) => (value ? t('yes') : t('no'));
  return (
    <div data-testid="kb-settings">
      <div className="kb-tab__toolbar">
        <span />
        <AuthButton code="btn_edit" icon={<EditOutlined />} onClick={onEdit}>
          {t('settings.edit')}
        </AuthButton>
      </div>
      <Descriptions bordered size="small" column={2} title={t('settings.chunk')}>
        <Descriptions.Item label={t('fields.maxChars')}>{base.chunkSettings.maxChars}</Descriptions.Item>
        <Descriptions.Item label={t('fields.splitOnHeadings')}>
          {yes(base.chunkSettings.splitOnHeadings)}
        </Descriptions.Item>
      </Descriptions>
      <Descriptions bordered size="small" column={2} title={t('settings.answer')} style={{ marginTop: 16 }}>
        <Descriptions.Item label={t('fields.topK')}>{base.answerSettings.topK}</Descriptions.Item>
        <Descriptions.Item label={t('fields.minScore')}>{base.answerSettings.minScore}</Descriptions.Item>
        <Descriptions.Item label={t('fields.qaThreshold')}>
          {base.answerSettings.qaThreshold}
        </Descriptions.Item>
        <Descriptions.Item label={t('fields.useLlm')}>{yes(base.answerSettings.useLlm)}</Descriptions.Item>
        <Descriptions.Item label={t('fields.noAnswerText')} span={2}>
          {base.answerSettings.noAnswerText}
        </Descriptions.Item>
      </Descriptions>
    </div>
  );
}

/**
 * A base in a drawer. Managers see documents, chunks, hit test, Q&A pairs, grants and settings;
 * holders of `use` see the hit test only (the server refuses the rest to them anyway).
 */
export function BaseDetail({
  baseId,
  onClose,
  onEdit,
}: {
  baseId: string | null;
  onClose(): void;
  onEdit(tab: BaseDialogTab): void;
}) {
  const { t } = useTranslation('knowledgeBase');
  const { confirm, holder } = useConfirm();
  const base = useQuery({
    queryKey: knowledgeKeys.base(baseId ?? ''),
    queryFn: () => fetchBase(baseId ?? ''),
    enabled: baseId !== null,
  });
  const data = base.data;

  const tabs = (row: KnowledgeBase) => {
    const hit = {
      key: 'hitTest',
      label: t('tabs.hitTest'),
      children: <HitTestTab baseId={row.id} topK={row.answerSettings.topK} />,
    };
    if (!row.canManage) return [hit];
    return [
      {
        key: 'documents',
        label: t('tabs.documents'),
        children: <DocumentsTab baseId={row.id} confirm={confirm} />,
      },
      { key: 'chunks', label: t('tabs.chunks'), children: <ChunksTab baseId={row.id} /> },
      hit,
      { key: 'qa', label: t('tabs.qa'), children: <QaTab baseId={row.id} confirm={confirm} /> },
      {
        key: 'grants',
        label: t('tabs.grants'),
        children: <GrantsView base={row} onEdit={() => onEdit('grants')} />,
      },
      {
        key: 'settings',
        label: t('tabs.settings'),
        children: <SettingsView base={row} onEdit={() => onEdit('settings')} />,
      },
    ];
  };

  return (
    <Drawer
      open={baseId !== null}
      onClose={onClose}
      size={1080}
      destroyOnHidden
      className="kb-detail"
      title={
        <Space>
          <span>{data?.fullName ?? t('detail.title')}</span>
          {data && (
            <span className="kb-detail__counts">
              {t('detail.counts', { docs: data.docCount, chunks: data.chunkCount })}
            </span>
          )}
        </Space>
      }
    >
      {base.isLoading && (
        <div className="kb-center">
          <Spin />
        </div>
      )}
      {base.isError && <Result status="warning" title={t('loadFailed')} />}
      {data && <Tabs items={tabs(data)} destroyOnHidden />}
      {!base.isLoading && !base.isError && !data && <Empty />}
      {holder}
    </Drawer>
  );
}
