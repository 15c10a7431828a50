import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Empty, Form, Input, List, Modal, Pagination, Space, Spin } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { http } from '../../../base/api';
import { toastSuccess } from '../../../base/api/feedback';

const BASE = '/workflow/Engine/FlowComment';
const PAGE_SIZE = 10;

interface FlowComment {
  id: string;
  text: string;
  creatorUser: string | null;
  creatorTime: number;
  /** 1 when the caller wrote it (and may delete it). */
  isDel: number;
}

const commentKeys = {
  task: (taskId: string) => ['workflow', 'comments', taskId] as const,
  page: (taskId: string, page: number) => ['workflow', 'comments', taskId, page] as const,
};

/** The comments of a task (workflow.md 4.4 FlowComment): read, add, and delete one's own. */
export function FlowComments({ taskId }: { taskId: string }) {
  const { t } = useTranslation('workflowEntrust');
  const queryClient = useQueryClient();
  const [modal, modalHolder] = Modal.useModal();
  const [form] = Form.useForm<{ text: string }>();
  const [page, setPage] = useState(1);
  const [sending, setSending] = useState(false);
  const comments = useQuery({
    queryKey: commentKeys.page(taskId, page),
    queryFn: () =>
      http.get<{ list: FlowComment[]; pagination: { total: number } }>(BASE, {
        taskId,
        currentPage: page,
        pageSize: PAGE_SIZE,
      }),
  });
  const reload = () => queryClient.invalidateQueries({ queryKey: commentKeys.task(taskId) });

  const send = async () => {
    const { text } = await form.validateFields();
    setSending(true);
    try {
      const answer = await http.send(BASE, { method: 'POST', data: { taskId, text: text.trim() } });
      toastSuccess(answer.msg || t('done'), 1.5);
      form.resetFields();
      setPage(1);
      await reload();
    } catch {
      // the toast names the problem
    } finally {
      setSending(false);
    }
  };

  const remove = (comment: FlowComment) =>
    modal.confirm({
      title: t('confirm.title'),
      content: t('comments.confirmDelete'),
      okText: t('actions.ok'),
      cancelText: t('actions.cancel'),
      onOk: async () => {
        toastSuccess((await http.send(`${BASE}/${comment.id}`, { method: 'DELETE' })).msg || t('done'), 1.5);
        await reload();
      },
    });

  const list = comments.data?.list ?? [];
  return (
    <Card title={t('comments.title')} style={{ marginTop: 12 }} data-testid="workflow-detail-comments">
      <Form form={form} name="flowComment" layout="vertical">
        <Form.Item
          name="text"
          rules={[{ required: true, whitespace: true, message: t('comments.required') }]}
        >
          <Input.TextArea
            rows={3}
            maxLength={2000}
            showCount
            placeholder={t('comments.placeholder')}
            aria-label={t('comments.placeholder')}
          />
        </Form.Item>
        <Button type="primary" loading={sending} onClick={() => void send()}>
          {t('comments.send')}
        </Button>
      </Form>
      {comments.isLoading ? (
        <Spin spinning style={{ display: 'block', padding: 24 }} />
      ) : list.length === 0 ? (
        <Empty description={t('comments.empty')} />
      ) : (
        <>
          <List
            dataSource={list}
            renderItem={(comment) => (
              <List.Item
                actions={
                  comment.isDel === 1
                    ? [
                        <Button key="delete" type="link" danger size="small" onClick={() => remove(comment)}>
                          {t('comments.delete')}
                        </Button>,
                      ]
                    : []
                }
              >
                <List.Item.Meta
                  title={
                    <Space>
                      <strong>{comment.creatorUser}</strong>
                      <span>{dayjs(comment.creatorTime).format('YYYY-MM-DD HH:mm')}</span>
                    </Space>
                  }
                  description={<span style={{ whiteSpace: 'pre-wrap' }}>{comment.text}</span>}
                />
              </List.Item>
            )}
          />
          <Pagination
            size="small"
            current={page}
            pageSize={PAGE_SIZE}
            total={comments.data?.pagination.total ?? 0}
            onChange={setPage}
            hideOnSinglePage
          />
        </>
      )}
      {modalHolder}
    </Card>
  );
}
