/** The console pages (menu enCodes) that gate the workflow routes. */
export const WorkflowPages = {
  engine: 'workFlow.flowEngine',
  form: 'workFlow.formDesign',
  launch: 'workFlow.flowLaunch',
  todo: 'workFlow.flowTodo',
  done: 'workFlow.flowDone',
  circulate: 'workFlow.flowCirculate',
  monitor: 'workFlow.flowMonitor',
} as const;
