/** The look of an inline text link in a sentence (the account forms, the pages a link from an email opens). */
export const textLinkClass = 'font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-800';
