import { TemplatePage } from './template-list';

/** System templates, page 'system/systemTemplate'. */
export default function SystemTemplatePage() {
  return <TemplatePage kind="system" address="system/systemTemplate" />;
}
