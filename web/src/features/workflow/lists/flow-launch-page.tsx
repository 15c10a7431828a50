import { TaskListPage } from './task-list';

/** Page 'workFlow/flowLaunch'. */
export default function FlowLaunchPage() {
  return <TaskListPage kind="launch" />;
}
