import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Tag as AntTag,
  Button,
  Card,
  Form,
  Input,
  Modal,
  Popconfirm,
  Radio,
  Select,
  Space,
  Switch,
  Table,
  Tabs,
  Typography,
  Upload,
} from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toastSuccess } from '../../base/api/feedback';
import {
  type FixedReply,
  type InboxMessage,
  type KeywordRule,
  type MenuButton,
  type MenuType,
  wechatApi,
} from './api';
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

/** A random 43-character EncodingAESKey (letters and digits), as the WeChat console generates. */
function randomAesKey(): string {
  const letters = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
  const bytes = crypto.getRandomValues(new Uint8Array(43));
  return Array.from(bytes, (b) => letters[b % letters.length]).join('');
}

/**
 * 公众号配置: AppID, AppSecret, token and EncodingAESKey (never shown back: left empty they are
 * kept), message encryption mode, API base, server URL.
 */
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
      form.setFieldsValue({ appSecret: '', token: '', encodingAesKey: '' });
      await config.refetch();
    });
  if (!data) return <Card loading />;
  return (
    <Card title={t('mp.config')} className="wechat-page" data-testid="wechat-mp-config">
      <Form
        form={form}
        layout="vertical"
        initialValues={{ ...data, appSecret: '', token: '', encodingAesKey: '' }}
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
        <Form.Item name="token" label={t('mp.token')} extra={data.hasToken ? t('secretKept') : undefined}>
          <Input.Password
            data-testid="mp-token"
            placeholder={data.hasToken ? t('secretSaved') : ''}
            autoComplete="new-password"
          />
        </Form.Item>
        <Form.Item
          label="EncodingAESKey"
          extra={data.hasEncodingAesKey ? t('secretKept') : t('mp.aesKeyHint')}
        >
          <Space.Compact style={{ width: '100%' }}>
            <Form.Item name="encodingAesKey" noStyle>
              <Input.Password
                data-testid="mp-aesKey"
                placeholder={data.hasEncodingAesKey ? t('secretSaved') : ''}
                autoComplete="new-password"
              />
            </Form.Item>
            <Button
              data-testid="mp-aesKey-random"
              onClick={() => form.setFieldValue('encodingAesKey', randomAesKey())}
            >
              {t('mp.randomKey')}
            </Button>
          </Space.Compact>
        </Form.Item>
        <Form.Item name="encryptMode" label={t('mp.encryptMode')} extra={t('mp.encryptModeHint')}>
          <Radio.Group
            data-testid="mp-encryptMode"
            options={(['plain', 'compat', 'safe'] as const).map((m) => ({
              value: m,
              label: t(`mp.modes.${m}`),
            }))}
          />
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

/** 消息管理: received messages, automatic replies and mass messages, one tab each. */
export function MpMessagePage() {
  const { t } = useTranslation('wechat');
  const [tab, setTab] = useState('inbox');
  return (
    <Card title={t('mp.message')} className="wechat-page" data-testid="wechat-mp-message">
      <Tabs
        activeKey={tab}
        onChange={setTab}
        items={[
          { key: 'inbox', label: t('inbox.tab'), children: <InboxTab /> },
          { key: 'autoReply', label: t('autoReply.tab'), children: <AutoReplyTab /> },
          { key: 'mass', label: t('mass.tab'), children: <MassTab /> },
        ]}
      />
    </Card>
  );
}

const MSG_TYPES = ['text', 'image', 'voice', 'video', 'shortvideo', 'location', 'link', 'event'];

/** Received messages: search, filter by type, paging; the automatic reply and replies sent. */
function InboxTab() {
  const { t } = useTranslation('wechat');
  const [keyword, setKeyword] = useState('');
  const [msgType, setMsgType] = useState<string | undefined>();
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(20);
  const [replying, setReplying] = useState<InboxMessage | null>(null);
  const [text, setText] = useState('');
  const list = useQuery({
    queryKey: ['wechat', 'inbox', keyword, msgType, page, pageSize],
    queryFn: () => wechatApi.inbox({ keyword, msgType, currentPage: page, pageSize }),
  });
  const typeLabel = (row: InboxMessage) =>
    row.msgType === 'event'
      ? t(`inbox.events.${row.event ?? ''}`, { defaultValue: row.event ?? t('inbox.types.event') })
      : t(`inbox.types.${row.msgType}`, { defaultValue: row.msgType });
  const sendReply = () =>
    attempt(async () => {
      if (!replying) return;
      toastSuccess((await wechatApi.replyInbox(replying.id, text)).msg);
      setReplying(null);
      setText('');
      await list.refetch();
    });
  return (
    <div data-testid="wechat-inbox">
      <Space wrap style={{ marginBottom: 12 }}>
        <Input.Search
          data-testid="inbox-search"
          placeholder={t('inbox.search')}
          allowClear
          onSearch={(v) => {
            setKeyword(v.trim());
            setPage(1);
          }}
          style={{ width: 260 }}
        />
        <Select
          allowClear
          placeholder={t('msgType')}
          style={{ width: 140 }}
          value={msgType}
          onChange={(v) => {
            setMsgType(v);
            setPage(1);
          }}
          options={MSG_TYPES.map((v) => ({ value: v, label: t(`inbox.types.${v}`) }))}
        />
        <Button data-testid="inbox-refresh" onClick={() => void list.refetch()}>
          {t('refresh')}
        </Button>
      </Space>
      <Table
        rowKey="id"
        size="small"
        loading={list.isLoading}
        dataSource={list.data?.list ?? []}
        pagination={{
          current: page,
          pageSize,
          total: list.data?.pagination.total ?? 0,
          showSizeChanger: true,
          pageSizeOptions: [20, 50, 100, 500],
          onChange: (p, size) => {
            setPage(size === pageSize ? p : 1);
            setPageSize(size);
          },
        }}
        columns={[
          { title: t('time'), dataIndex: 'receiveTime', width: 170, render: time },
          {
            title: t('inbox.follower'),
            dataIndex: 'openId',
            render: (openId: string, row) => (
              <span title={openId}>{row.remark || row.nickname || openId}</span>
            ),
          },
          { title: t('msgType'), dataIndex: 'msgType', width: 100, render: (_, row) => typeLabel(row) },
          { title: t('content'), dataIndex: 'content', ellipsis: true },
          {
            title: t('inbox.autoReply'),
            dataIndex: 'autoReply',
            ellipsis: true,
            render: (v: string | null, row) =>
              v ? (
                <span>
                  <AntTag>{t(`autoReply.kinds.${row.autoReplyKind ?? 'default'}`)}</AntTag>
                  {v}
                </span>
              ) : null,
          },
          {
            title: t('inbox.replies'),
            dataIndex: 'replies',
            render: (replies: InboxMessage['replies']) =>
              replies.map((r) => (
                <div key={r.time} title={time(r.time)}>
                  {r.content}
                </div>
              )),
          },
          {
            title: t('actions'),
            key: 'actions',
            width: 80,
            render: (_, row) => (
              <Button type="link" size="small" onClick={() => setReplying(row)}>
                {t('inbox.reply')}
              </Button>
            ),
          },
        ]}
      />
      <Modal
        open={replying !== null}
        title={t('inbox.replyTo', { name: replying?.nickname || replying?.openId || '' })}
        onCancel={() => setReplying(null)}
        onOk={() => void sendReply()}
        okText={t('inbox.send')}
        okButtonProps={{ disabled: !text.trim(), 'data-testid': 'inbox-reply-send' }}
        destroyOnHidden
      >
        <Typography.Paragraph type="secondary">{replying?.content}</Typography.Paragraph>
        <Input.TextArea
          rows={4}
          maxLength={600}
          showCount
          value={text}
          onChange={(e) => setText(e.target.value)}
          data-testid="inbox-reply-text"
        />
        <Typography.Text type="secondary">{t('inbox.replyHint')}</Typography.Text>
      </Modal>
    </div>
  );
}

/** The follow or the default reply: a text and whether it is on. */
function FixedReplyCard({ kind, value }: { kind: 'follow' | 'default'; value: FixedReply }) {
  const { t } = useTranslation('wechat');
  const [content, setContent] = useState(value.content);
  const [enabled, setEnabled] = useState(value.enabledMark === 1 || !value.content);
  const queryClient = useQueryClient();
  return (
    <Card size="small" title={t(`autoReply.${kind}`)} extra={t(`autoReply.${kind}Hint`)}>
      <Input.TextArea
        rows={3}
        maxLength={600}
        showCount
        value={content}
        onChange={(e) => setContent(e.target.value)}
        data-testid={`reply-${kind}-content`}
      />
      <Space style={{ marginTop: 8 }}>
        <Switch checked={enabled} onChange={setEnabled} data-testid={`reply-${kind}-enabled`} />
        <span>{t('autoReply.enabled')}</span>
        <Button
          type="primary"
          data-testid={`reply-${kind}-save`}
          onClick={() =>
            void attempt(async () => {
              toastSuccess(
                (await wechatApi.saveFixedReply(kind, { content, enabledMark: enabled ? 1 : 0 })).msg,
              );
              await queryClient.invalidateQueries({ queryKey: ['wechat', 'autoReplies'] });
            })
          }
        >
          {t('save')}
        </Button>
      </Space>
    </Card>
  );
}

/** Automatic replies: on follow, default, and keyword rules (exact or contains). */
function AutoReplyTab() {
  const { t } = useTranslation('wechat');
  const [form] = Form.useForm();
  const [editing, setEditing] = useState<KeywordRule | 'new' | null>(null);
  const replies = useQuery({ queryKey: ['wechat', 'autoReplies'], queryFn: wechatApi.autoReplies });
  const open = (rule: KeywordRule | 'new') => {
    setEditing(rule);
    form.setFieldsValue(
      rule === 'new'
        ? { keyword: '', matchMode: 'exact', content: '', enabled: true }
        : { ...rule, enabled: rule.enabledMark === 1 },
    );
  };
  const save = () =>
    attempt(async () => {
      const { enabled, ...values } = await form.validateFields();
      const data = { ...values, enabledMark: enabled ? 1 : 0 };
      const answer =
        editing === 'new' || !editing
          ? await wechatApi.createRule(data)
          : await wechatApi.updateRule(editing.id, { ...data, version: editing.version });
      toastSuccess(answer.msg);
      setEditing(null);
      await replies.refetch();
    });
  if (!replies.data) return <Card loading />;
  return (
    <div data-testid="wechat-auto-reply">
      <Space orientation="vertical" style={{ width: '100%' }} size="middle">
        <FixedReplyCard key={`follow-${replies.dataUpdatedAt}`} kind="follow" value={replies.data.follow} />
        <FixedReplyCard
          key={`default-${replies.dataUpdatedAt}`}
          kind="default"
          value={replies.data.default}
        />
        <Card
          size="small"
          title={t('autoReply.keywords')}
          extra={
            <Button type="primary" size="small" data-testid="rule-add" onClick={() => open('new')}>
              {t('autoReply.addRule')}
            </Button>
          }
        >
          <Table
            rowKey="id"
            size="small"
            data-testid="rule-list"
            dataSource={replies.data.keywords}
            pagination={false}
            columns={[
              { title: t('autoReply.keyword'), dataIndex: 'keyword' },
              {
                title: t('autoReply.matchMode'),
                dataIndex: 'matchMode',
                render: (v: string) => t(`autoReply.modes.${v}`),
              },
              { title: t('autoReply.content'), dataIndex: 'content', ellipsis: true },
              {
                title: t('status'),
                dataIndex: 'enabledMark',
                render: (v: number) => (v === 1 ? t('autoReply.on') : t('autoReply.off')),
              },
              {
                title: t('actions'),
                key: 'actions',
                render: (_, row) => (
                  <Space size={0}>
                    <Button type="link" size="small" onClick={() => open(row)}>
                      {t('edit')}
                    </Button>
                    <Popconfirm
                      title={t('autoReply.confirmDelete', { keyword: row.keyword })}
                      onConfirm={() =>
                        attempt(async () => {
                          toastSuccess((await wechatApi.deleteRule(row.id)).msg);
                          await replies.refetch();
                        })
                      }
                    >
                      <Button type="link" size="small" danger>
                        {t('delete')}
                      </Button>
                    </Popconfirm>
                  </Space>
                ),
              },
            ]}
          />
        </Card>
      </Space>
      <Modal
        open={editing !== null}
        title={editing === 'new' ? t('autoReply.addRule') : t('autoReply.editRule')}
        onCancel={() => setEditing(null)}
        onOk={() => void save()}
        okButtonProps={{ 'data-testid': 'rule-save' }}
        forceRender
      >
        <Form form={form} layout="vertical">
          <Form.Item
            name="keyword"
            label={t('autoReply.keyword')}
            rules={[{ required: true, whitespace: true, message: t('required') }]}
          >
            <Input maxLength={30} data-testid="rule-keyword" />
          </Form.Item>
          <Form.Item name="matchMode" label={t('autoReply.matchMode')}>
            <Radio.Group
              data-testid="rule-matchMode"
              options={(['exact', 'contains'] as const).map((m) => ({
                value: m,
                label: t(`autoReply.modes.${m}`),
              }))}
            />
          </Form.Item>
          <Form.Item
            name="content"
            label={t('autoReply.content')}
            rules={[{ required: true, whitespace: true, message: t('required') }]}
          >
            <Input.TextArea rows={4} maxLength={600} showCount data-testid="rule-content" />
          </Form.Item>
          <Form.Item name="enabled" label={t('autoReply.enabled')} valuePropName="checked">
            <Switch />
          </Form.Item>
        </Form>
      </Modal>
    </div>
  );
}

/** 群发消息: to all followers or a tag; history with WeChat's status. */
function MassTab() {
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
    <div data-testid="wechat-mass">
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
    </div>
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
