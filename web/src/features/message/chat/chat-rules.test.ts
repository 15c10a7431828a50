import { describe, expect, it } from 'vitest';
import { CHAT_IMAGE_MAX_BYTES, chatImage, checkChatImage, fitImage, textToSend } from './chat-rules';

describe('chat rules', () => {
  it('accepts images under 5 MB only', () => {
    expect(checkChatImage({ type: 'image/png', size: 1000 })).toBe('ok');
    expect(checkChatImage({ type: 'image/png', size: CHAT_IMAGE_MAX_BYTES - 1 })).toBe('ok');
    expect(checkChatImage({ type: 'image/png', size: CHAT_IMAGE_MAX_BYTES })).toBe('tooLarge');
    expect(checkChatImage({ type: 'application/pdf', size: 10 })).toBe('notImage');
  });

  it('trims text and refuses an empty message', () => {
    expect(textToSend('  hi  ')).toBe('hi');
    expect(textToSend(' \n ')).toBeNull();
  });

  it('reads stored and just-sent image contents', () => {
    expect(chatImage('{"path":"/api/file/Image/IM/a.png","width":800,"height":400}')).toEqual({
      src: '/api/file/Image/IM/a.png',
      width: 800,
      height: 400,
    });
    expect(chatImage({ name: 'b.png', width: 10, height: 20 })).toEqual({
      src: '/api/file/Image/IM/b.png',
      width: 10,
      height: 20,
    });
    expect(chatImage('plain text')).toBeNull();
  });

  it('scales large images down keeping the aspect ratio', () => {
    expect(fitImage(800, 400)).toEqual({ width: 200, height: 100 });
    expect(fitImage(50, 40)).toEqual({ width: 50, height: 40 });
  });
});
