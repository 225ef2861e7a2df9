import { apiPaths } from '#shared/api/paths';
import { useMutation } from '../../lib/query-client';
import type { ContactMessageInput } from '#shared/contact/schemas';
import { apiRequest } from '../../lib/api';

/** POST /api/contact: answers the stored message's id (docs/product.md (Decisions)). */
export function useSendContact() {
  return useMutation({
    mutationFn: (message: ContactMessageInput) => apiRequest<{ id: string }>('POST', apiPaths.contact, message),
  });
}
