import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { flowForms } from '../../db/schema/index.js';

/**
 * Coded flow forms (other.md 1: flow forms of formType 1 whose page is a coded component, such as
 * crmOrder). Their business rows live in their own tables: when a task of such a form is saved
 * or submitted, the form's writer checks the formData and writes those rows in the task's own
 * transaction, keyed by the task id. It answers the formData to keep on the task (normalised:
 * amounts worked out, names read from their tables); throwing refuses the launch and rolls the
 * task back with it.
 */
export interface CodedFormWrite {
  tx: Tx;
  taskId: string;
  userId: string;
  formData: Record<string, unknown>;
}

export type CodedFormWriter = (write: CodedFormWrite) => Promise<Record<string, unknown>>;

const writers = new Map<string, CodedFormWriter>();

/** Registers (or replaces) the writer of the coded form with this enCode. */
export function registerCodedForm(enCode: string, writer: CodedFormWriter): void {
  writers.set(enCode, writer);
}

/** Runs the writer of the task's form when it is a coded form that has one; else keeps formData. */
export async function writeCodedForm(
  formId: string | null | undefined,
  write: CodedFormWrite,
): Promise<Record<string, unknown>> {
  if (!formId || writers.size === 0) return write.formData;
  const [form] = await write.tx
    .select({ enCode: flowForms.enCode, formType: flowForms.formType })
    .from(flowForms)
    .where(and(eq(flowForms.id, formId), eq(flowForms.deleteMark, 0)));
  const writer = form?.formType === 1 ? writers.get(form.enCode) : undefined;
  return writer ? writer(write) : write.formData;
}
