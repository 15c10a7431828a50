import { useMemo, useState } from 'react';

type Position = number[];
interface Feature {
  properties?: { name?: string } | null;
  geometry: { type: string; coordinates: unknown };
}
export interface FeatureCollection {
  type: 'FeatureCollection';
  features: Feature[];
}

const WIDTH = 640;
const HEIGHT = 480;
const FILLS = ['#91caff', '#b7eb8f', '#ffd591', '#d3adf7', '#87e8de', '#ffadd2'];

/** Polygons of a geometry as rings of positions (points and lines are drawn as their outline too). */
function rings(geometry: Feature['geometry']): Position[][] {
  const c = geometry.coordinates;
  switch (geometry.type) {
    case 'Polygon':
    case 'MultiLineString':
      return c as Position[][];
    case 'MultiPolygon':
      return (c as Position[][][]).flat();
    case 'LineString':
    case 'MultiPoint':
      return [c as Position[]];
    case 'Point':
      return [[c as Position]];
    default:
      return [];
  }
}

/**
 * A GeoJSON FeatureCollection drawn as SVG paths (equirectangular, latitude-corrected), one
 * filled area per feature with its name on hover, as the map demo and the map manager's preview show it.
 */
export function GeoSvg({ map, label }: { map: FeatureCollection; label: string }) {
  const [hovered, setHovered] = useState<string | null>(null);
  const shapes = useMemo(() => {
    const all = map.features.flatMap((f) => rings(f.geometry).flat());
    const xs = all.map((p) => p[0]!);
    const ys = all.map((p) => p[1]!);
    const [minX, maxX, minY, maxY] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
    const squeeze = Math.cos((((minY + maxY) / 2) * Math.PI) / 180);
    const scale = Math.min((WIDTH - 20) / ((maxX - minX) * squeeze || 1), (HEIGHT - 20) / (maxY - minY || 1));
    const project = (p: Position) =>
      `${(10 + (p[0]! - minX) * squeeze * scale).toFixed(1)},${(HEIGHT - 10 - (p[1]! - minY) * scale).toFixed(1)}`;
    return map.features.map((f, i) => ({
      key: i,
      name: f.properties?.name ?? '',
      d: rings(f.geometry)
        .map((ring) => `M${ring.map(project).join('L')}Z`)
        .join(''),
      fill: FILLS[i % FILLS.length]!,
    }));
  }, [map]);
  return (
    <figure style={{ margin: 0 }}>
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        role="img"
        aria-label={label}
        style={{ width: '100%', maxWidth: WIDTH }}
      >
        {shapes.map((s) => (
          // biome-ignore lint/a11y/useSemanticElements: an area of an SVG map cannot be a <button>; it is focusable to show its name
          <path
            key={s.key}
            d={s.d}
            fill={hovered === s.name ? '#1677ff' : s.fill}
            stroke="#fff"
            strokeWidth={1.5}
            data-name={s.name}
            role="button"
            aria-label={s.name}
            tabIndex={0}
            onMouseEnter={() => setHovered(s.name)}
            onMouseLeave={() => setHovered(null)}
            onFocus={() => setHovered(s.name)}
            onBlur={() => setHovered(null)}
          >
            <title>{s.name}</title>
          </path>
        ))}
      </svg>
      <figcaption aria-live="polite" style={{ minHeight: 22 }} data-testid="map-hover-name">
        {hovered ?? ''}
      </figcaption>
    </figure>
  );
}
