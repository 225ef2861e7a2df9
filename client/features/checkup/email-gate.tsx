import { Clock, Layers, ListChecks } from 'lucide-react';
import { type Ref, useState } from 'react';
import type { FieldErrors } from 'react-hook-form';
import type { OrganisationAnswers } from '#shared/checkup/organisation';
import { pillarInfo, pillars, questions } from '#shared/checkup/questions';
import type { EmailOnly } from '#shared/newsletter/schemas';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { TextField } from '../../components/ui/field';
import { toast } from '../../components/ui/use-toast';
import { lazyZodResolver } from '../../lib/lazy-resolver';
import { usePlainForm } from '../../lib/plain-form';
import { newsletterNote, signupFailureText, useNewsletterSignup } from '../newsletter/use-newsletter-signup';
import { OrganisationFields } from './organisation-fields';

const resolver = lazyZodResolver(() => import('#shared/newsletter/schemas').then((module) => module.emailOnlySchema));

const facts = [
  { icon: ListChecks, text: `${questions.length} honest questions` },
  { icon: Layers, text: `${pillars.length} pillars of a healthy nonprofit` },
  { icon: Clock, text: 'About 10 minutes' },
];

/**
 * Step 1: the email that signs the visitor up for free access (docs/product.md §8, "Quiz") before
 * the questions start. Enter submits: it is a real form.
 */
export function EmailGate({
  initialEmail,
  initialOrganisation,
  onStart,
  onFocus,
  headingRef,
}: {
  initialEmail: string;
  /** The answers about the organisation given last time (a retake), kept. */
  initialOrganisation: OrganisationAnswers;
  onStart: (email: string, organisation: OrganisationAnswers) => void;
  /** The visitor turned to the form: what comes after it can start loading. */
  onFocus: () => void;
  headingRef: Ref<HTMLHeadingElement>;
}) {
  const signup = useNewsletterSignup('checkup');
  const form = usePlainForm({ resolver, defaultValues: { email: initialEmail }, alsoLoad: [signup] });
  const [organisation, setOrganisation] = useState<OrganisationAnswers>(initialOrganisation);

  // A blank email gets the spec's own toast; any other the shared rule's message, under the field and in the toast.
  const onInvalid = (errors: FieldErrors<EmailOnly>) => {
    if (form.getValues('email').trim() === '') {
      form.clearErrors('email');
      toast({ title: 'Email Required', description: 'Please enter your email to start the check-up.', variant: 'destructive' });
    } else {
      toast({ title: 'Error', description: errors.email?.message ?? '', variant: 'destructive' });
    }
  };

  const onValid = ({ email }: EmailOnly) => {
    if (signup.isPending) return;
    signup.mutate(
      { email, name: '', organization: '' },
      {
        onSuccess: (answer) => {
          // The spec's words, and what is left to do for the newsletter when something is.
          const note = newsletterNote(answer);
          toast({ title: 'Great!', description: `You now have access to free resources. Let's start your check-up!${note ? ` ${note}` : ''}` });
          onStart(email, organisation);
        },
        // A refusal shows the server's reason under the spec's title.
        onError: (failure) => toast({ title: 'Error', description: signupFailureText(failure), variant: 'destructive' }),
      },
    );
  };

  return (
    <>
      <div className="border-b border-stone-200 bg-gradient-to-b from-brand-50 to-stone-50">
        <div className="mx-auto max-w-4xl px-4 py-12 sm:py-16">
          <p className="text-sm font-semibold uppercase tracking-wide text-brand-700">Free organisational health assessment</p>
          <h1 ref={headingRef} tabIndex={-1} className="mt-2 font-serif text-3xl font-bold text-stone-900 outline-none sm:text-4xl">
            The Check-Up
          </h1>
          <p className="mt-4 max-w-2xl text-lg text-stone-700">
            A quick, honest look at the health of your nonprofit. Rate {questions.length} statements from 'Not true at all' to 'Totally true' and get a grade
            for your organisation and for each of the five pillars, with what each result means and which field guide to read next.
          </p>
          <ul className="mt-6 flex flex-wrap gap-x-6 gap-y-2 text-stone-800">
            {facts.map(({ icon: Icon, text }) => (
              <li key={text} className="flex items-center gap-2 font-medium">
                <Icon className="h-5 w-5 text-brand-700" aria-hidden="true" />
                {text}
              </li>
            ))}
          </ul>
        </div>
      </div>
      <div className="mx-auto grid max-w-4xl gap-8 px-4 py-10 md:grid-cols-[1fr_1.1fr]">
        <Card>
          <h2 className="font-serif text-xl font-semibold">Start your Check-Up</h2>
          <p className="mt-2 text-sm text-stone-700">
            Your email gives you free access to the field guides and resources library, and signs you up for The Weekly Dish, our free Tuesday newsletter.
          </p>
          {/* noValidate: the shared schema checks the email and says what is wrong, in the page's own words. */}
          <form
            noValidate
            onFocus={() => {
              form.preload();
              onFocus();
            }}
            onSubmit={form.handleSubmit(onValid, onInvalid)}
            className="mt-5 grid gap-4"
          >
            <TextField label="Email address" type="email" autoComplete="email" error={form.formState.errors.email?.message} {...form.register('email')} />
            {/* Asked here, once, so the 20 questions run uninterrupted; they let the results compare like with like. */}
            <OrganisationFields
              value={organisation}
              onChange={setOrganisation}
              intro="Answer any or none. With a budget band, your results show how organisations of your size score."
            />
            <Button type="submit" size="lg" disabled={signup.isPending}>
              {signup.isPending ? 'Starting...' : 'Start the Check-Up'}
            </Button>
          </form>
        </Card>
        <section aria-labelledby="checkup-pillars">
          <h2 id="checkup-pillars" className="font-serif text-xl font-semibold">
            Four questions for each pillar
          </h2>
          <dl className="mt-4 grid gap-3">
            {pillars.map((pillar) => (
              <div key={pillar} className="rounded-lg border border-stone-200 bg-white px-4 py-3">
                <dt className="font-semibold text-brand-800">{pillarInfo[pillar].name}</dt>
                <dd className="text-sm text-stone-700">{pillarInfo[pillar].description}</dd>
              </div>
            ))}
          </dl>
        </section>
      </div>
    </>
  );
}
