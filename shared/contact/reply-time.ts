/**
 * When the team answers a message (docs/product.md §9): within 1-2 business days, and within 1
 * for a premium member writing while signed in (priority support). The contact page, its sent
 * state and the acknowledgement email say the same.
 */
export const replyTime = (premium: boolean): string => (premium ? '1 business day' : '1-2 business days');

export const priorityNote = 'as a premium member, your message goes to the front of the queue';
