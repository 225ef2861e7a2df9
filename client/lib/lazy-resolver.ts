import type { FieldValues, Resolver } from 'react-hook-form';
import type * as z4 from 'zod/v4/core';

export type LazyResolver<Input extends FieldValues, Output> = Resolver<Input, unknown, Output> & {
  /** Starts loading the code now (a field of the form took focus), so sending the form does not wait for it. */
  preload(): void;
};

/**
 * `zodResolver(schema)` for react-hook-form, loaded the first time the form is checked: Zod, the
 * resolver and the schema's module come in their own chunks (about 25 KB), which a page showing a
 * form does not need to become ready, only once someone fills it in. The form calls `preload` when
 * one of its fields takes focus. Should the code not arrive (the network dropped), the form is sent
 * unchecked: the server checks every field again and names the one that is wrong.
 */
export function lazyZodResolver<Schema extends z4.$ZodType<FieldValues, FieldValues>>(
  loadSchema: () => Promise<Schema>,
): LazyResolver<z4.input<Schema>, z4.output<Schema>> {
  type Loaded = Resolver<z4.input<Schema>, unknown, z4.output<Schema>>;
  let loading: Promise<Loaded> | undefined;
  const load = () => {
    loading ??= Promise.all([import('@hookform/resolvers/zod'), loadSchema()]).then(([{ zodResolver }, schema]) => zodResolver(schema) as Loaded);
    // A failed download may succeed next time.
    loading.catch(() => (loading = undefined));
    return loading;
  };
  const resolver: Loaded = async (values, context, options) => {
    const check = await load().catch(() => undefined);
    return check ? check(values, context, options) : { values: values as z4.output<Schema>, errors: {} };
  };
  return Object.assign(resolver, { preload: () => void load().catch(() => {}) });
}
