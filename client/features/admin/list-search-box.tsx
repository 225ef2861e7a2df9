import { clsx } from 'clsx';
import type { CSSProperties } from 'react';

/** The search box of an admin list the server searches (useListSearch keeps what is typed). */
export function ListSearchBox({
  label,
  value,
  onChange,
  placeholder,
  className,
  style,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  placeholder: string;
  className?: string;
  style?: CSSProperties;
}) {
  return (
    <label className={clsx('grid gap-1 text-sm font-medium text-stone-800', className)} style={style}>
      {label}
      <input
        type="search"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        placeholder={placeholder}
        className="rounded-md border border-stone-300 px-3 py-2 text-base"
      />
    </label>
  );
}
