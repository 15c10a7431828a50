import { parseFormData } from '@console/shared';
import { http } from '../../../base/api';
import type { FormSchema } from '../types';

/** A form definition from its formData JSON string; null when the shared schema refuses it. */
export function schemaOf(formData: unknown): FormSchema | null {
  if (typeof formData !== 'string') return null;
  const parsed = parseFormData(formData);
  return parsed.ok ? (parsed.form as unknown as FormSchema) : null;
}

function recordOf(data: unknown): Record<string, unknown> {
  const value = typeof data === 'string' ? (JSON.parse(data) as unknown) : data;
  return value && typeof value === 'object' ? (value as Record<string, unknown>) : {};
}

/**
 * A record of a released form with its definition (forms.md 5): GET OnlineDev/{modelId}/Config
 * for formData and GET OnlineDev/{modelId}/{id} for the stored values.
 */
export async function fetchFormRecord(
  modelId: string,
  recordId: string,
): Promise<{ schema: FormSchema | null; values: Record<string, unknown> }> {
  const base = `/visualdev/OnlineDev/${encodeURIComponent(modelId)}`;
  const [config, record] = await Promise.all([
    http.get<{ formData?: string }>(`${base}/Config`),
    http.get<{ id?: string; data?: unknown }>(`${base}/${encodeURIComponent(recordId)}`),
  ]);
  return { schema: schemaOf(config?.formData), values: recordOf(record?.data) };
}
