import { describe, expect, it } from 'vitest';
import {
  applyFrame,
  chatBlinks,
  countsAfterRead,
  countsAfterReadAll,
  INITIAL_LIVE,
  type LiveState,
  openConversation,
} from './unread';

const init = applyFrame(INITIAL_LIVE, {
  method: 'initMessage',
  userId: 'me',
  onlineUsers: ['me', 'u1'],
  unreadNums: [
    { sendUserId: 'u1', unreadNum: 2 },
    { sendUserId: 'u2', unreadNum: 0 },
  ],
  unreadNoticeCount: 3,
  unreadMessageCount: 1,
  unreadSystemMessageCount: 0,
  unreadScheduleCount: 2,
  unreadTotalCount: 6,
});

describe('live unread state', () => {
  it('takes the counts, online users and chat unread of initMessage', () => {
    expect(init.counts).toEqual({ notice: 3, flow: 1, system: 0, schedule: 2, total: 6 });
    expect(init.userId).toBe('me');
    expect(init.onlineUsers).toEqual(['me', 'u1']);
    expect(init.chatUnread).toEqual({ u1: 2 });
    expect(init.connected).toBe(true);
    expect(chatBlinks(init.chatUnread)).toBe(true);
  });

  it('raises the total and the type on messagePush and bumps the list version', () => {
    const next = applyFrame(init, { method: 'messagePush', messageType: 1, title: 'x', id: 'm1' });
    expect(next.counts).toEqual({ notice: 4, flow: 1, system: 0, schedule: 2, total: 7 });
    expect(next.pushVersion).toBe(init.pushVersion + 1);
  });

  it('takes the fresh counts a messagePush carries', () => {
    const next = applyFrame(init, {
      method: 'messagePush',
      messageType: 3,
      unreadNoticeCount: 3,
      unreadMessageCount: 1,
      unreadSystemMessageCount: 1,
      unreadScheduleCount: 2,
      unreadTotalCount: 7,
    });
    expect(next.counts).toEqual({ notice: 3, flow: 1, system: 1, schedule: 2, total: 7 });
  });

  it('adds 1 per message of a conversation that is not open, none for the open one', () => {
    let state: LiveState = openConversation(init, 'u1');
    expect(state.chatUnread).toEqual({});
    expect(chatBlinks(state.chatUnread)).toBe(false);
    state = applyFrame(state, { method: 'receiveMessage', formUserId: 'u1', formMessage: 'hi' });
    expect(state.chatUnread).toEqual({});
    state = applyFrame(state, { method: 'receiveMessage', formUserId: 'u3', formMessage: 'a' });
    state = applyFrame(state, { method: 'receiveMessage', formUserId: 'u3', formMessage: 'b' });
    expect(state.chatUnread).toEqual({ u3: 2 });
    expect(chatBlinks(state.chatUnread)).toBe(true);
    // Opening u3 reads it: the indicator stops when no conversation has unread left.
    state = openConversation(state, 'u3');
    expect(chatBlinks(state.chatUnread)).toBe(false);
    state = openConversation(state, null);
    expect(state.activeChat).toBeNull();
    state = applyFrame(state, { method: 'receiveMessage', formUserId: 'u3', formMessage: 'c' });
    expect(state.chatUnread).toEqual({ u3: 1 });
  });

  it('follows Online and Offline', () => {
    let state = applyFrame(init, { method: 'Online', userId: 'u2' });
    state = applyFrame(state, { method: 'Online', userId: 'u2' });
    expect(state.onlineUsers).toEqual(['me', 'u1', 'u2']);
    state = applyFrame(state, { method: 'Offline', userId: 'u1' });
    expect(state.onlineUsers).toEqual(['me', 'u2']);
  });

  it('lowers the counts when one message is read, never below zero', () => {
    const counts = countsAfterRead(init.counts, 4);
    expect(counts).toEqual({ notice: 3, flow: 1, system: 0, schedule: 1, total: 5 });
    expect(countsAfterRead(counts, 3)).toBe(counts);
  });

  it('clears one type or everything on mark-all-read', () => {
    expect(countsAfterReadAll(init.counts, 1)).toEqual({
      notice: 0,
      flow: 1,
      system: 0,
      schedule: 2,
      total: 3,
    });
    expect(countsAfterReadAll(init.counts)).toEqual({ notice: 0, flow: 0, system: 0, schedule: 0, total: 0 });
  });
});
