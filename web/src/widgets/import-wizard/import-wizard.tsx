import { DeleteOutlined, DownloadOutlined, InboxOutlined } from '@ant-design/icons';
import {
  Alert,
  Button,
  Input,
  Modal,
  Result,
  Space,
  Steps,
  Table,
  type TableColumnsType,
  Tooltip,
  Upload,
  type UploadFile,
} from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toastError } from '../../base/api/feedback';
import { downloadUrl } from '../list/files';
import {
  checkImportFile,
  downloadImportTemplate,
  executeImport,
  exportFailedRows,
  IMPORT_MAX_ROWS,
  type ImportHeader,
  type ImportResult,
  type ImportRow,
  previewImport,
  uploadImportFile,
} from './api';
import './import-wizard.css';
import { rowIndexKey } from '../list/row-key';

export interface ImportWizardProps {
  open: boolean;
  /** Module base path below /api, e.g. '/permission/Users' or '/visualdev/OnlineDev/{modelId}'. */
  base: string;
  /** Where the file is uploaded; default `${base}/Uploader` (OnlineDev forms: '/visualdev/OnlineDev/Uploader'). */
  uploadPath?: string;
  /** Called on close; `refresh` is true when rows were imported and the caller should reload. */
  onClose(refresh: boolean): void;
}

/** Flattens the header row (sub-table headers carry children) into leaf columns. */
function leafHeaders(headers: readonly ImportHeader[]): ImportHeader[] {
  return headers.flatMap((header) => (header.children?.length ? leafHeaders(header.children) : [header]));
}

let rowSeq = 0;
const withKeys = (rows: readonly ImportRow[]) => rows.map((row) => ({ ...row, __key: `r${++rowSeq}` }));
type KeyedRow = ImportRow & { __key: string };

/**
 * Bulk import dialog of widgets.md (title 批量导入, 1000 px, three steps): upload an xls/xlsx of
 * at most 500 KB (the latest file replaces the previous one), preview and edit the rows with the
 * errors the server found, import, then see success and failure counts with the failed rows,
 * which can be downloaded. Works for any module that serves Uploader, TemplateDownload,
 * ImportPreview, ImportData and ExportExceptionData under its base path.
 */
