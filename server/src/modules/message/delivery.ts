import { eq, sql } from 'drizzle-orm';
import { newId } from '../../core/ids.js';
import type { DbOrTx } from '../../db/client.js';
import { messageReceipts } from '../../db/schema/index.js';
import type { Services } from '../../services.js';

/** A message that reaches users' inboxes: 1 notice, 2 flow, 3 system, 4 schedule. */
export interface Delivery {
  userIds: string[];
  type: 1 | 2 | 3 | 4;
  title: string;
  bodyText?: string | null;
  flowType?: number | null;
  /** The source record (a notice); with it each user receives the message at most once. */
  messageId?: string | null;
  releaseUserId?: string | null;
}

/** Bus channel: receipts that were written, for the instances holding the users' sockets. */
export const MESSAGES_DELIVERED = 'messages.delivered';
export interface MessagesDelivered {
  type: number;
  title: string;
  /** [userId, receipt id] of each receipt written. */
  receipts: [string, string][];
}

/** Rows per INSERT; each batch travels as one JSON parameter. */
const BATCH = 5000;
/** Receipts per bus event, so one event stays small whatever the recipient count. */
const EVENT_SIZE = 2000;

/**
 * Writes one receipt per user (exactly once per messageId: a retried release skips the users
 * that already have it) and answers the receipts actually written.
 */
export async function writeReceipts(
  tx: DbOrTx,
  delivery: Delivery,
  releaseTime = Date.now(),
): Promise<MessagesDelivered> {
  const userIds = [...new Set(delivery.userIds)];
  const receipts: [string, string][] = [];
  for (let start = 0; start < userIds.length; start += BATCH) {
    // Ids and users as one JSON parameter: a few parameters per statement instead of eleven per row.
    const rows = JSON.stringify(
      userIds.slice(start, start + BATCH).map((userId) => ({ id: newId(), userId })),
    );
    const written = (await tx.execute(sql`
      insert into ${messageReceipts}
        (id, message_id, user_id, type, flow_type, title, body_text, release_time, release_user_id)
      select r.id, ${delivery.messageId ?? null}, r."userId", ${delivery.type}, ${delivery.flowType ?? null},
        ${delivery.title}, ${delivery.bodyText ?? null}, ${releaseTime}, ${delivery.releaseUserId ?? null}
      from json_to_recordset(${rows}::json) as r(id text, "userId" text)
      on conflict do nothing
      returning id, user_id`)) as unknown as { rows: { id: string; user_id: string }[] };
    for (const row of written.rows) receipts.push([row.user_id, row.id]);
  }
  return { type: delivery.type, title: delivery.title, receipts };
}

/** Tells every instance about committed receipts; each pushes messagePush to the sockets it holds. */
export async function pushReceipts(services: Services, delivered: MessagesDelivered): Promise<void> {
  for (let start = 0; start < delivered.receipts.length; start += EVENT_SIZE) {
    const event: MessagesDelivered = {
      ...delivered,
      receipts: delivered.receipts.slice(start, start + EVENT_SIZE),
    };
    await services.bus.publish(MESSAGES_DELIVERED, event);
  }
}

/**
 * Asks `check` with back-off for up to about a minute until it is true: a write made inside
 * another transaction becomes visible when that transaction commits, and never on rollback.
 */
export async function whenCommitted(
  check: () => Promise<boolean>,
  stopped: () => boolean = () => false,
): Promise<boolean> {
  let wait = 10;
  for (let waited = 0; waited < 60_000 && !stopped(); waited += wait, wait = Math.min(wait * 2, 5_000)) {
    if (await check()) return true;
    await new Promise((resolve) => setTimeout(resolve, wait));
  }
  return false;
}

const receiptExists = (services: Services, id: string) => async () => {
  const [row] = await services.db
    .select({ id: messageReceipts.id })
    .from(messageReceipts)
    .where(eq(messageReceipts.id, id))
    .limit(1);
  return row !== undefined;
};

/**
 * Writes one receipt per user (exactly once per messageId) and pushes messagePush to every
 * user's sockets on every instance once the receipts are committed.
 *
 * Without tx it uses its own transaction and resolves after the push is published. With the
 * caller's tx it resolves once the receipts are written in it; the push follows in the
 * background as soon as the receipts become visible outside that transaction (that is, when
 * the caller commits), and never happens if the caller rolls back.
 */
export async function deliverMessage(services: Services, delivery: Delivery, tx?: DbOrTx): Promise<void> {
  if (delivery.userIds.length === 0) return;
  if (!tx) {
    const delivered = await services.db.transaction((own) => writeReceipts(own, delivery));
    await pushReceipts(services, delivered);
    return;
  }
  const delivered = await writeReceipts(tx, delivery);
  const first = delivered.receipts[0];
  if (!first) return;
  void whenCommitted(receiptExists(services, first[1]))
    .then((committed) => (committed ? pushReceipts(services, delivered) : undefined))
    .catch(() => undefined);
}
