import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Tag as AntTag,
  Button,
  Card,
  Form,
  Input,
  Modal,
  Radio,
  Select,
  Space,
  Table,
  Tabs,
  Typography,
  Upload,
} from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toastSuccess } from '../../base/api/feedback';
import { type MenuButton, type MenuType, wechatApi } from './api';
import './wechat.css';

const time = (ms: number | null | undefined) => (ms ? new Date(ms).toLocaleString() : '');
/** Runs a call; the error toast is shown by the API client. */
const attempt = async (run: () => Promise<unknown>) => {
  try {
    await run();
  } catch {
    // toast shown
  }
};

/** 公众号配置: AppID, AppSecret (never shown back), token, EncodingAESKey, API base, server URL. */
export function MpConfigPage() {
  const { t } = useTranslation('wechat');
  const [form] = Form.useForm();
  const config = useQuery({ queryKey: ['wechat', 'mpConfig'], queryFn: wechatApi.mpConfig });
  const data = config.data;
  const save = () =>
    attempt(async () => {
      const values = await form.validateFields();
      const answer = await wechatApi.saveMpConfig(values);
      toastSuccess(answer.msg);
      form.setFieldValue('appSecret', '');
      await config.refetch();
    });
  if (!data) return <Card loading />;
  return (
    <Card title={t('mp.config')} className="wechat-page" data-testid="wechat-mp-config">
      <Form
        form={form}
        layout="vertical"
        initialValues={{ ...data, appSecret: '' }}
        style={{ maxWidth: 640 }}
      >
        <Form.Item name="appId" label="AppID" rules={[{ required: true, message: t('required') }]}>
          <Input data-testid="mp-appId" />
        </Form.Item>
        <Form.Item name="appSecret" label="AppSecret" extra={data.hasSecret ? t('secretKept') : undefined}>
          <Input.Password
            data-testid="mp-appSecret"
            placeholder={data.hasSecret ? t('secretSaved') : ''}
            autoComplete="new-password"
          />
        </Form.Item>
        <Form.Item name="token" label={t('mp.token')}>
          <Input data-testid="mp-token" />
        </Form.Item>
        <Form.Item name="encodingAesKey" label="EncodingAESKey">
          <Input data-testid="mp-aesKey" />
        </Form.Item>
        <Form.Item
          name="apiBase"
          label={t('apiBase')}
          extra={t('apiBaseHint', { base: data.defaultApiBase })}
        >
          <Input data-testid="mp-apiBase" placeholder={data.defaultApiBase} />
        </Form.Item>
        <Form.Item label={t('mp.serverUrl')} extra={t('mp.serverUrlHint')}>
          <Typography.Text copyable data-testid="mp-serverUrl">
            {data.serverUrl}
          </Typography.Text>
        </Form.Item>
        <Space>
          <Button type="primary" onClick={() => void save()} data-testid="mp-save">
            {t('save')}
          </Button>
          <Button
            onClick={() => void attempt(async () => toastSuccess((await wechatApi.test('mp')).msg))}
            data-testid="mp-test"
          >
            {t('testConnection')}
          </Button>
        </Space>
      </Form>
    </Card>
  );
}

const TYPES: MenuType[] = ['click', 'view', 'miniprogram'];

function ActionFields({
  item,
  onChange,
  testId,
}: {
  item: MenuButton;
  onChange: (next: MenuButton) => void;
  testId: string;
}) {
  const { t } = useTranslation('wechat');
  return (
    <Space wrap>
      <Select
        style={{ width: 130 }}
        value={item.type}
        placeholder={t('menu.type')}
        data-testid={`${testId}-type`}
        options={TYPES.map((type) => ({ value: type, label: t(`menu.types.${type}`) }))}
        onChange={(type) => onChange({ ...item, type })}
      />
      {item.type === 'click' && (
        <Input
          placeholder={t('menu.key')}
          value={item.key ?? ''}
          data-testid={`${testId}-key`}
          onChange={(e) => onChange({ ...item, key: e.target.value })}
        />
      )}
      {(item.type === 'view' || item.type === 'miniprogram') && (
        <Input
          style={{ width: 260 }}
          placeholder={t('menu.url')}
          value={item.url ?? ''}
          data-testid={`${testId}-url`}
          onChange={(e) => onChange({ ...item, url: e.target.value })}
        />
      )}
      {item.type === 'miniprogram' && (
        <>
          <Input
            placeholder={t('menu.appid')}
            value={item.appid ?? ''}
            onChange={(e) => onChange({ ...item, appid: e.target.value })}
          />
          <Input
            placeholder={t('menu.pagepath')}
            value={item.pagepath ?? ''}
            onChange={(e) => onChange({ ...item, pagepath: e.target.value })}
          />
        </>
      )}
    </Space>
  );
}

