import { escapeHtml } from '@console/shared';

/** What the round official seal shows. */
export interface SealOptions {
  /** Along the upper arc, e.g. the unit's name. */
  unit: string;
  /** Straight below the star, e.g. 合同专用章. */
  title: string;
  /** Along the lower arc (the seal's code); may be empty. */
  code: string;
  color: string;
  /** Diameter in px. */
  size: number;
}

/** Points of a five-pointed star of outer radius r centred at (cx, cy), one point up. */
function starPoints(cx: number, cy: number, r: number): string {
  const inner = r * 0.382;
  return Array.from({ length: 10 }, (_, i) => {
    const radius = i % 2 === 0 ? r : inner;
    const angle = -Math.PI / 2 + (i * Math.PI) / 5;
    return `${(cx + radius * Math.cos(angle)).toFixed(2)},${(cy + radius * Math.sin(angle)).toFixed(2)}`;
  }).join(' ');
}

/**
 * The seal as SVG markup: a ring, the unit's name spread over the upper arc (each character
 * turned to face outwards), a star in the middle, the title under it and the code along the
 * lower arc. Texts are escaped, so the markup holds only what is drawn.
 */
export function sealSvg(options: SealOptions): string {
  const size = options.size;
  const c = size / 2;
  const ring = size * 0.03;
  const outer = c - ring / 2 - 1;
  const unit = [...options.unit.trim()];
  const fontSize = Math.max(10, Math.min(size * 0.12, (size * 2.9) / Math.max(unit.length, 1)));
  const textRadius = outer - ring - fontSize * 0.55;
  // The name spreads over at most 240 degrees of the top, centred.
  const spread = Math.min(240, Math.max(60, unit.length * 22));
  const step = unit.length > 1 ? spread / (unit.length - 1) : 0;
  const unitChars = unit
    .map((ch, i) => {
      const deg = -spread / 2 + i * step;
      const rad = ((deg - 90) * Math.PI) / 180;
      const x = c + textRadius * Math.cos(rad);
      const y = c + textRadius * Math.sin(rad);
      return `<text x="${x.toFixed(2)}" y="${y.toFixed(2)}" transform="rotate(${deg.toFixed(2)} ${x.toFixed(2)} ${y.toFixed(2)})" font-size="${fontSize.toFixed(1)}" text-anchor="middle" dominant-baseline="central">${escapeHtml(ch)}</text>`;
    })
    .join('');
  const code = [...options.code.trim()];
  const codeSize = size * 0.06;
  const codeRadius = outer - ring - codeSize * 0.7;
  const codeSpread = Math.min(100, code.length * 9);
  const codeStep = code.length > 1 ? codeSpread / (code.length - 1) : 0;
  const codeChars = code
    .map((ch, i) => {
      const deg = codeSpread / 2 - i * codeStep;
      const rad = ((deg + 90) * Math.PI) / 180;
      const x = c + codeRadius * Math.cos(rad);
      const y = c + codeRadius * Math.sin(rad);
      return `<text x="${x.toFixed(2)}" y="${y.toFixed(2)}" transform="rotate(${deg.toFixed(2)} ${x.toFixed(2)} ${y.toFixed(2)})" font-size="${codeSize.toFixed(1)}" text-anchor="middle" dominant-baseline="central">${escapeHtml(ch)}</text>`;
    })
    .join('');
  const titleSize = size * 0.09;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${size} ${size}" font-family="SimSun, 'Songti SC', 'Noto Serif CJK SC', serif" fill="${escapeHtml(options.color)}">
<circle cx="${c}" cy="${c}" r="${outer.toFixed(2)}" fill="none" stroke="${escapeHtml(options.color)}" stroke-width="${ring.toFixed(2)}"/>
<polygon points="${starPoints(c, c, size * 0.16)}"/>
${unitChars}
<text x="${c}" y="${(c + size * 0.26).toFixed(2)}" font-size="${titleSize.toFixed(1)}" text-anchor="middle" dominant-baseline="central">${escapeHtml(options.title.trim())}</text>
${codeChars}
</svg>`;
}

/** The seal drawn on a canvas and encoded as a PNG data address (transparent background). */
export function sealPng(svg: string, size: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const image = new Image();
    image.onload = () => {
      const canvas = document.createElement('canvas');
      canvas.width = size * 2;
      canvas.height = size * 2;
      const context = canvas.getContext('2d');
      if (!context) return reject(new Error('canvas unavailable'));
      context.drawImage(image, 0, 0, size * 2, size * 2);
      resolve(canvas.toDataURL('image/png'));
    };
    image.onerror = () => reject(new Error('seal image failed to load'));
    image.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
  });
}
