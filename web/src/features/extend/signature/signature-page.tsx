import type { SignImgEntry } from '@console/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Checkbox, Empty, Image, Space, Spin, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toastSuccess } from '../../../base/api/feedback';
import { SignField } from '../../../widgets/form/fields/advanced/sign';
import type { FormField } from '../../../widgets/form/types';
import { downloadUrl } from '../../../widgets/list/files';
import { addSignImg, getSignImgs, profileKeys, uploadImage } from '../../permission/current/api';
import './signature.css';

const PAD_FIELD = { __vModel__: 'signature', __config__: { jnpfKey: 'sign' } } as unknown as FormField;

/** The drawn PNG (a data URL) as a file for the upload route. */
function pngFile(dataUrl: string): File {
  const bytes = Uint8Array.from(atob(dataUrl.slice(dataUrl.indexOf(',') + 1)), (c) => c.charCodeAt(0));
  return new File([bytes], 'signature.png', { type: 'image/png' });
}

/**
 * A handwritten signature pad, page 'extend/signature' (other.md 1): draw, download the PNG, or
 * keep it among the signatures of one's profile (the ones approvals use).
 */
export default function SignaturePage() {
  const { t } = useTranslation('extendSignature');
  const queryClient = useQueryClient();
  const [image, setImage] = useState('');
  const [pad, setPad] = useState(0);
  const [isDefault, setIsDefault] = useState(true);
  const [saving, setSaving] = useState(false);
  const saved = useQuery({ queryKey: profileKeys.signImgs, queryFn: getSignImgs });

  const save = async () => {
    if (!image) return;
    setSaving(true);
    try {
      const uploaded = await uploadImage('signImg', pngFile(image));
      toastSuccess(await addSignImg(uploaded.name, isDefault), 1.5);
      setImage('');
      setPad((n) => n + 1);
      await queryClient.invalidateQueries({ queryKey: profileKeys.signImgs });
    } catch {
      // the client showed the refusal
    } finally {
      setSaving(false);
    }
  };

  return (
    <div className="signature-page" data-testid="signature-page">
      <Card title={t('pad.title')}>
        <Typography.Paragraph type="secondary">{t('pad.hint')}</Typography.Paragraph>
        <div>
          <SignField
            key={pad}
            field={PAD_FIELD}
            value={image}
            onChange={(v) => setImage(String(v ?? ''))}
            disabled={false}
            readOnly={false}
          />
        </div>
        <Space className="signature-page__actions" wrap>
          <Checkbox checked={isDefault} onChange={(event) => setIsDefault(event.target.checked)}>
            {t('pad.default')}
          </Checkbox>
          <Button type="primary" disabled={!image} loading={saving} onClick={save}>
            {t('pad.save')}
          </Button>
          <Button disabled={!image} onClick={() => downloadUrl(image, 'signature.png')}>
            {t('pad.download')}
          </Button>
        </Space>
      </Card>
      <Card title={t('saved.title')}>
        {saved.isLoading ? (
          <Spin />
        ) : (saved.data ?? []).length === 0 ? (
          <Empty description={t('saved.empty')} />
        ) : (
          <Space wrap size={16} data-testid="signature-saved">
            {(saved.data ?? []).map((entry: SignImgEntry) => (
              <Space key={entry.id} orientation="vertical" align="center" className="signature-page__saved">
                <Image src={entry.signImg} alt={t('saved.alt')} width={200} height={80} />
                {entry.isDefault ? <Tag color="blue">{t('saved.default')}</Tag> : null}
              </Space>
            ))}
          </Space>
        )}
      </Card>
    </div>
  );
}
