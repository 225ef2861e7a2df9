import type { FastifyReply, FastifyRequest } from 'fastify';
import { PaymentDeclinedError, ProviderUnavailableError } from '../../payment-providers/provider';

/** Maps provider faults to answers a member understands; nothing was charged or written when these happen. */
export function sendProviderError(error: unknown, reply: FastifyReply, request: FastifyRequest, what: string): FastifyReply {
  if (error instanceof PaymentDeclinedError) return reply.status(402).send({ message: error.message });
  if (error instanceof ProviderUnavailableError) {
    request.log.error({ err: error }, `payment provider unavailable: ${what}`);
    return reply.status(502).send({ message: `${what}: the payment provider could not be reached. Nothing was charged. Please try again.` });
  }
  throw error;
}
