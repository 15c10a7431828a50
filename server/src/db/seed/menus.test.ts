import { dataRuleSchemeConditionSchema } from '@console/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../core/ids.js';
import { type Database, openDatabase } from '../client.js';
import {
  authorizes,
  groups,
  moduleButtons,
  moduleColumns,
  moduleDataFields,
  moduleDataSchemes,
  moduleForms,
  modules,
  organizes,
  positions,
  roles,
  systems,
  userRelations,
  users,
} from '../schema/index.js';
import { DEMO_USERS, quickQueryOf, seedDemo } from './demo.js';
import { PAGE_ADDRESSES, seedMenus } from './menus.js';

let database: Database;
let systemId: string;

beforeAll(async () => {
  database = await openDatabase({ dataDir: 'memory://' });
  systemId = newId();
  await database.db.transaction(async (tx) => {
    await tx
      .insert(systems)
      .values({ id: systemId, fullName: '智能问答管理平台', enCode: 'main', isMain: 1 });
    await seedMenus(tx, systemId);
    await seedDemo(tx, { systemId });
  });
}, 240_000);

afterAll(async () => {
  await database?.close();
});

describe('seedMenus', () => {
  it('seeds data-rule schemes in the shared shape, on fields declared for their page', async () => {
    const schemes = await database.db.select().from(moduleDataSchemes);
    const fields = await database.db.select().from(moduleDataFields);
    expect(schemes.filter((s) => s.allData === 0).length).toBeGreaterThan(10);
    for (const scheme of schemes.filter((s) => s.allData === 0)) {
      const condition = dataRuleSchemeConditionSchema.parse(scheme.conditionJson);
      expect(condition.conditions.length).toBeGreaterThan(0);
      for (const c of condition.conditions) {
        const field = fields.find((f) => f.moduleId === scheme.moduleId && f.enCode === c.field);
        expect(field, `${scheme.enCode}: field ${c.field} declared`).toBeDefined();
        expect(field?.conditionSymbol.split(',')).toContain(c.op);
        expect(field?.conditionText.split(',')).toContain(c.valueType);
      }
    }
  });

  it('has exactly one enabled page menu for every page address', async () => {
    const rows = await database.db.select().from(modules);
    const pages = rows.filter((m) => m.type === 2 && m.enabledMark === 1);
    expect(new Set(PAGE_ADDRESSES).size).toBe(PAGE_ADDRESSES.length);
    for (const address of PAGE_ADDRESSES) {
      // An address may carry the query its page reads (basic/externalLink?href=…).
      const at = pages.filter((m) => m.urlAddress?.split('?')[0] === address);
      expect(at.map((m) => m.urlAddress?.split('?')[0])).toEqual([address]);
    }
    expect(PAGE_ADDRESSES).toContain('questionAnswering/zskManagement');
    expect(PAGE_ADDRESSES).toContain('workFlow/workFlowDetail');
  });

  it('uses every menu type 0-8', async () => {
    const rows = await database.db.select({ type: modules.type }).from(modules);
    expect([...new Set(rows.map((r) => r.type))].sort()).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8]);
  });

  it('links every node to an existing parent or -1, and keeps codes unique', async () => {
    const rows = await database.db.select().from(modules);
    const ids = new Set(rows.map((m) => m.id));
    for (const m of rows) expect(m.parentId === '-1' || ids.has(m.parentId), m.enCode).toBe(true);
    expect(new Set(rows.map((m) => m.enCode)).size).toBe(rows.length);
    for (const m of rows) expect(m.systemId).toBe(systemId);
  });

  it('gives generated pages and links what the client reads', async () => {
    const rows = await database.db.select().from(modules);
    for (const m of rows.filter((r) => [3, 4, 5, 8].includes(r.type))) {
      const property = JSON.parse(m.propertyJson ?? '{}') as { moduleId?: string; isTree?: number };
      expect(typeof property.moduleId, m.enCode).toBe('string');
      expect(property.isTree, m.enCode).toBe(0);
    }
    const links = rows.filter((r) => r.type === 7);
    expect(new Set(links.map((l) => l.linkTarget))).toEqual(new Set(['_blank', '_self']));
  });

  it('flags authorisation kinds where the page has items', async () => {
    const [menus, buttons, columns, forms, schemes] = await Promise.all([
      database.db.select().from(modules),
      database.db.select().from(moduleButtons),
      database.db.select().from(moduleColumns),
      database.db.select().from(moduleForms),
      database.db.select().from(moduleDataSchemes),
    ]);
    const has = (list: { moduleId: string }[], id: string) => (list.some((i) => i.moduleId === id) ? 1 : 0);
    for (const m of menus) {
      expect(m.isButtonAuthorize, m.enCode).toBe(has(buttons, m.id));
      expect(m.isColumnAuthorize, m.enCode).toBe(has(columns, m.id));
      expect(m.isFormAuthorize, m.enCode).toBe(has(forms, m.id));
      expect(m.isDataAuthorize, m.enCode).toBe(has(schemes, m.id));
    }
    const user = menus.find((m) => m.enCode === 'permission.user')!;
    expect(buttons.filter((b) => b.moduleId === user.id).map((b) => b.enCode)).toEqual(
      expect.arrayContaining([
        'btn_add',
        'btn_edit',
        'btn_remove',
        'btn_detail',
        'btn_resetPassword',
        'btn_unlock',
      ]),
    );
    expect(schemes.filter((s) => s.moduleId === user.id).map((s) => s.enCode)).toEqual(
      expect.arrayContaining(['all', 'own']),
    );
  });
});

