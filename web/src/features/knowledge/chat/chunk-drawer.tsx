import type { KbCitation } from '@console/shared';
import { useQuery } from '@tanstack/react-query';
import { Alert, Descriptions, Drawer, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { chatKeys, fetchChunk } from './api';

/** The chunk a citation points at, as the server has it now (only from bases the caller may use). */
export function ChunkDrawer({ citation, onClose }: { citation: KbCitation | null; onClose(): void }) {
  const { t } = useTranslation('knowledgeChat');
  const chunk = useQuery({
    queryKey: chatKeys.chunk(citation?.chunkId ?? ''),
    queryFn: () => fetchChunk(citation?.chunkId ?? ''),
    enabled: citation !== null,
    retry: false,
  });
  const data = chunk.data;
  return (
    <Drawer
      open={citation !== null}
      onClose={onClose}
      size={560}
      title={citation ? t('citation.drawerTitle', { index: citation.index }) : ''}
      className="kb-chunk-drawer"
      destroyOnHidden
    >
      {chunk.isLoading && <Spin />}
      {chunk.isError && (
        <Alert type="warning" showIcon title={t('citation.gone')} style={{ marginBottom: 16 }} />
      )}
      {citation && (
        <>
          <Descriptions size="small" column={1} bordered>
            {data && <Descriptions.Item label={t('citation.base')}>{data.baseName}</Descriptions.Item>}
            <Descriptions.Item label={t('citation.document')}>
              {data?.documentName ?? citation.documentName}
            </Descriptions.Item>
            {data && <Descriptions.Item label={t('citation.seq')}>{data.seq}</Descriptions.Item>}
          </Descriptions>
          <div className="kb-chunk-drawer__content" data-testid="kb-chunk-content">
            {data?.content ?? citation.content}
          </div>
        </>
      )}
    </Drawer>
  );
}
