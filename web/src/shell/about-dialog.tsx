import { Descriptions, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { BrandMark } from '../base/brand-mark';
import { useSession } from '../base/session/session-store';

/** Default version of the platform (console.md 9) when the server names none. */
const DEFAULT_VERSION = '3.4.7';

/** About-platform dialog: system name, version and copyright. */
export function AboutDialog({ open, onClose }: { open: boolean; onClose(): void }) {
  const { t } = useTranslation(['shell', 'common']);
  const config = useSession((state) => state.sysConfigInfo);
  const sysName = config?.sysName || t('common:appTitle');
  return (
    <Modal
      open={open}
      onCancel={onClose}
      footer={null}
      title={t('about.title')}
      width={440}
      className="about-dialog"
    >
      <div className="about-dialog__brand">
        <BrandMark size={48} />
        <div className="about-dialog__name">{sysName}</div>
      </div>
      <Descriptions
        column={1}
        size="small"
        bordered
        items={[
          { key: 'name', label: t('about.sysName'), children: sysName },
          {
            key: 'version',
            label: t('about.version'),
            children: `V${config?.sysVersion || DEFAULT_VERSION}`,
          },
          { key: 'copyright', label: t('about.copyright'), children: config?.copyright || '—' },
        ]}
      />
    </Modal>
  );
}
