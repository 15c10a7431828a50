import { TaskListPage } from './task-list';

/** Page 'workFlow/flowDone'. */
export default function FlowDonePage() {
  return <TaskListPage kind="done" />;
}
