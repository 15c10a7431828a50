import { TaskListPage } from './task-list';

/** Page 'workFlow/flowMonitor'. */
export default function FlowMonitorPage() {
  return <TaskListPage kind="monitor" />;
}
