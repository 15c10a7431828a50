import { createHash, randomInt } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { newId } from '../../core/ids.js';
import { hashPassword } from '../../core/passwords.js';
import { SYS_CONFIG_DEFAULTS } from '../../modules/system/sysConfig/defaults.js';
import { seedDemoSmsTemplates, seedSystemTemplates } from '../../modules/system/templates/seed.js';
import { seedDemoScreen } from '../../modules/visualdev/dataScreen/demo.js';
import { seedDemoDesigns } from '../../modules/visualdev/seed.js';
import { seedDemoReportAndPortal } from '../../modules/visualdev/seed-report-portal.js';
import type { Db } from '../client.js';
import { sysConfig, systems, users } from '../schema/index.js';
import { seedAreas } from './areas.js';
import { seedDemo } from './demo.js';
import { seedDictionaries } from './dictionaries.js';
import { seedMaps } from './maps.js';
import { seedMenus } from './menus.js';
import { settleSeededRows } from './seeded-rows.js';

export const ADMIN_ACCOUNT = 'admin';
const MAIN_SYSTEM_CODE = 'main';
const SEED_LOCK_KEY = 7_340_202;

const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnpqrstuvwxyz23456789';

/** 12 characters with letters and digits, so it meets the default password policy. */
export function generatePassword(): string {
  for (;;) {
    const candidate = Array.from({ length: 12 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
    if (/\d/.test(candidate) && /[a-z]/.test(candidate) && /[A-Z]/.test(candidate)) return candidate;
  }
}

export const md5Hex = (text: string) => createHash('md5').update(text).digest('hex');

export interface SeedResult {
  /** Set only when this start created the administrator with a generated password. */
  generatedAdminPassword?: string;
  createdAdmin: boolean;
}

/**
 * Runs at every start and writes only what is missing: settings with their defaults, the
 * main application with its menus, the administrator, and (when asked) the demo district.
 */
export async function seedDatabase(
  db: Db,
  options: { adminPassword?: string; demo: boolean },
): Promise<SeedResult> {
  return db.transaction(async (tx) => {
    // Instances starting together on one database seed one after the other.
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${SEED_LOCK_KEY})`);
    await tx
      .insert(sysConfig)
      .values(Object.entries(SYS_CONFIG_DEFAULTS).map(([key, value]) => ({ key, value })))
      .onConflictDoNothing();
    await seedDictionaries(tx);
    await seedAreas(tx);
    await seedMaps(tx);

    let [main] = await tx
      .select({ id: systems.id })
      .from(systems)
      .where(eq(systems.enCode, MAIN_SYSTEM_CODE));
    if (!main) {
      main = { id: newId() };
      await tx.insert(systems).values({
        id: main.id,
        fullName: '智能问答管理平台',
        enCode: MAIN_SYSTEM_CODE,
        icon: 'icon-ym icon-ym-systemToggle',
        isMain: 1,
        sortCode: 0,
      });
      await seedMenus(tx, main.id);
      await seedDemoDesigns(tx);
      await seedDemoReportAndPortal(tx);
      await seedDemoScreen(tx);
      await seedSystemTemplates(tx);
    }

    const [admin] = await tx.select({ id: users.id }).from(users).where(eq(users.account, ADMIN_ACCOUNT));
    const result: SeedResult = { createdAdmin: false };
    const adminId = admin?.id ?? newId();
    if (!admin) {
      const password = options.adminPassword || generatePassword();
      if (!options.adminPassword) result.generatedAdminPassword = password;
      result.createdAdmin = true;
      await tx.insert(users).values({
        id: adminId,
        account: ADMIN_ACCOUNT,
        realName: '管理员',
        quickQuery: 'gly',
        passwordHash: await hashPassword(md5Hex(password)),
        mustChangePassword: 1,
        isAdministrator: 1,
        systemId: main.id,
      });
      if (options.demo) {
        await seedDemo(tx, { systemId: main.id });
        await seedDemoSmsTemplates(tx);
      }
    }
    await settleSeededRows(tx, adminId);
    return result;
  });
}
