import { type FormEvent, useRef, useState } from 'react';
import type { FieldErrors } from 'react-hook-form';
import type { LazyResolver } from './lazy-resolver';

type TextValues = Record<string, string>;

/**
 * The part of react-hook-form's `useForm` that the forms on a page's first screen use (sign in,
 * create an account, a forgotten password, the Check-Up's email step, the member home's Weekly
 * Dish box), without its 14 KB: text fields the browser keeps (uncontrolled, their first value in
 * the server's HTML, so what is typed before the page is ready stays), checked by the same lazy
 * resolver when the form is sent, the first field at fault focused, and a field at fault checked
 * again as it changes, as react-hook-form does by default (decisions 093 and 100). Forms further
 * in keep react-hook-form.
 * `preload` (the form's onFocus) starts loading the resolver's code and whatever else sending
 * needs (`alsoLoad`: the form's lazy mutation). `watch` names the fields whose value the form shows
 * as it is typed (`watched`: a button disabled while a field is empty), as useWatch does.
 */
export function usePlainForm<Values extends TextValues, Output>({
  resolver,
  defaultValues,
  alsoLoad = [],
  watch = [],
}: {
  resolver: LazyResolver<Values, Output>;
  defaultValues: Values;
  alsoLoad?: { preload(): void }[];
  watch?: (keyof Values & string)[];
}) {
  const names = Object.keys(defaultValues) as (keyof Values & string)[];
  const fields = useRef(new Map<string, HTMLInputElement>());
  const [errors, setErrors] = useState<FieldErrors<Values>>({});
  // Read when the form is sent, after its own `onInvalid` may have cleared some.
  const current = useRef<FieldErrors<Values>>({});
  const sent = useRef(false);

  const show = (next: FieldErrors<Values>) => {
    current.current = next;
    setErrors(next);
  };

  const getValues = (name: keyof Values & string): string => fields.current.get(name)?.value ?? defaultValues[name] ?? '';

  const [watched, setWatched] = useState<Partial<Values>>(() => Object.fromEntries(watch.map((name) => [name, defaultValues[name]])) as Partial<Values>);
  /** Follows a watched field's value (the same object when it has not changed, so nothing renders again). */
  const follow = (name: keyof Values & string, value: string) => {
    if (watch.includes(name)) setWatched((before) => (before[name] === value ? before : { ...before, [name]: value }));
  };

  const check = async () => {
    const values = Object.fromEntries(names.map((name) => [name, getValues(name)])) as Values;
    return resolver(values, undefined, { fields: {}, shouldUseNativeValidation: false });
  };

  const register = (name: keyof Values & string) => ({
    name,
    defaultValue: defaultValues[name],
    ref: (element: HTMLInputElement | null) => {
      if (element) {
        fields.current.set(name, element);
        // What was typed before the page was ready is in the field, not yet in the state.
        follow(name, element.value);
      } else fields.current.delete(name);
    },
    onChange: () => {
      follow(name, getValues(name));
      if (!sent.current) return;
      void check().then((result) => {
        const { [name]: _before, ...others } = current.current;
        const now = result.errors[name];
        show((now ? { ...others, [name]: now } : others) as FieldErrors<Values>);
      });
    },
  });

  const handleSubmit = (onValid: (values: Output) => void, onInvalid?: (errors: FieldErrors<Values>) => void) => (event: FormEvent) => {
    event.preventDefault();
    sent.current = true;
    void check().then((result) => {
      show(result.errors);
      if (Object.keys(result.errors).length === 0) return onValid(result.values as Output);
      onInvalid?.(result.errors);
      fields.current.get(names.find((name) => current.current[name]) ?? '')?.focus();
    });
  };

  const clearErrors = (name: keyof Values & string) => {
    const { [name]: _cleared, ...others } = current.current;
    show(others as FieldErrors<Values>);
  };

  /** Every field back to its first value, no errors shown, as before the form was first sent. */
  const reset = () => {
    for (const name of names) {
      const field = fields.current.get(name);
      if (field) field.value = defaultValues[name] ?? '';
    }
    sent.current = false;
    show({});
    for (const name of watch) follow(name, defaultValues[name] ?? '');
  };

  const preload = () => {
    resolver.preload();
    for (const part of alsoLoad) part.preload();
  };

  return { register, handleSubmit, getValues, clearErrors, reset, preload, watched, formState: { errors } };
}
