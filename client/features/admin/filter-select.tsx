/**
 * The select above an admin list that narrows it to one status ("Every state", "Every kind"):
 * '' means all of them.
 */
export function FilterSelect<Value extends string>({
  label,
  everyLabel,
  value,
  values,
  labels,
  onChange,
}: {
  label: string;
  everyLabel: string;
  value: Value | '';
  values: readonly Value[];
  labels: Record<Value, string>;
  onChange: (value: Value | '') => void;
}) {
  return (
    <label className="grid max-w-xs gap-1 text-sm font-medium text-stone-800">
      {label}
      <select
        value={value}
        onChange={(event) => onChange(event.target.value as Value | '')}
        className="rounded-md border border-stone-300 bg-white px-3 py-2 text-base"
      >
        <option value="">{everyLabel}</option>
        {values.map((option) => (
          <option key={option} value={option}>
            {labels[option]}
          </option>
        ))}
      </select>
    </label>
  );
}
