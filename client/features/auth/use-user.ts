import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api';

/** The signed-in user as the API returns it (spec point 3); never carries password material. */
export interface User {
  id: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  name: string | null;
  profileImageUrl: string | null;
  isAdmin: boolean;
  isPremium: boolean;
  createdAt: string;
}

export const userQueryKey = ['/api/user'] as const;

/** Loads the current user; a 401 or any failure means signed out (spec point 4), answered as null. */
export async function fetchCurrentUser(): Promise<User | null> {
  try {
    return await apiRequest<User>('GET', '/api/user');
  } catch {
    return null;
  }
}

export function useUser() {
  const query = useQuery({ queryKey: userQueryKey, queryFn: fetchCurrentUser, retry: false });
  return { user: query.data ?? null, isLoading: query.isLoading };
}
