import { UploadOutlined, UserOutlined } from '@ant-design/icons';
import { Avatar, Button, Space, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../../base/api';
import { toastError, toastSuccess } from '../../../../base/api/feedback';
import { useSession } from '../../../../base/session/session-store';
import { IMAGE_MAX_BYTES, IMAGE_TYPES, setAvatar, uploadImage } from '../api';
import { useReloadUser } from '../use-reload-user';

/** Checks an image before upload: images only, at most 5 MB. Returns the i18n key of the problem. */
export function imageProblem(file: { type: string; size: number }): 'imageOnly' | 'tooLarge' | null {
  if (!IMAGE_TYPES.includes(file.type)) return 'imageOnly';
  if (file.size > IMAGE_MAX_BYTES) return 'tooLarge';
  return null;
}

/** Avatar: upload an image (preview first), then save it as the user's avatar. */
export function AvatarTab() {
  const { t } = useTranslation('profile');
  const headIcon = useSession((state) => state.userInfo?.headIcon);
  const reloadUser = useReloadUser();
  const [uploaded, setUploaded] = useState<{ name: string; url: string } | null>(null);
  const [uploading, setUploading] = useState(false);
  const [saving, setSaving] = useState(false);

  const save = async () => {
    if (!uploaded) return;
    setSaving(true);
    try {
      const msg = await setAvatar(uploaded.name);
      toastSuccess(msg || t('saved'));
      await reloadUser();
      setUploaded(null);
    } catch {
      // the HTTP client already showed the message
    } finally {
      setSaving(false);
    }
  };

  return (
    <>
      <h2 className="profile__section-title">{t('tabs.avatar')}</h2>
      <p className="profile__section-hint">{t('avatar.hint')}</p>
      <div className="profile-avatar">
        <div className="profile-avatar__preview">
          <Avatar size={112} icon={<UserOutlined />} src={headIcon || undefined} alt={t('avatar.current')} />
          <span>{t('avatar.current')}</span>
        </div>
        {uploaded && (
          <div className="profile-avatar__preview">
            <Avatar size={112} src={uploaded.url} alt={t('avatar.preview')} data-testid="avatar-preview" />
            <span>{t('avatar.preview')}</span>
          </div>
        )}
      </div>
      <Space style={{ marginTop: 24 }}>
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
              const result = await uploadImage('userAvatar', file as File);
              setUploaded(result);
              onSuccess?.(result);
            } catch (error) {
              // The client has already shown a server refusal; say something only for other failures.
              if (!(error instanceof ApiError && error.notified))
                toastError((error as Error).message || t('upload.failed'));
              onError?.(error as Error);
            } finally {
              setUploading(false);
            }
          }}
        >
          <Button icon={<UploadOutlined />} loading={uploading}>
            {t('avatar.choose')}
          </Button>
        </Upload>
        <Button type="primary" disabled={!uploaded} loading={saving} onClick={() => void save()}>
          {t('avatar.save')}
        </Button>
      </Space>
    </>
  );
}
