import type { ContactType } from '#shared/contact/schemas';
import type { Executor } from '../../db/client';
import { contactMessages } from './schema';
import { type PersonalData, theirs } from '../../personal-data';

export interface NewContactMessage {
  name: string;
  email: string;
  organization: string;
  contactType: ContactType;
  subject: string;
  message: string;
  /** The signed-in account that sent it, if any. */
  userId: string | null;
  /** Sent by a signed-in premium member (priority support). */
  premium: boolean;
}

/** Stores a message as 'new' (docs/product.md §4) and answers its id (docs/product.md (Decisions)). */
export async function insertContactMessage(db: Executor, message: NewContactMessage): Promise<string> {
  const [row] = await db
    .insert(contactMessages)
    .values({ ...message, status: 'new' })
    .returning({ id: contactMessages.id });
  return row!.id;
}

/** The contact form's part of "Download my data" and of deleting an account (server/personal-data.ts). */
export const contactPersonalData: PersonalData = {
  tables: {
    contact_messages: { exported: 'contactMessages', erased: true, how: "the account's own, and those under its verified address; deleted" },
  },
  collect: async (db, member) => ({ contactMessages: await db.select().from(contactMessages).where(theirs(member, contactMessages)) }),
  erase: async (tx, member) => {
    await tx.delete(contactMessages).where(theirs(member, contactMessages));
  },
};
