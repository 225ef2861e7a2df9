/**
 * Text PostgreSQL can store: no NUL character (text columns refuse it) and no lone UTF-16
 * surrogate (not valid UTF-8, refused in jsonb). Every stored text field of the shared schemas
 * refines with this, so such input is a 400 naming the field instead of a database error.
 */
const loneSurrogate = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

export const isStorableText = (value: string): boolean => !value.includes('\u0000') && !loneSurrogate.test(value);

export const unstorableTextMessage = 'Contains characters that cannot be stored (a NUL or an unpaired surrogate)';

/** Text made safe inside HTML or XML, in an element or a quoted attribute. */
export const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
