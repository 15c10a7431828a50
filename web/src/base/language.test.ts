import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  defaultLanguage,
  initialLanguage,
  keyOfLocale,
  LANGUAGE_STORAGE_KEY,
  localeOf,
  storeLanguage,
} from './language';

describe('defaultLanguage', () => {
  it('gives zhtw for a browser language containing tw', () => {
    expect(defaultLanguage('zh-TW')).toBe('zhtw');
    expect(defaultLanguage('zh-Hant-TW')).toBe('zhtw');
    expect(defaultLanguage('zh_tw')).toBe('zhtw');
  });

  it('gives the matching key', () => {
    expect(defaultLanguage('en-US')).toBe('en');
    expect(defaultLanguage('en')).toBe('en');
    expect(defaultLanguage('zh-CN')).toBe('zh');
    expect(defaultLanguage('zh-HK')).toBe('zh');
  });

  it('falls back to zh', () => {
    expect(defaultLanguage('fr-FR')).toBe('zh');
    expect(defaultLanguage('')).toBe('zh');
    expect(defaultLanguage(undefined)).toBe('zh');
  });
});

describe('kept language', () => {
  afterEach(() => {
    localStorage.clear();
  });

  it('prefers the stored choice over the browser language', () => {
    vi.spyOn(navigator, 'language', 'get').mockReturnValue('en-US');
    expect(initialLanguage()).toBe('en');
    storeLanguage('zhtw');
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('zhtw');
    expect(initialLanguage()).toBe('zhtw');
  });

  it('ignores an unknown stored value', () => {
    vi.spyOn(navigator, 'language', 'get').mockReturnValue('zh-TW');
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'klingon');
    expect(initialLanguage()).toBe('zhtw');
  });

  it('maps keys and locales both ways', () => {
    expect(localeOf('zh')).toBe('zh-CN');
    expect(localeOf('zhtw')).toBe('zh-TW');
    expect(localeOf('en')).toBe('en-US');
    expect(keyOfLocale('en-US')).toBe('en');
    expect(keyOfLocale('xx')).toBe('zh');
  });
});
