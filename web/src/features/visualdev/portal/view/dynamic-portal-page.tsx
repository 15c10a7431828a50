import { type PortalLayoutItem, parsePortalFormData } from '@console/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Empty, Result, Spin } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { ApiError } from '../../../../base/api';
import { toastSuccess } from '../../../../base/api/feedback';
import { findMenu, menuIdForPath, menuProperties } from '../../../../base/session/menu';
import { useSession } from '../../../../base/session/session-store';
import { fetchPortalAuth, portalKeys, saveOwnLayout } from './api';
import { PortalGrid } from './portal-grid';

/**
 * The portal page of menu type 8 (address basic/dynamicPortal). A portal that is not locked lets
 * the user drag and size widgets and keep that layout as their own.
 */
export default function DynamicPortalPage() {
  const { t } = useTranslation('portal');
  const { pathname } = useLocation();
  const queryClient = useQueryClient();
  const menuList = useSession((state) => state.menuList);
  const menuId = menuIdForPath(menuList, pathname);
  const node = menuId ? findMenu(menuList, menuId) : null;
  const portalId = node ? String(menuProperties(node).moduleId ?? '') : '';
  const auth = useQuery({
    queryKey: portalKeys.auth(portalId),
    queryFn: () => fetchPortalAuth(portalId),
    enabled: Boolean(portalId),
    retry: false,
  });
  const stored = useMemo(() => {
    if (!auth.data?.formData) return null;
    const parsed = parsePortalFormData(auth.data.formData);
    return parsed.ok ? parsed.form : null;
  }, [auth.data]);
  const [layout, setLayout] = useState<PortalLayoutItem[]>([]);
  const [saving, setSaving] = useState(false);
  useEffect(() => setLayout(stored?.layout ?? []), [stored]);
  const changed = stored !== null && JSON.stringify(stored.layout) !== JSON.stringify(layout);

  if (!portalId) return <Result status="404" title={t('missing')} />;
  if (auth.isLoading) return <Spin className="shell-view__spin" />;
  if (auth.isError || !auth.data)
    return (
      <Result status="warning" title={auth.error instanceof ApiError ? auth.error.message : t('missing')} />
    );
  if (auth.data.type === 1 && auth.data.customUrl)
    return (
      <iframe
        className="portal-widget__frame"
        style={{ height: '100%', minHeight: '80vh' }}
        src={auth.data.customUrl}
        title={auth.data.fullName}
        sandbox="allow-scripts allow-forms allow-popups allow-same-origin"
      />
    );
  if (!stored || layout.length === 0) return <Empty className="dynamic-portal" description={t('empty')} />;

  const editable = auth.data.enabledLock === 0;
  const save = async () => {
    setSaving(true);
    try {
      toastSuccess((await saveOwnLayout(portalId, JSON.stringify({ ...stored, layout }))) || t('saved'));
      await queryClient.invalidateQueries({ queryKey: portalKeys.auth(portalId) });
    } catch {
      // the client showed the server's message
    } finally {
      setSaving(false);
    }
  };

  return (
    <div className="dynamic-portal" data-testid="dynamic-portal">
      {editable && (
        <div className="dynamic-portal__bar">
          <Button disabled={!changed} onClick={() => setLayout(stored.layout)}>
            {t('grid.undo')}
          </Button>
          <Button type="primary" disabled={!changed} loading={saving} onClick={save}>
            {t('grid.save')}
          </Button>
        </div>
      )}
      <PortalGrid layout={layout} editable={editable} onChange={setLayout} />
    </div>
  );
}
