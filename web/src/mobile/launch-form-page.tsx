import { Button, Dialog, ErrorBlock, Form } from 'antd-mobile';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import {
  fetchLaunchCandidates,
  fetchLaunchForm,
  fetchLaunchVersions,
  launchFlow,
} from '../features/workflow/quickLaunch/api';
import type { FormField } from '../widgets/form/types';
import { toastOk } from './feedback';
import { MobileForm } from './form-fields';
import { parseSchema } from './form-schema';
import { Loading, SubPage } from './widgets';

interface Launch {
  flowId: string;
  title: string;
  /** The form's fields; null when the form is a coded (system) form, filled on the desktop only. */
  fields: FormField[] | null;
}

/** One flow's start form on the phone: fill it, then save it as a draft or submit it. */
export default function LaunchFormPage() {
  const { t } = useTranslation('mobile');
  const { templateId = '' } = useParams();
  const navigate = useNavigate();
  const [form] = Form.useForm();
  const [launch, setLaunch] = useState<Launch | null>(null);
  const [failed, setFailed] = useState(false);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let live = true;
    (async () => {
      const versions = await fetchLaunchVersions(templateId);
      const version = versions[0];
      if (!version) throw new Error('no version');
      const info = await fetchLaunchForm(version.id);
      const formInfo = info.flowFormInfo;
      const fields = formInfo?.formType === 2 ? parseSchema(formInfo.propertyJson) : null;
      if (live)
        setLaunch({ flowId: version.id, title: info.flowTemplateInfo?.fullName ?? version.fullName, fields });
    })().catch(() => live && setFailed(true));
    return () => {
      live = false;
    };
  }, [templateId]);

  if (failed)
    return (
      <SubPage title={t('launch.title')}>
        <ErrorBlock status="default" title={t('loadFailed')} description="" />
      </SubPage>
    );
  if (!launch) return <Loading />;

  const send = async (status: 0 | 1) => {
    let formData: Record<string, unknown>;
    try {
      await form.validateFields();
      // Every value the form holds, the defaults of fields the phone does not show included.
      formData = form.getFieldsValue(true) as Record<string, unknown>;
    } catch {
      return; // the form shows what is missing
    }
    setBusy(true);
    try {
      if (status === 0) {
        // A next step whose handlers the submitter picks is launched on the desktop.
        const needed = await fetchLaunchCandidates(launch.flowId, formData);
        if (needed.length > 0) {
          await Dialog.alert({
            content: t('launch.candidates', { nodes: needed.map((node) => node.nodeName).join('、') }),
          });
          return;
        }
      }
      const msg = await launchFlow({
        flowId: launch.flowId,
        formData,
        status,
        flowUrgent: 1,
        candidateList: {},
      });
      toastOk(msg || t(status === 0 ? 'launch.submitted' : 'launch.saved'));
      navigate('/flows/launch', { replace: true });
    } catch {
      // the client already showed the server's message; the form stays as it is
    } finally {
      setBusy(false);
    }
  };

  return (
    <SubPage title={launch.title}>
      <div className="m-launch" data-testid="m-launch-form">
        {launch.fields ? (
          <MobileForm form={form} fields={launch.fields} />
        ) : (
          <ErrorBlock status="empty" title={t('launch.codedForm')} description="" />
        )}
      </div>
      {launch.fields && (
        <div className="m-actionbar">
          <Button block fill="outline" color="primary" disabled={busy} onClick={() => void send(1)}>
            {t('launch.save')}
          </Button>
          <Button block color="primary" loading={busy} onClick={() => void send(0)}>
            {t('launch.submit')}
          </Button>
        </div>
      )}
    </SubPage>
  );
}