describe('seedDemo', () => {
  it('builds organizeIdTree from the root down to the node itself', async () => {
    const rows = await database.db.select().from(organizes);
    const roots = rows.filter((o) => o.parentId === '-1');
    expect(roots).toHaveLength(1);
    const root = roots[0]!;
    expect(root.category).toBe('company');
    const byId = new Map(rows.map((o) => [o.id, o]));
    for (const o of rows) {
      const path = o.organizeIdTree.split(',');
      expect(path[0], o.enCode).toBe(root.id);
      expect(path.at(-1), o.enCode).toBe(o.id);
      if (o.parentId !== '-1') {
        expect(byId.get(o.parentId)?.organizeIdTree, o.enCode).toBe(path.slice(0, -1).join(','));
      }
    }
    const positionRows = await database.db.select().from(positions);
    for (const p of positionRows) expect(byId.has(p.organizeId), p.enCode).toBe(true);
  });

  it('relates every user to the organisation named by organizeId', async () => {
    const [userRows, relations, orgRows, positionRows, roleRows, groupRows] = await Promise.all([
      database.db.select().from(users),
      database.db.select().from(userRelations),
      database.db.select().from(organizes),
      database.db.select().from(positions),
      database.db.select().from(roles),
      database.db.select().from(groups),
    ]);
    expect(userRows.length).toBe(DEMO_USERS.length);
    expect(userRows.length).toBeGreaterThanOrEqual(12);
    const objects: Record<string, Set<string>> = {
      Organize: new Set(orgRows.map((o) => o.id)),
      Position: new Set(positionRows.map((p) => p.id)),
      Role: new Set(roleRows.map((r) => r.id)),
      Group: new Set(groupRows.map((g) => g.id)),
    };
    for (const u of userRows) {
      const orgRelations = relations.filter((r) => r.userId === u.id && r.objectType === 'Organize');
      expect(
        orgRelations.map((r) => r.objectId),
        u.account,
      ).toEqual([u.organizeId]);
      expect(u.passwordHash).toBeNull();
      expect(u.mobilePhone).toMatch(/^1[3-9]\d{9}$/);
      expect(u.quickQuery).toBe(quickQueryOf(u.realName));
    }
    for (const r of relations) expect(objects[r.objectType]?.has(r.objectId), r.objectType).toBe(true);
    expect(quickQueryOf('张伟')).toBe('zw');
  });

  it('grants every ancestor directory of a granted page', async () => {
    const [menuRows, grants] = await Promise.all([
      database.db.select().from(modules),
      database.db.select().from(authorizes),
    ]);
    const byId = new Map(menuRows.map((m) => [m.id, m]));
    const granted = new Set(
      grants.filter((g) => g.itemType === 'module').map((g) => `${g.objectId}|${g.itemId}`),
    );
    expect(granted.size).toBeGreaterThan(0);
    for (const key of granted) {
      const [roleId, moduleId] = key.split('|') as [string, string];
      const menu = byId.get(moduleId);
      expect(menu).toBeDefined();
      for (let parent = byId.get(menu!.parentId); parent; parent = byId.get(parent.parentId)) {
        expect(granted.has(`${roleId}|${parent.id}`), `${menu!.enCode} -> ${parent.enCode}`).toBe(true);
      }
    }
    for (const g of grants) expect(g.objectType).toBe('Role');
    expect(new Set(grants.map((g) => g.itemType))).toEqual(
      new Set(['system', 'module', 'button', 'column', 'form', 'resource']),
    );
  });
});
