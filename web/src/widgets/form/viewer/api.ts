import { http } from '../../../api';
import type { FormSchema } from '../types';

/** A form definition from its JSON string; null when it is not an object with a fields list. */
export function schemaOf(formData: unknown): FormSchema | null {
  let value: unknown = formData;
  if (typeof formData === 'string') {
    try {
      value = JSON.parse(formData);
    } catch {
      return null;
    }
  }
  if (!value || typeof value !== 'object' || !Array.isArray((value as FormSchema).fields)) return null;
  return value as FormSchema;
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
