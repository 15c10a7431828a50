import { ApiOutlined, SaveOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  Button,
  Col,
  Divider,
  Form,
  Input,
  InputNumber,
  Modal,
  Radio,
  Row,
  Select,
  Space,
  Spin,
  Switch,
  Table,
  Tabs,
} from 'antd';
import type { FormItemProps } from 'antd/es/form';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toastSuccess } from '../../../base/api/feedback';
import { fetchCurrentUser } from '../../../base/session/session-api';
import { useSession } from '../../../base/session/session-store';
import { AuthButton, PermissionScope, useButtonPermission } from '../../../widgets/list/permission';
import {
  type AdminUser,
  fetchAdmins,
  fetchSysConfig,
  type SysConfig,
  saveAdmins,
  saveSysConfig,
  searchUsers,
  sysConfigKeys,
  testDingTalk,
  testWeCom,
  type UserOption,
  userLabel,
} from './api';
import { SocialsPanel } from './socials-panel';
import './sys-config.css';

const ADDRESS = 'system/sysConfig';

/** Settings each tab edits (keys of SysConfigFields). */
export const GENERAL_KEYS = [
  'sysName',
  'sysVersion',
  'copyright',
  'companyName',
  'logoIcon',
  'navigationIcon',
  'loginIcon',
];
export const SECURITY_KEYS = [
  'passwordStrengthLimit',
  'passwordLengthMin',
  'passwordLengthMinNumber',
  'containsNumbers',
  'includeLowercaseLetters',
  'includeUppercaseLetters',
  'containsCharacters',
  'mandatoryModificationOfInitialPassword',
  'enableVerificationCode',
  'verificationCodeNumber',
  'passwordErrorsNumber',
  'lockTime',
  'tokenTimeout',
  'singleLogin',
];
export const THIRD_PARTY_KEYS = [
  'qyhBaseUrl',
  'qyhCorpId',
  'qyhAgentId',
  'qyhAgentSecret',
  'qyhCorpSecret',
  'dingBaseUrl',
  'dingSynAppKey',
  'dingSynAppSecret',
  'dingAgentId',
];

/** Only the keys the page edits and the server answered (unknown keys are refused by the server). */
export function pickSettings(values: SysConfig, loaded: SysConfig | undefined): SysConfig {
  const out: SysConfig = {};
  for (const key of [...GENERAL_KEYS, ...SECURITY_KEYS, ...THIRD_PARTY_KEYS]) {
    if (loaded && !(key in loaded)) continue;
    const value = values[key];
    if (value !== undefined) out[key] = value ?? '';
  }
  return out;
}

/** A 0/1 setting shown as a switch. */
const flagProps: Pick<FormItemProps, 'valuePropName' | 'getValueProps' | 'normalize'> = {
  valuePropName: 'checked',
  getValueProps: (value: unknown) => ({ checked: Number(value) === 1 }),
  normalize: (checked: boolean) => (checked ? 1 : 0),
};

