import { describe, expect, it } from 'vitest';
import {
  buildWeChatXml,
  CryptoMessages,
  decryptMessage,
  encryptMessage,
  parseWeChatXml,
  sha1Signature,
} from './crypto.js';

const KEY = 'abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG';

describe('WeChat message XML', () => {
  it('reads CDATA, escaped text, empty and nested elements', () => {
    expect(
      parseWeChatXml(
        '<?xml version="1.0"?>\n<xml><ToUserName><![CDATA[gh_1]]></ToUserName><CreateTime>1700000000</CreateTime>' +
          '<Content><![CDATA[a</Content>b]]></Content><Title>1 &lt; 2 &amp; &#x4e2d;</Title><Empty/>' +
          '<ScanCodeInfo><ScanType><![CDATA[qrcode]]></ScanType></ScanCodeInfo></xml>',
      ),
    ).toEqual({
      ToUserName: 'gh_1',
      CreateTime: '1700000000',
      Content: 'a</Content>b',
      Title: '1 < 2 & 中',
      Empty: '',
      ScanCodeInfo: 'qrcode',
    });
  });

  it('refuses what is not a flat WeChat message (document types, stray text, unclosed elements)', () => {
    for (const text of [
      '',
      '{"a":1}',
      '<!DOCTYPE xml [<!ENTITY e SYSTEM "file:///etc/passwd">]><xml><A>&e;</A></xml>',
      '<xml>stray<A>1</A></xml>',
      '<xml><A>1</xml>',
      '<xml><!-- c --><A>1</A></xml>',
      `<xml>${'<a>'.repeat(20)}x${'</a>'.repeat(20)}</xml>`,
    ])
      expect(() => parseWeChatXml(text), text).toThrow(CryptoMessages.badXml);
  });

  it('writes values in CDATA (a "]]>" inside split) and numbers as they are', () => {
    const xml = buildWeChatXml([
      ['Content', 'x]]>y'],
      ['CreateTime', 1700000000],
    ]);
    expect(xml).toBe(
      '<xml><Content><![CDATA[x]]]]><![CDATA[>y]]></Content><CreateTime>1700000000</CreateTime></xml>',
    );
    expect(parseWeChatXml(xml)).toEqual({ Content: 'x]]>y', CreateTime: '1700000000' });
  });
});

describe('safe mode encryption', () => {
  it('round-trips every padding length (1 to 32) and checks the AppID', () => {
    for (let n = 0; n < 32; n++) {
      const xml = `<xml><Content><![CDATA[字${'a'.repeat(n)}]]></Content></xml>`;
      const encrypted = encryptMessage(xml, KEY, 'wxapp');
      expect(Buffer.from(encrypted, 'base64').length % 32).toBe(0);
      expect(decryptMessage(encrypted, KEY, 'wxapp')).toBe(xml);
      expect(() => decryptMessage(encrypted, KEY, 'wxother')).toThrow(CryptoMessages.badAppId);
    }
    expect(() => decryptMessage('bm90IGNpcGhlcg==', KEY, 'wxapp')).toThrow(CryptoMessages.badCipher);
    expect(() => encryptMessage('<xml/>', 'short', 'wxapp')).toThrow(CryptoMessages.badKey);
  });

  it('signs the sorted token, timestamp, nonce and Encrypt with sha1', () => {
    // sha1("123abctoken") — the parts sorted: "123" < "abc" < "token".
    expect(sha1Signature(['token', 'abc', '123'])).toBe('84501b652458690801074dc0b44e9822dfb63245');
  });
});
