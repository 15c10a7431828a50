import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.js';

describe('configuration', () => {
  it('has working defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ PORT: 3000, DATA_DIR: './data', DEMO_DATA: false });
    expect(config.DATABASE_URL).toBeUndefined();
  });

  it('names every bad variable at once', () => {
    expect(() => loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', ADMIN_PASSWORD: '123' })).toThrow(
      /PORT[\s\S]*DATABASE_URL: must start with postgres:\/\/ or postgresql:\/\/[\s\S]*ADMIN_PASSWORD: must be 6 to 16/,
    );
  });

  it('refuses the image-code echo in production', () => {
    expect(() => loadConfig({ CAPTCHA_ECHO: '1', NODE_ENV: 'production' })).toThrow(/CAPTCHA_ECHO/);
  });
});
