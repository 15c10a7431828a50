import { DownloadOutlined } from '@ant-design/icons';
import { parseReportData } from '@console/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Result, Spin } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { ApiError } from '../../../../base/api';
import { findMenu, menuIdForPath, menuProperties } from '../../../../base/session/menu';
import { useSession } from '../../../../base/session/session-store';
import { downloadUrl } from '../../../../widgets/list/files';
import { exportReport, fetchReportRuntime, type ReportParams, reportKeys, runReport } from './api';
import { defaultParams, ReportView } from './report-view';

/** The report page of menu type 5 (address basic/dynamicDataReport): the report its menu names. */
export default function DynamicReportPage() {
  const { t } = useTranslation('dataReport');
  const { pathname } = useLocation();
  const menuList = useSession((state) => state.menuList);
  const menuId = menuIdForPath(menuList, pathname);
  const node = menuId ? findMenu(menuList, menuId) : null;
  const reportId = node ? String(menuProperties(node).moduleId ?? '') : '';
  const runtime = useQuery({
    queryKey: reportKeys.runtime(reportId),
    queryFn: () => fetchReportRuntime(reportId),
    enabled: Boolean(reportId),
    retry: false,
  });
  const definition = useMemo(() => {
    if (!runtime.data) return null;
    const parsed = parseReportData(runtime.data.reportData);
    return parsed.ok ? parsed.report : null;
  }, [runtime.data]);
  const [params, setParams] = useState<ReportParams | null>(null);
  const current = params ?? (definition ? defaultParams(definition) : {});
  const rows = useQuery({
    queryKey: reportKeys.rows(reportId, current),
    queryFn: () => runReport(reportId, current),
    enabled: Boolean(definition),
    placeholderData: keepPreviousData,
    retry: false,
  });
  const [exporting, setExporting] = useState(false);

  if (!reportId) return <Result status="404" title={t('view.missing')} />;
  if (runtime.isLoading) return <Spin className="shell-view__spin" />;
  if (runtime.isError || !runtime.data || !definition)
    return (
      <Result
        status="warning"
        title={runtime.error instanceof ApiError ? runtime.error.message : t('view.missing')}
      />
    );

  const exportXlsx = async () => {
    setExporting(true);
    try {
      const file = await exportReport(reportId, current);
      downloadUrl(file.url, file.name);
    } catch {
      // the client showed the server's message
    } finally {
      setExporting(false);
    }
  };

  return (
    <div className="dynamic-report" data-testid="dynamic-report">
      <h2 className="dynamic-report__title">{runtime.data.fullName}</h2>
      <ReportView
        definition={definition}
        rows={rows.data ?? []}
        loading={rows.isFetching}
        onSearch={setParams}
        extra={
          <Button icon={<DownloadOutlined />} loading={exporting} onClick={exportXlsx}>
            {t('view.export')}
          </Button>
        }
      />
    </div>
  );
}
