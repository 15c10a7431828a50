import type { ProjectRow, ProjectTaskNode } from '@console/shared';
import { render, screen } from '@testing-library/react';
import dayjs from 'dayjs';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadTranslations } from '../../../test/translations';
import { flattenTasks, GanttChart, ganttRange } from './gantt-chart';

const DAY = 86_400_000;
const START = dayjs('2026-12-01').valueOf();

const task = (
  id: string,
  from: number,
  days: number,
  schedule: number,
  children: ProjectTaskNode[] = [],
): ProjectTaskNode => ({
  id,
  projectId: 'p',
  parentId: 'p',
  fullName: `任务${id}`,
  startTime: START + from * DAY,
  endTime: START + (from + days) * DAY - 1,
  timeLimit: days,
  schedule,
  signColor: '#1890ff',
  managerIds: '',
  managersInfo: [],
  description: '',
  version: 0,
  children,
});

const project: ProjectRow = {
  id: 'p',
  enCode: '',
  fullName: '示例项目',
  startTime: START,
  endTime: START + 10 * DAY - 1,
  timeLimit: 10,
  schedule: 0,
  state: 1,
  signColor: '',
  managerIds: '',
  managersInfo: [],
  description: '',
  creatorTime: START,
  version: 0,
};

describe('Gantt chart', () => {
  beforeAll(() => loadTranslations(['extendProjectGantt']));

  it('lists tasks depth first with their depth and spans the days of the project and every task', () => {
    const tasks = [task('a', 0, 3, 100, [task('a1', 0, 2, 100)]), task('b', 8, 5, 20)];
    expect(flattenTasks(tasks).map((b) => [b.task.id, b.depth])).toEqual([
      ['a', 0],
      ['a1', 1],
      ['b', 0],
    ]);
    // b ends on day 13, after the project's last day (10).
    expect(ganttRange(project, flattenTasks(tasks))).toEqual({ from: START, days: 13 });
  });

  it('draws one bar per task with its progress filled in proportion', () => {
    const { container } = render(<GanttChart project={project} tasks={[task('a', 0, 4, 50)]} />);
    const bars = screen.getAllByTestId('gantt-bar');
    expect(bars).toHaveLength(1);
    const [whole, done] = [...bars[0]!.querySelectorAll('rect')].map((r) => Number(r.getAttribute('width')));
    expect(done! / whole!).toBeCloseTo(0.5, 2);
    expect(bars[0]!.textContent).toContain('50%');
    expect(container.querySelector('svg')?.getAttribute('aria-label')).toBe('示例项目 甘特图');
  });

  it('says so when there are no tasks', () => {
    render(<GanttChart project={project} tasks={[]} />);
    expect(screen.getByText('还没有任务')).toBeTruthy();
  });
});
