import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';

/** The server's words for the fields it refused (`errors` of a 400), under those fields; the first takes the focus. */
export function showFieldErrors<T extends FieldValues>(form: Pick<UseFormReturn<T>, 'setError'>, errors: Record<string, string>) {
  Object.entries(errors).forEach(([field, message], index) => form.setError(field as Path<T>, { message }, { shouldFocus: index === 0 }));
}
