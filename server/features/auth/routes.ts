import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';

export async function authRoutes(_app: FastifyInstance, _ctx: AppContext): Promise<void> {}