/** 自定义菜单: up to 3 menus of up to 5 items; save the draft, publish, read back what WeChat holds. */
export function MpMenuPage() {
  const { t } = useTranslation('wechat');
  const [menu, setMenu] = useState<MenuButton[] | null>(null);
  const [remote, setRemote] = useState<string | null>(null);
  const draft = useQuery({ queryKey: ['wechat', 'menu'], queryFn: wechatApi.menu });
  const buttons = menu ?? draft.data?.menu?.button ?? [];
  const set = (next: MenuButton[]) => setMenu(next);
  const update = (i: number, next: MenuButton) => set(buttons.map((b, j) => (j === i ? next : b)));
  const save = () => attempt(async () => toastSuccess((await wechatApi.saveMenu({ button: buttons })).msg));
  const publish = () =>
    attempt(async () => {
      await wechatApi.saveMenu({ button: buttons });
      toastSuccess((await wechatApi.publishMenu()).msg);
    });
  const readBack = () =>
    attempt(async () => setRemote(JSON.stringify(await wechatApi.remoteMenu(), null, 2)));
  return (
    <Card title={t('mp.menu')} className="wechat-page" data-testid="wechat-mp-menu" loading={draft.isLoading}>
      <Typography.Paragraph type="secondary">{t('menu.rules')}</Typography.Paragraph>
      {buttons.map((button, i) => {
        const subs = button.sub_button ?? [];
        return (
          <Card
            // biome-ignore lint/suspicious/noArrayIndexKey: a menu is its slot (WeChat orders menus by position)
            key={i}
            size="small"
            className="wechat-menu-item"
            data-testid={`menu-${i}`}
            title={
              <Input
                value={button.name}
                placeholder={t('menu.name')}
                data-testid={`menu-${i}-name`}
                onChange={(e) => update(i, { ...button, name: e.target.value })}
                style={{ maxWidth: 240 }}
              />
            }
            extra={
              <Space>
                <Button
                  size="small"
                  disabled={subs.length >= 5}
                  data-testid={`menu-${i}-addSub`}
                  onClick={() =>
                    update(i, {
                      name: button.name,
                      sub_button: [...subs, { name: '', type: 'click', key: '' }],
                    })
                  }
                >
                  {t('menu.addSub')}
                </Button>
                <Button size="small" danger onClick={() => set(buttons.filter((_, j) => j !== i))}>
                  {t('delete')}
                </Button>
              </Space>
            }
          >
            {subs.length === 0 ? (
              <ActionFields item={button} testId={`menu-${i}`} onChange={(next) => update(i, next)} />
            ) : (
              subs.map((sub, k) => (
                <Space
                  // biome-ignore lint/suspicious/noArrayIndexKey: an item is its slot (WeChat orders items by position)
                  key={k}
                  wrap
                  className="wechat-sub"
                  data-testid={`menu-${i}-sub-${k}`}
                >
                  <Input
                    value={sub.name}
                    placeholder={t('menu.subName')}
                    data-testid={`menu-${i}-sub-${k}-name`}
                    onChange={(e) =>
                      update(i, {
                        ...button,
                        sub_button: subs.map((s, j) => (j === k ? { ...s, name: e.target.value } : s)),
                      })
                    }
                  />
                  <ActionFields
                    item={sub}
                    testId={`menu-${i}-sub-${k}`}
                    onChange={(next) =>
                      update(i, { ...button, sub_button: subs.map((s, j) => (j === k ? next : s)) })
                    }
                  />
                  <Button
                    size="small"
                    type="link"
                    danger
                    onClick={() => {
                      const rest = subs.filter((_, j) => j !== k);
                      update(
                        i,
                        rest.length
                          ? { ...button, sub_button: rest }
                          : { name: button.name, type: 'click', key: '' },
                      );
                    }}
                  >
                    {t('delete')}
                  </Button>
                </Space>
              ))
            )}
          </Card>
        );
      })}
      <Space style={{ marginTop: 12 }}>
        <Button
          disabled={buttons.length >= 3}
          data-testid="menu-add"
          onClick={() => set([...buttons, { name: '', type: 'click', key: '' }])}
        >
          {t('menu.add')}
        </Button>
        <Button onClick={() => void save()} data-testid="menu-save">
          {t('save')}
        </Button>
        <Button type="primary" onClick={() => void publish()} data-testid="menu-publish">
          {t('menu.publish')}
        </Button>
        <Button onClick={() => void readBack()} data-testid="menu-readBack">
          {t('menu.readBack')}
        </Button>
      </Space>
      {remote !== null && (
        <Card size="small" title={t('menu.remote')} style={{ marginTop: 12 }}>
          <pre data-testid="menu-remote" className="wechat-pre">
            {remote}
          </pre>
        </Card>
      )}
    </Card>
  );
}

