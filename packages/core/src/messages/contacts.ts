import { ContactBlock, ContactLink, ContactsQuery, MessageTexts, type Contact, type ContactState } from '@ev/shared/schemas/messages';
import { Clients } from '../clients/index';
import { authorize } from '../context';
import { notFound, versionConflict } from '../db/records';
import { transact } from '../db/tx';
import { DomainError } from '../errors';
import { parseInput } from '../validation';
import { ChatMoved, MessagesRepository, type ChatList, type ChatRecord } from './repository';
import { chatOf, chatsPage, fresh, replyScope, visibleTo } from './replies';

/**
 * Contacts (issue 46 item 2, docs/messages.md "Contacts"): every number with a conversation is a
 * contact, in the list its conversation is in: linked (a client's), review (no client, kept
 * apart), blocked. No record of their own: the conversation's summary and its list pointer are
 * the contact, so a link or a block moves the pointer in the transaction that changes the summary.
 */

const LIST_OF: Record<ContactState, ChatList> = { linked: 'known', review: 'unknown', blocked: 'blocked' };

function statusOf(c: Pick<ChatRecord, 'kind' | 'blocked'>): ContactState {
  return c.blocked ? 'blocked' : c.kind === 'known' ? 'linked' : 'review';
}

function publicContact(c: ChatRecord): Contact {
  return { phone: c.phone, contactName: c.contactName, status: statusOf(c), clientId: c.clientId, clientName: c.clientName, lastAt: c.lastAt, lastText: c.lastText, unread: c.unread };
}

const ATTEMPTS = 5;

/**
 * A contact's change over the conversation as read: written with its list pointer moved, on the
 * condition that neither a message (read again and done over) nor another contact change (409)
 * came meanwhile.
 */
async function change(phone: string, apply: (before: ChatRecord) => Promise<ChatRecord>): Promise<Contact> {
  const [stored, scope] = await Promise.all([chatOf(phone), replyScope()]);
  // Its client's salesman as he is now: a salesman changes only his clients' contacts.
  const [first] = stored ? await fresh([stored]) : [];
  if (!first || !visibleTo(scope, first)) throw notFound();
  let before = first;
  for (let attempt = 1; ; attempt++) {
    const after = { ...(await apply(before)), contactRev: (before.contactRev ?? 0) + 1 };
    try {
      await transact(MessagesRepository.chatSteps(before, after));
      return publicContact(after);
    } catch (e) {
      if (!(e instanceof ChatMoved) || attempt >= ATTEMPTS) throw e;
      const again = await chatOf(phone);
      // Another link or block came first: the user decides again on what it left.
      if (!again || (again.contactRev ?? 0) !== (first.contactRev ?? 0)) throw versionConflict();
      before = again;
    }
  }
}

export const Contacts = {
  /** The contacts of a list, the latest conversation first: a salesman his clients' linked ones; review and blocked, the company's users. */
  async list(query: unknown): Promise<{ items: Contact[]; nextCursor: string | null }> {
    authorize('read', 'mensagens');
    const q = parseInput(ContactsQuery, query);
    const page = await chatsPage(LIST_OF[q.status], q);
    return { items: page.chats.map(publicContact), nextCursor: page.nextCursor };
  },

  /**
   * Links the number to a client the user sees (its conversation moves to the clients' list, with
   * the client's name and salesman), or unlinks it (back to review). The link is the user's: the
   * next message keeps it, whatever client's phone the number is.
   */
  async link(phone: string, input: unknown): Promise<Contact> {
    authorize('update', 'mensagens');
    const data = parseInput(ContactLink, input);
    // The client first: another company's, or one outside the user's scope, is 404 before anything is read of the number.
    const client = data.clientId ? await Clients.find(data.clientId) : null;
    return change(phone, async (before) => ({
      ...before,
      kind: client ? 'known' : 'unknown',
      clientId: client?.id ?? null,
      clientName: client?.name ?? null,
      salesmanId: client?.salesmanId ?? null,
      linkedBy: 'user',
    }));
  },

  /**
   * Blocks the number (its conversation leaves the lists for the blocked one; its messages are
   * still kept, raise no unread count, and answers to it are refused) or unblocks it (back to its
   * list, the clients' or review, by its link). The company's users only: a blocked number is in
   * no salesman's list.
   */
  async block(phone: string, input: unknown): Promise<Contact> {
    authorize('update', 'mensagens');
    const data = parseInput(ContactBlock, input);
    if ((await replyScope()).kind !== 'all') throw new DomainError('forbidden', MessageTexts.blockScope(), 'forbidden');
    return change(phone, async (before) => ({ ...before, blocked: data.blocked, unread: data.blocked ? 0 : before.unread }));
  },
};
