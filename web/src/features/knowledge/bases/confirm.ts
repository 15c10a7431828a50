import { Modal } from 'antd';
import { useTranslation } from 'react-i18next';

/** Asks first, then runs the action; the dialog shows the action's progress and stays on failure. */
export type Confirm = (content: string, action: () => Promise<void>) => void;

/** The knowledge pages' confirmation before destructive or long actions, and its modal holder. */
export function useConfirm() {
  const { t } = useTranslation('knowledgeBase');
  const [modal, holder] = Modal.useModal();
  const confirm: Confirm = (content, action) => {
    modal.confirm({
      title: t('confirm.title'),
      content,
      okText: t('actions.ok'),
      cancelText: t('actions.cancel'),
      onOk: () => action().catch(() => undefined),
    });
  };
  return { confirm, holder };
}
