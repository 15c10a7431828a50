import type { KbModelSettings, KbModelSettingsBody } from '@console/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Col, Form, Input, Modal, Row, Spin, Tabs, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toastSuccess } from '../../../base/api/feedback';
import {
  fetchModelSettings,
  fetchWords,
  knowledgeKeys,
  saveModelSettings,
  saveWords,
  type WordListKind,
} from './api';
import { parseWords } from './words';

/** One word list (jieba user dictionary or sensitive words), one word a line, once loaded. */
function WordListPane({ kind }: { kind: WordListKind }) {
  const words = useQuery({ queryKey: knowledgeKeys.words(kind), queryFn: () => fetchWords(kind) });
  if (!words.data) return <PaneState loading={words.isLoading} />;
  return <WordListEditor kind={kind} initial={words.data} />;
}

/** Loading, or the list could not be read. */
function PaneState({ loading }: { loading: boolean }) {
  const { t } = useTranslation('knowledgeBase');
  return (
    <div className="kb-center">
      {loading ? <Spin /> : <Alert type="warning" showIcon title={t('loadFailed')} />}
    </div>
  );
}

function WordListEditor({ kind, initial }: { kind: WordListKind; initial: string[] }) {
  const { t } = useTranslation('knowledgeBase');
  const queryClient = useQueryClient();
  const [text, setText] = useState(() => initial.join('\n'));
  const [saving, setSaving] = useState(false);
  const parsed = parseWords(text);

  const save = async () => {
    setSaving(true);
    try {
      toastSuccess((await saveWords(kind, parsed.words)) || t('saved'));
      await queryClient.invalidateQueries({ queryKey: knowledgeKeys.words(kind) });
    } catch {
      // The client showed the server's message.
    } finally {
      setSaving(false);
    }
  };

  const label = t(`admin.${kind}.title`);
  return (
    <>
      <Typography.Paragraph type="secondary">{t(`admin.${kind}.hint`)}</Typography.Paragraph>
      <Input.TextArea
        rows={14}
        value={text}
        aria-label={label}
        placeholder={t(`admin.${kind}.placeholder`)}
        onChange={(event) => setText(event.target.value)}
        data-testid={`kb-words-${kind}`}
      />
      <div className="kb-admin__foot">
        <span className={parsed.tooLong.length > 0 ? 'kb-admin__error' : 'kb-tab__hint'}>
          {parsed.tooLong.length > 0
            ? t('admin.tooLong', { words: parsed.tooLong.slice(0, 3).join('、') })
            : t('admin.count', { count: parsed.words.length })}
        </span>
        <Button type="primary" loading={saving} disabled={parsed.tooLong.length > 0} onClick={save}>
          {t('actions.save')}
        </Button>
      </div>
    </>
  );
}

type ModelValues = KbModelSettingsBody;

/** The OpenAI-compatible chat and embeddings endpoints; keys are written, never read back. */
function ModelPane() {
  const settings = useQuery({ queryKey: knowledgeKeys.models(), queryFn: fetchModelSettings });
  if (!settings.data) return <PaneState loading={settings.isLoading} />;
  return <ModelForm settings={settings.data} />;
}

function ModelForm({ settings }: { settings: KbModelSettings }) {
  const { t } = useTranslation('knowledgeBase');
  const queryClient = useQueryClient();
  const [form] = Form.useForm<ModelValues>();
  const [saving, setSaving] = useState(false);
  const url = [{ pattern: /^(https?:\/\/\S+)?$/i, message: t('rules.url') }];
  const keyPlaceholder = (stored: boolean | undefined) =>
    stored ? t('admin.models.keyKept') : t('admin.models.keyEmpty');

  const save = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    setSaving(true);
    try {
      toastSuccess((await saveModelSettings(values)) || t('saved'));
      form.setFieldsValue({ chatApiKey: '', embeddingApiKey: '' });
      await queryClient.invalidateQueries({ queryKey: knowledgeKeys.models() });
    } catch {
      // The client showed the server's message.
    } finally {
      setSaving(false);
    }
  };

  return (
    <>
      <Alert type="info" showIcon title={t('admin.models.hint')} style={{ marginBottom: 16 }} />
      <Form<ModelValues>
        form={form}
        name="kbModels"
        layout="vertical"
        initialValues={{ ...settings, chatApiKey: '', embeddingApiKey: '' }}
      >
        <div className="kb-form__section">{t('admin.models.chat')}</div>
        <Row gutter={16}>
          <Col span={12}>
            <Form.Item name="chatBaseUrl" label={t('admin.models.baseUrl')} rules={url}>
              <Input placeholder="https://example.com/v1" />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="chatModel" label={t('admin.models.model')} rules={[{ max: 100 }]}>
              <Input />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item name="chatApiKey" label={t('admin.models.apiKey')}>
          <Input.Password autoComplete="new-password" placeholder={keyPlaceholder(settings.hasChatApiKey)} />
        </Form.Item>
        <div className="kb-form__section">{t('admin.models.embedding')}</div>
        <Row gutter={16}>
          <Col span={12}>
            <Form.Item name="embeddingBaseUrl" label={t('admin.models.baseUrl')} rules={url}>
              <Input placeholder="https://example.com/v1" />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="embeddingModel" label={t('admin.models.model')} rules={[{ max: 100 }]}>
              <Input />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item name="embeddingApiKey" label={t('admin.models.apiKey')}>
          <Input.Password
            autoComplete="new-password"
            placeholder={keyPlaceholder(settings.hasEmbeddingApiKey)}
          />
        </Form.Item>
      </Form>
      <div className="kb-admin__foot">
        <span />
        <Button type="primary" loading={saving} onClick={save}>
          {t('actions.save')}
        </Button>
      </div>
    </>
  );
}

/**
 * Retrieval settings of the whole knowledge base: the word lists (administrators and holders of
 * btn_edit) and the model endpoints (administrators only).
 */
export function AdminSettings({
  open,
  isAdministrator,
  onClose,
}: {
  open: boolean;
  isAdministrator: boolean;
  onClose(): void;
}) {
  const { t } = useTranslation('knowledgeBase');
  const items = [
    { key: 'Dictionary', label: t('admin.Dictionary.title'), children: <WordListPane kind="Dictionary" /> },
    {
      key: 'SensitiveWord',
      label: t('admin.SensitiveWord.title'),
      children: <WordListPane kind="SensitiveWord" />,
    },
    ...(isAdministrator ? [{ key: 'models', label: t('admin.models.title'), children: <ModelPane /> }] : []),
  ];
  return (
    <Modal
      open={open}
      width={800}
      title={t('admin.title')}
      onCancel={onClose}
      footer={null}
      destroyOnHidden
      className="kb-admin"
    >
      <Tabs items={items} />
    </Modal>
  );
}