function SysConfigForm() {
  const { t } = useTranslation('sysConfig');
  const queryClient = useQueryClient();
  const allowed = useButtonPermission();
  const [form] = Form.useForm<SysConfig>();
  const [saving, setSaving] = useState(false);
  const [testing, setTesting] = useState<string | null>(null);
  const [modal, modalHolder] = Modal.useModal();
  const config = useQuery({ queryKey: sysConfigKeys.config(), queryFn: fetchSysConfig });

  useEffect(() => {
    if (config.data) form.setFieldsValue(config.data);
  }, [config.data, form]);

  const strength = Number(Form.useWatch('passwordStrengthLimit', form)) === 1;
  const minLength = Number(Form.useWatch('passwordLengthMin', form)) === 1;
  const verification = Number(Form.useWatch('enableVerificationCode', form)) === 1;

  const save = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    setSaving(true);
    try {
      const msg = await saveSysConfig(pickSettings(form.getFieldsValue(true), config.data));
      toastSuccess(msg || t('saved'), 1.5);
      await queryClient.invalidateQueries({ queryKey: sysConfigKeys.config() });
      // The frame (system name, password policy) follows at once: no restart, no sign-in again.
      const user = await fetchCurrentUser().catch(() => null);
      if (user) useSession.getState().setCurrentUser(user);
    } catch {
      // message shown by the client
    } finally {
      setSaving(false);
    }
  };

  /** Shows the vendor's answer (success or failure) in a dialog. */
  const runTest = async (key: string, call: () => Promise<string>) => {
    setTesting(key);
    try {
      const msg = await call();
      modal.success({ title: t('thirdParty.testResult'), content: msg || t('thirdParty.testOk') });
    } catch (error) {
      modal.error({
        title: t('thirdParty.testResult'),
        content: error instanceof Error && error.message ? error.message : t('thirdParty.testFailed'),
      });
    } finally {
      setTesting(null);
    }
  };

  const values = () => form.getFieldsValue(true) as SysConfig;

  const general = (
    <Row gutter={24}>
      <Col xs={24} lg={12}>
        <Form.Item
          name="sysName"
          label={t('fields.sysName')}
          rules={[
            { required: true, whitespace: true, message: t('rules.sysNameRequired') },
            { max: 50, message: t('rules.sysNameMax') },
          ]}
        >
          <Input />
        </Form.Item>
        <Form.Item name="sysVersion" label={t('fields.sysVersion')} rules={[{ max: 50 }]}>
          <Input />
        </Form.Item>
        <Form.Item name="companyName" label={t('fields.companyName')} rules={[{ max: 100 }]}>
          <Input />
        </Form.Item>
        <Form.Item name="copyright" label={t('fields.copyright')} rules={[{ max: 200 }]}>
          <Input />
        </Form.Item>
      </Col>
      <Col xs={24} lg={12}>
        {(['logoIcon', 'navigationIcon', 'loginIcon'] as const).map((key) => (
          <Form.Item
            key={key}
            name={key}
            label={t(`fields.${key}`)}
            extra={t('general.iconHint')}
            rules={[{ max: 500 }]}
          >
            <Input placeholder="https://… / /api/file/…" />
          </Form.Item>
        ))}
      </Col>
    </Row>
  );

  const security = (
    <Row gutter={24}>
      <Col xs={24} lg={12}>
        <Divider titlePlacement="start">{t('security.password')}</Divider>
        <Form.Item name="passwordStrengthLimit" label={t('fields.passwordStrengthLimit')} {...flagProps}>
          <Switch />
        </Form.Item>
        <Form.Item label={t('fields.passwordLengthMin')}>
          <Space>
            <Form.Item name="passwordLengthMin" noStyle {...flagProps}>
              <Switch disabled={!strength} />
            </Form.Item>
            <Form.Item name="passwordLengthMinNumber" noStyle>
              <InputNumber
                min={6}
                max={16}
                precision={0}
                disabled={!strength || !minLength}
                aria-label={t('fields.passwordLengthMinNumber')}
              />
            </Form.Item>
          </Space>
        </Form.Item>
        {(
          [
            'containsNumbers',
            'includeLowercaseLetters',
            'includeUppercaseLetters',
            'containsCharacters',
          ] as const
        ).map((key) => (
          <Form.Item key={key} name={key} label={t(`fields.${key}`)} {...flagProps}>
            <Switch disabled={!strength} />
          </Form.Item>
        ))}
        <Form.Item
          name="mandatoryModificationOfInitialPassword"
          label={t('fields.mandatoryModificationOfInitialPassword')}
          {...flagProps}
        >
          <Switch />
        </Form.Item>
      </Col>
      <Col xs={24} lg={12}>
        <Divider titlePlacement="start">{t('security.signIn')}</Divider>
        <Form.Item
          name="passwordErrorsNumber"
          label={t('fields.passwordErrorsNumber')}
          extra={t('security.errorsHint')}
        >
          <InputNumber min={3} max={20} precision={0} />
        </Form.Item>
        <Form.Item name="lockTime" label={t('fields.lockTime')}>
          <InputNumber min={1} max={1440} precision={0} suffix={t('units.minutes')} />
        </Form.Item>
        <Form.Item name="enableVerificationCode" label={t('fields.enableVerificationCode')} {...flagProps}>
          <Switch />
        </Form.Item>
        <Form.Item name="verificationCodeNumber" label={t('fields.verificationCodeNumber')}>
          <InputNumber min={3} max={6} precision={0} disabled={!verification} />
        </Form.Item>
        <Form.Item name="tokenTimeout" label={t('fields.tokenTimeout')}>
          <InputNumber min={5} max={10080} precision={0} suffix={t('units.minutes')} />
        </Form.Item>
        <Form.Item name="singleLogin" label={t('fields.singleLogin')}>
          <Radio.Group
            options={[
              { value: 1, label: t('security.single') },
              { value: 2, label: t('security.multiple') },
            ]}
          />
        </Form.Item>
      </Col>
    </Row>
  );

  const canTest = allowed('btn_test');
  const thirdParty = (
    <Row gutter={24}>
      <Col xs={24} lg={12}>
        <Divider titlePlacement="start">{t('thirdParty.weCom')}</Divider>
        <Form.Item name="qyhBaseUrl" label={t('fields.qyhBaseUrl')}>
          <Input placeholder="https://qyapi.weixin.qq.com" />
        </Form.Item>
        <Form.Item name="qyhCorpId" label={t('fields.qyhCorpId')}>
          <Input />
        </Form.Item>
        <Form.Item name="qyhAgentId" label={t('fields.qyhAgentId')}>
          <Input />
        </Form.Item>
        <Form.Item name="qyhAgentSecret" label={t('fields.qyhAgentSecret')}>
          <Input.Password autoComplete="off" />
        </Form.Item>
        <Form.Item name="qyhCorpSecret" label={t('fields.qyhCorpSecret')}>
          <Input.Password autoComplete="off" />
        </Form.Item>
        {canTest && (
          <Form.Item label=" " colon={false}>
            <Space>
              <Button
                icon={<ApiOutlined />}
                loading={testing === 'qyAgent'}
                onClick={() =>
                  runTest('qyAgent', () =>
                    testWeCom(0, { qyhCorpId: values().qyhCorpId, qyhAgentSecret: values().qyhAgentSecret }),
                  )
                }
              >
                {t('thirdParty.testAgent')}
              </Button>
              <Button
                icon={<ApiOutlined />}
                loading={testing === 'qySync'}
                onClick={() =>
                  runTest('qySync', () =>
                    testWeCom(1, { qyhCorpId: values().qyhCorpId, qyhCorpSecret: values().qyhCorpSecret }),
                  )
                }
              >
                {t('thirdParty.testSync')}
              </Button>
            </Space>
          </Form.Item>
        )}
      </Col>
      <Col xs={24} lg={12}>
        <Divider titlePlacement="start">{t('thirdParty.dingTalk')}</Divider>
        <Form.Item name="dingBaseUrl" label={t('fields.dingBaseUrl')}>
          <Input placeholder="https://oapi.dingtalk.com" />
        </Form.Item>
        <Form.Item name="dingSynAppKey" label={t('fields.dingSynAppKey')}>
          <Input />
        </Form.Item>
        <Form.Item name="dingSynAppSecret" label={t('fields.dingSynAppSecret')}>
          <Input.Password autoComplete="off" />
        </Form.Item>
        <Form.Item name="dingAgentId" label={t('fields.dingAgentId')}>
          <Input />
        </Form.Item>
        {canTest && (
          <Form.Item label=" " colon={false}>
            <Button
              icon={<ApiOutlined />}
              loading={testing === 'ding'}
              onClick={() =>
                runTest('ding', () =>
                  testDingTalk({
                    dingSynAppKey: values().dingSynAppKey,
                    dingSynAppSecret: values().dingSynAppSecret,
                  }),
                )
              }
            >
              {t('thirdParty.testConnect')}
            </Button>
          </Form.Item>
        )}
      </Col>
    </Row>
  );

  const saveBar = (
    <div className="sys-config__actions">
      <AuthButton code="btn_save" type="primary" icon={<SaveOutlined />} loading={saving} onClick={save}>
        {t('actions.save')}
      </AuthButton>
    </div>
  );

  return (
    <div className="sys-config" data-testid="sys-config-page">
      <Spin spinning={config.isLoading}>
        <Form<SysConfig>
          form={form}
          name="sysConfig"
          labelCol={{ style: { width: 150 } }}
          className="sys-config__form"
        >
          <Tabs
            items={[
              {
                key: 'general',
                label: t('tabs.general'),
                forceRender: true,
                children: (
                  <>
                    {general}
                    {saveBar}
                  </>
                ),
              },
              {
                key: 'security',
                label: t('tabs.security'),
                forceRender: true,
                children: (
                  <>
                    {security}
                    {saveBar}
                  </>
                ),
              },
              { key: 'admins', label: t('tabs.admins'), children: <AdminPanel /> },
              {
                key: 'thirdParty',
                label: t('tabs.thirdParty'),
                forceRender: true,
                children: (
                  <>
                    {thirdParty}
                    {saveBar}
                  </>
                ),
              },
              { key: 'socials', label: t('tabs.socials'), children: <SocialsPanel /> },
            ]}
          />
        </Form>
      </Spin>
      {modalHolder}
    </div>
  );
}

