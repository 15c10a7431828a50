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

describe('TRUST_PROXY', () => {
  it('reads a number of proxies, a list of their addresses, or off', () => {
    expect(loadConfig({}).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '0' }).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '2' }).TRUST_PROXY).toBe(2);
    expect(loadConfig({ TRUST_PROXY: ' 10.0.0.1, 10.1.0.0/16 ,::1, loopback' }).TRUST_PROXY).toEqual([
      '10.0.0.1',
      '10.1.0.0/16',
      '::1',
      'loopback',
    ]);
  });

  it('refuses trusting every hop and what is not an address', () => {
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY: .*number of proxies/);
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.1, proxy.internal' })).toThrow(
      /TRUST_PROXY: .*proxy\.internal/,
    );
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.0/33' })).toThrow(/TRUST_PROXY/);
  });
});

describe('METRICS_TOKEN and SHUTDOWN_DRAIN_MS', () => {
  it('leave /metrics off and stop at once by default', () => {
    expect(loadConfig({}).METRICS_TOKEN).toBeUndefined();
    expect(loadConfig({ METRICS_TOKEN: '  ' }).METRICS_TOKEN).toBeUndefined();
    expect(loadConfig({}).SHUTDOWN_DRAIN_MS).toBe(0);
    expect(loadConfig({ METRICS_TOKEN: 'a'.repeat(16), SHUTDOWN_DRAIN_MS: '5000' })).toMatchObject({
      METRICS_TOKEN: 'a'.repeat(16),
      SHUTDOWN_DRAIN_MS: 5000,
    });
  });

  it('refuse a short or spaced token and a drain that is not a duration', () => {
    expect(() => loadConfig({ METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN: must be at least 16/);
    expect(() => loadConfig({ METRICS_TOKEN: 'has a space in the token' })).toThrow(/METRICS_TOKEN/);
    expect(() => loadConfig({ SHUTDOWN_DRAIN_MS: '-1' })).toThrow(/SHUTDOWN_DRAIN_MS/);
    expect(() => loadConfig({ SHUTDOWN_DRAIN_MS: 'soon' })).toThrow(/SHUTDOWN_DRAIN_MS/);
  });
});
