import { apiPaths } from '#shared/api/paths';
import { useMutation } from '../../lib/query-client';
import type { ContactMessageInput } from '#shared/contact/schemas';
import { apiRequest } from '../../lib/api';

/** POST /api/contact: answers the stored message's id and whether it was a premium member's (docs/product.md §7). */
export function useSendContact() {
  return useMutation({
    mutationFn: (message: ContactMessageInput) => apiRequest<{ id: string; premium: boolean }>('POST', apiPaths.contact, message),
  });
}
