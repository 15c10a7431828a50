import { describe, expect, it } from 'vitest';
import { asksForCode, safeRedirect } from './remember';
import { scanUrl } from './scan-api';
import { waitSeconds } from './sms-api';

describe('sign-in helpers', () => {
  it('follows only same-app redirects', () => {
    expect(safeRedirect('/profile?tab=avatar')).toBe('/profile?tab=avatar');
    expect(safeRedirect('//evil.example')).toBe('/');
    expect(safeRedirect('https://evil.example')).toBe('/');
    expect(safeRedirect('/login?redirect=%2Fhome')).toBe('/');
    expect(safeRedirect(null)).toBe('/');
  });

  it('reads the seconds to wait from a rate-limit message', () => {
    expect(waitSeconds('发送过于频繁，请42秒后再试')).toBe(42);
    expect(waitSeconds('Too many requests, retry in 30 seconds')).toBe(30);
    expect(waitSeconds('请输入正确的手机号码')).toBeNull();
    expect(waitSeconds(undefined)).toBeNull();
  });

  it('builds the QR address of the scan-confirm page on this site', () => {
    const location = { origin: 'https://console.example', pathname: '/' } as Location;
    expect(scanUrl('a b', location)).toBe('https://console.example/#/scanLogin?ticket=a%20b');
  });

  it('recognises a Login failure that asks for the image code', () => {
    expect(asksForCode('请输入验证码')).toBe(true);
    expect(asksForCode('账号或密码错误')).toBe(false);
  });
});
