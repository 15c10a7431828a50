import { CheckCircleFilled } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Empty, List, Skeleton, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toastSuccess } from '../../../../base/api/feedback';
import { getUserOrganizes, getUserPositions, profileKeys, switchMajor } from '../api';
import { useReloadUser } from '../use-reload-user';

/** Organisations or positions of the user, with the current one; another can be made current (major). */
export function MembershipTab({ kind }: { kind: 'Organize' | 'Position' }) {
  const { t } = useTranslation('profile');
  const queryClient = useQueryClient();
  const reloadUser = useReloadUser();
  const key = kind === 'Organize' ? profileKeys.organizes : profileKeys.positions;
  const query = useQuery({
    queryKey: key,
    queryFn: kind === 'Organize' ? getUserOrganizes : getUserPositions,
  });
  const [busy, setBusy] = useState<string | null>(null);
  const section = kind === 'Organize' ? 'organizes' : 'positions';

  const makeCurrent = async (id: string) => {
    setBusy(id);
    try {
      const msg = await switchMajor(id, kind);
      toastSuccess(msg || t('saved'));
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: profileKeys.organizes }),
        queryClient.invalidateQueries({ queryKey: profileKeys.positions }),
        queryClient.invalidateQueries({ queryKey: profileKeys.baseInfo }),
      ]);
      await reloadUser();
    } catch {
      // the HTTP client already showed the message
    } finally {
      setBusy(null);
    }
  };

  const list = query.data ?? [];
  return (
    <>
      <h2 className="profile__section-title">{t(`tabs.${section}`)}</h2>
      <p className="profile__section-hint">{t(`${section}.hint`)}</p>
      {query.isLoading ? (
        <Skeleton active />
      ) : list.length === 0 ? (
        <Empty description={t(`${section}.empty`)} />
      ) : (
        <List
          bordered
          dataSource={list}
          renderItem={(item) => (
            <List.Item
              actions={[
                item.isDefault ? (
                  <Tag key="current" color="blue" icon={<CheckCircleFilled />}>
                    {t('current')}
                  </Tag>
                ) : (
                  <Button
                    key="switch"
                    size="small"
                    loading={busy === item.id}
                    disabled={busy !== null}
                    onClick={() => void makeCurrent(item.id)}
                  >
                    {t('makeCurrent')}
                  </Button>
                ),
              ]}
            >
              {item.fullName}
            </List.Item>
          )}
        />
      )}
    </>
  );
}
