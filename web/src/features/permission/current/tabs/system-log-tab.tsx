import { useQuery } from '@tanstack/react-query';
import { DatePicker, Input, Table, Tag } from 'antd';
import type { Dayjs } from 'dayjs';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { placeName } from '../../../../base/i18n';
import { getSystemLog, profileKeys, type SignInRecord, type SystemLogParams } from '../api';

/** System log: the user's own sign-ins, paged, with keyword and date range. */
export function SystemLogTab() {
  const { t } = useTranslation('profile');
  const [params, setParams] = useState<SystemLogParams>({ currentPage: 1, pageSize: 20 });
  const query = useQuery({
    queryKey: profileKeys.log(params),
    queryFn: () => getSystemLog(params),
    placeholderData: (previous) => previous,
  });

  const onRange = (range: [Dayjs | null, Dayjs | null] | null) => {
    setParams((current) => ({
      ...current,
      currentPage: 1,
      startTime: range?.[0] ? range[0].startOf('day').valueOf() : undefined,
      endTime: range?.[1] ? range[1].endOf('day').valueOf() : undefined,
    }));
  };

  return (
    <>
      <h2 className="profile__section-title">{t('tabs.systemLog')}</h2>
      <p className="profile__section-hint">{t('systemLog.hint')}</p>
      <div className="profile-log__toolbar">
        <Input.Search
          allowClear
          placeholder={t('systemLog.keyword')}
          aria-label={t('systemLog.keyword')}
          style={{ width: 260 }}
          onSearch={(keyword) =>
            setParams((current) => ({ ...current, currentPage: 1, keyword: keyword.trim() }))
          }
        />
        <DatePicker.RangePicker
          aria-label={t('systemLog.range')}
          onChange={(range) => onRange(range as [Dayjs | null, Dayjs | null] | null)}
          disabledDate={(day) => day.isAfter(dayjs().endOf('day'))}
        />
      </div>
      <Table<SignInRecord>
        rowKey="id"
        size="middle"
        loading={query.isFetching}
        dataSource={query.data?.list ?? []}
        locale={{ emptyText: t('systemLog.empty') }}
        scroll={{ x: 760 }}
        pagination={{
          current: params.currentPage,
          pageSize: params.pageSize,
          total: query.data?.pagination.total ?? 0,
          pageSizeOptions: [20, 50, 100, 500],
          showSizeChanger: true,
          showQuickJumper: true,
          showTotal: (total) => t('total', { total }),
          onChange: (currentPage, pageSize) =>
            setParams((current) => ({ ...current, currentPage, pageSize })),
        }}
        columns={[
          {
            key: 'time',
            title: t('systemLog.time'),
            dataIndex: 'creatorTime',
            width: 170,
            render: (value: number) => dayjs(value).format('YYYY-MM-DD HH:mm:ss'),
          },
          {
            key: 'result',
            title: t('systemLog.result'),
            dataIndex: 'loginMark',
            width: 100,
            render: (value: number) =>
              Number(value) === 1 ? (
                <Tag color="success">{t('systemLog.success')}</Tag>
              ) : (
                <Tag color="error">{t('systemLog.failure')}</Tag>
              ),
          },
          { key: 'ip', title: t('systemLog.ip'), dataIndex: 'ipAddress', width: 140 },
          {
            key: 'place',
            title: t('systemLog.place'),
            dataIndex: 'ipAddressName',
            width: 140,
            render: (value: string | null) => placeName(value),
          },
          { key: 'browser', title: t('systemLog.browser'), dataIndex: 'browser', ellipsis: true },
          { key: 'platform', title: t('systemLog.platform'), dataIndex: 'platForm', ellipsis: true },
          { key: 'abstracts', title: t('systemLog.abstracts'), dataIndex: 'abstracts', ellipsis: true },
        ]}
      />
    </>
  );
}
