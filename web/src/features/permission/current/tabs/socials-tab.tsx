import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Empty, List, Popconfirm, Skeleton, Tag } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { http } from '../../../../base/api';
import { toastSuccess } from '../../../../base/api/feedback';

interface SocialEntry {
  enname: string;
  name: string;
  describetion: string;
  entity: { id: string; userId: string; socialName: string; creatorTime: number } | null;
}

const socialsKey = ['profile', 'socials'] as const;

/**
 * 第三方绑定: the social providers the server offers (GET /api/permission/socials), bound or not.
 * 绑定 opens the provider's sign-in in a window (the callback binds it; the list is re-read
 * until the window closes); 解绑 asks first.
 */
export function SocialsTab() {
  const { t } = useTranslation('profile');
  const client = useQueryClient();
  const [busy, setBusy] = useState('');
  const [watching, setWatching] = useState(false);
  const popup = useRef<Window | null>(null);
  const list = useQuery({
    queryKey: socialsKey,
    queryFn: () => http.get<SocialEntry[]>('/permission/socials'),
    refetchInterval: watching ? 1500 : false,
  });

  useEffect(() => {
    if (!watching) return;
    const timer = window.setInterval(() => {
      if (popup.current?.closed) {
        setWatching(false);
        void client.invalidateQueries({ queryKey: socialsKey });
      }
    }, 500);
    return () => window.clearInterval(timer);
  }, [watching, client]);

  const bind = async (provider: string) => {
    setBusy(provider);
    try {
      const url = await http.get<string>(`/permission/socials/render/${encodeURIComponent(provider)}`);
      popup.current = window.open(url, 'social-bind', 'width=750,height=560');
      setWatching(true);
    } catch {
      // the HTTP client already showed the message
    } finally {
      setBusy('');
    }
  };

  const unbind = async (entry: SocialEntry) => {
    if (!entry.entity) return;
    setBusy(entry.enname);
    try {
      await http.delete(`/permission/socials/${encodeURIComponent(entry.entity.id)}`);
      toastSuccess(t('socials.unbound'));
      await client.invalidateQueries({ queryKey: socialsKey });
    } catch {
      // the HTTP client already showed the message
    } finally {
      setBusy('');
    }
  };

  const label = (entry: SocialEntry) => t(`socials.providers.${entry.enname}`, entry.name);

  return (
    <>
      <h2 className="profile__section-title">{t('tabs.socials')}</h2>
      <p className="profile__section-hint">{t('socials.hint')}</p>
      {list.isLoading ? (
        <Skeleton active />
      ) : (list.data ?? []).length === 0 ? (
        <Empty description={t('socials.none')} />
      ) : (
        <List
          data-testid="profile-socials"
          dataSource={list.data ?? []}
          renderItem={(entry) => (
            <List.Item
              data-provider={entry.enname}
              actions={[
                entry.entity ? (
                  <Popconfirm
                    key="unbind"
                    title={t('socials.unbindTitle')}
                    description={t('socials.unbindConfirm', { provider: label(entry) })}
                    okText={t('common:actions.ok')}
                    cancelText={t('common:actions.cancel')}
                    okButtonProps={{ danger: true }}
                    onConfirm={() => unbind(entry)}
                  >
                    <Button danger loading={busy === entry.enname}>
                      {t('socials.unbind')}
                    </Button>
                  </Popconfirm>
                ) : (
                  <Button
                    key="bind"
                    type="primary"
                    loading={busy === entry.enname}
                    onClick={() => void bind(entry.enname)}
                  >
                    {t('socials.bind')}
                  </Button>
                ),
              ]}
            >
              <List.Item.Meta
                title={
                  <span>
                    {label(entry)}{' '}
                    {entry.entity ? (
                      <Tag color="success">{t('socials.bound', { name: entry.entity.socialName })}</Tag>
                    ) : (
                      <Tag color="warning">{t('socials.notBound')}</Tag>
                    )}
                  </span>
                }
                description={t(`socials.descriptions.${entry.enname}`, entry.describetion)}
              />
            </List.Item>
          )}
        />
      )}
    </>
  );
}
