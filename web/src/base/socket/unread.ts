import type { SocketFrame } from './socket-client';

/** Unread message counts by type (console.md 3: 1 notice, 2 flow, 3 system, 4 schedule). */
export interface MessageCounts {
  notice: number;
  flow: number;
  system: number;
  schedule: number;
  total: number;
}

export interface LiveState {
  connected: boolean;
  userId: string | null;
  onlineUsers: string[];
  counts: MessageCounts;
  /** Unread chat messages by the sending user's id. */
  chatUnread: Record<string, number>;
  /** The user whose chat window is open: their messages arrive read. */
  activeChat: string | null;
  /** Goes up with every messagePush, so that open message lists refetch. */
  pushVersion: number;
}

export const EMPTY_COUNTS: MessageCounts = { notice: 0, flow: 0, system: 0, schedule: 0, total: 0 };

export const INITIAL_LIVE: LiveState = {
  connected: false,
  userId: null,
  onlineUsers: [],
  counts: EMPTY_COUNTS,
  chatUnread: {},
  activeChat: null,
  pushVersion: 0,
};

const TYPE_KEYS: Record<number, keyof Omit<MessageCounts, 'total'>> = {
  1: 'notice',
  2: 'flow',
  3: 'system',
  4: 'schedule',
};

const count = (value: unknown) => (Number.isFinite(Number(value)) ? Math.max(0, Number(value)) : 0);

/** The counts an initMessage or messagePush frame carries. */
function countsOf(frame: SocketFrame): MessageCounts {
  return {
    notice: count(frame.unreadNoticeCount),
    flow: count(frame.unreadMessageCount),
    system: count(frame.unreadSystemMessageCount),
    schedule: count(frame.unreadScheduleCount),
    total: count(frame.unreadTotalCount),
  };
}

/** Counts after an unread message of the type was read. */
export function countsAfterRead(counts: MessageCounts, type: number): MessageCounts {
  const key = TYPE_KEYS[type];
  if (!key || counts[key] === 0) return counts;
  return { ...counts, [key]: counts[key] - 1, total: Math.max(0, counts.total - 1) };
}

/** Counts after "mark all read" (of one type, or all when no type). */
export function countsAfterReadAll(counts: MessageCounts, type?: number): MessageCounts {
  const key = type ? TYPE_KEYS[type] : undefined;
  if (!key) return EMPTY_COUNTS;
  return { ...counts, [key]: 0, total: Math.max(0, counts.total - counts[key]) };
}

/** Whether the chat icon blinks: some conversation has unread messages (widgets.md 4). */
export function chatBlinks(chatUnread: Record<string, number>): boolean {
  return Object.values(chatUnread).some((n) => n > 0);
}

/** The state after opening the conversation with a user: its unread count drops to 0. */
export function openConversation(state: LiveState, userId: string | null): LiveState {
  if (!userId) return { ...state, activeChat: null };
  const { [userId]: _read, ...rest } = state.chatUnread;
  return { ...state, activeChat: userId, chatUnread: rest };
}

/** The live state after a server frame (api-contract.md "Live socket"). */
export function applyFrame(state: LiveState, frame: SocketFrame): LiveState {
  switch (frame.method) {
    case 'initMessage': {
      const chatUnread: Record<string, number> = {};
      const nums = Array.isArray(frame.unreadNums) ? frame.unreadNums : [];
      for (const item of nums as { sendUserId?: string; unreadNum?: number }[]) {
        if (item?.sendUserId && count(item.unreadNum) > 0 && item.sendUserId !== state.activeChat)
          chatUnread[item.sendUserId] = count(item.unreadNum);
      }
      return {
        ...state,
        connected: true,
        userId: typeof frame.userId === 'string' ? frame.userId : state.userId,
        onlineUsers: Array.isArray(frame.onlineUsers) ? (frame.onlineUsers as string[]) : [],
        counts: countsOf(frame),
        chatUnread,
      };
    }
    case 'messagePush': {
      // The push carries the recipient's fresh counts; without them, count the new message in.
      let counts: MessageCounts;
      if (frame.unreadTotalCount !== undefined) counts = countsOf(frame);
      else {
        counts = { ...state.counts, total: state.counts.total + 1 };
        const key = TYPE_KEYS[Number(frame.messageType)];
        if (key) counts[key] += 1;
      }
      return { ...state, counts, pushVersion: state.pushVersion + 1 };
    }
    case 'receiveMessage': {
      const from = typeof frame.formUserId === 'string' ? frame.formUserId : null;
      if (!from || from === state.activeChat) return state;
      return { ...state, chatUnread: { ...state.chatUnread, [from]: (state.chatUnread[from] ?? 0) + 1 } };
    }
    case 'Online': {
      const userId = String(frame.userId ?? '');
      if (!userId || state.onlineUsers.includes(userId)) return state;
      return { ...state, onlineUsers: [...state.onlineUsers, userId] };
    }
    case 'Offline': {
      const userId = String(frame.userId ?? '');
      return { ...state, onlineUsers: state.onlineUsers.filter((id) => id !== userId) };
    }
    case 'logout':
    case 'closeSocket':
      return { ...state, connected: false };
    default:
      return state;
  }
}
