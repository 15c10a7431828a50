import { Limits, Patterns } from '@console/shared';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Col, DatePicker, Form, Input, InputNumber, Modal, Row, Select, Switch } from 'antd';
import type { Rule } from 'antd/es/form';
import dayjs, { type Dayjs } from 'dayjs';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toastSuccess } from '../../../base/api/feedback';
import { useFieldPermission } from '../../../widgets/list/field-permission';
import {
  GroupSelect,
  OrganizeSelect,
  PositionSelect,
  RoleSelect,
  UserSelect,
} from '../../../widgets/org-picker';
import { fetchUser, saveUser, type UserForm, userKeys } from './api';
import type { InitialPassword } from './initial-password-dialog';

const ADDRESS = 'permission/user';
/**
 * The user form's fields that form permissions govern (the form items user administration
 * declares); the other fields are always shown.
 */
const GOVERNED = new Set([
  'nickName',
  'gender',
  'headIcon',
  'organizeId',
  'managerId',
  'positionId',
  'roleId',
  'mobilePhone',
  'email',
  'entryDate',
  'birthday',
  'sortCode',
  'enabledMark',
  'description',
]);

interface FormValues {
  account: string;
  realName: string;
  nickName?: string;
  gender?: number;
  organizeId: string[];
  managerId?: string;
  positionId: string[];
  roleId: string[];
  groupId: string[];
  mobilePhone?: string;
  telePhone?: string;
  landline?: string;
  email?: string;
  entryDate?: Dayjs | null;
  birthday?: Dayjs | null;
  nation?: string;
  nativePlace?: string;
  certificatesType?: string;
  certificatesNumber?: string;
  education?: string;
  urgentContacts?: string;
  urgentTelePhone?: string;
  postalAddress?: string;
  sortCode: number;
  enabled: boolean;
  description?: string;
}

const ids = (value: string | null | undefined) => (value ? value.split(',').filter(Boolean) : []);
const joined = (value: readonly string[] | undefined) => (value ?? []).join(',');
const text = (value: string | undefined) => value?.trim() ?? '';

/** The user form's validation (console.md 5 patterns and 9 limits). */
export function userRules(t: (key: string, options?: Record<string, unknown>) => string) {
  const max = (n: number): Rule => ({ max: n, message: t('rules.max', { n }) });
  return {
    account: [
      { required: true, whitespace: true, message: t('rules.accountRequired') },
      { pattern: Patterns.account, message: t('rules.account') },
      max(Limits.nameMax),
    ] as Rule[],
    realName: [
      { required: true, whitespace: true, message: t('rules.realNameRequired') },
      { pattern: Patterns.name, message: t('rules.name') },
      max(Limits.nameMax),
    ] as Rule[],
    gender: [{ required: true, message: t('rules.genderRequired') }] as Rule[],
    organizeId: [{ required: true, type: 'array', min: 1, message: t('rules.organizeRequired') }] as Rule[],
    mobilePhone: [{ pattern: Patterns.mobile, message: t('rules.mobile') }] as Rule[],
    phone: [max(20)] as Rule[],
    email: [{ pattern: Patterns.email, message: t('rules.email') }, max(50)] as Rule[],
    certificatesNumber: [max(50)] as Rule[],
    short: [max(50)] as Rule[],
    long: [max(500)] as Rule[],
  };
}

