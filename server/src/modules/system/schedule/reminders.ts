import { MessageType } from '@console/shared';
import type { FastifyInstance } from 'fastify';
import type { Services } from '../../../services.js';
import { deliverMessage } from '../../message/delivery.js';
import type { ScheduleService } from './service.js';

/**
 * Polls for due schedule reminders and delivers each as a schedule message (type 4) to the
 * creator and participants. Every instance polls; the claim in ScheduleService makes each
 * reminder go out once.
 */
export function startReminders(app: FastifyInstance, services: Services, schedules: ScheduleService) {
  const interval = services.config.SCHEDULE_REMINDER_INTERVAL_MS;
  if (interval === 0) return;
  let running = false;
  const tick = async () => {
    if (running) return;
    running = true;
    try {
      await services.db.transaction(async (tx) => {
        for (const { row, userIds } of await schedules.claimDueReminders(tx, Date.now())) {
          await deliverMessage(
            services,
            {
              userIds,
              type: MessageType.Schedule,
              title: row.title,
              bodyText: JSON.stringify({ id: row.id, groupId: row.groupId, startDay: row.startDay, type: 1 }),
              releaseUserId: row.creatorUserId,
            },
            tx,
          );
        }
      });
    } catch (error) {
      app.log.error({ err: error }, 'schedule reminders failed; retried on the next tick');
    } finally {
      running = false;
    }
  };
  const timer = setInterval(tick, interval);
  timer.unref();
  app.addHook('preClose', async () => clearInterval(timer));
}
