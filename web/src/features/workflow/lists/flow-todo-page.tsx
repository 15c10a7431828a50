import { TaskListPage } from './task-list';

/** Page 'workFlow/flowTodo'. */
export default function FlowTodoPage() {
  return <TaskListPage kind="todo" />;
}