export function ImportWizard({ open, base, uploadPath, onClose }: ImportWizardProps) {
  const { t } = useTranslation('importWizard');
  const [step, setStep] = useState(0);
  const [files, setFiles] = useState<UploadFile[]>([]);
  const [fileName, setFileName] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);
  const [busy, setBusy] = useState(false);
  const [headers, setHeaders] = useState<ImportHeader[]>([]);
  const [rows, setRows] = useState<KeyedRow[]>([]);
  const [result, setResult] = useState<ImportResult | null>(null);

  const leaves = useMemo(() => leafHeaders(headers), [headers]);
  const hasErrors = rows.some((row) => row.errorsInfo);

  const reset = () => {
    setStep(0);
    setFiles([]);
    setFileName(null);
    setHeaders([]);
    setRows([]);
    setResult(null);
  };

  const close = () => {
    const refresh = (result?.snum ?? 0) > 0;
    reset();
    onClose(refresh);
  };

  const upload = async (file: File) => {
    setUploading(true);
    setFiles([{ uid: String(Date.now()), name: file.name, status: 'uploading' }]);
    try {
      const name = await uploadImportFile(uploadPath ?? `${base}/Uploader`, file);
      setFileName(name);
      setFiles([{ uid: String(Date.now()), name: file.name, status: 'done' }]);
    } catch {
      setFileName(null);
      setFiles([]);
    } finally {
      setUploading(false);
    }
  };

  const next = async () => {
    if (step === 0) {
      if (!fileName) {
        toastError(t('noFile'));
        return;
      }
      setBusy(true);
      try {
        const preview = await previewImport(base, fileName);
        if ((preview.dataRow?.length ?? 0) > IMPORT_MAX_ROWS) {
          toastError(t('tooManyRows'));
          return;
        }
        setHeaders(preview.headerRow ?? []);
        setRows(withKeys(preview.dataRow ?? []));
        setStep(1);
      } catch {
        // message shown by the client
      } finally {
        setBusy(false);
      }
      return;
    }
    if (step === 1) {
      if (rows.length === 0) {
        toastError(t('empty'));
        return;
      }
      setBusy(true);
      try {
        const list = rows.map(({ __key, errorsInfo, ...row }) => row);
        setResult(await executeImport(base, list));
        setStep(2);
      } catch {
        // message shown by the client
      } finally {
        setBusy(false);
      }
    }
  };

  const downloadFailed = async () => {
    if (!result?.failResult?.length) return;
    setBusy(true);
    try {
      const file = await exportFailedRows(base, result.failResult);
      if (file?.url) downloadUrl(file.url, file.name);
    } catch {
      // message shown by the client
    } finally {
      setBusy(false);
    }
  };

  const downloadTemplate = async () => {
    try {
      const file = await downloadImportTemplate(base);
      if (file?.url) downloadUrl(file.url, file.name);
    } catch {
      // message shown by the client
    }
  };

  const setCell = (key: string, field: string, value: string) =>
    setRows((old) => old.map((row) => (row.__key === key ? { ...row, [field]: value } : row)));

  const previewColumns: TableColumnsType<KeyedRow> = [
    {
      title: '#',
      key: 'index',
      width: 50,
      fixed: 'left',
      render: (_, __, index) => index + 1,
    },
    ...leaves.map((header) => ({
      title: header.fullName,
      dataIndex: header.id,
      key: header.id,
      width: 140,
      render: (value: unknown, row: KeyedRow) => (
        <Input
          size="small"
          aria-label={header.fullName}
          value={value == null ? '' : String(value)}
          onChange={(event) => setCell(row.__key, header.id, event.target.value)}
        />
      ),
    })),
    ...(hasErrors
      ? [
          {
            title: t('errorsInfo'),
            dataIndex: 'errorsInfo',
            key: 'errorsInfo',
            width: 220,
            render: (value: unknown) =>
              value ? <span className="import-wizard__error">{String(value)}</span> : null,
          },
        ]
      : []),
    {
      title: t('actions'),
      key: 'actions',
      width: 70,
      fixed: 'right',
      render: (_, row) => (
        <Tooltip title={t('removeRow')}>
          <Button
            type="link"
            size="small"
            danger
            icon={<DeleteOutlined />}
            aria-label={t('removeRow')}
            onClick={() => setRows((old) => old.filter((item) => item.__key !== row.__key))}
          />
        </Tooltip>
      ),
    },
  ];

  const failColumns: TableColumnsType<ImportRow> = [
    ...leaves.map((header) => ({
      title: header.fullName,
      dataIndex: header.id,
      key: header.id,
      width: 130,
      ellipsis: true,
      render: (value: unknown) => (value == null ? '' : String(value)),
    })),
    {
      title: t('errorsInfo'),
      dataIndex: 'errorsInfo',
      key: 'errorsInfo',
      width: 260,
      fixed: 'right',
      render: (value: unknown) => <span className="import-wizard__error">{String(value ?? '')}</span>,
    },
  ];

  const scrollX = 120 + leaves.length * 140 + (hasErrors ? 220 : 0);

  const footer = (
    <Space>
      {step === 1 && (
        <Button onClick={() => setStep(0)} disabled={busy}>
          {t('previous')}
        </Button>
      )}
      {step < 2 && (
        <Button type="primary" loading={busy || uploading} onClick={next} data-testid="import-next">
          {step === 0 ? t('next') : t('import')}
        </Button>
      )}
      {step === 2 ? (
        <Button type="primary" onClick={close}>
          {t('close')}
        </Button>
      ) : (
        <Button onClick={close}>{t('cancel')}</Button>
      )}
    </Space>
  );

  return (
    <Modal
      open={open}
      width={1000}
      title={t('title')}
      onCancel={close}
      footer={footer}
      destroyOnHidden
      mask={{ closable: false }}
      className="import-wizard"
    >
      <Steps
        size="small"
        current={step}
        className="import-wizard__steps"
        items={[{ title: t('steps.upload') }, { title: t('steps.preview') }, { title: t('steps.result') }]}
      />
      {step === 0 && (
        <div className="import-wizard__upload" data-testid="import-upload">
          <Upload.Dragger
            accept=".xls,.xlsx"
            multiple={false}
            fileList={files}
            disabled={uploading}
            beforeUpload={(file) => {
              const problem = checkImportFile(file);
              if (problem) toastError(t(problem));
              else void upload(file);
              return Upload.LIST_IGNORE;
            }}
            onRemove={() => {
              setFiles([]);
              setFileName(null);
            }}
          >
            <p className="ant-upload-drag-icon">
              <InboxOutlined />
            </p>
            <p className="ant-upload-text">{uploading ? t('uploading') : t('drop')}</p>
            <p className="ant-upload-hint">{t('hint')}</p>
          </Upload.Dragger>
          <div className="import-wizard__template">
            <span>{t('templateTip')}</span>
            <Button type="link" icon={<DownloadOutlined />} onClick={downloadTemplate}>
              {t('template')}
            </Button>
          </div>
        </div>
      )}
      {step === 1 && (
        <div data-testid="import-preview">
          {hasErrors && (
            <Alert type="warning" showIcon title={t('previewErrors')} className="import-wizard__alert" />
          )}
          <Table<KeyedRow>
            size="small"
            rowKey="__key"
            columns={previewColumns}
            dataSource={rows}
            pagination={{ pageSize: 10, showSizeChanger: false, showTotal: (count) => t('rows', { count }) }}
            scroll={{ x: scrollX }}
          />
        </div>
      )}
      {step === 2 && result && (
        <div data-testid="import-result">
          <Result
            status={result.fnum > 0 ? 'warning' : 'success'}
            title={result.fnum > 0 ? t('partial') : t('done')}
            subTitle={
              <span data-testid="import-counts">
                {t('counts', { success: result.snum, failure: result.fnum })}
              </span>
            }
            className="import-wizard__result"
          />
          {result.fnum > 0 && (
            <>
              <div className="import-wizard__fail-head">
                <span>{t('failedRows')}</span>
                <Button icon={<DownloadOutlined />} loading={busy} onClick={downloadFailed}>
                  {t('downloadFailed')}
                </Button>
              </div>
              <Table<ImportRow>
                size="small"
                rowKey={rowIndexKey(result.failResult ?? [])}
                columns={failColumns}
                dataSource={result.failResult ?? []}
                pagination={{ pageSize: 10, showSizeChanger: false }}
                scroll={{ x: 260 + leaves.length * 130 }}
                data-testid="import-failed"
              />
            </>
          )}
        </div>
      )}
    </Modal>
  );
}
