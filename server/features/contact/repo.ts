import type { ContactType } from '#shared/contact/schemas';
import type { Executor } from '../../db/client';
import { contactMessages } from './schema';

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
