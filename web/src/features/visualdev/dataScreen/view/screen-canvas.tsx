import type { ScreenDesign } from '@console/shared';
import { type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import type { ScreenFetcher } from '../api';
import { ScreenComponentView } from './screen-components';
import './screen.css';

/** The scale that fits a design of `w`×`h` into a box, keeping its aspect. */
export function fitScale(box: { width: number; height: number }, w: number, h: number): number {
  if (!box.width || !box.height) return 1;
  return Math.min(box.width / w, box.height / h);
}

export function useFitScale(w: number, h: number) {
  const ref = useRef<HTMLDivElement>(null);
  const [scale, setScale] = useState(1);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const update = () => setScale(fitScale(el.getBoundingClientRect(), w, h));
    update();
    const observer = new ResizeObserver(update);
    observer.observe(el);
    return () => observer.disconnect();
  }, [w, h]);
  return { ref, scale };
}

export function backgroundOf(design: ScreenDesign) {
  const image = design.background?.image;
  return {
    backgroundColor: design.background?.color ?? '#0b1a33',
    backgroundImage: image ? `url("${image.replace(/"/g, '%22')}")` : undefined,
    backgroundSize: 'cover',
  };
}

/**
 * A screen at its design size, scaled to fit its container with the aspect kept and centred.
 * Components are drawn in layer order; hidden ones are left out.
 */
export function ScreenCanvas({
  design,
  fetcher,
  loadGeo,
  overlay,
}: {
  design: ScreenDesign;
  fetcher: ScreenFetcher | null;
  loadGeo?: (code: string) => Promise<unknown>;
  overlay?: ReactNode;
}) {
  const { ref, scale } = useFitScale(design.width, design.height);
  const [filters, setFilters] = useState<Record<string, unknown>>({});
  const setFilter = useCallback(
    (id: string, value: string) => setFilters((f) => ({ ...f, [id]: value })),
    [],
  );
  const ordered = [...design.components].filter((c) => !c.hidden).sort((a, b) => (a.z ?? 0) - (b.z ?? 0));
  return (
    <div ref={ref} className="ds-stage">
      <div
        className="ds-screen"
        data-scale={scale.toFixed(3)}
        style={{
          width: design.width,
          height: design.height,
          transform: `translate(-50%, -50%) scale(${scale})`,
          ...backgroundOf(design),
        }}
      >
        {ordered.map((c) => (
          <div
            key={c.id}
            className={`ds-item ds-item-${c.type}`}
            data-component={c.id}
            style={{ left: c.x, top: c.y, width: c.w, height: c.h }}
          >
            <ScreenComponentView
              component={c}
              fetcher={fetcher}
              filters={filters}
              setFilter={setFilter}
              loadGeo={loadGeo}
            />
          </div>
        ))}
        {overlay}
      </div>
    </div>
  );
}
