import { Patterns } from '@console/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Col, DatePicker, Descriptions, Form, Input, Row, Select, Skeleton } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../../base/api';
import { toastSuccess } from '../../../../base/api/feedback';
import { type CurrentBaseInfo, type EditableBaseInfo, getBaseInfo, profileKeys, saveBaseInfo } from '../api';
import { useReloadUser } from '../use-reload-user';

type FormValues = Omit<EditableBaseInfo, 'birthday'> & { birthday?: Dayjs | null };

const TEXT_FIELDS = [
  ['nation', 50],
  ['nativePlace', 100],
  ['certificatesType', 50],
  ['certificatesNumber', 50],
  ['education', 50],
  ['telePhone', 30],
  ['landline', 30],
  ['urgentContacts', 50],
  ['urgentTelePhone', 30],
] as const;

/** A stale `version` answers 400 "the record was changed by someone else" (design.md, Data). */
export function isStaleVersion(error: unknown): boolean {
  return (
    error instanceof ApiError &&
    error.code === 400 &&
    /他人|别人|其他人|已被修改|someone else|changed by/i.test(error.msg)
  );
}

function toForm(info: CurrentBaseInfo): FormValues {
  return {
    realName: info.realName,
    nickName: info.nickName,
    gender: info.gender,
    birthday: info.birthday ? dayjs(info.birthday) : null,
    mobilePhone: info.mobilePhone,
    email: info.email,
    nation: info.nation,
    nativePlace: info.nativePlace,
    certificatesType: info.certificatesType,
    certificatesNumber: info.certificatesNumber,
    education: info.education,
    telePhone: info.telePhone,
    landline: info.landline,
    urgentContacts: info.urgentContacts,
    urgentTelePhone: info.urgentTelePhone,
    postalAddress: info.postalAddress,
    signature: info.signature,
    description: info.description,
  };
}

/** Base info: the editable profile fields, saved with the version read (optimistic locking). */
export function BaseInfoTab() {
  const { t } = useTranslation('profile');
  const queryClient = useQueryClient();
  const reloadUser = useReloadUser();
  const query = useQuery({ queryKey: profileKeys.baseInfo, queryFn: getBaseInfo });
  const [form] = Form.useForm<FormValues>();
  const [saving, setSaving] = useState(false);
  const [stale, setStale] = useState(false);

  if (query.isLoading || !query.data) return <Skeleton active paragraph={{ rows: 8 }} />;
  const info = query.data;

  const onFinish = async (values: FormValues) => {
    setSaving(true);
    try {
      const trimmed = Object.fromEntries(
        Object.entries(values).map(([key, value]) => [key, typeof value === 'string' ? value.trim() : value]),
      ) as FormValues;
      const msg = await saveBaseInfo({
        ...trimmed,
        gender: values.gender ?? null,
        birthday: values.birthday ? values.birthday.startOf('day').valueOf() : null,
        version: info.version,
      });
      toastSuccess(msg || t('saved'));
      setStale(false);
      await queryClient.invalidateQueries({ queryKey: profileKeys.baseInfo });
      await reloadUser();
    } catch (error) {
      if (isStaleVersion(error)) setStale(true);
    } finally {
      setSaving(false);
    }
  };

  const reload = async () => {
    setStale(false);
    const fresh = await query.refetch();
    if (fresh.data) form.setFieldsValue(toForm(fresh.data));
  };

  return (
    <>
      <h2 className="profile__section-title">{t('tabs.baseInfo')}</h2>
      <p className="profile__section-hint">{t('baseInfo.hint')}</p>
      <Descriptions
        size="small"
        column={{ xs: 1, md: 2 }}
        style={{ marginBottom: 24 }}
        items={[
          { key: 'account', label: t('fields.account'), children: info.account },
          { key: 'organize', label: t('fields.organizeName'), children: info.organizeName || t('none') },
          { key: 'position', label: t('fields.positionName'), children: info.positionName || t('none') },
          { key: 'role', label: t('fields.roleName'), children: info.roleName || t('none') },
          {
            key: 'entry',
            label: t('fields.entryDate'),
            children: info.entryDate ? dayjs(info.entryDate).format('YYYY-MM-DD') : t('none'),
          },
          {
            key: 'created',
            label: t('fields.creatorTime'),
            children: info.creatorTime ? dayjs(info.creatorTime).format('YYYY-MM-DD HH:mm') : t('none'),
          },
        ]}
      />
      {stale && (
        <Alert
          type="warning"
          showIcon
          role="alert"
          style={{ marginBottom: 16 }}
          title={t('baseInfo.stale')}
          action={
            <Button size="small" onClick={() => void reload()}>
              {t('baseInfo.reload')}
            </Button>
          }
        />
      )}
      <Form<FormValues>
        form={form}
        name="baseInfo"
        layout="vertical"
        initialValues={toForm(info)}
        onFinish={onFinish}
        requiredMark
      >
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item
              name="realName"
              label={t('fields.realName')}
              rules={[
                { required: true, whitespace: true, message: t('rules.realName') },
                { max: 50, message: t('rules.max', { n: 50 }) },
                { pattern: Patterns.name, message: t('rules.name') },
              ]}
            >
              <Input maxLength={50} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item
              name="nickName"
              label={t('fields.nickName')}
              rules={[{ max: 50, message: t('rules.max', { n: 50 }) }]}
            >
              <Input maxLength={50} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="gender" label={t('fields.gender')}>
              <Select
                allowClear
                options={[1, 2, 3].map((value) => ({ value, label: t(`gender.${value}`) }))}
                placeholder={t('select')}
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="birthday" label={t('fields.birthday')}>
              <DatePicker style={{ width: '100%' }} disabledDate={(day) => day.isAfter(dayjs())} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item
              name="mobilePhone"
              label={t('fields.mobilePhone')}
              rules={[{ pattern: Patterns.mobile, message: t('rules.mobile') }]}
            >
              <Input maxLength={11} inputMode="numeric" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item
              name="email"
              label={t('fields.email')}
              rules={[{ pattern: Patterns.email, message: t('rules.email') }]}
            >
              <Input maxLength={100} inputMode="email" />
            </Form.Item>
          </Col>
          {TEXT_FIELDS.map(([field, max]) => (
            <Col xs={24} md={12} key={field}>
              <Form.Item
                name={field}
                label={t(`fields.${field}`)}
                rules={[{ max, message: t('rules.max', { n: max }) }]}
              >
                <Input maxLength={max} />
              </Form.Item>
            </Col>
          ))}
          <Col xs={24} md={12}>
            <Form.Item
              name="postalAddress"
              label={t('fields.postalAddress')}
              rules={[{ max: 200, message: t('rules.max', { n: 200 }) }]}
            >
              <Input maxLength={200} />
            </Form.Item>
          </Col>
          <Col xs={24}>
            <Form.Item
              name="signature"
              label={t('fields.signature')}
              rules={[{ max: 200, message: t('rules.max', { n: 200 }) }]}
            >
              <Input maxLength={200} />
            </Form.Item>
          </Col>
          <Col xs={24}>
            <Form.Item
              name="description"
              label={t('fields.description')}
              rules={[{ max: 500, message: t('rules.max', { n: 500 }) }]}
            >
              <Input.TextArea rows={3} maxLength={500} showCount />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item style={{ marginBottom: 0 }}>
          <Button type="primary" htmlType="submit" loading={saving}>
            {t('save')}
          </Button>
        </Form.Item>
      </Form>
    </>
  );
}
