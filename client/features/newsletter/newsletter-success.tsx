import { ArrowRight, CheckCircle2, MailCheck, MailWarning } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link } from '../../components/link';
import type { NewsletterSignupAnswer } from '#shared/newsletter/schemas';
import { buttonClasses } from '../../components/ui/button';
import { refused } from './use-newsletter-signup';

const next = [
  { to: '/checkup', label: 'Take the Check-Up', text: '20 questions, about 10 minutes: see how your organisation is doing.' },
  { to: '/resources', label: 'Browse the resources', text: 'Checklists, templates and all five field guides, now unlocked.' },
  { to: '/premium', label: 'Explore Premium', text: 'Coaching, the Allies Directory and the private Slack community.' },
];

const views = {
  pending: { icon: MailCheck, heading: 'One step left' },
  subscribed: { icon: CheckCircle2, heading: "You're subscribed!" },
  bounced: { icon: MailWarning, heading: 'We cannot email this address' },
};

/**
 * What /newsletter shows after a signup: where the signup stands, in the server's words,
 * then where to go next. Focus moves here so the change is announced.
 */
export function NewsletterSuccess({ answer, email }: { answer: NewsletterSignupAnswer; email: string }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const { icon: Icon, heading: title } = views[answer.status];

  return (
    <div>
      <Icon className="h-10 w-10 text-brand-700" aria-hidden="true" />
      <h2 ref={heading} tabIndex={-1} className="mt-3 font-serif text-2xl font-bold text-stone-900 outline-none">
        {title}
      </h2>
      {answer.status === 'pending' ? (
        <p className="mt-2 text-stone-700">
          Confirm your subscription with the link we {answer.emailed ? 'just emailed' : 'emailed earlier'} to <strong className="break-all">{email}</strong>:
          then The Weekly Dish arrives every Tuesday morning. Your free resources are already unlocked:
        </p>
      ) : answer.status === 'subscribed' ? (
        <p className="mt-2 text-stone-700">
          The Weekly Dish arrives every Tuesday morning{answer.emailed ? ', and a welcome email is on its way now' : ''}. Your free resources are unlocked:
        </p>
      ) : (
        <p className="mt-2 text-stone-700">{refused} Your free resources are unlocked:</p>
      )}
      <ul className="mt-6 grid gap-3">
        {next.map((item, i) => (
          <li key={item.to}>
            <Link
              to={item.to}
              className={i === 0 ? buttonClasses('primary', 'lg', 'w-full justify-between') : buttonClasses('outline', 'lg', 'w-full justify-between')}
            >
              {item.label}
              <ArrowRight className="h-4 w-4" aria-hidden="true" />
            </Link>
            <p className="mt-1 px-1 text-sm text-stone-600">{item.text}</p>
          </li>
        ))}
      </ul>
    </div>
  );
}
