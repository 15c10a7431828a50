import { useQuery } from '@tanstack/react-query';
import { Button, Descriptions, Modal, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../base/session/session-store';
import { fetchScheduleDetail, type ScheduleDetail, scheduleKeys } from './api';
import { colourOf, formatTime } from './calendar';

/** The schedule view dialog (widgets.md, 600 px), with edit and delete for its creator. */
export function ScheduleView({
  id,
  onClose,
  onEdit,
  onDelete,
}: {
  id: string | null;
  onClose(): void;
  onEdit(detail: ScheduleDetail): void;
  onDelete(detail: ScheduleDetail): void;
}) {
  const { t } = useTranslation('schedule');
  const userId = useSession((s) => s.userInfo?.userId);
  const detail = useQuery({
    queryKey: scheduleKeys.detail(id ?? ''),
    queryFn: () => fetchScheduleDetail(id as string),
    enabled: id !== null,
  });
  const data = detail.data;
  const mine = data !== undefined && data.creatorUserId === userId;

  return (
    <Modal
      open={id !== null}
      width={600}
      title={t('view.title')}
      onCancel={onClose}
      loading={detail.isLoading}
      footer={
        mine && data
          ? [
              <Button key="delete" danger onClick={() => onDelete(data)}>
                {t('actions.delete')}
              </Button>,
              <Button key="edit" type="primary" onClick={() => onEdit(data)}>
                {t('actions.edit')}
              </Button>,
            ]
          : [
              <Button key="close" onClick={onClose}>
                {t('actions.close')}
              </Button>,
            ]
      }
    >
      {data && (
        <Descriptions column={1} size="small" styles={{ label: { width: 100 } }}>
          <Descriptions.Item label={t('fields.urgent')}>
            <Tag color={colourOf(data)}>{t(`urgency.${data.urgent}`)}</Tag>
          </Descriptions.Item>
          <Descriptions.Item label={t('fields.repetition')}>
            {t(`repetition.${data.repetition}`)}
          </Descriptions.Item>
          <Descriptions.Item label={t('fields.title')}>{data.title}</Descriptions.Item>
          <Descriptions.Item label={t('fields.content')}>
            <span style={{ whiteSpace: 'pre-wrap' }}>{data.content}</span>
          </Descriptions.Item>
          <Descriptions.Item label={t('fields.startDay')}>{formatTime(data.startDay)}</Descriptions.Item>
          <Descriptions.Item label={t('fields.endDay')}>{formatTime(data.endDay)}</Descriptions.Item>
          <Descriptions.Item label={t('fields.creator')}>{data.creatorUserName}</Descriptions.Item>
          <Descriptions.Item label={t('fields.participants')}>
            {data.toUserNames.length > 0 ? data.toUserNames.join('、') : t('view.noParticipants')}
          </Descriptions.Item>
        </Descriptions>
      )}
    </Modal>
  );
}
