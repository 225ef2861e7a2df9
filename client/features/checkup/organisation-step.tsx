import { type FormEvent, type Ref, useState } from 'react';
import type { OrganisationAnswers } from '#shared/checkup/organisation';
import { questions } from '#shared/checkup/questions';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { OrganisationFields } from './organisation-fields';

/**
 * Before the questions, for whoever skips the email step (a member, a subscriber): the three
 * questions about the organisation, filled in with the answers given last time, so a retake
 * still compares with organisations of the same size (decision 040).
 */
export function OrganisationStep({
  initial,
  fromLastTime,
  onStart,
  onFocus,
  headingRef,
}: {
  initial: OrganisationAnswers;
  /** The answers filled in are those given with the last Check-Up. */
  fromLastTime: boolean;
  onStart: (organisation: OrganisationAnswers) => void;
  /** The visitor turned to the form: what comes after it can start loading. */
  onFocus: () => void;
  headingRef: Ref<HTMLHeadingElement>;
}) {
  const [organisation, setOrganisation] = useState<OrganisationAnswers>(initial);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onStart(organisation);
  };
  return (
    <div className="mx-auto max-w-xl px-4 py-10 sm:py-14">
      <p className="text-sm font-semibold uppercase tracking-wide text-brand-700">Free organisational health assessment</p>
      <h1 ref={headingRef} tabIndex={-1} className="mt-2 font-serif text-3xl font-bold text-stone-900 outline-none sm:text-4xl">
        The Check-Up
      </h1>
      <p className="mt-3 text-lg text-stone-700">
        {questions.length} statements, about 10 minutes. First, three optional questions, so your results compare with organisations like yours.
      </p>
      <Card className="mt-6">
        <form onFocus={onFocus} onSubmit={submit} className="grid gap-4">
          <OrganisationFields
            value={organisation}
            onChange={setOrganisation}
            intro={
              fromLastTime
                ? 'Filled in with your answers from your last Check-Up: change any that are different now.'
                : 'Answer any or none. With a budget band, your results show how organisations of your size score.'
            }
          />
          <Button type="submit" size="lg">
            Start the Check-Up
          </Button>
        </form>
      </Card>
    </div>
  );
}
