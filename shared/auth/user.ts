/**
 * The user as every endpoint returns it and the browser holds it (docs/product.md §3): an explicit
 * list of fields, so no password material can slip out, written once for both sides.
 */
export interface PublicUser {
  id: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  name: string | null;
  profileImageUrl: string | null;
  isAdmin: boolean;
  isPremium: boolean;
  /** The account proved it owns its email (docs/auth.md): until then it reaches only what it did itself. */
  emailVerified: boolean;
  createdAt: string;
}
