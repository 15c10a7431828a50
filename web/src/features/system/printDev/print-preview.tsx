import { FileWordOutlined, PrinterOutlined } from '@ant-design/icons';
import type { PrintLabels } from '@console/shared';
import { Button, Empty, Input, Modal, Space, Spin } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toastSuccess } from '../../../base/api/feedback';
import { useSession } from '../../../base/session/session-store';
import { fetchPrintData, savePrintLog } from './api';
import { PRINT_CSS, pageOf, printPages, renderRecord } from './render';

/** Labels of the approval table in the current language. */
export function useApprovalLabels(): PrintLabels {
  const { t } = useTranslation('printDev');
  return {
    node: t('approval.node'),
    operator: t('approval.operator'),
    time: t('approval.time'),
    action: t('approval.action'),
    opinion: t('approval.opinion'),
    statuses: t('approval.statuses', { returnObjects: true }) as Record<string, string>,
  };
}

interface Rendered {
  pages: string[];
  page: ReturnType<typeof pageOf>;
}

/**
 * Print preview (widgets.md: full-screen dialog with print and Word export; batch print): the
 * record keys typed (comma-separated for a batch) are fetched, rendered page by page, printed by
 * the browser and logged.
 */
export function PrintPreview({
  template,
  onClose,
}: {
  template: { id: string; fullName: string } | null;
  onClose(): void;
}) {
  const { t } = useTranslation('printDev');
  const labels = useApprovalLabels();
  const user = useSession((s) => s.userInfo);
  const [keys, setKeys] = useState('');
  const [loading, setLoading] = useState(false);
  const [rendered, setRendered] = useState<Rendered | null>(null);
  const [error, setError] = useState(false);

  const formIds = keys
    .split(/[,，]/)
    .map((k) => k.trim())
    .filter(Boolean);

  const load = async () => {
    if (!template) return;
    if (formIds.length === 0) {
      setError(true);
      return;
    }
    setError(false);
    setLoading(true);
    try {
      const answers = await fetchPrintData(template.id, formIds);
      const printer = user ? `${user.userName}/${user.userAccount}` : '';
      const printTime = Date.now();
      setRendered({
        pages: answers.map((answer) => renderRecord(answer, { printer, labels, printTime })),
        page: pageOf(answers[0]!),
      });
    } catch {
      setRendered(null);
    } finally {
      setLoading(false);
    }
  };

  const print = async () => {
    if (!template || !rendered) return;
    await printPages(rendered.pages, rendered.page, template.fullName);
    await savePrintLog({
      printId: template.id,
      printTitle: template.fullName,
      printNum: rendered.pages.length,
    });
    toastSuccess(t('preview.printed'));
  };

  const exportWord = async () => {
    if (!template || !rendered) return;
    const { exportDocx } = await import('./word');
    await exportDocx(rendered.pages, rendered.page, template.fullName);
  };

  const close = () => {
    setKeys('');
    setRendered(null);
    setError(false);
    onClose();
  };

  return (
    <Modal
      open={template !== null}
      title={t('preview.title', { name: template?.fullName ?? '' })}
      width="100%"
      className="print-preview-modal"
      onCancel={close}
      destroyOnHidden
      footer={
        <Space>
          <Button onClick={close}>{t('actions.close')}</Button>
          <Button icon={<FileWordOutlined />} disabled={!rendered} onClick={exportWord}>
            {t('preview.word')}
          </Button>
          <Button type="primary" icon={<PrinterOutlined />} disabled={!rendered} onClick={print}>
            {t('preview.print')}
          </Button>
        </Space>
      }
    >
      <Space.Compact style={{ width: '100%', maxWidth: 640, marginBottom: 12 }}>
        <Input
          aria-label={t('placeholders.formIds')}
          placeholder={t('placeholders.formIds')}
          value={keys}
          status={error ? 'error' : undefined}
          onChange={(e) => setKeys(e.target.value)}
          onPressEnter={load}
        />
        <Button type="primary" loading={loading} onClick={load}>
          {t('preview.load')}
        </Button>
      </Space.Compact>
      {error && <div className="print-preview__error">{t('rules.formIdsRequired')}</div>}
      <style>{PRINT_CSS}</style>
      <Spin spinning={loading}>
        <div className="print-preview__sheet" data-testid="print-preview">
          {!rendered && <Empty description={t('preview.empty')} />}
          {rendered?.pages.map((html, i) => (
            <div
              // biome-ignore lint/suspicious/noArrayIndexKey: one page per record, in order
              key={i}
              className="print-page print-preview__page"
              style={{
                width: `${rendered.page.w}mm`,
                minHeight: `${rendered.page.h}mm`,
                padding: `${rendered.page.mt}mm ${rendered.page.mr}mm ${rendered.page.mb}mm ${rendered.page.ml}mm`,
              }}
              // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by DOMPurify in renderRecord
              dangerouslySetInnerHTML={{ __html: html }}
            />
          ))}
        </div>
      </Spin>
    </Modal>
  );
}
