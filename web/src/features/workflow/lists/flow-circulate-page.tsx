import { TaskListPage } from './task-list';

/** Page 'workFlow/flowCirculate'. */
export default function FlowCirculatePage() {
  return <TaskListPage kind="circulate" />;
}
