import type { RegisterInput } from '#shared/auth/schemas';
import { apiPaths } from '#shared/api/paths';
import { apiRequest } from '../../lib/api';
import type { User } from './use-user';

/** The account calls, in one place (the forms only say what happens around them). */
export const signIn = (input: { email: string; password: string }) => apiRequest<User>('POST', apiPaths.login, input);
export const register = (input: RegisterInput & { fax?: string }) => apiRequest<User>('POST', apiPaths.register, input);
export const signOut = () => apiRequest('POST', apiPaths.logout);
export const requestPasswordReset = (input: { email: string }) => apiRequest<{ message: string }>('POST', apiPaths.passwordResetRequest, input);
export const confirmPasswordReset = (input: { token: string; password: string }) => apiRequest<User>('POST', apiPaths.passwordResetConfirm, input);
export const makeAdmin = () => apiRequest<User>('POST', apiPaths.makeAdmin);
