import { PrinterOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button, Drawer, Empty, Modal, Space, Spin } from 'antd';
import { type ComponentType, type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { toastWarning } from '../../../base/api/feedback';
import { drawerSize } from '../fields/advanced/relation/relation-popup';
import type { FormRendererProps, FormSchema } from '../types';
import { fetchFormRecord } from './api';
import './form-viewer.css';

export interface FormViewerProps {
  /** The definition and values to show… */
  schema?: FormSchema;
  values?: Record<string, unknown>;
  /** …or a record of a released form, loaded by model and record id. */
  modelId?: string;
  recordId?: string;
  /** Form permission codes (fields hidden unless granted); undefined shows every field. */
  permissions?: readonly string[];
  /** Function preview: printing is refused with a warning (widgets.md 8). */
  preview?: boolean;
  onClose(): void;
  /** The form renderer (a relation field passes its form's: see FormRuntime.FormRenderer). */
  Renderer: ComponentType<FormRendererProps>;
}

const PRINTING = 'form-viewer-printing';

/** Prints only the viewer's body: the page is hidden by print CSS while the class is on <body>. */
function printBody() {
  document.body.classList.add(PRINTING);
  const done = () => {
    document.body.classList.remove(PRINTING);
    window.removeEventListener('afterprint', done);
  };
  window.addEventListener('afterprint', done);
  window.print();
}

const width = (value: unknown, fallback: string) => (typeof value === 'string' && value ? value : fallback);

/**
 * The form detail viewer of widgets.md: the record read-only in a centred dialog, a full-screen
 * dialog or a drawer as the form's popupType says (general / fullScreen / drawer with their
 * widths), titled details, with cancel and, when hasPrintBtn, a print button (printButtonText).
 */
export function FormViewer({
  schema,
  values,
  modelId,
  recordId,
  permissions,
  preview = false,
  onClose,
  Renderer,
}: FormViewerProps) {
  const { t } = useTranslation('formAdvanced');
  const loaded = useQuery({
    queryKey: ['formViewer', modelId, recordId],
    queryFn: () => fetchFormRecord(String(modelId), String(recordId)),
    enabled: !schema && Boolean(modelId && recordId),
  });
  useEffect(() => () => document.body.classList.remove(PRINTING), []);
  const shown = schema ?? loaded.data?.schema ?? null;
  const shownValues = schema ? values : loaded.data?.values;
  const popupType = shown?.popupType ?? 'general';

  const print = () => {
    if (preview) toastWarning(t('viewer.previewNoPrint'));
    else printBody();
  };
  const footer = (
    <Space>
      {shown?.hasPrintBtn === true && (
        <Button type="primary" icon={<PrinterOutlined />} onClick={print} data-testid="viewer-print">
          {width(shown.printButtonText, t('viewer.print'))}
        </Button>
      )}
      <Button onClick={onClose}>{t('cancel')}</Button>
    </Space>
  );
  let body: ReactNode;
  if (shown) body = <Renderer schema={shown} values={shownValues} readOnly permissions={permissions} />;
  else if (loaded.isLoading) body = <Spin className="form-viewer__loading" />;
  else body = <Empty description={t('viewer.missing')} />;
  const content = (
    <div className="form-viewer__body" data-testid="form-viewer">
      {body}
    </div>
  );

  if (popupType === 'drawer')
    return (
      <Drawer
        open
        title={t('viewer.title')}
        size={drawerSize(width(shown?.drawerWidth, '600px'))}
        onClose={onClose}
        footer={footer}
      >
        {content}
      </Drawer>
    );
  const fullScreen = popupType === 'fullScreen';
  return (
    <Modal
      open
      title={t('viewer.title')}
      width={fullScreen ? width(shown?.fullScreenWidth, '100%') : width(shown?.generalWidth, '600px')}
      className={fullScreen ? 'form-viewer--full' : undefined}
      onCancel={onClose}
      footer={footer}
      destroyOnHidden
    >
      {content}
    </Modal>
  );
}
