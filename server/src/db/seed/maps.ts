/**
 * The demo map of systemData/map and extend/map: a simplified outline of a made-up district
 * (示范区) with its four streets, drawn by hand for the demo (not a surveyed boundary).
 */
import { newId } from '../../core/ids.js';
import type { Tx } from '../client.js';
import { maps } from '../schema/index.js';

type Position = [number, number];
const CENTRE: Position = [120.152, 30.248];
const o: Record<
  'northWest' | 'north' | 'northEast' | 'east' | 'southEast' | 'south' | 'southWest' | 'west',
  Position
> = {
  northWest: [120.1, 30.29],
  north: [120.14, 30.305],
  northEast: [120.19, 30.3],
  east: [120.21, 30.26],
  southEast: [120.2, 30.21],
  south: [120.15, 30.195],
  southWest: [120.11, 30.215],
  west: [120.095, 30.25],
};

const street = (name: string, adcode: string, corners: Position[]) => ({
  type: 'Feature',
  properties: { name, adcode },
  geometry: { type: 'Polygon', coordinates: [[CENTRE, ...corners, CENTRE]] },
});

export const DEMO_MAP = {
  enCode: '100001',
  fullName: '示范区',
  geoJson: JSON.stringify({
    type: 'FeatureCollection',
    features: [
      street('北山街道', '100001001', [o.west, o.northWest, o.north]),
      street('东湖街道', '100001002', [o.north, o.northEast, o.east]),
      street('南港街道', '100001003', [o.east, o.southEast, o.south]),
      street('西溪街道', '100001004', [o.south, o.southWest, o.west]),
    ],
  }),
};

/** Writes the demo map when its code is not taken. */
export async function seedMaps(tx: Tx): Promise<void> {
  await tx
    .insert(maps)
    .values({ id: newId(), parentId: '0', ...DEMO_MAP, sortCode: 0, description: '演示用的简化区划示意图' })
    .onConflictDoNothing({ target: maps.enCode });
}
