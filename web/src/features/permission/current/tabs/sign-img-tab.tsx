import { DeleteOutlined, StarOutlined, UploadOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Empty, Popconfirm, Skeleton, Tag, Upload } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../../base/api';
import { toastError, toastSuccess } from '../../../../base/api/feedback';
import {
  addSignImg,
  deleteSignImg,
  getSignImgs,
  IMAGE_TYPES,
  profileKeys,
  setDefaultSignImg,
  uploadImage,
} from '../api';
import { useReloadUser } from '../use-reload-user';
import { imageProblem } from './avatar-tab';

/** Signature images: upload, list, set the default one, delete with confirmation. */
export function SignImgTab() {
  const { t } = useTranslation(['profile', 'common']);
  const queryClient = useQueryClient();
  const reloadUser = useReloadUser();
  const query = useQuery({ queryKey: profileKeys.signImgs, queryFn: getSignImgs });
  const [uploading, setUploading] = useState(false);
  const [busy, setBusy] = useState<string | null>(null);

  const refresh = async () => {
    await queryClient.invalidateQueries({ queryKey: profileKeys.signImgs });
    await reloadUser();
  };

  const run = async (id: string, action: () => Promise<string>) => {
    setBusy(id);
    try {
      const msg = await action();
      toastSuccess(msg || t('saved'));
      await refresh();
    } catch {
      // the HTTP client already showed the message
    } finally {
      setBusy(null);
    }
  };

  const list = query.data ?? [];
  return (
    <>
      <h2 className="profile__section-title">{t('tabs.signImg')}</h2>
      <p className="profile__section-hint">{t('signImg.hint')}</p>
      <Upload
        accept={IMAGE_TYPES.join(',')}
        showUploadList={false}
        beforeUpload={(file) => {
          const problem = imageProblem(file);
          if (problem) {
            toastError(t(`upload.${problem}`, { n: 5 }));
            return Upload.LIST_IGNORE;
          }
          return true;
        }}
        customRequest={async ({ file, onSuccess, onError }) => {
          setUploading(true);
          try {
            const result = await uploadImage('signImg', file as File);
            const msg = await addSignImg(result.name, list.length === 0);
            toastSuccess(msg || t('saved'));
            await refresh();
            onSuccess?.(result);
          } catch (error) {
            // ApiErrors were already shown by the HTTP client; upload failures are shown here.
            if (!(error instanceof ApiError)) toastError((error as Error).message || t('upload.failed'));
            onError?.(error as Error);
          } finally {
            setUploading(false);
          }
        }}
      >
        <Button icon={<UploadOutlined />} loading={uploading} type="primary">
          {t('signImg.upload')}
        </Button>
      </Upload>
      {query.isLoading ? (
        <Skeleton active style={{ marginTop: 16 }} />
      ) : list.length === 0 ? (
        <Empty description={t('signImg.empty')} style={{ marginTop: 32 }} />
      ) : (
        <div className="profile-sign">
          {list.map((item) => (
            <Card
              key={item.id}
              size="small"
              cover={
                <div className="profile-sign__image">
                  <img
                    src={item.signImg}
                    alt={t('signImg.alt', { time: dayjs(item.creatorTime).format('YYYY-MM-DD HH:mm') })}
                  />
                </div>
              }
              actions={[
                item.isDefault ? (
                  <Tag key="default" color="blue">
                    {t('signImg.default')}
                  </Tag>
                ) : (
                  <Button
                    key="default"
                    type="link"
                    size="small"
                    icon={<StarOutlined />}
                    loading={busy === item.id}
                    onClick={() => void run(item.id, () => setDefaultSignImg(item.id))}
                  >
                    {t('signImg.setDefault')}
                  </Button>
                ),
                <Popconfirm
                  key="delete"
                  title={t('signImg.deleteTitle')}
                  description={t('signImg.deleteConfirm')}
                  okText={t('common:actions.ok')}
                  cancelText={t('common:actions.cancel')}
                  okButtonProps={{ danger: true }}
                  onConfirm={() => run(item.id, () => deleteSignImg(item.id))}
                >
                  <Button type="link" size="small" danger icon={<DeleteOutlined />}>
                    {t('signImg.delete')}
                  </Button>
                </Popconfirm>,
              ]}
            >
              <Card.Meta description={dayjs(item.creatorTime).format('YYYY-MM-DD HH:mm')} />
            </Card>
          ))}
        </div>
      )}
    </>
  );
}
