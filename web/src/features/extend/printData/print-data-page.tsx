import { PrinterOutlined } from '@ant-design/icons';
import { Segmented, Space } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../base/session/session-store';
import { AuthButton, PermissionScope } from '../../../widgets/list/permission';
import { useApprovalLabels } from '../../system/printDev/print-preview';
import { PRINT_CSS, pageOf, printPages, renderRecord } from '../../system/printDev/render';
import '../../system/printDev/print-dev.css';
import '../../../widgets/list/list-page.css';
import { PRINT_SAMPLE_KEYS, PRINT_SAMPLES, type PrintSampleKey } from './samples';

const ADDRESS = 'extend/printData';

function PrintSamples() {
  const { t } = useTranslation('extendPrintData');
  const labels = useApprovalLabels();
  const user = useSession((s) => s.userInfo);
  const [key, setKey] = useState<PrintSampleKey>('bill');
  const sample = PRINT_SAMPLES[key];
  const page = pageOf(sample);
  const html = useMemo(
    () => renderRecord(sample, { printer: user ? `${user.userName}/${user.userAccount}` : '', labels }),
    [sample, user, labels],
  );

  return (
    <div className="list-page" data-testid="print-data-page">
      <div className="list-page__body">
        <div className="list-page__toolbar">
          <Segmented<PrintSampleKey>
            aria-label={t('samples')}
            value={key}
            onChange={setKey}
            options={PRINT_SAMPLE_KEYS.map((k) => ({ value: k, label: t(`sample.${k}`) }))}
          />
          <Space>
            <AuthButton
              code="btn_print"
              type="primary"
              icon={<PrinterOutlined />}
              onClick={() => void printPages([html], page, sample.fullName)}
            >
              {t('print')}
            </AuthButton>
          </Space>
        </div>
        <style>{PRINT_CSS}</style>
        <div className="print-preview__sheet" data-testid="print-sample">
          <div
            className="print-page print-preview__page"
            style={{
              width: `${page.w}mm`,
              minHeight: `${page.h}mm`,
              padding: `${page.mt}mm ${page.mr}mm ${page.mb}mm ${page.ml}mm`,
            }}
            // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by DOMPurify in renderRecord
            dangerouslySetInnerHTML={{ __html: html }}
          />
        </div>
      </div>
    </div>
  );
}

/** The four print samples (bill, offer, record, storage) on the print template renderer, page 'extend/printData'. */
export default function PrintDataPage() {
  return (
    <PermissionScope address={ADDRESS}>
      <PrintSamples />
    </PermissionScope>
  );
}
