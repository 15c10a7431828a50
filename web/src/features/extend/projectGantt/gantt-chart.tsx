import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { ProjectRow, ProjectTaskNode } from './api';

const DAY = 86_400_000;
const ROW = 32;
const LABEL = 220;
const HEADER = 36;

interface Bar {
  task: ProjectTaskNode;
  depth: number;
}

/** Tasks depth first, each with its depth, in the order of the task table. */
export function flattenTasks(nodes: readonly ProjectTaskNode[], depth = 0): Bar[] {
  return nodes.flatMap((task) => [{ task, depth }, ...flattenTasks(task.children, depth + 1)]);
}

/** Whole days from the project's first day to its last, so the scale shows them all. */
export function ganttRange(project: ProjectRow, bars: readonly Bar[]) {
  const starts = [project.startTime, ...bars.map((b) => b.task.startTime)];
  const ends = [project.endTime, ...bars.map((b) => b.task.endTime)];
  const from = dayjs(Math.min(...starts))
    .startOf('day')
    .valueOf();
  const to = dayjs(Math.max(...ends))
    .endOf('day')
    .valueOf();
  return { from, days: Math.max(1, Math.ceil((to - from) / DAY)) };
}

/**
 * The project's tasks as bars on a day scale (SVG): one row per task, indented by depth, the
 * finished part of each bar filled by its progress, weeks marked on the scale.
 */
export function GanttChart({ project, tasks }: { project: ProjectRow; tasks: readonly ProjectTaskNode[] }) {
  const { t } = useTranslation('extendProjectGantt');
  const bars = flattenTasks(tasks);
  const { from, days } = ganttRange(project, bars);
  const dayWidth = Math.max(12, Math.min(40, Math.floor(900 / days)));
  const width = LABEL + days * dayWidth;
  const height = HEADER + Math.max(1, bars.length) * ROW;
  const x = (time: number) => LABEL + ((time - from) / DAY) * dayWidth;
  const today = Date.now();
  return (
    <div className="gantt-chart" data-testid="gantt-chart">
      <svg width={width} height={height} role="img" aria-label={t('gantt.label', { name: project.fullName })}>
        {Array.from({ length: days }, (_, i) => {
          const day = dayjs(from).add(i, 'day');
          const weekStart = day.day() === 1 || i === 0;
          return (
            <g key={day.valueOf()}>
              <line
                x1={LABEL + i * dayWidth}
                x2={LABEL + i * dayWidth}
                y1={HEADER - 8}
                y2={height}
                className={weekStart ? 'gantt-chart__week' : 'gantt-chart__day'}
              />
              {weekStart && (
                <text x={LABEL + i * dayWidth + 3} y={14} className="gantt-chart__scale">
                  {day.format('MM-DD')}
                </text>
              )}
            </g>
          );
        })}
        {today >= from && today <= from + days * DAY && (
          <line x1={x(today)} x2={x(today)} y1={HEADER - 8} y2={height} className="gantt-chart__today" />
        )}
        {bars.length === 0 && (
          <text x={LABEL + 8} y={HEADER + 20} className="gantt-chart__empty">
            {t('gantt.empty')}
          </text>
        )}
        {bars.map(({ task, depth }, i) => {
          const y = HEADER + i * ROW;
          const left = x(task.startTime);
          const barWidth = Math.max(4, x(task.endTime) - left);
          const colour = task.signColor || '#1890ff';
          return (
            <g key={task.id} data-testid="gantt-bar">
              <text x={8 + depth * 14} y={y + 20} className="gantt-chart__name">
                {task.fullName.length > 14 ? `${task.fullName.slice(0, 14)}…` : task.fullName}
              </text>
              <rect x={left} y={y + 8} width={barWidth} height={16} rx={3} fill={colour} opacity={0.3} />
              <rect
                x={left}
                y={y + 8}
                width={(barWidth * task.schedule) / 100}
                height={16}
                rx={3}
                fill={colour}
              />
              <text x={left + barWidth + 4} y={y + 20} className="gantt-chart__schedule">
                {task.schedule}%
              </text>
              <title>
                {`${task.fullName} ${dayjs(task.startTime).format('YYYY-MM-DD')} ~ ${dayjs(task.endTime).format('YYYY-MM-DD')} ${task.schedule}%`}
              </title>
            </g>
          );
        })}
      </svg>
    </div>
  );
}
