import { DownloadOutlined } from '@ant-design/icons';
import type { KbHit } from '@console/shared';
import { useMutation } from '@tanstack/react-query';
import { Button, Card, Empty, Form, Input, InputNumber, List, Progress, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useButtonPermission } from '../../../widgets/list/permission';
import { downloadDocument, hitTest } from './api';

interface HitTestValues {
  question: string;
  topK: number;
}

/** Retrieval test: a question and a count, answered with the chunks found and their scores. */
export function HitTestTab({ baseId, topK }: { baseId: string; topK: number }) {
  const { t } = useTranslation('knowledgeBase');
  const allowed = useButtonPermission();
  const [form] = Form.useForm<HitTestValues>();
  const test = useMutation({
    mutationFn: (values: HitTestValues) => hitTest(baseId, values.question.trim(), values.topK),
  });
  const hits = test.data ?? [];
  // Scores are shown relative to the best one: their scale depends on the question.
  const best = Math.max(...hits.map((hit) => hit.score), 0) || 1;

  return (
    <div className="kb-hit-test" data-testid="kb-hit-test">
      <Form<HitTestValues>
        form={form}
        name="hitTest"
        layout="vertical"
        initialValues={{ question: '', topK }}
        onFinish={(values) => test.mutate(values)}
      >
        <Form.Item
          name="question"
          label={t('hitTest.question')}
          rules={[
            { required: true, whitespace: true, message: t('rules.question') },
            { max: 500, message: t('rules.questionMax') },
          ]}
        >
          <Input.TextArea
            rows={3}
            maxLength={500}
            placeholder={t('hitTest.placeholder')}
            onPressEnter={(event) => {
              if (!event.shiftKey) {
                event.preventDefault();
                form.submit();
              }
            }}
          />
        </Form.Item>
        <Space align="end">
          <Form.Item
            name="topK"
            label={t('fields.topK')}
            rules={[{ required: true, message: t('rules.topK') }]}
          >
            <InputNumber min={1} max={20} precision={0} />
          </Form.Item>
          <Form.Item>
            <Button type="primary" htmlType="submit" loading={test.isPending}>
              {t('hitTest.run')}
            </Button>
          </Form.Item>
        </Space>
      </Form>
      {test.isSuccess && hits.length === 0 && (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('hitTest.none')} />
      )}
      {hits.length > 0 && (
        <List<KbHit>
          className="kb-hit-test__list"
          dataSource={hits}
          renderItem={(hit, index) => (
            <List.Item key={hit.chunkId}>
              <Card
                size="small"
                className="kb-hit"
                title={
                  <Space>
                    <span className="kb-hit__rank">#{index + 1}</span>
                    <Typography.Text ellipsis style={{ maxWidth: 420 }}>
                      {hit.documentName}
                    </Typography.Text>
                    {allowed('btn_download') && (
                      <Button
                        type="link"
                        size="small"
                        icon={<DownloadOutlined />}
                        onClick={() => downloadDocument(baseId, hit.documentId, hit.documentName)}
                      >
                        {t('actions.download')}
                      </Button>
                    )}
                  </Space>
                }
                extra={
                  <Space size={6} aria-label={t('hitTest.score')}>
                    <span className="kb-hit__score">{hit.score.toFixed(3)}</span>
                    <Progress
                      percent={Math.round((hit.score / best) * 100)}
                      size="small"
                      showInfo={false}
                      style={{ width: 80, margin: 0 }}
                    />
                  </Space>
                }
              >
                <Typography.Paragraph className="kb-chunk-text" ellipsis={{ rows: 4, expandable: true }}>
                  {hit.content}
                </Typography.Paragraph>
              </Card>
            </List.Item>
          )}
        />
      )}
    </div>
  );
}
