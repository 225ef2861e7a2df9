import { clsx } from 'clsx';
import { forwardRef, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes, type TextareaHTMLAttributes, useId } from 'react';

const control =
  'block w-full rounded-md border border-stone-300 bg-white px-3 py-2 text-base text-stone-900 placeholder:text-stone-500 focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/30 aria-[invalid=true]:border-red-700';

interface FieldProps {
  label: string;
  /** The validation message shown under the field and announced with it. */
  error?: string;
  hint?: string;
  /** Shown after the hint, like "12/150 characters". */
  counter?: string;
}

interface ControlProps {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
  className: string;
}

/**
 * Every form field of the site: a label, the control, its hint (and counter) and its error, tied to
 * the control with aria-describedby. The ally and contact forms and every other form use these.
 */
function Field({
  label,
  error,
  hint,
  counter,
  id,
  className,
  control: render,
}: FieldProps & { id?: string; className?: string; control: (props: ControlProps) => ReactNode }) {
  const autoId = useId();
  const inputId = id ?? autoId;
  const describedBy = [hint || counter ? `${inputId}-hint` : '', error ? `${inputId}-error` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className={clsx('grid gap-1.5', className)}>
      <label htmlFor={inputId} className="text-sm font-medium text-stone-800">
        {label}
      </label>
      {render({ id: inputId, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy, className: control })}
      {(hint || counter) && (
        <p id={`${inputId}-hint`} className="text-xs text-stone-600">
          {hint}
          {counter && <span className={clsx('font-medium text-stone-700', hint && 'ml-2')}>{counter}</span>}
        </p>
      )}
      {error && (
        <p id={`${inputId}-error`} className="text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}

/** A labelled input. */
export const TextField = forwardRef<HTMLInputElement, FieldProps & InputHTMLAttributes<HTMLInputElement>>(function TextField(
  { label, error, hint, counter, id, className, ...props },
  ref,
) {
  return <Field {...{ label, error, hint, counter, id, className }} control={(own) => <input ref={ref} {...own} {...props} />} />;
});

/** A labelled long text. */
export const TextAreaField = forwardRef<HTMLTextAreaElement, FieldProps & TextareaHTMLAttributes<HTMLTextAreaElement>>(function TextAreaField(
  { label, error, hint, counter, id, className, rows = 4, ...props },
  ref,
) {
  return <Field {...{ label, error, hint, counter, id, className }} control={(own) => <textarea ref={ref} rows={rows} {...own} {...props} />} />;
});

/** A labelled choice among `options`, starting from an empty `placeholder` option. */
export const SelectField = forwardRef<
  HTMLSelectElement,
  FieldProps & SelectHTMLAttributes<HTMLSelectElement> & { placeholder: string; options: readonly { value: string; label: string }[] }
>(function SelectField({ label, error, hint, counter, id, className, placeholder, options, ...props }, ref) {
  return (
    <Field
      {...{ label, error, hint, counter, id, className }}
      control={(own) => (
        <select ref={ref} {...own} {...props}>
          <option value="">{placeholder}</option>
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    />
  );
});

/** A visually hidden field that people never see and bots fill in: a filled one marks the submission as spam. */
export const HoneypotField = forwardRef<HTMLInputElement, InputHTMLAttributes<HTMLInputElement>>(function HoneypotField(props, ref) {
  return (
    <div aria-hidden="true" className="absolute -left-[10000px] h-px w-px overflow-hidden">
      <label>
        Leave this field empty
        <input ref={ref} type="text" name="fax" tabIndex={-1} autoComplete="off" {...props} />
      </label>
    </div>
  );
});