/** 关注者: sync from WeChat, list, search, filter by tag, remark and tag. */
export function MpUserPage() {
  const { t } = useTranslation('wechat');
  const queryClient = useQueryClient();
  const [keyword, setKeyword] = useState('');
  const [tagId, setTagId] = useState<number | undefined>();
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<string[]>([]);
  const [tagTo, setTagTo] = useState<number | undefined>();
  const tags = useQuery({ queryKey: ['wechat', 'tags'], queryFn: wechatApi.tags });
  const list = useQuery({
    queryKey: ['wechat', 'followers', keyword, tagId, page],
    queryFn: () => wechatApi.followers({ keyword, tagId, currentPage: page, pageSize: 20 }),
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['wechat'] });
  const tagName = (id: number) => tags.data?.list.find((x) => x.id === id)?.name ?? String(id);
  const editRemark = (openId: string, current: string) => {
    let value = current;
    Modal.confirm({
      title: t('followers.remark'),
      content: (
        <Input defaultValue={current} data-testid="remark-input" onChange={(e) => (value = e.target.value)} />
      ),
      onOk: () =>
        attempt(async () => {
          toastSuccess((await wechatApi.remark(openId, value)).msg);
          await refresh();
        }),
    });
  };
  return (
    <Card title={t('mp.user')} className="wechat-page" data-testid="wechat-mp-user">
      <Space wrap style={{ marginBottom: 12 }}>
        <Button
          type="primary"
          data-testid="followers-sync"
          onClick={() =>
            void attempt(async () => {
              toastSuccess((await wechatApi.syncFollowers()).msg);
              await refresh();
            })
          }
        >
          {t('followers.sync')}
        </Button>
        <Input.Search
          placeholder={t('followers.search')}
          allowClear
          onSearch={(v) => {
            setKeyword(v);
            setPage(1);
          }}
          style={{ width: 220 }}
        />
        <Select
          allowClear
          placeholder={t('followers.tag')}
          style={{ width: 160 }}
          value={tagId}
          onChange={(v) => setTagId(v)}
          options={tags.data?.list.map((x) => ({ value: x.id, label: `${x.name} (${x.count})` }))}
        />
        <Select
          allowClear
          placeholder={t('followers.tagTo')}
          style={{ width: 160 }}
          value={tagTo}
          onChange={(v) => setTagTo(v)}
          options={tags.data?.list.map((x) => ({ value: x.id, label: x.name }))}
        />
        <Button
          disabled={!tagTo || !selected.length}
          onClick={() =>
            void attempt(async () => {
              toastSuccess((await wechatApi.tagging(tagTo!, selected)).msg);
              await refresh();
            })
          }
        >
          {t('followers.applyTag')}
        </Button>
      </Space>
      <Table
        rowKey="openId"
        size="small"
        loading={list.isLoading}
        dataSource={list.data?.list ?? []}
        rowSelection={{ selectedRowKeys: selected, onChange: (keys) => setSelected(keys as string[]) }}
        pagination={{
          current: page,
          pageSize: 20,
          total: list.data?.pagination.total ?? 0,
          onChange: setPage,
        }}
        columns={[
          { title: 'OpenID', dataIndex: 'openId' },
          { title: t('followers.nickname'), dataIndex: 'nickname' },
          { title: t('followers.remark'), dataIndex: 'remark' },
          {
            title: t('followers.tags'),
            dataIndex: 'tagIds',
            render: (ids: number[]) => ids.map((id) => <AntTag key={id}>{tagName(id)}</AntTag>),
          },
          { title: t('followers.subscribeTime'), dataIndex: 'subscribeTime', render: time },
          {
            title: t('actions'),
            key: 'actions',
            render: (_, row) => (
              <Button type="link" size="small" onClick={() => editRemark(row.openId, row.remark)}>
                {t('followers.setRemark')}
              </Button>
            ),
          },
        ]}
      />
    </Card>
  );
}

