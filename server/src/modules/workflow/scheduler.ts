import type { FastifyInstance } from 'fastify';
import type { Services } from '../../services.js';
import type { WorkflowEngine } from './engine/workflow-engine.js';

/**
 * Every instance polls for due timer nodes, reminders and approval timeouts; the engine fires each in a
 * transaction that only succeeds for the instance that still finds it due, so each timer
 * passes and each timeout happens once.
 */
export function startWorkflowTimers(app: FastifyInstance, services: Services, engine: WorkflowEngine) {
  const interval = services.config.WORKFLOW_TIMER_INTERVAL_MS;
  if (interval === 0) return;
  let running = false;
  const tick = async () => {
    if (running) return;
    running = true;
    const { metrics } = services;
    try {
      const due = await engine.due(Date.now());
      metrics.jobBacklog.set(
        { queue: 'workflow_timers' },
        due.nodes.length + due.operators.length + due.notices.length,
      );
      // Each counts as done once handled, here or (false) already by another instance.
      const fired = () => metrics.job('workflow_timers', 'done');
      for (const id of due.nodes) await engine.fireTimer(id).then(fired);
      for (const id of due.operators) await engine.fireTimeout(id).then(fired);
      for (const id of due.notices) await engine.fireNotice(id).then(fired);
    } catch (error) {
      metrics.job('workflow_timers', 'failed');
      app.log.error({ err: error }, 'workflow timers failed; retried on the next tick');
    } finally {
      running = false;
    }
  };
  const timer = setInterval(tick, interval);
  timer.unref();
  app.addHook('preClose', async () => clearInterval(timer));
}
