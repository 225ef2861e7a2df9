import { ArrowLeft, Send } from 'lucide-react';
import { type FormEvent, useLayoutEffect, useRef, useState } from 'react';
import { type RespondentRole, respondentRoleLabels, respondentRoles } from '#shared/team-checkup/schemas';
import { Button } from '../../components/ui/button';

/** The one question after the statements: the person's role in the organisation, for the side-by-side view of roles. */
export function RoleStep({
  initial,
  onChange,
  onBack,
  onSend,
  sending,
}: {
  initial: RespondentRole | null;
  onChange: (role: RespondentRole) => void;
  onBack: () => void;
  onSend: (role: RespondentRole) => void;
  sending: boolean;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  const [role, setRole] = useState<RespondentRole | null>(initial);
  const [missing, setMissing] = useState(false);
  // A new screen, as each of the Check-Up's steps: at the top, its heading focused (read out first).
  useLayoutEffect(() => {
    window.scrollTo({ top: 0, behavior: 'instant' });
    heading.current?.focus({ preventScroll: true });
  }, []);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!role) return setMissing(true);
    onSend(role);
  };
  return (
    <div className="mx-auto max-w-3xl px-4 py-8 sm:py-12">
      <p className="text-sm font-semibold text-stone-800">One last question</p>
      <form onSubmit={submit} noValidate className="mt-6">
        <fieldset aria-describedby={missing ? 'role-missing' : 'role-why'}>
          <legend className="w-full">
            <h2 ref={heading} tabIndex={-1} className="font-serif text-2xl font-semibold leading-snug text-stone-900 outline-none sm:text-3xl">
              What is your role in the organisation?
            </h2>
          </legend>
          <p id="role-why" className="mt-3 text-sm text-stone-700">
            The result puts roles side by side (staff beside board) only where each has enough people that nobody&apos;s answers can be worked out.
          </p>
          <div className="mt-5 grid gap-3 sm:grid-cols-2">
            {respondentRoles.map((value) => (
              <label
                key={value}
                className={`flex cursor-pointer items-center gap-4 rounded-lg border-2 bg-white px-4 py-3 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-600 ${
                  role === value ? 'border-brand-700 bg-brand-50' : 'border-stone-200 hover:border-stone-400'
                }`}
              >
                <input
                  type="radio"
                  name="role"
                  value={value}
                  checked={role === value}
                  onChange={() => {
                    setRole(value);
                    setMissing(false);
                    onChange(value);
                  }}
                  className="h-5 w-5 accent-brand-700"
                />
                <span className="font-medium text-stone-900">{respondentRoleLabels[value]}</span>
              </label>
            ))}
          </div>
          {missing && (
            <p id="role-missing" role="alert" className="mt-3 text-sm text-red-700">
              Choose staff, board, volunteer or other
            </p>
          )}
        </fieldset>
        <div className="mt-8 flex flex-wrap items-center justify-between gap-3">
          <Button variant="outline" onClick={onBack}>
            <ArrowLeft className="h-4 w-4" aria-hidden="true" />
            Previous
          </Button>
          <Button type="submit" disabled={sending}>
            <Send className="h-4 w-4" aria-hidden="true" />
            {sending ? 'Sending…' : 'Send my answers'}
          </Button>
        </div>
      </form>
    </div>
  );
}