/** 群发消息: to all followers or a tag; history with WeChat's status. */
export function MpMessagePage() {
  const { t } = useTranslation('wechat');
  const [form] = Form.useForm();
  const queryClient = useQueryClient();
  const tags = useQuery({ queryKey: ['wechat', 'tags'], queryFn: wechatApi.tags });
  const history = useQuery({
    queryKey: ['wechat', 'mass'],
    queryFn: () => wechatApi.massList({ currentPage: 1, pageSize: 50 }),
  });
  const toAll = Form.useWatch('toAll', form);
  const msgType = Form.useWatch('msgType', form);
  const send = () =>
    attempt(async () => {
      const values = await form.validateFields();
      toastSuccess((await wechatApi.sendMass(values)).msg);
      await queryClient.invalidateQueries({ queryKey: ['wechat', 'mass'] });
    });
  return (
    <Card title={t('mp.message')} className="wechat-page" data-testid="wechat-mp-message">
      <Form
        form={form}
        layout="vertical"
        initialValues={{ toAll: false, msgType: 'text' }}
        style={{ maxWidth: 640 }}
      >
        <Form.Item name="toAll" label={t('mass.target')}>
          <Radio.Group
            options={[
              { value: true, label: t('mass.all') },
              { value: false, label: t('mass.byTag') },
            ]}
          />
        </Form.Item>
        {!toAll && (
          <Form.Item
            name="tagId"
            label={t('followers.tag')}
            rules={[{ required: true, message: t('required') }]}
          >
            <Select
              data-testid="mass-tag"
              options={tags.data?.list.map((x) => ({ value: x.id, label: `${x.name} (${x.count})` }))}
            />
          </Form.Item>
        )}
        <Form.Item name="msgType" label={t('msgType')}>
          <Select
            options={['text', 'mpnews', 'image', 'voice', 'mpvideo'].map((v) => ({
              value: v,
              label: t(`mass.types.${v}`),
            }))}
          />
        </Form.Item>
        {msgType === 'text' ? (
          <Form.Item name="content" label={t('content')} rules={[{ required: true, message: t('required') }]}>
            <Input.TextArea rows={4} data-testid="mass-content" />
          </Form.Item>
        ) : (
          <Form.Item name="mediaId" label="media_id" rules={[{ required: true, message: t('required') }]}>
            <Input />
          </Form.Item>
        )}
        <Button type="primary" onClick={() => void send()} data-testid="mass-send">
          {t('mass.send')}
        </Button>
      </Form>
      <Table
        style={{ marginTop: 16 }}
        rowKey="id"
        size="small"
        data-testid="mass-history"
        dataSource={history.data?.list ?? []}
        pagination={false}
        columns={[
          { title: t('time'), dataIndex: 'creatorTime', render: time },
          {
            title: t('mass.target'),
            dataIndex: 'target',
            render: (v: { toAll?: boolean; tagId?: number }) =>
              v.toAll ? t('mass.all') : (tags.data?.list.find((x) => x.id === v.tagId)?.name ?? v.tagId),
          },
          { title: t('msgType'), dataIndex: 'msgType' },
          {
            title: t('content'),
            dataIndex: 'content',
            ellipsis: true,
            render: (v: Record<string, unknown>) => String(v.content ?? v.mediaId ?? ''),
          },
          {
            title: t('status'),
            dataIndex: 'status',
            render: (v: string) => t(`statuses.${v}`, { defaultValue: v }),
          },
          {
            title: t('actions'),
            key: 'actions',
            render: (_, row) => (
              <Button
                type="link"
                size="small"
                onClick={() =>
                  void attempt(async () => {
                    await wechatApi.massStatus(row.id);
                    await history.refetch();
                  })
                }
              >
                {t('mass.refreshStatus')}
              </Button>
            ),
          },
        ]}
      />
    </Card>
  );
}

/** 素材管理: images, voice, video and articles at WeChat: upload, list, delete. */
export function MpMaterialPage() {
  const { t } = useTranslation('wechat');
  const [type, setType] = useState('image');
  const list = useQuery({ queryKey: ['wechat', 'material', type], queryFn: () => wechatApi.material(type) });
  return (
    <Card title={t('mp.material')} className="wechat-page" data-testid="wechat-mp-material">
      <Tabs
        activeKey={type}
        onChange={setType}
        items={['image', 'voice', 'video', 'news'].map((k) => ({ key: k, label: t(`material.types.${k}`) }))}
      />
      {type !== 'news' && (
        <Upload
          showUploadList={false}
          customRequest={({ file }) =>
            void attempt(async () => {
              toastSuccess((await wechatApi.uploadMaterial(type, file as File)).msg);
              await list.refetch();
            })
          }
        >
          <Button type="primary">{t('material.upload')}</Button>
        </Upload>
      )}
      <Table
        style={{ marginTop: 12 }}
        rowKey="media_id"
        size="small"
        loading={list.isLoading}
        dataSource={list.data?.list ?? []}
        pagination={false}
        columns={[
          { title: 'media_id', dataIndex: 'media_id' },
          { title: t('material.name'), dataIndex: 'name' },
          { title: t('time'), dataIndex: 'update_time', render: (v?: number) => time(v ? v * 1000 : null) },
          {
            title: t('actions'),
            key: 'actions',
            render: (_, row) => (
              <Button
                type="link"
                danger
                size="small"
                onClick={() =>
                  void attempt(async () => {
                    toastSuccess((await wechatApi.deleteMaterial(row.media_id)).msg);
                    await list.refetch();
                  })
                }
              >
                {t('delete')}
              </Button>
            ),
          },
        ]}
      />
    </Card>
  );
}
