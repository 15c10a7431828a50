import { TemplatePage } from './template-list';

/** SMS templates, page 'system/smsTemplate'. */
export default function SmsTemplatePage() {
  return <TemplatePage kind="sms" address="system/smsTemplate" />;
}
