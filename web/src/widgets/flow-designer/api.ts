import { type FormValueField, formValueFields } from '@console/shared';
import { http } from '../../base/api';

/** What the designer reads: released flow forms, a form's fields, and flows a sub-flow may start. */

export interface FlowFormOption {
  id: string;
  fullName: string;
  enCode: string;
  formType: number;
}

export type FormFieldOption = FormValueField;

export interface ChildFlowOption {
  id: string;
  fullName: string;
}

export const designerKeys = {
  forms: ['flowDesigner', 'forms'] as const,
  sendConfigs: ['flowDesigner', 'sendConfigs'] as const,
  printTemplates: ['flowDesigner', 'printTemplates'] as const,
  fields: (formId: string) => ['flowDesigner', 'fields', formId] as const,
  childFlows: ['flowDesigner', 'childFlows'] as const,
  childFields: (versionId: string) => ['flowDesigner', 'childFields', versionId] as const,
};

export async function fetchFlowForms(): Promise<FlowFormOption[]> {
  return (await http.get<{ list: FlowFormOption[] }>('/flowForm/Form/select', { pageSize: 500 })).list;
}

export async function fetchFormFields(formId: string): Promise<FormFieldOption[]> {
  return formValueFields(
    (await http.get<{ propertyJson: string | null }>(`/flowForm/Form/${formId}`)).propertyJson,
  );
}

/** The fields of the form a sub-flow (flow version id) starts with. */
export async function fetchChildFormFields(versionId: string): Promise<FormFieldOption[]> {
  const form = await http.get<{ propertyJson: string | null }>(
    `/workflow/Engine/flowTemplate/${versionId}/FormInfo`,
  );
  return formValueFields(form.propertyJson);
}

export async function fetchChildFlows(): Promise<ChildFlowOption[]> {
  return (
    await http.get<{ list: ChildFlowOption[] }>('/workflow/Engine/flowTemplate/PageChildListAll', {
      pageSize: 500,
    })
  ).list;
}

export interface NamedOption {
  id: string;
  fullName: string;
}

/** Enabled message-centre send configurations, for a node's custom messages. */
export async function fetchSendConfigs(): Promise<NamedOption[]> {
  const answer = await http.get<{ list: NamedOption[] }>('/message/SendMessageConfig/getSendConfigList', {
    enabledMark: 1,
    pageSize: 1000,
  });
  return answer.list.map(({ id, fullName }) => ({ id, fullName }));
}

/** Enabled print templates of flow forms, grouped by category, for the print button. */
export async function fetchPrintTemplates(): Promise<(NamedOption & { children?: NamedOption[] })[]> {
  return (
    await http.get<{ list: (NamedOption & { children?: NamedOption[] })[] }>('/system/printDev/Selector')
  ).list;
}
