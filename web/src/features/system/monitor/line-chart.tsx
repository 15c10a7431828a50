import dayjs from 'dayjs';

export interface Sample {
  time: number;
  value: number;
}

const WIDTH = 480;
const HEIGHT = 180;
const PAD = { left: 36, right: 12, top: 12, bottom: 28 };

/** A small line chart of percentages (0–100) over the last samples, drawn as SVG. */
export function LineChart({
  samples,
  label,
  color,
}: {
  samples: readonly Sample[];
  label: string;
  color: string;
}) {
  const innerW = WIDTH - PAD.left - PAD.right;
  const innerH = HEIGHT - PAD.top - PAD.bottom;
  const x = (index: number) =>
    PAD.left + (samples.length <= 1 ? innerW / 2 : (index / (samples.length - 1)) * innerW);
  const y = (value: number) => PAD.top + innerH - (Math.min(100, Math.max(0, value)) / 100) * innerH;
  const points = samples.map((sample, index) => `${x(index)},${y(sample.value)}`).join(' ');
  const last = samples.at(-1);
  return (
    <svg
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      role="img"
      aria-label={last ? `${label} ${last.value.toFixed(2)}%` : label}
      className="monitor-chart"
    >
      {[0, 25, 50, 75, 100].map((tick) => (
        <g key={tick}>
          <line x1={PAD.left} x2={WIDTH - PAD.right} y1={y(tick)} y2={y(tick)} stroke="#f0f0f0" />
          <text x={PAD.left - 6} y={y(tick) + 4} textAnchor="end" fontSize="10" fill="#8c8c8c">
            {tick}
          </text>
        </g>
      ))}
      {samples.map((sample, index) => (
        <text key={sample.time} x={x(index)} y={HEIGHT - 8} textAnchor="middle" fontSize="10" fill="#8c8c8c">
          {dayjs(sample.time).format('HH:mm:ss')}
        </text>
      ))}
      {samples.length > 1 && <polyline points={points} fill="none" stroke={color} strokeWidth="2" />}
      {samples.map((sample, index) => (
        <circle key={sample.time} cx={x(index)} cy={y(sample.value)} r="3" fill={color}>
          <title>{`${dayjs(sample.time).format('HH:mm:ss')} ${sample.value.toFixed(2)}%`}</title>
        </circle>
      ))}
    </svg>
  );
}
