/** The look of an inline text link in the account forms. */
export const textLinkClass = 'font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-800';
