import { http } from '../../../base/api';
import { uploadFile } from '../../../widgets/list/files';

/** A colleague to chat with (widgets.md 3 "Contact"). */
export interface Contact {
  id: string;
  realName: string;
  account: string;
  headIcon?: string | null;
  department?: string | null;
}

/** A recent conversation (widgets.md 3 "Conversation item"); id is the other user's id. */
export interface Conversation extends Contact {
  unreadMessage: number;
  latestMessage: string;
  messageType: string;
  latestDate: number;
}

/** A chat message of the history (api-contract.md messageList). */
export interface ChatMessage {
  id?: string;
  sendUserId: string;
  receiveUserId?: string;
  contentType: string;
  /** Text, or for images a JSON object (or its text) with path/name, width and height. */
  content: unknown;
  sendTime: number;
}

export interface Paged<T> {
  list: T[];
  pagination: { currentPage: number; pageSize: number; total: number };
}

export const chatKeys = {
  all: ['chat'] as const,
  conversations: ['chat', 'conversations'] as const,
  contacts: (keyword: string) => ['chat', 'contacts', keyword] as const,
};

export function fetchConversations(): Promise<{ list: Conversation[] }> {
  return http.get<{ list: Conversation[] }>('/message/imreply');
}

export function fetchContacts(query: { keyword: string; currentPage: number; pageSize: number }) {
  return http.get<Paged<Contact>>('/permission/Users/ImUser', { ...query });
}

/** Takes a conversation off the recent list (the history stays). */
export async function removeConversation(userId: string): Promise<string> {
  return (await http.send(`/message/imreply/relocation/${encodeURIComponent(userId)}`, { method: 'DELETE' }))
    .msg;
}

/** Clears this user's side of the history with another user. */
export async function clearHistory(userId: string): Promise<string> {
  return (
    await http.send(`/message/imreply/deleteChatRecord/${encodeURIComponent(userId)}`, { method: 'DELETE' })
  ).msg;
}

/** Uploads a chat image to the IM folder; answers its stored name. */
export async function uploadChatImage(file: File): Promise<string> {
  const answer = await uploadFile('/file/Uploader/IM', file);
  const name = (answer.data as { name?: string } | null)?.name;
  if (!name) throw new Error(answer.msg);
  return name;
}
