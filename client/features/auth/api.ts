import type { RegisterInput } from '#shared/auth/schemas';
import { apiRequest } from '../../lib/api';
import type { User } from './use-user';

/** The account calls, in one place (the forms only say what happens around them). */
export const signIn = (input: { email: string; password: string }) => apiRequest<User>('POST', '/api/login', input);
export const register = (input: RegisterInput & { fax?: string }) => apiRequest<User>('POST', '/api/register', input);
export const signOut = () => apiRequest('POST', '/api/logout');
export const requestPasswordReset = (input: { email: string }) => apiRequest<{ message: string }>('POST', '/api/password-reset/request', input);
export const confirmPasswordReset = (input: { token: string; password: string }) => apiRequest<User>('POST', '/api/password-reset/confirm', input);
export const makeAdmin = () => apiRequest<User>('POST', '/api/auth/make-admin');
