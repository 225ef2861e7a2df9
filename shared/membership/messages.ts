/** What the server answers when a checkout cannot start, and the page says the same (use-checkout, /subscribe). */
export const messages = {
  alreadyPremium: 'Already Premium: your premium membership is active, so nothing was charged.',
  alreadyPaying: 'You already have an active premium subscription!',
  providerUnavailable: 'Failed to create checkout session',
} as const;