/** Add / edit user dialog (800 px, two columns) with every field of the user form. */
export function UserDialog({
  target,
  defaultOrganizeId,
  onClose,
  onCreated,
}: {
  target: { id?: string } | null;
  defaultOrganizeId?: string;
  onClose(): void;
  /** A new user was added: the generated initial password to show once. */
  onCreated?(created: InitialPassword): void;
}) {
  const { t } = useTranslation('user');
  const [form] = Form.useForm<FormValues>();
  const queryClient = useQueryClient();
  const granted = useFieldPermission(ADDRESS);
  const shows = (code: string) => !GOVERNED.has(code) || granted(code);
  const [loading, setLoading] = useState(false);
  const [saving, setSaving] = useState(false);
  const [version, setVersion] = useState<number | undefined>();
  const rules = userRules(t);

  useEffect(() => {
    if (!target) return;
    let current = true;
    form.resetFields();
    setVersion(undefined);
    if (!target.id) {
      if (defaultOrganizeId) form.setFieldValue('organizeId', [defaultOrganizeId]);
      return;
    }
    setLoading(true);
    fetchUser(target.id)
      .then((user) => {
        if (!current) return;
        setVersion(user.version);
        form.setFieldsValue({
          account: user.account,
          realName: user.realName,
          nickName: user.nickName ?? '',
          gender: user.gender ?? undefined,
          organizeId: ids(user.organizeId),
          managerId: user.managerId ?? undefined,
          positionId: ids(user.positionId),
          roleId: ids(user.roleId),
          groupId: ids(user.groupId),
          mobilePhone: user.mobilePhone ?? '',
          telePhone: user.telePhone ?? '',
          landline: user.landline ?? '',
          email: user.email ?? '',
          entryDate: user.entryDate ? dayjs(user.entryDate) : null,
          birthday: user.birthday ? dayjs(user.birthday) : null,
          nation: user.nation ?? '',
          nativePlace: user.nativePlace ?? '',
          certificatesType: user.certificatesType ?? undefined,
          certificatesNumber: user.certificatesNumber ?? '',
          education: user.education ?? undefined,
          urgentContacts: user.urgentContacts ?? '',
          urgentTelePhone: user.urgentTelePhone ?? '',
          postalAddress: user.postalAddress ?? '',
          sortCode: user.sortCode ?? 0,
          enabled: Number(user.enabledMark ?? 1) !== 0,
          description: user.description ?? '',
        });
      })
      .catch(() => undefined)
      .finally(() => {
        if (current) setLoading(false);
      });
    return () => {
      current = false;
    };
  }, [target, form, defaultOrganizeId]);

  const submit = async () => {
    if (!target) return;
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    setSaving(true);
    const body: UserForm = {
      account: values.account.trim(),
      realName: values.realName.trim(),
      nickName: text(values.nickName),
      gender: values.gender ?? null,
      organizeId: joined(values.organizeId),
      managerId: values.managerId || null,
      positionId: joined(values.positionId),
      roleId: joined(values.roleId),
      groupId: joined(values.groupId),
      mobilePhone: text(values.mobilePhone),
      telePhone: text(values.telePhone),
      landline: text(values.landline),
      email: text(values.email),
      entryDate: values.entryDate ? values.entryDate.startOf('day').valueOf() : null,
      birthday: values.birthday ? values.birthday.startOf('day').valueOf() : null,
      nation: text(values.nation),
      nativePlace: text(values.nativePlace),
      certificatesType: values.certificatesType ?? '',
      certificatesNumber: text(values.certificatesNumber),
      education: values.education ?? '',
      urgentContacts: text(values.urgentContacts),
      urgentTelePhone: text(values.urgentTelePhone),
      postalAddress: text(values.postalAddress),
      sortCode: values.sortCode ?? 0,
      enabledMark: values.enabled ? 1 : 0,
      description: text(values.description),
    };
    // Fields the form permission hides are not sent (the server refuses writes to them).
    for (const code of GOVERNED) if (!shows(code)) delete body[code as keyof UserForm];
    if (target.id) {
      body.id = target.id;
      if (version !== undefined) body.version = version;
    }
    try {
      const saved = await saveUser(body);
      toastSuccess(saved.msg || t('saved'), 1.5);
      await queryClient.invalidateQueries({ queryKey: userKeys.all });
      onClose();
      if (!target.id && saved.password)
        onCreated?.({ account: body.account, realName: body.realName, password: saved.password });
    } catch {
      // The client showed the message; the dialog stays open.
    } finally {
      setSaving(false);
    }
  };

  /** One field in a half-width column, left out when the form permission hides it. */
  const field = (code: string, node: ReactNode, span = 12) =>
    shows(code) ? (
      <Col span={span} key={code}>
        {node}
      </Col>
    ) : null;

  const options = (group: string, keys: readonly string[]) =>
    keys.map((key) => ({ value: key, label: t(`${group}.${key}`) }));

  return (
    <Modal
      open={target !== null}
      width={800}
      title={target?.id ? t('dialog.editTitle') : t('dialog.newTitle')}
      okText={t('actions.ok')}
      cancelText={t('actions.cancel')}
      confirmLoading={saving}
      loading={loading}
      onOk={submit}
      onCancel={onClose}
      destroyOnHidden
      mask={{ closable: false }}
    >
      {!target?.id && (
        <Alert
          type="info"
          showIcon
          title={t('initial.note')}
          style={{ marginBottom: 16 }}
          data-testid="user-initial-password-note"
        />
      )}
      <Form<FormValues>
        form={form}
        name="user"
        labelCol={{ style: { width: 90 } }}
        initialValues={{
          sortCode: 0,
          enabled: true,
          organizeId: [],
          positionId: [],
          roleId: [],
          groupId: [],
        }}
      >
        <Row gutter={16}>
          <Col span={12}>
            <Form.Item name="account" label={t('fields.account')} rules={rules.account}>
              <Input placeholder={t('placeholders.account')} maxLength={50} disabled={Boolean(target?.id)} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="realName" label={t('fields.realName')} rules={rules.realName}>
              <Input placeholder={t('placeholders.realName')} maxLength={50} />
            </Form.Item>
          </Col>
          {field(
            'nickName',
            <Form.Item name="nickName" label={t('fields.nickName')} rules={rules.short}>
              <Input placeholder={t('placeholders.nickName')} />
            </Form.Item>,
          )}
          {field(
            'gender',
            <Form.Item name="gender" label={t('fields.gender')} rules={rules.gender}>
              <Select
                placeholder={t('placeholders.select')}
                options={[1, 2, 3].map((value) => ({ value, label: t(`genders.${value}`) }))}
              />
            </Form.Item>,
          )}
          <Col span={24}>
            <Form.Item name="organizeId" label={t('fields.organizeId')} rules={rules.organizeId}>
              <OrganizeSelect multiple allowClear placeholder={t('placeholders.organize')} />
            </Form.Item>
          </Col>
          {field(
            'positionId',
            <Form.Item name="positionId" label={t('fields.positionId')}>
              <PositionSelect multiple allowClear placeholder={t('placeholders.position')} />
            </Form.Item>,
          )}
          {field(
            'roleId',
            <Form.Item name="roleId" label={t('fields.roleId')}>
              <RoleSelect multiple allowClear placeholder={t('placeholders.role')} />
            </Form.Item>,
          )}
          {field(
            'groupId',
            <Form.Item name="groupId" label={t('fields.groupId')}>
              <GroupSelect multiple allowClear placeholder={t('placeholders.group')} />
            </Form.Item>,
          )}
          {field(
            'managerId',
            <Form.Item name="managerId" label={t('fields.managerId')}>
              <UserSelect allowClear placeholder={t('placeholders.manager')} />
            </Form.Item>,
          )}
          {field(
            'mobilePhone',
            <Form.Item name="mobilePhone" label={t('fields.mobilePhone')} rules={rules.mobilePhone}>
              <Input placeholder={t('placeholders.mobilePhone')} maxLength={11} />
            </Form.Item>,
          )}
          {field(
            'email',
            <Form.Item name="email" label={t('fields.email')} rules={rules.email}>
              <Input placeholder={t('placeholders.email')} />
            </Form.Item>,
          )}
          {field(
            'telePhone',
            <Form.Item name="telePhone" label={t('fields.telePhone')} rules={rules.phone}>
              <Input placeholder={t('placeholders.input')} />
            </Form.Item>,
          )}
          {field(
            'landline',
            <Form.Item name="landline" label={t('fields.landline')} rules={rules.phone}>
              <Input placeholder={t('placeholders.input')} />
            </Form.Item>,
          )}
          {field(
            'entryDate',
            <Form.Item name="entryDate" label={t('fields.entryDate')}>
              <DatePicker style={{ width: '100%' }} placeholder={t('placeholders.date')} />
            </Form.Item>,
          )}
          {field(
            'birthday',
            <Form.Item name="birthday" label={t('fields.birthday')}>
              <DatePicker style={{ width: '100%' }} placeholder={t('placeholders.date')} />
            </Form.Item>,
          )}
          {field(
            'nation',
            <Form.Item name="nation" label={t('fields.nation')} rules={rules.short}>
              <Input placeholder={t('placeholders.input')} />
            </Form.Item>,
          )}
          {field(
            'nativePlace',
            <Form.Item name="nativePlace" label={t('fields.nativePlace')} rules={rules.short}>
              <Input placeholder={t('placeholders.input')} />
            </Form.Item>,
          )}
          {field(
            'certificatesType',
            <Form.Item name="certificatesType" label={t('fields.certificatesType')}>
              <Select
                allowClear
                placeholder={t('placeholders.select')}
                options={options('certificates', ['idCard', 'passport', 'other'])}
              />
            </Form.Item>,
          )}
          {field(
            'certificatesNumber',
            <Form.Item
              name="certificatesNumber"
              label={t('fields.certificatesNumber')}
              rules={rules.certificatesNumber}
            >
              <Input placeholder={t('placeholders.input')} />
            </Form.Item>,
          )}
          {field(
            'education',
            <Form.Item name="education" label={t('fields.education')}>
              <Select
                allowClear
                placeholder={t('placeholders.select')}
                options={options('educations', [
                  'doctor',
                  'master',
                  'bachelor',
                  'college',
                  'highSchool',
                  'other',
                ])}
              />
            </Form.Item>,
          )}
          {field(
            'urgentContacts',
            <Form.Item name="urgentContacts" label={t('fields.urgentContacts')} rules={rules.short}>
              <Input placeholder={t('placeholders.input')} />
            </Form.Item>,
          )}
          {field(
            'urgentTelePhone',
            <Form.Item name="urgentTelePhone" label={t('fields.urgentTelePhone')} rules={rules.phone}>
              <Input placeholder={t('placeholders.input')} />
            </Form.Item>,
          )}
          {field(
            'sortCode',
            <Form.Item name="sortCode" label={t('fields.sortCode')}>
              <InputNumber
                min={Limits.sortMin}
                max={Limits.sortMax}
                precision={0}
                style={{ width: '100%' }}
              />
            </Form.Item>,
          )}
          {field(
            'postalAddress',
            <Form.Item name="postalAddress" label={t('fields.postalAddress')} rules={rules.long}>
              <Input placeholder={t('placeholders.input')} />
            </Form.Item>,
            24,
          )}
          {field(
            'enabledMark',
            <Form.Item name="enabled" label={t('fields.enabledMark')} valuePropName="checked">
              <Switch />
            </Form.Item>,
          )}
          {field(
            'description',
            <Form.Item name="description" label={t('fields.description')} rules={rules.long}>
              <Input.TextArea rows={3} placeholder={t('placeholders.description')} />
            </Form.Item>,
            24,
          )}
        </Row>
      </Form>
    </Modal>
  );
}
