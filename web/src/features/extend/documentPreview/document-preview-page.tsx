import { FileExcelOutlined, FilePdfOutlined, FileTextOutlined, FileWordOutlined } from '@ant-design/icons';
import type { DocumentPreviewRow } from '@console/shared';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Empty, Spin, Table, type TableColumnsType } from 'antd';
import dayjs from 'dayjs';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { http } from '../../../base/api';
import { PermissionScope } from '../../../widgets/list/permission';
import { RefreshButton } from '../../../widgets/list/refresh-button';
import '../../../widgets/list/list-page.css';
import './document-preview.css';

const ADDRESS = 'extend/documentPreview';
const BASE = '/extend/DocumentPreview';

const ICONS: Record<string, React.ReactNode> = {
  docx: <FileWordOutlined style={{ color: '#2b579a' }} />,
  xlsx: <FileExcelOutlined style={{ color: '#217346' }} />,
  pdf: <FilePdfOutlined style={{ color: '#d4380d' }} />,
};

const size = (bytes: number) => (bytes < 1024 ? `${bytes} B` : `${(bytes / 1024).toFixed(1)} KB`);

type Shown = { kind: 'html' | 'text'; text: string } | { kind: 'pdf' | 'image'; url: string };

/**
 * The preview of one file: the server renders it and answers a one-use address; its content is
 * fetched and shown from memory — HTML in a sandboxed frame (no scripts, no same origin), text as
 * text, PDF and images from a blob address.
 */
function Preview({ row }: { row: DocumentPreviewRow }) {
  const { t } = useTranslation('extendDocumentPreview');
  const [shown, setShown] = useState<Shown | null>(null);
  const [error, setError] = useState('');
  useEffect(() => {
    let objectUrl = '';
    let stale = false;
    setShown(null);
    setError('');
    (async () => {
      const url = await http.get<string>(`${BASE}/${encodeURIComponent(row.id)}/Preview`, {
        previewType: '',
      });
      const response = await fetch(url);
      const blob = await response.blob();
      if (stale) return;
      if (blob.type.startsWith('text/html')) setShown({ kind: 'html', text: await blob.text() });
      else if (blob.type.startsWith('text/')) setShown({ kind: 'text', text: await blob.text() });
      else {
        objectUrl = URL.createObjectURL(blob);
        setShown({ kind: blob.type === 'application/pdf' ? 'pdf' : 'image', url: objectUrl });
      }
    })().catch(() => {
      if (!stale) setError(t('failed'));
    });
    return () => {
      stale = true;
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [row, t]);
  if (error) return <Alert type="error" title={error} />;
  if (!shown) return <Spin />;
  switch (shown.kind) {
    case 'html':
      return (
        <iframe title={row.fileName} sandbox="" srcDoc={shown.text} data-testid="document-preview-frame" />
      );
    case 'text':
      return <pre data-testid="document-preview-text">{shown.text}</pre>;
    case 'pdf':
      return <iframe title={row.fileName} src={shown.url} />;
    default:
      return <img alt={row.fileName} src={shown.url} />;
  }
}

function DocumentPreviewList() {
  const { t } = useTranslation('extendDocumentPreview');
  const [current, setCurrent] = useState<DocumentPreviewRow | null>(null);
  const files = useQuery({
    queryKey: ['extendDocumentPreview', 'list'],
    queryFn: () => http.get<DocumentPreviewRow[]>(BASE),
  });
  const columns: TableColumnsType<DocumentPreviewRow> = [
    {
      title: t('fields.fileName'),
      dataIndex: 'fileName',
      key: 'fileName',
      render: (name: string, row) => (
        <span>
          {ICONS[row.fileExtension] ?? <FileTextOutlined />} {name}
        </span>
      ),
    },
    { title: t('fields.fileSize'), dataIndex: 'fileSize', key: 'fileSize', width: 100, render: size },
    {
      title: t('fields.fileTime'),
      dataIndex: 'fileTime',
      key: 'fileTime',
      width: 170,
      render: (value: number) => dayjs(value).format('YYYY-MM-DD HH:mm'),
    },
    {
      title: t('actions.title'),
      key: 'actions',
      width: 90,
      render: (_, row) => (
        <Button type="link" onClick={() => setCurrent(row)}>
          {t('actions.preview')}
        </Button>
      ),
    },
  ];
  return (
    <div className="list-page document-preview-page" data-testid="document-preview-page">
      <div className="list-page__body">
        <div className="list-page__toolbar">
          <RefreshButton type="default" label={t('actions.refresh')} onRefresh={() => void files.refetch()} />
        </div>
        <Table<DocumentPreviewRow>
          rowKey="id"
          size="middle"
          columns={columns}
          loading={files.isFetching}
          dataSource={files.data ?? []}
          pagination={false}
          locale={{ emptyText: t('empty') }}
          rowClassName={(row) => (row.id === current?.id ? 'document-preview-page__current' : '')}
          onRow={(row) => ({ onDoubleClick: () => setCurrent(row) })}
        />
        <Card
          size="small"
          className="document-preview-page__pane"
          title={current ? t('paneTitle', { name: current.fileName }) : t('pane')}
          data-testid="document-preview"
        >
          {current ? <Preview row={current} /> : <Empty description={t('choose')} />}
        </Card>
      </div>
    </div>
  );
}

/** Sample office files and their previews rendered by the server, page 'extend/documentPreview'. */
export default function DocumentPreviewPage() {
  return (
    <PermissionScope address={ADDRESS}>
      <DocumentPreviewList />
    </PermissionScope>
  );
}
