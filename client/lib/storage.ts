/** The browser-stored values of spec point 3, by their exact names. */
export const storageKeys = {
  newsletterSignup: 'nish_newsletter_signup',
  newsletterEmail: 'nish_newsletter_email',
  pendingSubscription: 'pendingSubscription',
  selectedPlan: 'selectedPlan',
  redirectAfterAuth: 'redirectAfterAuth',
} as const;

/** localStorage that never throws (private mode, disabled storage): reads give null, writes are skipped. */
export const storage = {
  get(key: string): string | null {
    try {
      return localStorage.getItem(key);
    } catch {
      return null;
    }
  },
  set(key: string, value: string): void {
    try {
      localStorage.setItem(key, value);
    } catch {
      // Storage unavailable: the session simply will not remember it.
    }
  },
  remove(key: string): void {
    try {
      localStorage.removeItem(key);
    } catch {
      // As above.
    }
  },
};
