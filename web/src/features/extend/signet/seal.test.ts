import { describe, expect, it } from 'vitest';
import { sealSvg } from './seal';

const options = { unit: '示范区人民政府', title: '专用章', code: '3301', color: '#d4251c', size: 200 };

describe('sealSvg', () => {
  it('draws the ring, the star, one upright glyph per character of the name and the code, and the title', () => {
    const svg = sealSvg(options);
    const doc = new DOMParser().parseFromString(svg, 'image/svg+xml');
    expect(doc.querySelectorAll('circle')).toHaveLength(1);
    expect(doc.querySelectorAll('polygon')[0]!.getAttribute('points')!.split(' ')).toHaveLength(10);
    const texts = [...doc.querySelectorAll('text')].map((t) => t.textContent);
    expect(texts).toEqual([...'示范区人民政府', '专用章', ...'3301']);
    // The name is centred on the top: its middle character stands upright at the top.
    expect(doc.querySelectorAll('text')[3]!.getAttribute('transform')).toMatch(/^rotate\(0\.00 /);
  });

  it('writes user text as text, never as markup', () => {
    const svg = sealSvg({ ...options, unit: '<script>', title: '"><img src=x onerror=alert(1)>' });
    const doc = new DOMParser().parseFromString(svg, 'image/svg+xml');
    expect(doc.querySelector('script, img')).toBeNull();
    expect(doc.querySelectorAll('text')[8]!.textContent).toBe('"><img src=x onerror=alert(1)>');
  });
});
