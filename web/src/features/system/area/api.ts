import { http } from '../../../base/api';

import { AREA_API, type Area } from '../../../widgets/address-picker/api';

export {
  AREA_ROOT,
  type Area,
  areaKeys,
  fetchAreaChildren,
  fetchAreaLabels,
  isAreaLeaf,
} from '../../../widgets/address-picker/api';

export type AreaForm = Pick<Area, 'parentId' | 'fullName' | 'enCode' | 'sortCode' | 'enabledMark'> & {
  id?: string;
  description?: string;
  version?: number;
};

export function fetchArea(id: string): Promise<Area> {
  return http.get<Area>(`${AREA_API}/${id}/Info`);
}

export async function saveArea(form: AreaForm): Promise<string> {
  const answer = form.id
    ? await http.send(`${AREA_API}/${form.id}`, { method: 'PUT', data: form })
    : await http.send(AREA_API, { method: 'POST', data: form });
  return answer.msg;
}

export async function deleteArea(id: string): Promise<string> {
  return (await http.send(`${AREA_API}/${id}`, { method: 'DELETE' })).msg;
}

export async function toggleArea(id: string): Promise<string> {
  return (await http.send(`${AREA_API}/${id}/Actions/State`, { method: 'PUT' })).msg;
}