/** Administrators: the current list and, when the user list is available, a searchable choice. */
function AdminPanel() {
  const { t } = useTranslation('sysConfig');
  const queryClient = useQueryClient();
  const admins = useQuery({ queryKey: sysConfigKeys.admins(), queryFn: fetchAdmins });
  const [keyword, setKeyword] = useState('');
  const users = useQuery({
    queryKey: sysConfigKeys.users(keyword),
    queryFn: () => searchUsers(keyword),
    retry: false,
  });
  const [chosen, setChosen] = useState<string[] | null>(null);
  const [saving, setSaving] = useState(false);
  const current = admins.data ?? [];
  const selected = chosen ?? current.map((admin) => admin.id);
  const known = new Map<string, AdminUser | UserOption>();
  for (const user of [...current, ...(users.data ?? [])]) known.set(user.id, user);

  const save = async () => {
    setSaving(true);
    try {
      const msg = await saveAdmins(selected);
      toastSuccess(msg || t('saved'), 1.5);
      setChosen(null);
      await queryClient.invalidateQueries({ queryKey: sysConfigKeys.admins() });
    } catch {
      // shown
    } finally {
      setSaving(false);
    }
  };

  return (
    <div className="sys-config__admins">
      {users.isError ? (
        <Alert type="info" showIcon title={t('admins.noUserList')} className="sys-config__note" />
      ) : (
        <Space.Compact style={{ width: '100%', maxWidth: 720 }}>
          <Select
            mode="multiple"
            value={selected}
            onChange={setChosen}
            showSearch={{ filterOption: false, onSearch: setKeyword }}
            loading={users.isFetching}
            placeholder={t('admins.choose')}
            aria-label={t('admins.choose')}
            options={[...known.values()].map((user) => ({ value: user.id, label: userLabel(user) }))}
            style={{ flex: 1 }}
          />
          <AuthButton code="btn_setAdmin" type="primary" loading={saving} onClick={save}>
            {t('admins.save')}
          </AuthButton>
        </Space.Compact>
      )}
      <Table<AdminUser>
        rowKey="id"
        size="middle"
        className="sys-config__admin-table"
        loading={admins.isFetching}
        dataSource={current}
        pagination={false}
        columns={[
          {
            title: t('admins.name'),
            key: 'name',
            render: (_, row) => row.realName || row.fullName || row.id,
          },
          { title: t('admins.account'), dataIndex: 'account', key: 'account' },
        ]}
      />
    </div>
  );
}

/** System configuration, page 'system/sysConfig'. */
export default function SysConfigPage() {
  return (
    <PermissionScope address={ADDRESS}>
      <SysConfigForm />
    </PermissionScope>
  );
}
