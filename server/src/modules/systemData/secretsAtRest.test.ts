import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { suiteServer } from '../../../test/harness.js';
import { dbLinks } from '../../db/schema/index.js';

// Issue #22: without SECRETS_KEY, secrets are still sealed, with a key kept beside the data.
const dataDir = mkdtempSync(path.join(tmpdir(), 'console-secrets-'));
const suite = suiteServer({ env: { DATA_DIR: dataDir, SECRETS_KEY: '' } });
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('secrets at rest without SECRETS_KEY', () => {
  it('seals a data source password with a key the server made in DATA_DIR (mode 0600)', async () => {
    const created = await suite.send<{ id: string }>('POST', '/api/system/DataSource', {
      fullName: '密钥库',
      dbType: 'PostgreSQL',
      host: '127.0.0.1',
      port: 5432,
      userName: 'postgres',
      password: 'plain-secret-pass',
      serviceName: 'test',
    });
    expect(created.code, created.msg).toBe(200);
    const [row] = await suite.server.services.db
      .select()
      .from(dbLinks)
      .where(eq(dbLinks.id, created.data.id));
    expect(row!.password).toMatch(/^enc:v1:/);
    expect(row!.password).not.toContain('plain-secret-pass');
    expect(statSync(path.join(dataDir, 'secrets.key')).mode & 0o777).toBe(0o600);
  });
});
